import WayfinderGraph

/// A per-thread query object: the fastest route between two snaps (made by a `Snapper`),
/// searched and unpacked into pieces of segments. Cheap to create; reuses its buffers.
public final class Router {
    public let graph: RoutingGraph
    /// A snapper of the graph, made once: a `Snapper` holds a copy of the graph, and making
    /// one retains each of its tables (once per call of `wf_route_pairs` before).
    public let snapper: Snapper
    private let engine: ShortestPathSearch
    private let ends: SearchEnds
    private var sources: [SearchEntry] = []
    private var targets: [SearchEntry] = []

    /// Nodes settled by the searches of the last route between snaps (several when both ends
    /// lie on one segment; 0 when no search was needed), for the benchmark's average.
    public private(set) var lastSettledNodes = 0
    /// The alternatives' searches (`routes(from:to:alternatives:)`), made on first use.
    lazy var alternativeRoutes = AlternativeRoutes(graph: graph)

    /// `reference: true` searches with plain Dijkstra instead of the hierarchy.
    public init(graph: RoutingGraph, reference: Bool = false) {
        self.graph = graph
        snapper = Snapper(graph: graph)
        ends = SearchEnds(graph: graph)
        let classes: ((Int32) -> WayClasses)? = graph.mode.isTurnExpanded ? { [graph] in graph.classes(ofSearchNode: $0) } : nil
        engine = reference ? DijkstraQuery(graph.base, nodeClasses: classes)
                           : CHQuery(graph.hierarchy, coreHops: graph.coreHops)
    }

    /// The fastest route from `source` to `target`; `RouteError.noRoute` when there is none.
    /// `excluding`: no road of these classes (driving, `graph.serves(excluding:)`; the snaps
    /// should come from a `Snapper` told the same).
    public func route(from source: Snap, to target: Snap, excluding: WayClasses = []) throws(RouteError) -> Route {
        var untimed = Untimed()
        return try route(from: source, to: target, excluding: excluding, &untimed)
    }

    /// The same route, with the time spent searching and unpacking added to `timing`
    /// (three clock reads for one search; `route(from:to:)` reads none).
    public func route(from source: Snap, to target: Snap, excluding: WayClasses = [],
                      timing: inout RouteTiming) throws(RouteError) -> Route {
        var laps = TimedLaps(timing)
        defer { timing = laps.timing }
        return try route(from: source, to: target, excluding: excluding, &laps)
    }

    private func route<L: RouteLaps>(from source: Snap, to target: Snap, excluding: WayClasses,
                                     _ laps: inout L) throws(RouteError) -> Route {
        let excluding = graph.mode.isTurnExpanded ? excluding.intersection(.excludable) : []
        ends.check(source)
        ends.check(target)
        lastSettledNodes = 0
        laps.start()
        let best = graph.mode.isTurnExpanded ? searchTurnExpanded(source, target, excluding, &laps) : searchIntersections(source, target, &laps)
        guard let best else { throw .noRoute }
        return Route(weight: best.weight - restrictedEntryCharges(best.pieces, weight: best.weight), source: source, target: target, pieces: best.pieces)
    }

    /// What the search charged for entering restricted roads along `pieces`, which is no
    /// travel time (`RestrictedRoads`): one charge per step from an open direction into a
    /// restricted one, as the driving search graph's turns charge it.
    func restrictedEntryCharges(_ pieces: [RoutePiece], weight: Int32) -> Int32 {
        // Every charged route weighs at least one charge: shorter ones need no look.
        guard !graph.restrictedDirections.isEmpty, weight >= RestrictedRoads.entryCharge else { return 0 }
        var charges: Int32 = 0
        var wasRestricted = true   // the start itself is never charged
        for piece in pieces {
            let restricted = graph.isRestricted(directed: 2 * Int(piece.segment) + (piece.forward ? 0 : 1))
            if restricted && !wasRestricted { charges += RestrictedRoads.entryCharge }
            wasRestricted = restricted
        }
        return charges
    }

    /// One search of the engine, its settled nodes counted; the time since the last lap is searching.
    @inline(__always)
    private func search<L: RouteLaps>(_ sources: [SearchEntry], _ targets: [SearchEntry], loopAt: Int32?,
                                      excluding: WayClasses = [], _ laps: inout L) -> Int32? {
        let total = engine.search(sources: sources, targets: targets, loopAt: loopAt, excluding: excluding)
        lastSettledNodes += engine.settledNodes
        laps.searched()
        return total
    }

    // MARK: Driving: nodes are directed segments

    private func searchTurnExpanded<L: RouteLaps>(_ source: Snap, _ target: Snap, _ excluding: WayClasses,
                                                  _ laps: inout L) -> (weight: Int32, pieces: [RoutePiece])? {
        let shift = ends.shift(target)
        // Ends on one segment are searched apart (below), unless one lies on an intersection
        // with other roads: then its entries cannot read the segment backwards, and the route
        // may leave or arrive by those roads (around the block, not along an empty piece).
        var viaIntersection: (weight: Int32, pieces: [RoutePiece])?
        if source.segment == target.segment && (ends.leavesByOtherRoads(source) || ends.arrivesByOtherRoads(target)) {
            sources.removeAll(keepingCapacity: true)
            targets.removeAll(keepingCapacity: true)
            ends.appendSourceEntries(source, to: &sources)
            ends.appendTargetEntries(target, to: &targets)
            if let total = search(sources, targets, loopAt: nil, excluding: excluding, &laps) {
                viaIntersection = (total - shift, turnExpandedPieces(source, target))
                laps.unpacked()
            }
        }
        if source.segment != target.segment {
            sources.removeAll(keepingCapacity: true)
            targets.removeAll(keepingCapacity: true)
            ends.appendSourceEntries(source, to: &sources)
            ends.appendTargetEntries(target, to: &targets)
            guard let total = search(sources, targets, loopAt: nil, excluding: excluding, &laps) else { return nil }
            let pieces = turnExpandedPieces(source, target)
            laps.unpacked()
            return (total - shift, pieces)
        }
        // Same segment: try each pair of directions on its own, so that "the target lies
        // behind" forces a real loop instead of reading the segment backwards.
        var best: (weight: Int32, pieces: [RoutePiece])?
        for xs in ends.directions(source) {
            for xt in ends.directions(target) {
                let ps = ends.travelled(source, xs), pt = ends.travelled(target, xt)
                if !graph.allowsDirected(xs, excluding: excluding) || !graph.allowsDirected(xt, excluding: excluding) { continue }
                if xs == xt && pt >= ps {
                    let direct = ends.partial(xs, pt) - ends.partial(xs, ps)
                    if best == nil || direct < best!.weight {
                        best = (direct, [RoutePiece(segment: source.segment, forward: xs & 1 == 0, start: ps, end: pt)])
                    }
                    continue
                }
                guard let total = search([ends.sourceEntry(source, xs)], [ends.targetEntry(target, xt, shift: shift)],
                                         loopAt: xs == xt ? xs : nil, excluding: excluding, &laps), best == nil || total - shift < best!.weight
                else { continue }
                best = (total - shift, turnExpandedPieces(source, target))
                laps.unpacked()
            }
        }
        if let viaIntersection, best == nil || viaIntersection.weight <= best!.weight { return viaIntersection }
        return best
    }

    /// One piece per node of the last search's path; only the first and last can be cut
    /// (filled in place from the engine's buffer: a long route has ~750 pieces, and a closure
    /// per element through `map` cost ~10 ns each).
    private func turnExpandedPieces(_ source: Snap, _ target: Snap) -> [RoutePiece] {
        engine.withUnpackedPath { nodes, _ in
            let last = nodes.count - 1
            var pieces = [RoutePiece](unsafeUninitializedCapacity: nodes.count) { pieces, count in
                for i in 0..<nodes.count {
                    // The path's ends are search entries, never a via-way restriction's copies.
                    let x = graph.directedSegment(ofSearchNode: nodes[i])
                    // Middle pieces are whole segments: `turnExpandedPiece` without its tests.
                    pieces[i] = i == 0 || i == last
                        ? ends.turnExpandedPiece(x, isFirst: i == 0, isLast: i == last, source, target)
                        : RoutePiece(segment: x >> 1, forward: x & 1 == 0, start: 0, end: 1)
                }
                count = nodes.count
            }
            ends.addApproachPieces(&pieces, first: nodes[0], last: nodes[last], source, target)
            return pieces
        }
    }

    // MARK: Walking: nodes are intersections

    private func searchIntersections<L: RouteLaps>(_ source: Snap, _ target: Snap, _ laps: inout L) -> (weight: Int32, pieces: [RoutePiece])? {
        sources.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        ends.appendSourceEntries(source, to: &sources)
        ends.appendTargetEntries(target, to: &targets)
        var best: (weight: Int32, pieces: [RoutePiece])?
        if let total = search(sources, targets, loopAt: nil, &laps) {
            let pieces = engine.withUnpackedPath { nodes, payloads in
                var pieces = [ends.walkingFirstPiece(source, leavingAt: nodes.first!)]
                pieces.reserveCapacity(payloads.count + 2)
                for payload in payloads { pieces.append(ends.walkingArcPiece(payload)) }
                pieces.append(ends.walkingLastPiece(target, arrivingAt: nodes.last!))
                return pieces
            }
            laps.unpacked()
            best = (total, pieces)
        }
        if source.segment == target.segment, let direct = ends.walkingAlongSegment(source, target),
           best == nil || direct.weight < best!.weight {
            best = (direct.weight, [direct.piece])
        }
        return best
    }
}

