import WayfinderGraph

/// One direction of a many-to-many search: a complete upward Dijkstra on a contraction
/// hierarchy (no target to stop at), with stall-on-demand. Labels are indexed by rank and stay
/// readable after the sweep, so its search tree can be walked back through `parent`.
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
    private let stamp: UnsafeMutablePointer<UInt32>
    private var current: UInt32 = 0
    private let heap = MinHeap()
    private let nodeCount: Int

    /// A sweep along the graph's arcs (`forward`) or against them, towards a target.
    init(_ hierarchy: ContractionHierarchy, forward: Bool) {
        nodeCount = hierarchy.nodeCount
        first = forward ? hierarchy.forwardFirst : hierarchy.backwardFirst
        arcs = forward ? hierarchy.forwardArcs : hierarchy.backwardArcs
        stallFirst = forward ? hierarchy.backwardFirst : hierarchy.forwardFirst
        stallArcs = forward ? hierarchy.backwardArcs : hierarchy.forwardArcs
        let n = max(nodeCount, 1)
        dist = .allocate(capacity: n)
        parent = .allocate(capacity: n)
        stamp = .allocate(capacity: n)
        stamp.initialize(repeating: 0, count: n)
    }

    deinit {
        dist.deallocate()
        parent.deallocate()
        stamp.deallocate()
    }

    func begin() {
        current &+= 1
        if current == 0 {  // wrapped: old stamps could alias
            stamp.update(repeating: 0, count: nodeCount)
            current = 1
        }
        heap.removeAll()
    }

    @inline(__always) func reached(_ rank: Int32) -> Bool { stamp[Int(rank)] == current }

    /// An initial label; the smaller one wins if a rank is given twice.
    func add(_ rank: Int32, _ weight: Int32) {
        if !reached(rank) || weight < dist[Int(rank)] {
            stamp[Int(rank)] = current
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
        let dist = dist, stamp = stamp, parent = parent, current = current
        let first = first, arcs = arcs, stallFirst = stallFirst, stallArcs = stallArcs
        settling: while !heap.isEmpty {
            let (key, v) = heap.pop()
            if key > dist[Int(v)] { continue }  // superseded entry (lazy deletion)
            for i in Int(stallFirst[Int(v)])..<Int(stallFirst[Int(v) + 1]) {
                let arc = stallArcs[i]
                let w = Int(arc.head)
                if stamp[w] == current && Int64(dist[w]) + Int64(arc.weight) < Int64(key) { continue settling }
            }
            visit(v, key)
            for i in Int(first[Int(v)])..<Int(first[Int(v) + 1]) {
                let arc = arcs[i]
                let d = Int64(key) + Int64(arc.weight)
                if d >= Int64(infiniteWeight) { continue }  // counts as no path, as in every search
                let w = Int(arc.head)
                if stamp[w] != current || Int32(truncatingIfNeeded: d) < dist[w] {
                    stamp[w] = current
                    dist[w] = Int32(truncatingIfNeeded: d)
                    parent[w] = v
                    heap.push(key: Int32(truncatingIfNeeded: d), id: arc.head)
                }
            }
        }
    }
}
