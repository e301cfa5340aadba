import WayfinderGraph

/// One direction of an upward search on a contraction hierarchy: Dijkstra that only climbs
/// (towards nodes contracted later), with stall-on-demand. The one core of both directions of
/// `CHQuery` (two searches that meet, stopped by the best total) and of the table's
/// `UpwardSweep` (complete searches whose visits fill buckets): each settles nodes its own way
/// with the steps of `UpwardArcs`. Labels are indexed by rank; each records the arc that set it
/// (stored at the parent rank, in this direction's arcs). Buffers are reused by every search
/// and never cleared as a whole; routes hash them by rank, tables keep one per rank
/// (`UpwardLabels`).
final class UpwardSearch<Labels: UpwardLabels> {
    let arcs: UpwardArcs
    /// The same arcs for searches that exclude roads (nil without exclusion filters).
    let filtered: FilteredUpwardArcs?
    private(set) var labels: Labels
    let heap = MinHeap()
    /// Core ranks reached (settled) by this search, with their distances, when it stops at the
    /// core (`CHQuery`; the table's sweeps climb through it).
    var coreEntries: [SearchEntry] = []
    /// Ranks settled since `begin()`, counted by the owner that settles them.
    var settled = 0

    /// A search along the graph's arcs (`forward`), or against them, from a target.
    init(_ hierarchy: ContractionHierarchy, forward: Bool) {
        arcs = UpwardArcs(hierarchy, forward: forward)
        filtered = FilteredUpwardArcs(hierarchy, forward: forward)
        labels = Labels(rankCount: hierarchy.nodeCount)
    }

    deinit { labels.deallocate() }

    func begin() {
        labels.nextRound()
        heap.removeAll()
        coreEntries.removeAll(keepingCapacity: true)
        settled = 0
    }

    @inline(__always)
    func reached(_ v: Int32) -> Bool { labels.reached(v) }

    /// An initial label; the smaller one wins if a rank is given twice.
    func add(_ v: Int32, _ weight: Int32) {
        if labels.improve(Int(v), to: weight, parent: -1, parentArc: -1) { heap.push(key: weight, id: v) }
    }
}

/// The arcs of one direction of an upward search, and the two steps of settling a rank that
/// read them. A value, given the labels and the heap: a sweep's loop copies all three into
/// locals, which the compiler then keeps in registers instead of reloading them from the
/// search object after every rank (worth ~4% of a table). `CHQuery` alternates between its
/// two directions and reads them from the direction at each step (fewer instructions there).
struct UpwardArcs {
    /// Arcs climbing from each rank in this direction.
    let first: UnsafeBufferPointer<Int32>
    let arcs: UnsafeBufferPointer<BaseArc>
    /// Arcs into a rank from ranks contracted after it, in this direction (for stall-on-demand).
    let stallFirst: UnsafeBufferPointer<Int32>
    let stallArcs: UnsafeBufferPointer<BaseArc>

    init(_ hierarchy: ContractionHierarchy, forward: Bool) {
        first = forward ? hierarchy.forwardFirst : hierarchy.backwardFirst
        arcs = forward ? hierarchy.forwardArcs : hierarchy.backwardArcs
        stallFirst = forward ? hierarchy.backwardFirst : hierarchy.forwardFirst
        stallArcs = forward ? hierarchy.backwardArcs : hierarchy.forwardArcs
    }

    /// Stall-on-demand, for `v` settled at `key`: an arc from a higher rank w down to v that
    /// gives a shorter label shows that no shortest up/down path climbs through v with this label.
    @inline(__always)
    func isStalled<Labels: UpwardLabels>(_ v: Int32, at key: Int32, _ labels: Labels) -> Bool {
        for i in Int(stallFirst[Int(v)])..<Int(stallFirst[Int(v) + 1]) {
            let arc = stallArcs[i]
            if labels.reaches(arc.head, plus: arc.weight, below: key) { return true }
        }
        return false
    }

    /// Relaxes the arcs climbing from `v`, settled at `key`: labels and queues every head it
    /// reaches more cheaply, below `bound` only (the best total so far of a search that stops,
    /// or `infiniteWeight`, which counts as no path in every search).
    @inline(__always)
    func relax<Labels: UpwardLabels>(from v: Int32, at key: Int32, below bound: Int32, _ labels: Labels, _ heap: MinHeap) {
        for i in Int(first[Int(v)])..<Int(first[Int(v) + 1]) {
            let arc = arcs[i]
            let d = Int64(key) + Int64(arc.weight)
            if d >= Int64(bound) { continue }  // cannot improve; also keeps d below infiniteWeight
            if labels.improve(Int(arc.head), to: Int32(truncatingIfNeeded: d), parent: v, parentArc: Int32(i)) {
                heap.push(key: Int32(truncatingIfNeeded: d), id: arc.head)
            }
        }
    }
}
