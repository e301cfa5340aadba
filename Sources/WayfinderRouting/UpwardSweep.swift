import WayfinderGraph

/// One direction of a many-to-many search: a complete `UpwardSearch` (no target to stop at),
/// each visited rank handed to the owner, and the metres along the search tree for distances.
final class UpwardSweep {
    let search: UpwardSearch<SearchLabels>
    /// Metres along the search tree to each visited rank, for the owner to fill in `visit`
    /// (written before it is read, parents being visited before children).
    let metres: PagedArray<Double>
    /// Restricted-road entries along the search tree to each visited rank (`ArcCharges`),
    /// filled the same way.
    let charges: PagedArray<Int32>
    private let isForward: Bool

    /// A sweep along the graph's arcs (`forward`) or against them, towards a target.
    init(_ hierarchy: ContractionHierarchy, forward: Bool) {
        isForward = forward
        search = UpwardSearch(hierarchy, forward: forward)
        metres = PagedArray(count: hierarchy.nodeCount)
        charges = PagedArray(count: hierarchy.nodeCount)
    }

    deinit {
        metres.deallocate()
        charges.deallocate()
    }

    func begin() { search.begin() }

    /// Gives back what a larger table before needed (`PagedArray`), as a table starts.
    func releaseBetweenRequests() {
        search.labels.releaseBetweenRequests()
        metres.release(keepingAtMost: PagedArray<Double>.keptBetweenRequests)
        charges.release(keepingAtMost: PagedArray<Int32>.keptBetweenRequests)
    }

    /// An initial label; the smaller one wins if a rank is given twice.
    func add(_ rank: Int32, _ weight: Int32) { search.add(rank, weight) }

    /// Settles everything the upward search reaches, nearest first, and calls `visit` with
    /// each rank it does not stall and its final distance. A stalled rank is reached more
    /// cheaply from above, so no shortest up-down path tops out there: only the visited ranks
    /// can be where a source's and a target's sweeps meet on a shortest path.
    @inline(__always)
    func sweep(_ visit: (_ rank: Int32, _ dist: Int32) -> Void) {
        let heap = search.heap, labels = search.labels, arcs = search.arcs
        while !heap.isEmpty {
            let (key, v) = heap.pop()
            if key > labels[Int(v)].dist { continue }  // superseded entry (lazy deletion)
            if arcs.isStalled(v, at: key, labels) { continue }
            visit(v, key)
            arcs.relax(from: v, at: key, below: infiniteWeight, labels, heap)
        }
    }

    /// Metres along the search tree to a rank being visited, remembered for its children: its
    /// parent's plus the arc between them, or at a root (initial label) `root(rank)`.
    @inline(__always)
    func measure(_ rank: Int32, _ arcs: ArcMetres, root: (Int32) -> Double) -> Double {
        let label = search.labels[Int(rank)]
        let value = label.parent < 0
            ? root(rank) : metres[Int(label.parent)] + arcs.metres(forward: isForward, at: label.parent, index: label.parentArc)
        metres[Int(rank)] = value
        return value
    }

    /// Restricted-road entries along the search tree to a rank being visited, as `measure`
    /// adds metres (none at a root: a route's start is never charged).
    @inline(__always)
    func count(_ rank: Int32, _ arcs: ArcCharges) -> Int32 {
        let label = search.labels[Int(rank)]
        let value = label.parent < 0
            ? 0 : charges[Int(label.parent)] + arcs.charges(forward: isForward, at: label.parent, index: label.parentArc)
        charges[Int(rank)] = value
        return value
    }
}
