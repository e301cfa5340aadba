import WayfinderGraph

/// Shortest-path queries on a contraction hierarchy: a bidirectional search that only climbs
/// (towards nodes contracted later), with stall-on-demand. When the hierarchy has a core
/// (`CoreTable`), neither search climbs into it: each collects the core nodes it reaches, and
/// the core table joins them. One object per thread; its buffers are reused by every query
/// and never cleared as a whole (version stamps tell current labels from old ones).
public final class CHQuery {
    public let hierarchy: ContractionHierarchy
    /// Core hops unpacked in advance, if given (and once they are).
    public let coreHops: CoreHops?
    private let forward: UpwardSearch<RankLabels>
    private let backward: UpwardSearch<RankLabels>

    // Result of the last search: the best total and the path's shape: up from a source to
    // rank `upEnd`, across the core from `upEnd` to `downStart` (the same rank when the
    // searches met), down to a target; and whether the path is `upEnd`'s self-loop (a
    // `loopAt` query).
    private var best = infiniteWeight
    private var upEnd: Int32 = -1
    private var downStart: Int32 = -1
    private var meetsInSelfLoop = false
    /// The exclusion filter bit of the last search (1: plain).
    private var filter: UInt8 = 1
    // Unpacking scratch.
    /// The hierarchy arcs of the path being unpacked, up or down (`PathBuilder+Steps.swift`).
    private var steps: [PathBuilder.Step] = []
    private var path = PathBuilder()

    /// A query object over `hierarchy`; with `coreHops` (of the same hierarchy), paths across
    /// the core are copied from its expansions, once unpacked, instead of unpacked through the
    /// shortcut table.
    public init(_ hierarchy: ContractionHierarchy, coreHops: CoreHops? = nil) {
        self.hierarchy = hierarchy
        precondition(coreHops?.expansions?.fits(hierarchy) ?? true, "CHQuery: core expansions of another hierarchy")
        self.coreHops = coreHops
        forward = UpwardSearch(hierarchy, forward: true)
        backward = UpwardSearch(hierarchy, forward: false)
    }

    deinit { path.deallocate() }

    /// Nodes settled by the last search, both directions together.
    public var settledNodes: Int { forward.settled + backward.settled }

    /// The smallest `s.weight + w(P) + t.weight` over source entries `s`, target entries `t` and
    /// paths `P` from `s.node` to `t.node` (the empty path too if `s.node == t.node`), or nil.
    ///
    /// With `loopAt: x` the caller passes exactly one source and one target entry, both at `x`,
    /// and the empty path is not allowed: the answer is the cheapest cycle through `x`.
    /// Totals that reach `infiniteWeight` count as no path. `excluding` removes every road of
    /// those classes (entries on them too; `servesExclusions` must hold when it matters).
    public func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32? = nil,
                       excluding: WayClasses = []) -> Int32? {
        sources.withUnsafeBufferPointer { s in
            targets.withUnsafeBufferPointer { t in search(sources: s, targets: t, loopAt: loopAt, excluding: excluding) }
        }
    }

    /// As `search(sources:targets:loopAt:)`, over buffers.
    public func search(sources: UnsafeBufferPointer<SearchEntry>, targets: UnsafeBufferPointer<SearchEntry>,
                       loopAt: Int32? = nil, excluding: WayClasses = []) -> Int32? {
        let rankOfNode = hierarchy.rankOfNode
        let filter = hierarchy.filterBit(excluding: excluding)
        self.filter = filter
        forward.begin()
        backward.begin()
        best = infiniteWeight
        upEnd = -1
        downStart = -1
        meetsInSelfLoop = false
        // A cycle through x may run entirely inside the core, which the table (distance 0
        // from x to x) cannot show, so `loopAt` searches climb through the core.
        // Filtered searches climb through it too: the table is the plain metric's.
        let useCore = loopAt == nil && hierarchy.coreSize > 0 && filter == 1
        let coreStart = useCore ? hierarchy.coreStart : Int32.max
        for entry in sources {
            let rank = rankOfNode[checkedEntry(entry, rankOfNode.count)]
            if filter == 1 || forward.filtered!.keeps(rank, filter: filter) { forward.add(rank, entry.weight) }
        }
        for entry in targets {
            let rank = rankOfNode[checkedEntry(entry, rankOfNode.count)]
            if filter == 1 || backward.filtered!.keeps(rank, filter: filter) { backward.add(rank, entry.weight) }
        }

        // Both labels of x stay the initial ones (nothing leads back down to x), so meeting at
        // x means the empty path; the cycle through x is x's self-loop, or it climbs above x and
        // the searches meet elsewhere.
        var loopRank: Int32 = -1
        if let x = loopAt {
            loopRank = rankOfNode[checkedEntry(SearchEntry(node: x, weight: 0), rankOfNode.count)]
            if forward.reached(loopRank), backward.reached(loopRank), let loop = hierarchy.selfLoop(at: loopRank, filter: filter) {
                let total = addWeights(addWeights(forward.labels[Int(loopRank)].dist, loop.weight),
                                       backward.labels[Int(loopRank)].dist)
                if total < best { best = total; upEnd = loopRank; downStart = loopRank; meetsInSelfLoop = true }
            }
        }

        // Settle the smaller key next; a direction stops once its smallest key reaches `best`.
        while true {
            let forwardKey = forward.heap.isEmpty ? infiniteWeight : forward.heap.minKey
            let backwardKey = backward.heap.isEmpty ? infiniteWeight : backward.heap.minKey
            if forwardKey >= best && backwardKey >= best { break }
            if forwardKey <= backwardKey {
                settleNext(forward, other: backward, loopRank: loopRank, coreStart: coreStart)
            } else {
                settleNext(backward, other: forward, loopRank: loopRank, coreStart: coreStart)
            }
        }
        if useCore { joinThroughCore() }
        return best < infiniteWeight ? best : nil
    }

    /// Every path up to a core node `a`, across the core to `b` and down from there. Entries
    /// at or above `best` cannot improve it (their searches stopped there too).
    private func joinThroughCore() {
        let size = hierarchy.coreSize, start = Int(hierarchy.coreStart), table = hierarchy.coreDistances
        for a in forward.coreEntries where a.weight < best {
            let row = (Int(a.node) - start) * size - start
            for b in backward.coreEntries {
                let total = Int64(a.weight) + Int64(table[row + Int(b.node)]) + Int64(b.weight)
                if total < Int64(best) { best = Int32(truncatingIfNeeded: total); upEnd = a.node; downStart = b.node }
            }
        }
    }

    @inline(__always)
    private func settleNext(_ side: UpwardSearch<RankLabels>, other: UpwardSearch<RankLabels>, loopRank: Int32, coreStart: Int32) {
        let (key, v) = side.heap.pop()
        if key > side.labels[Int(v)].dist { return }  // superseded entry (lazy deletion)
        side.settled += 1
        if v != loopRank && other.reached(v) {
            let total = addWeights(key, other.labels[Int(v)].dist)
            if total < best { best = total; upEnd = v; downStart = v; meetsInSelfLoop = false }
        }
        if v >= coreStart {  // the table goes on from here
            side.coreEntries.append(SearchEntry(node: v, weight: key))
            return
        }
        if filter != 1 {
            let arcs = side.filtered!
            if arcs.isStalled(v, at: key, side.labels, filter: filter) { return }
            arcs.relax(from: v, at: key, below: best, side.labels, side.heap, filter: filter)
            return
        }
        if side.arcs.isStalled(v, at: key, side.labels) { return }
        side.arcs.relax(from: v, at: key, below: best, side.labels, side.heap)
    }

    /// After a successful search: unpacks the path (again at each call) and passes `body` its
    /// input node ids from the chosen source entry's node to the chosen target entry's node, and
    /// `payloads[i]` = payload of the original arc `nodes[i] -> nodes[i + 1]` (both empty if no
    /// path). The buffers are the query's own, valid only inside `body`: nothing is copied.
    public func withUnpackedPath<R>(_ body: (_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>) -> R) -> R {
        guard upEnd >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0)) }
        let h = hierarchy, shortcuts = h.shortcuts
        // Up from a source to `upEnd`: parent arcs collected backwards.
        steps.removeAll(keepingCapacity: true)
        var v = upEnd
        while forward.labels[Int(v)].parentArc >= 0 {
            steps.append(PathBuilder.Step(arc: forward.labels[Int(v)].parentArc, forward: true, end: v))
            v = forward.labels[Int(v)].parent
        }
        path.begin(at: h.nodeAtRank[Int(v)])
        steps.reverse()
        path.expand(steps, h)
        if meetsInSelfLoop, let loop = h.selfLoop(at: upEnd, filter: filter) {
            path.expand(to: h.nodeAtRank[Int(upEnd)], code: loop.via, shortcuts: shortcuts, middles: h.shortcutMiddles)
        }
        path.crossCore(from: upEnd, to: downStart, h, coreHops?.expansions)
        // Down from `downStart` to a target: backward arcs are stored at their lower end.
        steps.removeAll(keepingCapacity: true)
        v = downStart
        while backward.labels[Int(v)].parentArc >= 0 {
            let lower = backward.labels[Int(v)].parent
            steps.append(PathBuilder.Step(arc: backward.labels[Int(v)].parentArc, forward: false, end: lower))
            v = lower
        }
        path.expand(steps, h)
        return path.withPath(body)
    }
}
