import WayfinderGraph

/// The search behind alternative routes (Abraham et al., "Alternative routes in road
/// networks", via-node alternatives on a contraction hierarchy, as OSRM's
/// `alternative_path_ch`): both upward searches of `CHQuery`, run on past the best total up to
/// the allowed stretch, so that every rank both reach is a *via candidate*: the path up from a
/// source to it and down from it to a target is a real path through it.
///
/// Neither search climbs into the core (`CoreTable`), as in `CHQuery`: the core ranks are
/// candidates too, their distances from the sources and to the targets joined through the
/// table (exact, since a shortest path between core ranks stays in the core), so a long
/// route gets hundreds of via candidates across the core at the cost of two table sweeps,
/// without searching the dense core itself.
///
/// One object per thread (held by `AlternativeRoutes`); buffers reused, nothing cleared.
final class ViaNodeSearch {
    let hierarchy: ContractionHierarchy
    let coreHops: CoreHops?
    private let forward: UpwardSearch<RankLabels>
    private let backward: UpwardSearch<RankLabels>
    /// Ranks the forward search settled, in order (its search space, for candidates below the core).
    private var forwardSettled: [Int32] = []
    /// Per core rank (indexed from `coreStart`): the distance from the sources through the
    /// best forward core entry, that entry's rank; the same towards the targets.
    private var fromSources: [Int32] = []
    private var fromEntry: [Int32] = []
    private var toTargets: [Int32] = []
    private var toEntry: [Int32] = []
    /// The hierarchy arcs of the path being unpacked, up or down (`PathBuilder+Steps.swift`).
    private var steps: [PathBuilder.Step] = []
    private var path = PathBuilder()

    /// The best total of the last search (`infiniteWeight` if none).
    private(set) var best = infiniteWeight

    /// A rank both searches reach: the path through it climbs from a source to `upEnd`,
    /// crosses the core to `rank` and on to `downStart` (all three equal below the core), and
    /// goes down to a target. `weight` is its total; `sharing` estimates the part it shares
    /// with the best route (OSRM's approximation on the packed paths).
    struct Candidate {
        var rank: Int32
        var weight: Int32
        var sharing: Int32
        var upEnd: Int32
        var downStart: Int32
    }

    init(_ hierarchy: ContractionHierarchy, coreHops: CoreHops?) {
        self.hierarchy = hierarchy
        self.coreHops = coreHops
        forward = UpwardSearch(hierarchy, forward: true)
        backward = UpwardSearch(hierarchy, forward: false)
    }

    deinit { path.deallocate() }

    /// Searches from `sources` to `targets` until both directions' keys pass `limit(best)`
    /// (the longest total an alternative may have, given the best one), then joins the core.
    /// Returns the best total, or nil.
    func search(sources: [SearchEntry], targets: [SearchEntry], limit: (Int32) -> Int32) -> Int32? {
        let rankOfNode = hierarchy.rankOfNode
        forward.begin()
        backward.begin()
        forwardSettled.removeAll(keepingCapacity: true)
        best = infiniteWeight
        let coreStart = hierarchy.coreSize > 0 ? hierarchy.coreStart : Int32.max
        for entry in sources { forward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight) }
        for entry in targets { backward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight) }
        var bound = infiniteWeight
        while true {
            let forwardKey = forward.heap.isEmpty ? infiniteWeight : forward.heap.minKey
            let backwardKey = backward.heap.isEmpty ? infiniteWeight : backward.heap.minKey
            if forwardKey >= bound && backwardKey >= bound { break }
            let isForward = forwardKey <= backwardKey
            let side = isForward ? forward : backward, other = isForward ? backward : forward
            let (key, v) = side.heap.pop()
            if key > side.labels[Int(v)].dist { continue }
            side.settled += 1
            if isForward { forwardSettled.append(v) }
            if other.reached(v) {
                let total = addWeights(key, other.labels[Int(v)].dist)
                if total < best { best = total; bound = Self.bound(limit(best)) }
            }
            if v >= coreStart {
                side.coreEntries.append(SearchEntry(node: v, weight: key))
                continue
            }
            if side.arcs.isStalled(v, at: key, side.labels) { continue }
            side.arcs.relax(from: v, at: key, below: bound, side.labels, side.heap)
        }
        if hierarchy.coreSize > 0 { joinThroughCore(limit) }
        return best < infiniteWeight ? best : nil
    }

    /// One past `limit`, as a search bound (totals equal to the limit are allowed).
    private static func bound(_ limit: Int32) -> Int32 { limit >= infiniteWeight - 1 ? infiniteWeight : limit + 1 }

    /// Every core rank's distance from the sources (through the forward core entries and the
    /// table) and to the targets; the best total through the core.
    private func joinThroughCore(_ limit: (Int32) -> Int32) {
        let size = hierarchy.coreSize, start = Int(hierarchy.coreStart), table = hierarchy.coreDistances
        if fromSources.count != size {
            fromSources = Array(repeating: 0, count: size); fromEntry = fromSources
            toTargets = fromSources; toEntry = fromSources
        }
        for c in 0..<size { fromSources[c] = infiniteWeight; toTargets[c] = infiniteWeight }
        fromSources.withUnsafeMutableBufferPointer { from in
            fromEntry.withUnsafeMutableBufferPointer { entry in
                for a in forward.coreEntries {
                    let row = (Int(a.node) - start) * size
                    for c in 0..<size {
                        let d = Int64(a.weight) + Int64(table[row + c])
                        if d < Int64(from[c]) { from[c] = Int32(d); entry[c] = a.node }
                    }
                }
            }
        }
        toTargets.withUnsafeMutableBufferPointer { to in
            toEntry.withUnsafeMutableBufferPointer { entry in
                for b in backward.coreEntries {
                    let column = Int(b.node) - start
                    for c in 0..<size {
                        let d = Int64(table[c * size + column]) + Int64(b.weight)
                        if d < Int64(to[c]) { to[c] = Int32(d); entry[c] = b.node }
                    }
                }
            }
        }
        for c in 0..<size {
            let total = Int64(fromSources[c]) + Int64(toTargets[c])
            if total < Int64(best) { best = Int32(total) }
        }
    }

    // MARK: Candidates

    /// The via candidates of the last search within `limit` (a total) whose own node is not
    /// on the best route (`isOnBest` tells its search nodes: through those the path would be
    /// the best one), with approximate sharings: OSRM's preselection (the total within the
    /// limit, the shared part at most `maxSharing`, the rest at most `1 + epsilon` times the
    /// best's rest), best first by `2 * weight + sharing`.
    func candidates(limit: Int32, maxSharing: Int32, epsilon: Double, isOnBest: (Int32) -> Bool) -> [Candidate] {
        guard best < infiniteWeight else { return [] }
        let nodeAtRank = hierarchy.nodeAtRank
        var found: [Candidate] = []
        func consider(_ rank: Int32, _ weight: Int32, _ upEnd: Int32, _ downStart: Int32) {
            guard weight <= limit, !isOnBest(nodeAtRank[Int(rank)]) else { return }
            let sharing = shared(forward, from: upEnd, isOnBest) + shared(backward, from: downStart, isOnBest)
            guard sharing <= maxSharing,
                  Double(weight - sharing) < (1 + epsilon) * Double(best - sharing) else { return }
            found.append(Candidate(rank: rank, weight: weight, sharing: sharing, upEnd: upEnd, downStart: downStart))
        }
        let coreStart = hierarchy.coreSize > 0 ? hierarchy.coreStart : Int32.max
        for v in forwardSettled where v < coreStart && backward.reached(v) {
            consider(v, addWeights(forward.labels[Int(v)].dist, backward.labels[Int(v)].dist), v, v)
        }
        if hierarchy.coreSize > 0 {
            let start = Int(coreStart)
            for c in 0..<hierarchy.coreSize where fromSources[c] < infiniteWeight && toTargets[c] < infiniteWeight {
                consider(Int32(start + c), addWeights(fromSources[c], toTargets[c]), fromEntry[c], toEntry[c])
            }
        }
        found.sort { 2 * Int64($0.weight) + Int64($0.sharing) < 2 * Int64($1.weight) + Int64($1.sharing) }
        return found
    }

    /// The label of the highest rank on `side`'s path down to `rank` (itself included) whose
    /// node lies on the best route: about what that path shares with it.
    private func shared(_ side: UpwardSearch<RankLabels>, from rank: Int32, _ isOnBest: (Int32) -> Bool) -> Int32 {
        let nodeAtRank = hierarchy.nodeAtRank
        var v = rank
        while true {
            let label = side.labels[Int(v)]
            if isOnBest(nodeAtRank[Int(v)]) { return label.dist }
            if label.parentArc < 0 { return 0 }
            v = label.parent
        }
    }

    // MARK: Unpacking

    /// Unpacks a candidate's path (as `CHQuery.withUnpackedPath`) and passes `body` its input
    /// nodes, the payloads of its original arcs and the index of the candidate's node in it.
    func withUnpackedPath<R>(of candidate: Candidate,
                             _ body: (_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>, _ via: Int) -> R) -> R {
        let h = hierarchy
        steps.removeAll(keepingCapacity: true)
        var v = candidate.upEnd
        while forward.labels[Int(v)].parentArc >= 0 {
            steps.append(PathBuilder.Step(arc: forward.labels[Int(v)].parentArc, forward: true, end: v))
            v = forward.labels[Int(v)].parent
        }
        path.begin(at: h.nodeAtRank[Int(v)])
        steps.reverse()
        path.expand(steps, h)
        let expansions = coreHops?.expansions
        path.crossCore(from: candidate.upEnd, to: candidate.rank, hierarchy, expansions)
        let via = path.arcCount
        path.crossCore(from: candidate.rank, to: candidate.downStart, hierarchy, expansions)
        steps.removeAll(keepingCapacity: true)
        v = candidate.downStart
        while backward.labels[Int(v)].parentArc >= 0 {
            let lower = backward.labels[Int(v)].parent
            steps.append(PathBuilder.Step(arc: backward.labels[Int(v)].parentArc, forward: false, end: lower))
            v = lower
        }
        path.expand(steps, h)
        return path.withPath { nodes, payloads in body(nodes, payloads, via) }
    }
}
