import WayfinderGraph

/// What makes a route a real alternative to the best one, after Abraham et al.,
/// "Alternative routes in road networks" (admissible via-node paths), with OSRM's values:
/// not much longer, different enough, locally optimal, and without detours back and forth.
public struct AlternativeCriteria: Sendable {
    /// Bounded stretch: an alternative weighs at most `1 + epsilon` times the best route.
    public var epsilon = 0.25
    /// Limited sharing: two routes returned share at most this part of the lighter one's
    /// weight (for an alternative and the best route: of the best route's, as OSRM).
    public var maxSharing = 0.8
    /// Local optimality (the T-test): the stretch of an alternative from `alpha` times the
    /// best route's weight before its via node to as much after it is itself a shortest path.
    public var alpha = 0.25
    /// Via candidates unpacked and checked at most per request, best ranked first: bounds
    /// the work when many candidates fail (each costs about one route's unpacking).
    public var maxChecked = 6

    public init() {}
}

extension Router {
    /// The best route (exactly `route(from:to:)`) followed by up to `alternatives` other
    /// routes that meet `criteria`, best first. Ends on one segment get no alternatives.
    public func routes(from source: Snap, to target: Snap, alternatives: Int,
                       criteria: AlternativeCriteria = AlternativeCriteria()) throws(RouteError) -> [Route] {
        let best = try route(from: source, to: target)
        return [best] + self.alternatives(to: best, count: alternatives, criteria: criteria)
    }

    /// Up to `count` alternatives to `best`, the route this router found between its snaps
    /// (for callers that already have it: the server's /route routes the request first).
    public func alternatives(to best: Route, count: Int, criteria: AlternativeCriteria = AlternativeCriteria()) -> [Route] {
        let source = best.source, target = best.target
        guard count > 0, source.segment != target.segment else { return [] }
        let found = alternativeRoutes.find(source, target, best: best, count: count, criteria) { pieces, weight in
            weight - self.restrictedEntryCharges(pieces, weight: weight)
        }
        return found.map { Route(weight: $0.weight, source: source, target: target, pieces: $0.pieces) }
    }
}

/// Finds the alternatives of `Router.routes`: via candidates from a `ViaNodeSearch`, ranked,
/// unpacked a few at a time and checked on their real paths. One per `Router` (per thread).
final class AlternativeRoutes {
    let graph: RoutingGraph
    private let ends: SearchEnds
    private let search: ViaNodeSearch
    /// Searches the T-test's shortest paths.
    private let tester: CHQuery
    /// Search nodes on the best route, and on every path already checked (its other via
    /// candidates would give the same path).
    private var onBest: VersionStamps<UInt32>
    private var covered: VersionStamps<UInt32>
    /// Directed segments of the best route, and of the candidate being compared.
    private var bestSegments: VersionStamps<UInt32>
    private var candidateSegments: VersionStamps<UInt32>
    /// Segments and intersections a candidate passes (for detours back and forth).
    private var passedSegments: VersionStamps<UInt32>
    private var passedIntersections: VersionStamps<UInt32>
    private var sources: [SearchEntry] = []
    private var targets: [SearchEntry] = []

    init(graph: RoutingGraph) {
        self.graph = graph
        ends = SearchEnds(graph: graph)
        search = ViaNodeSearch(graph.hierarchy, coreHops: graph.coreHops)
        tester = CHQuery(graph.hierarchy, coreHops: graph.coreHops)
        onBest = VersionStamps(count: graph.hierarchy.nodeCount)
        covered = VersionStamps(count: graph.hierarchy.nodeCount)
        bestSegments = VersionStamps(count: 2 * graph.segments.count)
        candidateSegments = VersionStamps(count: 2 * graph.segments.count)
        passedSegments = VersionStamps(count: graph.segments.count)
        passedIntersections = VersionStamps(count: graph.nodeFirst.count)
    }

    deinit {
        for stamps in [onBest, covered, bestSegments, candidateSegments, passedSegments, passedIntersections] { stamps.deallocate() }
    }

    /// Up to `count` alternatives to `best` (routed between the same snaps, on different
    /// segments), as travel weights and pieces, in the order found. `travelWeight` takes a
    /// path's search weight to its travel time (`Route.weight`: without the charges for
    /// entering restricted roads, which are no time): the criteria compare travel times.
    func find(_ source: Snap, _ target: Snap, best: Route, count: Int, _ criteria: AlternativeCriteria,
              travelWeight: ([RoutePiece], Int32) -> Int32) -> [(weight: Int32, pieces: [RoutePiece])] {
        sources.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        for stamps in [onBest, covered, bestSegments, candidateSegments, passedSegments, passedIntersections] {
            stamps.releaseBetweenRequests()
        }
        ends.appendSourceEntries(source, to: &sources)
        ends.appendTargetEntries(target, to: &targets)
        let shift = ends.shift(target), epsilon = criteria.epsilon
        let limit: (Int32) -> Int32 = { total in
            let allowed = Double(shift) + Double(total - shift) * (1 + epsilon)
            return allowed >= Double(infiniteWeight - 1) ? infiniteWeight - 1 : Int32(allowed)
        }
        guard let bestTotal = search.search(sources: sources, targets: targets, limit: limit) else { return [] }
        let bestWeight = bestTotal - shift
        mark(best.pieces)
        covered.nextRound()
        let (onBest, covered) = (onBest, covered)
        let candidates = search.candidates(
            limit: limit(bestTotal), maxSharing: Int32(criteria.maxSharing * Double(bestWeight)), epsilon: epsilon,
            isOnBest: { onBest.isSet(Int($0)) })

        var found: [(weight: Int32, pieces: [RoutePiece])] = []
        var checked = 0
        for candidate in candidates where found.count < count && checked < criteria.maxChecked {
            if covered.isSet(Int(graph.hierarchy.nodeAtRank[Int(candidate.rank)])) { continue }
            checked += 1
            guard let pieces = unpack(candidate, source, target, tTest: Int64(criteria.alpha * Double(best.weight))) else { continue }
            let weight = travelWeight(pieces, candidate.weight - shift)
            guard Double(weight) <= (1 + epsilon) * Double(best.weight), !goesBackAndForth(pieces),
                  sharesLittle(pieces, weight, withBest: best.weight, found, criteria.maxSharing)
            else { continue }
            found.append((weight, pieces))
        }
        return found
    }

    /// Marks the search nodes and directed segments of the best route.
    private func mark(_ pieces: [RoutePiece]) {
        onBest.nextRound()
        bestSegments.nextRound()
        for piece in pieces {
            let x = 2 * piece.segment + (piece.forward ? 0 : 1)
            bestSegments.set(Int(x))
            if ends.turnExpanded {
                onBest.set(Int(x))
            } else {
                if piece.start == 0 { onBest.set(Int(ends.startNode(x))) }
                if piece.end == 1 { onBest.set(Int(ends.endNode(x))) }
            }
        }
    }

    // MARK: One candidate's path

    /// The pieces of a candidate's path, after marking its nodes covered, if it passes the
    /// T-test: the stretch of at least `tTest` on either side of its via node (further on one
    /// side where the other ends first, `2 * tTest` in all) is a shortest path.
    private func unpack(_ candidate: ViaNodeSearch.Candidate, _ source: Snap, _ target: Snap, tTest: Int64) -> [RoutePiece]? {
        search.withUnpackedPath(of: candidate) { nodes, payloads, via in
            for node in nodes { covered.set(Int(node)) }
            guard passesTTest(nodes, payloads, via: via, tTest) else { return nil }
            return ends.turnExpanded ? turnExpandedPieces(nodes, source, target) : walkingPieces(nodes, payloads, source, target)
        }
    }

    private func passesTTest(_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>, via: Int, _ window: Int64) -> Bool {
        // The weight of the path's arc i: its original arc's, found in the base graph (only
        // the window's arcs are looked up, outwards from the via node).
        let base = graph.base
        func arcWeight(_ i: Int) -> Int64? {
            var weight = Int32.max
            for j in Int(base.first[Int(nodes[i])])..<Int(base.first[Int(nodes[i]) + 1]) {
                let arc = base.arcs[j]
                if arc.head == nodes[i + 1] && base.payload(ofArc: j) == payloads[i] && arc.weight < weight { weight = arc.weight }
            }
            return weight == Int32.max ? nil : Int64(weight)   // nil: not a path of this graph
        }
        let last = nodes.count - 1
        var from = via, to = via, before: Int64 = 0, after: Int64 = 0
        func back() -> Bool { guard let w = arcWeight(from - 1) else { return false }; before += w; from -= 1; return true }
        func ahead() -> Bool { guard let w = arcWeight(to) else { return false }; after += w; to += 1; return true }
        while from > 0 && before < window { guard back() else { return false } }
        while to < last && after < window { guard ahead() else { return false } }
        // Near an end of the path, the window reaches further on the other side.
        while to < last && before + after < 2 * window { guard ahead() else { return false } }
        while from > 0 && before + after < 2 * window { guard back() else { return false } }
        guard from < to else { return true }
        if nodes[from] == nodes[to] { return false }   // a cycle is never a shortest path
        guard let shortest = tester.search(sources: [SearchEntry(node: nodes[from], weight: 0)],
                                           targets: [SearchEntry(node: nodes[to], weight: 0)]) else { return false }
        return Int64(shortest) >= before + after
    }

    /// Driving: one piece per search node, the ends cut at the snaps (as `Router`).
    private func turnExpandedPieces(_ nodes: UnsafeBufferPointer<Int32>, _ source: Snap, _ target: Snap) -> [RoutePiece] {
        let last = nodes.count - 1
        var pieces = nodes.indices.map { i in
            let x = graph.directedSegment(ofSearchNode: nodes[i])
            return i == 0 || i == last ? ends.turnExpandedPiece(x, isFirst: i == 0, isLast: i == last, source, target)
                                       : RoutePiece(segment: x >> 1, forward: x & 1 == 0, start: 0, end: 1)
        }
        ends.addApproachPieces(&pieces, first: nodes[0], last: nodes[last], source, target)
        return pieces
    }

    /// Walking: the snaps' pieces around one piece per arc (as `Router`).
    private func walkingPieces(_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>,
                               _ source: Snap, _ target: Snap) -> [RoutePiece] {
        var pieces = [ends.walkingFirstPiece(source, leavingAt: nodes.first!)]
        pieces.reserveCapacity(payloads.count + 2)
        for payload in payloads { pieces.append(ends.walkingArcPiece(payload)) }
        pieces.append(ends.walkingLastPiece(target, arrivingAt: nodes.last!))
        return pieces
    }

    // MARK: Criteria on real paths

    /// Whether a path uses a road twice (out and back along it) or passes an intersection
    /// twice (a loop): a detour nobody would take as an alternative.
    private func goesBackAndForth(_ pieces: [RoutePiece]) -> Bool {
        passedSegments.nextRound()
        passedIntersections.nextRound()
        for (i, piece) in pieces.enumerated() {
            let x = 2 * piece.segment + (piece.forward ? 0 : 1)
            if piece.start == piece.end && pieces.count > 1 { continue }   // an empty end piece
            if passedSegments.isSet(Int(piece.segment)) { return true }
            passedSegments.set(Int(piece.segment))
            if i == 0 && piece.start == 0 { passedIntersections.set(Int(ends.startNode(x))) }
            if i < pieces.count - 1 || piece.end == 1 {
                let v = Int(ends.endNode(x))
                if passedIntersections.isSet(v) { return true }
                passedIntersections.set(v)
            }
        }
        return false
    }

    /// The weight of a piece (milliseconds).
    private func weight(_ piece: RoutePiece) -> Double {
        Double(ends.weight(2 * piece.segment + (piece.forward ? 0 : 1))) * (piece.end - piece.start)
    }

    /// Whether a candidate shares at most `maxSharing` of the lighter route's weight with the
    /// best route and with each alternative already found.
    private func sharesLittle(_ pieces: [RoutePiece], _ weight: Int32, withBest bestWeight: Int32,
                              _ found: [(weight: Int32, pieces: [RoutePiece])], _ maxSharing: Double) -> Bool {
        var shared = 0.0
        for piece in pieces where bestSegments.isSet(Int(2 * piece.segment + (piece.forward ? 0 : 1))) { shared += self.weight(piece) }
        guard shared <= maxSharing * Double(bestWeight) else { return false }
        guard !found.isEmpty else { return true }
        candidateSegments.nextRound()
        for piece in pieces { candidateSegments.set(Int(2 * piece.segment + (piece.forward ? 0 : 1))) }
        for other in found {
            var shared = 0.0
            for piece in other.pieces where candidateSegments.isSet(Int(2 * piece.segment + (piece.forward ? 0 : 1))) {
                shared += self.weight(piece)
            }
            if shared > maxSharing * Double(min(weight, other.weight)) { return false }
        }
        return true
    }
}
