import Glibc
import WayfinderGraph

/// Metres of road behind each arc of a contraction hierarchy, worked out the first time an arc
/// is asked for and remembered (the graph never changes). A shortcut `a -> b` via `m` is the
/// arc `a -> m` (among the backward arcs of `m`, head `a`) then `m -> b` (among the forward arcs
/// of `m`, head `b`); see `ContractionHierarchy`. An original arc counts the segment it enters
/// (driving: the arc `x -> y` of the turn-expanded graph ends at the end of segment `y`) or
/// follows (walking: its payload).
///
/// The memo has one `Double` per arc, zero-filled by `calloc` so that only the pages of arcs
/// actually asked for become resident. Bit pattern 0 means "not known yet"; a known 0 m is
/// stored as -0.0.
final class ArcMetres {
    private let graph: RoutingGraph
    private let hierarchy: ContractionHierarchy
    private let turnExpanded: Bool
    private let forwardMemo: UnsafeMutablePointer<Double>
    private let backwardMemo: UnsafeMutablePointer<Double>

    init(graph: RoutingGraph) {
        self.graph = graph
        hierarchy = graph.hierarchy
        turnExpanded = graph.mode.isTurnExpanded
        func zeroed(_ count: Int) -> UnsafeMutablePointer<Double> {
            guard let memory = calloc(max(count, 1), MemoryLayout<Double>.stride) else {
                fatalError("out of memory for \(count) arc lengths")
            }
            return memory.bindMemory(to: Double.self, capacity: max(count, 1))
        }
        forwardMemo = zeroed(hierarchy.forwardArcs.count)
        backwardMemo = zeroed(hierarchy.backwardArcs.count)
    }

    deinit {
        free(forwardMemo)
        free(backwardMemo)
    }

    /// Metres of the arc `rank -> head` (ranks), stored at `rank` among the forward arcs.
    func forward(from rank: Int32, to head: Int32) -> Double {
        metres(forward: true, at: rank, index: index(at: rank, head: head, forward: true))
    }

    /// Metres of the arc `head -> rank` (ranks), stored at `rank` among the backward arcs.
    func backward(from head: Int32, to rank: Int32) -> Double {
        metres(forward: false, at: rank, index: index(at: rank, head: head, forward: false))
    }

    private func metres(forward: Bool, at rank: Int32, index: Int) -> Double {
        let memo = forward ? forwardMemo : backwardMemo
        if memo[index].bitPattern != 0 { return memo[index] }
        let arc = (forward ? hierarchy.forwardArcs : hierarchy.backwardArcs)[index]
        // The arc in the graph's direction.
        let (tail, head) = forward ? (rank, arc.head) : (arc.head, rank)
        let value: Double
        if arc.via >= 0 {
            let m = arc.via
            value = metres(forward: false, at: m, index: self.index(at: m, head: tail, forward: false))
                + metres(forward: true, at: m, index: self.index(at: m, head: head, forward: true))
        } else {
            let segment = turnExpanded ? hierarchy.nodeAtRank[Int(head)] >> 1 : arc.payload >> 1
            value = Double(graph.segments[Int(segment)].length)
        }
        memo[index] = value == 0 ? -0.0 : value
        return value
    }

    /// Position of the arc stored at `rank` with this head (each rank has at most one per head).
    private func index(at rank: Int32, head: Int32, forward: Bool) -> Int {
        let first = forward ? hierarchy.forwardFirst : hierarchy.backwardFirst
        let arcs = forward ? hierarchy.forwardArcs : hierarchy.backwardArcs
        for i in Int(first[Int(rank)])..<Int(first[Int(rank) + 1]) where arcs[i].head == head { return i }
        fatalError("contraction hierarchy: no arc from rank \(rank) to \(head) (corrupt data)")
    }
}
