import WayfinderGraph

/// Restricted-road entries behind each arc of the driving hierarchy: how often the path an arc
/// stands for steps from an open direction into a restricted one (`RestrictedRoads`). The
/// search charged `RestrictedRoads.entryCharge` for each, which is no travel time; `Router`
/// counts them along its route's pieces and takes them back out. A table counts them along
/// its sweeps instead, as it adds up metres (`ArcMetres`), so that a long cell or one ending
/// on a private road needs no point query of its own.
///
/// An original arc `x -> y` enters node `y` (the directed segment it stands for) from `x`; a
/// shortcut's count is its halves' (see `ContractionHierarchy`), remembered in a
/// `ShortcutMemo` as count + 1 (0 meaning not known yet).
final class ArcCharges {
    private let graph: RoutingGraph
    private let hierarchy: ContractionHierarchy
    private let memo: ShortcutMemo<Int32>

    /// Only for a driving graph with restricted roads (`RoutingGraph.restrictedDirections`).
    init(graph: RoutingGraph) {
        self.graph = graph
        hierarchy = graph.hierarchy
        memo = ShortcutMemo(count: hierarchy.shortcuts.count)
    }

    /// Forgets the remembered counts if they take more than a request thread keeps.
    func releaseBetweenRequests() { memo.releaseBetweenRequests() }

    /// Entries of the arc at `index` among the forward (`forward`) or backward arcs, stored at `rank`.
    @inline(__always)
    func charges(forward: Bool, at rank: Int32, index: Int32) -> Int32 {
        let arc = forward ? hierarchy.forwardArc(Int(index)) : hierarchy.backwardArc(Int(index))
        // The arc's ends in the graph's direction, as input node ids: a backward arc stored at
        // `rank` comes from its head into `rank`.
        let tail = hierarchy.nodeAtRank[Int(forward ? rank : arc.head)]
        let head = hierarchy.nodeAtRank[Int(forward ? arc.head : rank)]
        return charges(code: arc.via, from: tail, to: head)
    }

    /// A shortcut id (`code >= 0`) or an original arc (`~payload`) from input node `from` to `to`.
    private func charges(code: Int32, from: Int32, to: Int32) -> Int32 {
        guard code >= 0 else { return isRestricted(to) && !isRestricted(from) ? 1 : 0 }
        let known = memo.values[Int(code)]
        if known != 0 { return known - 1 }
        let shortcut = hierarchy.shortcuts[Int(code)], middle = hierarchy.middle(ofShortcut: Int(code))
        let value = charges(code: shortcut.first, from: from, to: middle)
            + charges(code: shortcut.second, from: middle, to: to)
        memo.values[Int(code)] = value + 1
        return value
    }

    @inline(__always)
    private func isRestricted(_ node: Int32) -> Bool {
        graph.isRestricted(directed: Int(graph.directedSegment(ofSearchNode: node)))
    }
}
