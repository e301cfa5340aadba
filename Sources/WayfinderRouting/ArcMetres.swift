import WayfinderGraph

/// Metres of road behind each arc of a contraction hierarchy. A shortcut's length is worked out
/// from its halves in the shortcut table (see `ContractionHierarchy`) the first time it is asked
/// for and remembered (the graph never changes). An original arc counts the segment it enters
/// (driving: the arc `x -> y` of the turn-expanded graph ends at the end of segment `y`) or
/// follows (walking: its payload).
///
/// The memo (`ShortcutMemo`) has one `Double` per shortcut; a known 0 m is stored as -0.0,
/// since bit pattern 0 means "not known yet".
final class ArcMetres {
    private let graph: RoutingGraph
    private let hierarchy: ContractionHierarchy
    private let turnExpanded: Bool
    private let memo: ShortcutMemo<Double>

    init(graph: RoutingGraph) {
        self.graph = graph
        hierarchy = graph.hierarchy
        turnExpanded = graph.mode.isTurnExpanded
        memo = ShortcutMemo(count: hierarchy.shortcuts.count)
    }

    /// Forgets the remembered lengths if they take more than a request thread keeps.
    func releaseBetweenRequests() { memo.releaseBetweenRequests() }

    /// Metres of the arc at `index` among the forward (`forward`) or backward arcs, stored at `rank`.
    @inline(__always)
    func metres(forward: Bool, at rank: Int32, index: Int32) -> Double {
        let arc = forward ? hierarchy.forwardArc(Int(index)) : hierarchy.backwardArc(Int(index))
        // Where the arc ends, in the graph's direction, as an input node id.
        let head = hierarchy.nodeAtRank[Int(forward ? arc.head : rank)]
        return metres(code: arc.via, to: head)
    }

    /// A shortcut id (`code >= 0`) or an original arc's `~payload`, ending at input node `to`.
    private func metres(code: Int32, to: Int32) -> Double {
        guard code >= 0 else {
            let segment = turnExpanded ? graph.directedSegment(ofSearchNode: to) >> 1 : (~code) >> 1
            return Double(graph.segments[Int(segment)].length)
        }
        let known = memo.values[Int(code)]
        if known.bitPattern != 0 { return known }
        let shortcut = hierarchy.shortcuts[Int(code)]
        let value = metres(code: shortcut.first, to: hierarchy.middle(ofShortcut: Int(code))) + metres(code: shortcut.second, to: to)
        memo.values[Int(code)] = value == 0 ? -0.0 : value
        return value
    }
}
