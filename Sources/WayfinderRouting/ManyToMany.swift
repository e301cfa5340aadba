import WayfinderGraph

/// Shortest durations (and optionally distances) from every source to every target, as
/// OSRM's /table service returns them.
public struct DurationTable: Sendable {
    public let sourceCount: Int, targetCount: Int
    /// Row-major sourceCount x targetCount, milliseconds; -1 where there is no route.
    public let durations: [Int32]
    /// Metres, same layout, nil unless asked; -1 where there is no route.
    public let distances: [Double]?

    public init(sourceCount: Int, targetCount: Int, durations: [Int32], distances: [Double]?) {
        precondition(durations.count == sourceCount * targetCount && (distances?.count ?? durations.count) == durations.count,
                     "DurationTable: \(sourceCount) x \(targetCount) cells expected")
        self.sourceCount = sourceCount
        self.targetCount = targetCount
        self.durations = durations
        self.distances = distances
    }

    /// Milliseconds from a source to a target, nil where there is no route.
    public func duration(source: Int, target: Int) -> Int32? {
        let d = durations[source * targetCount + target]
        return d < 0 ? nil : d
    }

    /// Metres from a source to a target, nil where there is no route or distances were not asked.
    public func distance(source: Int, target: Int) -> Double? {
        guard let d = distances?[source * targetCount + target], d >= 0 else { return nil }
        return d
    }
}

/// Many-to-many shortest durations (and optionally distances) with a bucket-based CH search
/// (Knopp et al. 2007, as in RoutingKit and OSRM). One backward upward sweep per target leaves
/// (target, distance) in the bucket of every rank it visits; then one forward upward sweep per
/// source scans the buckets of the ranks it visits. A shortest path climbs to its highest rank
/// and descends from there, so both sweeps visit that rank and the pair meets in its bucket.
/// The cost is one search space per source and per target plus the bucket scans, instead of
/// sources x targets point queries.
///
/// Every cell equals `Router.route(from:to:)` for the same snaps: the entries come from the
/// same `SearchEnds`, both searches are exact, and the pairs on one segment that `Router`
/// treats specially get its rule (walking: the stretch along the segment may be cheaper;
/// driving: each pair of directions on its own, which the table does with `Router` itself for
/// such a pair, after answering a source equal to its target with 0 directly).
///
/// Distances are the metres of the path found for the duration, unpacked from the source's
/// search tree and the target's bucket entries. Where several paths tie for the fastest, the
/// table's may differ from the one `Router` happens to return.
///
/// One object per thread; it reuses its buffers for every table.
public final class TableQuery {
    public let graph: RoutingGraph
    private let ends: SearchEnds
    private let forward: UpwardSweep
    private let backward: UpwardSweep
    private let buckets: TargetBuckets
    private var entries: [SearchEntry] = []
    private var shifts: [Int32] = []
    // One row: per target, the best total so far and the rank where the sweeps met for it.
    private var rowBest: [Int32] = []
    private var rowMeeting: [Int32] = []
    /// For distances, made when first needed.
    private var arcMetres: ArcMetres?
    /// For driving pairs on one segment (rare), made when first needed.
    private var pointQueries: Router?

    public init(graph: RoutingGraph) {
        self.graph = graph
        ends = SearchEnds(graph: graph)
        forward = UpwardSweep(graph.hierarchy, forward: true)
        backward = UpwardSweep(graph.hierarchy, forward: false)
        buckets = TargetBuckets(nodeCount: graph.hierarchy.nodeCount)
    }

    public func compute(sources: [Snap], targets: [Snap], distances: Bool) -> DurationTable {
        let columns = targets.count
        var durations = [Int32](repeating: -1, count: sources.count * columns)
        var metres = distances ? [Double](repeating: -1, count: sources.count * columns) : []
        if !sources.isEmpty && columns > 0 {
            fillBuckets(targets)
            for (i, source) in sources.enumerated() {
                sweepForward(from: source, columns: columns)
                for (j, target) in targets.enumerated() {
                    let cell = i * columns + j
                    var best: (weight: Int32, metres: Double)?
                    if source.segment == target.segment {
                        best = sameSegment(source, target, j, distances: distances)
                    } else if rowBest[j] < infiniteWeight {
                        best = (rowBest[j] - shifts[j], distances ? pathMetres(source, target, j) : 0)
                    }
                    guard let best else { continue }
                    durations[cell] = best.weight
                    if distances { metres[cell] = best.metres }
                }
            }
        }
        return DurationTable(sourceCount: sources.count, targetCount: columns, durations: durations,
                             distances: distances ? metres : nil)
    }

    // MARK: Searches

    /// One backward sweep per target, into the buckets.
    private func fillBuckets(_ targets: [Snap]) {
        let rankOfNode = graph.hierarchy.rankOfNode
        buckets.begin()
        shifts.removeAll(keepingCapacity: true)
        for (j, target) in targets.enumerated() {
            shifts.append(ends.shift(target))
            entries.removeAll(keepingCapacity: true)
            ends.appendTargetEntries(target, to: &entries)
            backward.begin()
            for entry in entries { backward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight) }
            let parent = backward.parent, buckets = buckets, target = Int32(j)
            backward.sweep { v, d in buckets.record(rank: v, target: target, weight: d, parent: parent[Int(v)]) }
        }
        buckets.group()
    }

    /// The forward sweep of one source, meeting every target in the buckets: fills the row.
    private func sweepForward(from source: Snap, columns: Int) {
        let rankOfNode = graph.hierarchy.rankOfNode
        rowBest.removeAll(keepingCapacity: true)
        rowBest.append(contentsOf: repeatElement(infiniteWeight, count: columns))
        rowMeeting.removeAll(keepingCapacity: true)
        rowMeeting.append(contentsOf: repeatElement(-1, count: columns))
        entries.removeAll(keepingCapacity: true)
        ends.appendSourceEntries(source, to: &entries)
        forward.begin()
        for entry in entries { forward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight) }
        let buckets = buckets
        buckets.entries.withUnsafeBufferPointer { bucketEntries in
            rowBest.withUnsafeMutableBufferPointer { best in
                rowMeeting.withUnsafeMutableBufferPointer { meeting in
                    forward.sweep { v, d in
                        for k in buckets.bucket(v) {
                            let entry = bucketEntries[k]
                            let total = addWeights(d, entry.weight)
                            if total < best[Int(entry.target)] {
                                best[Int(entry.target)] = total
                                meeting[Int(entry.target)] = v
                            }
                        }
                    }
                }
            }
        }
    }

    /// A pair on one segment, by `Router`'s rule for it (see the type's documentation).
    private func sameSegment(_ source: Snap, _ target: Snap, _ j: Int, distances: Bool) -> (weight: Int32, metres: Double)? {
        if ends.turnExpanded {
            // Starting where it ends: Router's first try is the empty stretch of the segment.
            if source.fraction == target.fraction {
                return ends.directions(source).isEmpty ? nil : (0, 0)
            }
            let router = pointQueries ?? Router(graph: graph)
            pointQueries = router
            guard let route = try? router.route(from: source, to: target) else { return nil }
            return (route.weight, distances ? graph.distance(of: route) : 0)
        }
        var best: (weight: Int32, metres: Double)?
        if rowBest[j] < infiniteWeight { best = (rowBest[j], distances ? pathMetres(source, target, j) : 0) }
        if let direct = ends.walkingAlongSegment(source, target), best == nil || direct.weight < best!.weight {
            best = (direct.weight, graph.length(of: direct.piece))
        }
        return best
    }

    // MARK: Distances

    /// Metres of the path found for target `j` of the current row: up the source's search
    /// tree to the meeting rank, then down the target's tree as its bucket entries recorded it,
    /// measured as `RoutingGraph.distance(of:)` measures the route `Router` makes of that path.
    /// Only the path's first and last node are cut by the snaps; every arc in between counts
    /// whole (`ArcMetres`).
    private func pathMetres(_ source: Snap, _ target: Snap, _ j: Int) -> Double {
        let arcs = arcMetres ?? ArcMetres(graph: graph)
        arcMetres = arcs
        var metres = 0.0, hasArcs = false
        var v = rowMeeting[j]
        while forward.parent[Int(v)] >= 0 {
            let lower = forward.parent[Int(v)]
            metres += arcs.forward(from: lower, to: v)
            v = lower
            hasArcs = true
        }
        let firstNode = graph.hierarchy.nodeAtRank[Int(v)]
        v = rowMeeting[j]
        while true {
            let lower = buckets.parents[buckets.position(of: Int32(j), at: v)]
            if lower < 0 { break }
            metres += arcs.backward(from: v, to: lower)
            v = lower
            hasArcs = true
        }
        let lastNode = graph.hierarchy.nodeAtRank[Int(v)]
        guard ends.turnExpanded else {
            return graph.length(of: ends.walkingFirstPiece(source, leavingAt: firstNode)) + metres
                + graph.length(of: ends.walkingLastPiece(target, arrivingAt: lastNode))
        }
        // Driving: nodes are segments, and the arcs counted every node after the first whole.
        guard hasArcs else {
            return graph.length(of: ends.turnExpandedPiece(firstNode, isFirst: true, isLast: true, source, target))
        }
        return graph.length(of: ends.turnExpandedPiece(firstNode, isFirst: true, isLast: false, source, target)) + metres
            - Double(graph.segments[Int(lastNode >> 1)].length)
            + graph.length(of: ends.turnExpandedPiece(lastNode, isFirst: false, isLast: true, source, target))
    }
}
