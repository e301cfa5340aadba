import Testing
import WayfinderGraph
import WayfinderRouting

/// The isochrones' one-to-all search against the router, point by point: every road point
/// within the limits is reached at the router's milliseconds and metres (equal, not close),
/// and every point beyond them is not reached.
@Suite struct ReachQueryTests {
    /// Road points inside their segments (an intersection is also reached by every other road
    /// there, which `ReachQuery.reach(at:)` leaves to the pieces).
    func roadSnaps(_ graph: RoutingGraph, count: Int, seed: UInt64, main: Bool = false) -> [Snap] {
        let snapper = Snapper(graph: graph)
        return graph.randomRoadPoints(count: count, seed: seed).compactMap { p in
            guard let found = snapper.nearest(to: p, maxDistance: 50), let snap = main ? found.main : found.any,
                  snap.fraction > 0.001, snap.fraction < 0.999 else { return nil }
            return snap
        }
    }

    /// Time limits: every point's milliseconds equal the router's, departing and arriving.
    /// Metres too, but for ties: two routes of equal weight may differ in length, and the
    /// search and the router may each take either.
    @Test(arguments: ["andorra", "monaco"], TravelMode.allCases)
    func everyPointAsTheRouterGivesIt(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let router = Router(graph: graph)
        let query = ReachQuery(graph: graph, transposed: graph.base.transposed())
        let seed = UInt64(extract.utf8.count) &* 977 &+ UInt64(mode.rawValue)
        let origins = Array(roadSnaps(graph, count: 12, seed: seed, main: true).prefix(6))
        let points = roadSnaps(graph, count: 400, seed: seed &+ 1)
        // Limits that leave many points on both sides: Monaco is a few minutes across.
        let limit: Int32 = extract == "monaco" ? (mode == .driving ? 120_000 : 600_000) : (mode == .driving ? 240_000 : 5_400_000)
        var wrong: [String] = [], otherMetres = 0, inside = 0, beyond = 0
        for (o, origin) in origins.enumerated() {
            for direction in [ReachDirection.depart, .arrive] {
                query.search(from: origin, direction: direction, maxMilliseconds: limit)
                for (p, point) in points.enumerated() {
                    let found = query.reach(at: point)
                    let route = try? (direction == .depart ? router.route(from: origin, to: point)
                                                           : router.route(from: point, to: origin))
                    let expected = route.flatMap { $0.weight <= limit ? (ms: $0.weight, metres: graph.distance(of: $0)) : nil }
                    if expected == nil { beyond += 1 } else { inside += 1 }
                    switch (found, expected) {
                    case (nil, nil): continue
                    case (let f?, let e?):
                        if f.milliseconds != e.ms { wrong.append("origin \(o) point \(p) \(direction): reach \(f), router \(e)") }
                        if abs(f.metres - e.metres) > 0.5 { otherMetres += 1 }
                    case (let f, let e):
                        wrong.append("origin \(o) point \(p) \(direction): reach \(String(describing: f)), router \(String(describing: e))")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(extract) \(mode): \(wrong.count) points differ, first: \(wrong.prefix(4))")
        // A tie near an origin changes the metres of every point behind it: a few origins' worth.
        #expect(otherMetres * 10 <= inside, "\(otherMetres) of \(inside) reached by a route of another length")
        #expect(inside > 50 && beyond > 50, "inside \(inside), beyond \(beyond)")
    }

    /// Metre limits, as GraphHopper and Valhalla bound them: the search stops where the
    /// fastest routes it follows pass the limit. Every point whose fastest route is within it
    /// is reached at the router's time, and no point reached lies beyond it.
    @Test(arguments: TravelMode.allCases)
    func metreLimitsHoldTheFastestRoutes(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let router = Router(graph: graph)
        let query = ReachQuery(graph: graph, transposed: graph.base.transposed())
        let origins = Array(roadSnaps(graph, count: 8, seed: 5, main: true).prefix(4))
        let points = roadSnaps(graph, count: 400, seed: 6)
        let metres = mode == .driving ? 4000.0 : 5000.0
        var wrong: [String] = [], inside = 0
        for origin in origins {
            query.search(from: origin, direction: .depart, maxMilliseconds: Int32.max / 4, maxMetres: metres)
            for point in points {
                let found = query.reach(at: point)
                if let found, found.metres > metres + 1e-6 { wrong.append("past the limit: \(found)") }
                guard let route = try? router.route(from: origin, to: point), graph.distance(of: route) < metres - 0.5 else { continue }
                inside += 1
                if found?.milliseconds != route.weight { wrong.append("\(String(describing: found)) against \(route.weight) ms") }
            }
        }
        #expect(wrong.count * 100 <= inside, "\(mode): \(wrong.count) of \(inside), first \(wrong.prefix(4))")
        #expect(inside > 50)
    }

    /// The pieces cover every point reached, at its time: a point's time lies within a
    /// millisecond of some piece over it, and no piece passes a limit.
    @Test(arguments: TravelMode.allCases)
    func piecesCoverTheReachedPoints(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let query = ReachQuery(graph: graph, transposed: graph.base.transposed())
        // Andorra la Vella's centre, where the roads are dense.
        let centre = FixedCoordinate(latitude: 42.5078, longitude: 1.5211)
        let origin = try #require(Snapper(graph: graph).nearest(to: centre, maxDistance: 200)?.main)
        let points = roadSnaps(graph, count: 1500, seed: 92)
        let limit: Int32 = mode == .driving ? 600_000 : 1_800_000
        for direction in [ReachDirection.depart, .arrive] {
            query.search(from: origin, direction: direction, maxMilliseconds: limit)
            var pieces: [Int32: [ReachPiece]] = [:]
            var count = 0
            query.forEachReachedPiece { piece in
                pieces[piece.segment, default: []].append(piece)
                count += 1
                #expect(piece.start <= piece.end && piece.startSeconds <= Double(limit) / 1000 + 1e-9
                        && piece.endSeconds <= Double(limit) / 1000 + 1e-9)
            }
            #expect(count > 100)
            var covered = 0, missing: [String] = []
            for point in points {
                guard let reached = query.reach(at: point) else { continue }
                let seconds = Double(reached.milliseconds) / 1000
                let over = (pieces[point.segment] ?? []).contains { piece in
                    let along = piece.forward ? point.fraction : 1 - point.fraction
                    guard along >= piece.start - 1e-9 && along <= piece.end + 1e-9 else { return false }
                    let t = piece.end == piece.start ? piece.startSeconds
                        : piece.startSeconds + (piece.endSeconds - piece.startSeconds) * (along - piece.start) / (piece.end - piece.start)
                    return abs(t - seconds) <= 0.0015
                }
                if over { covered += 1 } else { missing.append("\(point.segment)@\(point.fraction): \(seconds) s") }
            }
            #expect(missing.isEmpty, "\(mode) \(direction): \(missing.count) points without a piece, first \(missing.prefix(4))")
            #expect(covered > 50)
        }
    }
}
