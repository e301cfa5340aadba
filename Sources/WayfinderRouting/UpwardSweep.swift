import WayfinderGraph

/// One direction of a many-to-many search: a complete upward Dijkstra on a contraction
/// hierarchy (no target to stop at), with stall-on-demand. Labels are indexed by rank; each
/// records the search-tree arc that set it (stored at the parent rank, in this direction's arcs).
/// Buffers are reused by every sweep and never cleared as a whole: version stamps tell this
/// sweep's labels from older ones.
final class UpwardSweep {
    /// Arcs climbing from each rank in this direction.
    let first: UnsafeBufferPointer<Int32>
    let arcs: UnsafeBufferPointer<CHArc>
    /// Arcs from higher ranks into each rank, in this direction (for stall-on-demand).
    let stallFirst: UnsafeBufferPointer<Int32>
    let stallArcs: UnsafeBufferPointer<CHArc>
    let dist: UnsafeMutablePointer<Int32>
    /// Rank whose arc set the label, -1 for an initial label.
    let parent: UnsafeMutablePointer<Int32>
    /// Index in `arcs` of that arc.
    let parentArc: UnsafeMutablePointer<Int32>
    /// Metres along the search tree to each visited rank, for the owner to fill in `visit`
    /// (not initialised: written before it is read, parents being visited before children).
    let metres: UnsafeMutablePointer<Double>
    private var stamps: VersionStamps
    private let heap = MinHeap()
    private let isForward: Bool

    /// A sweep along the graph's arcs (`forward`) or against them, towards a target.
    init(_ hierarchy: ContractionHierarchy, forward: Bool) {
        isForward = forward
        first = forward ? hierarchy.forwardFirst : hierarchy.backwardFirst
        arcs = forward ? hierarchy.forwardArcs : hierarchy.backwardArcs
        stallFirst = forward ? hierarchy.backwardFirst : hierarchy.forwardFirst
        stallArcs = forward ? hierarchy.backwardArcs : hierarchy.forwardArcs
        dist = .allocate(capacity: max(hierarchy.nodeCount, 1))
        parent = .allocate(capacity: max(hierarchy.nodeCount, 1))
        parentArc = .allocate(capacity: max(hierarchy.nodeCount, 1))
        metres = .allocate(capacity: max(hierarchy.nodeCount, 1))
        stamps = VersionStamps(count: hierarchy.nodeCount)
    }

    deinit {
        dist.deallocate()
        parent.deallocate()
        parentArc.deallocate()
        metres.deallocate()
        stamps.deallocate()
    }

    func begin() {
        stamps.nextRound()
        heap.removeAll()
    }

    /// An initial label; the smaller one wins if a rank is given twice.
    func add(_ rank: Int32, _ weight: Int32) {
        if !stamps.isSet(Int(rank)) || weight < dist[Int(rank)] {
            stamps.set(Int(rank))
            dist[Int(rank)] = weight
            parent[Int(rank)] = -1
            heap.push(key: weight, id: rank)
        }
    }

    /// Settles everything the upward search reaches, nearest first, and calls `visit` with
    /// each rank it does not stall and its final distance. A stalled rank is reached more
    /// cheaply from above, so no shortest up-down path tops out there: only the visited ranks
    /// can be where a source's and a target's sweeps meet on a shortest path.
    @inline(__always)
    func sweep(_ visit: (_ rank: Int32, _ dist: Int32) -> Void) {
        let dist = dist, stamps = stamps, parent = parent, parentArc = parentArc
        let first = first, arcs = arcs, stallFirst = stallFirst, stallArcs = stallArcs
        settling: while !heap.isEmpty {
            let (key, v) = heap.pop()
            if key > dist[Int(v)] { continue }  // superseded entry (lazy deletion)
            for i in Int(stallFirst[Int(v)])..<Int(stallFirst[Int(v) + 1]) {
                let arc = stallArcs[i]
                let w = Int(arc.head)
                if stamps.isSet(w) && Int64(dist[w]) + Int64(arc.weight) < Int64(key) { continue settling }
            }
            visit(v, key)
            for i in Int(first[Int(v)])..<Int(first[Int(v) + 1]) {
                let arc = arcs[i]
                let d = Int64(key) + Int64(arc.weight)
                if d >= Int64(infiniteWeight) { continue }  // counts as no path, as in every search
                let w = Int(arc.head)
                if !stamps.isSet(w) || Int32(truncatingIfNeeded: d) < dist[w] {
                    stamps.set(w)
                    dist[w] = Int32(truncatingIfNeeded: d)
                    parent[w] = v
                    parentArc[w] = Int32(i)
                    heap.push(key: Int32(truncatingIfNeeded: d), id: arc.head)
                }
            }
        }
    }

    /// Metres along the search tree to a rank being visited, remembered for its children: its
    /// parent's plus the arc between them, or at a root (initial label) `root(rank)`.
    @inline(__always)
    func measure(_ rank: Int32, _ arcs: ArcMetres, root: (Int32) -> Double) -> Double {
        let up = parent[Int(rank)]
        let value = up < 0 ? root(rank) : metres[Int(up)] + arcs.metres(forward: isForward, at: up, index: parentArc[Int(rank)])
        metres[Int(rank)] = value
        return value
    }
}
