import WayfinderGraph

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
/// such a pair, after answering a source equal to its target with 0 directly). The charges
/// for entering restricted roads, which `Router` takes back out along its path, the sweeps
/// count along theirs (`ArcCharges`) and take out of each cell the same way.
///
/// Distances are the metres of the path found for the duration, measured as
/// `RoutingGraph.distance(of:)` measures the route `Router` makes of that path: each sweep
/// adds up metres along its search tree (remembered lengths of hierarchy arcs, `ArcMetres`,
/// plus the cut first and last segment), buckets keep the target side, and a pair adds its
/// two halves where it meets. Where several paths tie for the fastest, the table's may differ
/// from the one `Router` happens to return, and so may its length.
///
/// One object per thread; it reuses its buffers for every table, and the targets' buckets
/// while the targets stay the same (a table computed a block of sources at a time).
public final class TableQuery {
    public let graph: RoutingGraph
    private let ends: SearchEnds
    private let forward: UpwardSweep
    private let backward: UpwardSweep
    private let buckets: TargetBuckets
    private var entries: [SearchEntry] = []
    private var shifts: [Int32] = []
    /// One row: per target, the best total so far and the metres of its path.
    private var rowBest: [Int32] = []
    private var rowMetres: [Double] = []
    /// Per target, the restricted-road entries on that path.
    private var rowCharges: [Int32] = []
    /// For distances, made when first needed.
    private var arcMetres: ArcMetres?
    /// For driving graphs with restricted roads, made when first needed.
    private var arcCharges: ArcCharges?
    /// For driving pairs on one segment (rare), made when first needed.
    private var pointQueries: Router?
    /// What the buckets hold (targets, filter, with metres or not): a table computed in
    /// blocks of sources against the same targets (`wayfinder table`) sweeps them once.
    private var bucketsHold: (targets: [Snap], filter: UInt8, distances: Bool)?

    public init(graph: RoutingGraph) {
        self.graph = graph
        ends = SearchEnds(graph: graph)
        forward = UpwardSweep(graph.hierarchy, forward: true)
        backward = UpwardSweep(graph.hierarchy, forward: false)
        buckets = TargetBuckets(nodeCount: graph.hierarchy.nodeCount)
    }

    /// `excluding`: no road of these classes (driving; as `Router.route(from:to:excluding:)`).
    public func compute(sources: [Snap], targets: [Snap], distances: Bool, excluding: WayClasses = []) -> RouteTable {
        let excluding = ends.turnExpanded ? excluding.intersection(.excludable) : []
        let filter = graph.hierarchy.filterBit(excluding: excluding)
        for snap in sources { ends.check(snap) }
        for snap in targets { ends.check(snap) }
        let columns = targets.count
        var durations = [Int32](repeating: -1, count: sources.count * columns)
        var metres = distances ? [Double](repeating: -1, count: sources.count * columns) : []
        if !sources.isEmpty && columns > 0 {
            // What a larger table before needed, beyond what a thread keeps, goes back first.
            forward.releaseBetweenRequests()
            arcMetres?.releaseBetweenRequests()
            arcCharges?.releaseBetweenRequests()
            let arcs = distances ? arcMetres ?? ArcMetres(graph: graph) : nil
            if distances { arcMetres = arcs }
            let charged = ends.turnExpanded && !graph.restrictedDirections.isEmpty ? arcCharges ?? ArcCharges(graph: graph) : nil
            if charged != nil { arcCharges = charged }
            if let held = bucketsHold, held.filter == filter, held.distances == distances, held.targets == targets {
                // The same targets as the last table: their buckets and shifts are still there.
            } else {
                fillBuckets(targets, arcs, charged, filter)
                bucketsHold = (targets, filter, distances)
            }
            durations.withUnsafeMutableBufferPointer { durations in
                metres.withUnsafeMutableBufferPointer { metres in
                    for (i, source) in sources.enumerated() {
                        sweepForward(from: source, columns: columns, arcs, charged, filter)
                        let row = i * columns
                        for j in 0..<columns {
                            let best: (weight: Int32, metres: Double)
                            if source.segment == targets[j].segment {
                                guard let same = sameSegment(source, targets[j], j, distances: distances, excluding) else { continue }
                                best = same
                            } else {
                                guard rowBest[j] < infiniteWeight else { continue }
                                best = (rowBest[j] - shifts[j] - rowCharges[j] * RestrictedRoads.entryCharge, rowMetres[j])
                            }
                            durations[row + j] = best.weight
                            if distances { metres[row + j] = best.metres }
                        }
                    }
                }
            }
        }
        return RouteTable(sourceCount: sources.count, targetCount: columns, durations: durations,
                             distances: distances ? metres : nil)
    }

    /// One backward sweep per target, into the buckets.
    private func fillBuckets(_ targets: [Snap], _ arcs: ArcMetres?, _ charged: ArcCharges?, _ filter: UInt8) {
        let rankOfNode = graph.hierarchy.rankOfNode, nodeAtRank = graph.hierarchy.nodeAtRank
        buckets.begin()
        backward.releaseBetweenRequests()
        shifts.removeAll(keepingCapacity: true)
        for (j, target) in targets.enumerated() {
            shifts.append(ends.shift(target))
            entries.removeAll(keepingCapacity: true)
            ends.appendTargetEntries(target, to: &entries)
            backward.begin()
            for entry in entries { backward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight, filter: filter) }
            let sweep = backward, buckets = buckets, column = Int32(j)
            sweep.sweep(filter: filter) { v, d in
                let metres = arcs.map { sweep.measure(v, $0) { targetEndMetres(nodeAtRank[Int($0)], target) } } ?? 0
                buckets.record(rank: v, target: column, weight: d, metres: metres, charges: charged.map { sweep.count(v, $0) } ?? 0)
            }
        }
        buckets.group()
    }

    /// The forward sweep of one source, meeting every target in the buckets: fills the row.
    private func sweepForward(from source: Snap, columns: Int, _ arcs: ArcMetres?, _ charged: ArcCharges?, _ filter: UInt8) {
        let rankOfNode = graph.hierarchy.rankOfNode, nodeAtRank = graph.hierarchy.nodeAtRank
        rowBest.removeAll(keepingCapacity: true)
        rowBest.append(contentsOf: repeatElement(infiniteWeight, count: columns))
        rowMetres.removeAll(keepingCapacity: true)
        rowMetres.append(contentsOf: repeatElement(0, count: columns))
        rowCharges.removeAll(keepingCapacity: true)
        rowCharges.append(contentsOf: repeatElement(0, count: columns))
        entries.removeAll(keepingCapacity: true)
        ends.appendSourceEntries(source, to: &entries)
        forward.begin()
        for entry in entries { forward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight, filter: filter) }
        let sweep = forward, buckets = buckets
        buckets.entries.withUnsafeBufferPointer { bucketEntries in
            buckets.metres.withUnsafeBufferPointer { bucketMetres in
            buckets.charges.withUnsafeBufferPointer { bucketCharges in
                rowBest.withUnsafeMutableBufferPointer { best in
                    rowMetres.withUnsafeMutableBufferPointer { rowMetres in
                    rowCharges.withUnsafeMutableBufferPointer { rowCharges in
                        sweep.sweep(filter: filter) { v, d in
                            let metres = arcs.map { sweep.measure(v, $0) { sourceEndMetres(nodeAtRank[Int($0)], source) } } ?? 0
                            let charges = charged.map { sweep.count(v, $0) } ?? 0
                            for k in buckets.bucket(v) {
                                let entry = bucketEntries[k]
                                let total = addWeights(d, entry.weight)
                                if total < best[Int(entry.target)] {
                                    best[Int(entry.target)] = total
                                    rowMetres[Int(entry.target)] = metres + bucketMetres[k]
                                    rowCharges[Int(entry.target)] = charges + bucketCharges[k]
                                }
                            }
                        }
                    }
                    }
                }
            }
            }
        }
    }

    /// `Router`'s answer for a driving pair on one segment.
    private func pointQuery(_ source: Snap, _ target: Snap, distances: Bool, _ excluding: WayClasses) -> (weight: Int32, metres: Double)? {
        let router = pointQueries ?? Router(graph: graph)
        pointQueries = router
        guard let route = try? router.route(from: source, to: target, excluding: excluding) else { return nil }
        return (route.weight, distances ? graph.distance(of: route) : 0)
    }

    /// A pair on one segment, by `Router`'s rule for it (see the type's documentation).
    private func sameSegment(_ source: Snap, _ target: Snap, _ j: Int, distances: Bool,
                             _ excluding: WayClasses) -> (weight: Int32, metres: Double)? {
        if ends.turnExpanded {
            // Starting where it ends, in a direction both allow: Router's first try, the empty
            // stretch of the segment. (Ends that allow opposite directions alone, as a map
            // matcher's candidates do, need the loop Router searches.)
            if source.fraction == target.fraction {
                let from = ends.directions(source), to = ends.directions(target)
                if [from.forward, from.backward].contains(where: { $0 >= 0 && ($0 == to.forward || $0 == to.backward) }) {
                    return (0, 0)
                }
                if from.isEmpty { return nil }
            }
            return pointQuery(source, target, distances: distances, excluding)
        }
        var best: (weight: Int32, metres: Double)?
        if rowBest[j] < infiniteWeight { best = (rowBest[j], rowMetres[j]) }
        if let direct = ends.walkingAlongSegment(source, target), best == nil || direct.weight < best!.weight {
            best = (direct.weight, graph.length(of: direct.piece))
        }
        return best
    }

    // MARK: Distances: the cut ends of a path

    // A path's metres are the pieces `Router` makes of it (`SearchEnds`): driving, node after
    // node, each node after the first counted whole by the arc entering it, the first and the
    // last cut by the snaps; walking, the arcs' segments between a cut segment at each end.
    // A sweep's root (initial label) is the first or last node of every path through it.

    /// Metres a path starting at `node` counts before its arcs.
    private func sourceEndMetres(_ node: Int32, _ source: Snap) -> Double {
        guard ends.turnExpanded else { return graph.length(of: ends.walkingFirstPiece(source, leavingAt: node)) }
        return graph.length(of: ends.turnExpandedPiece(node, isFirst: true, isLast: false, source, source))
    }

    /// Metres a path ending at `node` counts after its arcs. Driving: the last arc counted all
    /// of `node`, of which only the stretch up to the target belongs to the path. (A path of
    /// the one node both ends share comes out right too: source and target lie on different
    /// segments, so at most one end cuts it.)
    private func targetEndMetres(_ node: Int32, _ target: Snap) -> Double {
        guard ends.turnExpanded else { return graph.length(of: ends.walkingLastPiece(target, arrivingAt: node)) }
        return graph.length(of: ends.turnExpandedPiece(node, isFirst: false, isLast: true, target, target))
            - Double(graph.segments[Int(graph.directedSegment(ofSearchNode: node) >> 1)].length)
    }
}
