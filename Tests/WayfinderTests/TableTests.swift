import Testing
import WayfinderGraph
import WayfinderRouting

/// The many-to-many table against the point query it must agree with, cell by cell.
@Suite struct TableTests {
    /// Every cell against `Router` for the same snaps: the duration exactly (-1 for no route),
    /// the distance within 0.1 m.
    func expectTableEqualsPointQueries(_ graph: RoutingGraph, sources: [Snap], targets: [Snap],
                                       _ label: String) -> (routed: Int, unreachable: Int) {
        let table = TableQuery(graph: graph).compute(sources: sources, targets: targets, distances: true)
        let durationsOnly = TableQuery(graph: graph).compute(sources: sources, targets: targets, distances: false)
        #expect(table.sourceCount == sources.count && table.targetCount == targets.count)
        #expect(durationsOnly.durations == table.durations && durationsOnly.distances == nil)
        let router = Router(graph: graph)
        var routed = 0, unreachable = 0, wrong: [String] = []
        for (i, source) in sources.enumerated() {
            for (j, target) in targets.enumerated() {
                let cell = i * targets.count + j
                let duration = table.durations[cell], distance = table.distances![cell]
                switch Result(catching: { () throws(RouteError) in try router.route(from: source, to: target) }) {
                case .success(let route):
                    routed += 1
                    let metres = graph.distance(of: route)
                    // Times are whole deciseconds per OSM stretch (as OSRM), so two paths can tie
                    // exactly; the table and the router may then take different ones, centimetres apart.
                    if duration != route.weight || abs(distance - metres) > 0.5 {
                        wrong.append("\(i)->\(j): table \(duration) ms \(distance) m, router \(route.weight) ms \(metres) m")
                    }
                case .failure:
                    unreachable += 1
                    if duration != -1 || distance != -1 { wrong.append("\(i)->\(j): table \(duration) ms, router no route") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(label): \(wrong.count) cells differ, first: \(wrong.prefix(5))")
        return (routed, unreachable)
    }

    /// Road points of the main network, inputs anywhere in the box (islands, far from roads,
    /// unreachable ends), and a few points on the same segment as others: another fraction,
    /// both intersections, the very same snap.
    func testSnaps(_ graph: RoutingGraph, seed: UInt64) -> [Snap] {
        let snapper = Snapper(graph: graph)
        var rng = SplitMix64(seed: seed)
        var snaps = graph.randomRoadPoints(count: 25, seed: seed).compactMap { snapper.nearest(to: $0, maxDistance: 5000)?.any }
        var inputs = 0
        while inputs < 10 {
            inputs += 1
            if let snap = snapper.nearest(to: randomCoordinate(graph, &rng), maxDistance: 5000)?.any { snaps.append(snap) }
        }
        for k in 0..<4 {
            var other = snaps[k]
            other.fraction = [0, 1, (other.fraction + 0.37).truncatingRemainder(dividingBy: 1), other.fraction][k]
            snaps.append(other)
        }
        return snaps
    }

    @Test(arguments: ["andorra", "monaco", "helsinki"], TravelMode.allCases)
    func everyCellEqualsThePointQuery(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let snaps = testSnaps(graph, seed: 0x7AB1E ^ UInt64(extract.utf8.count) &* 31 &+ UInt64(mode.rawValue))
        let counts = expectTableEqualsPointQueries(graph, sources: snaps, targets: snaps, "\(extract) \(mode)")
        #expect(counts.routed > snaps.count * snaps.count / 2)
        // Rectangular, and sources that are not targets.
        _ = expectTableEqualsPointQueries(graph, sources: Array(snaps.prefix(7)), targets: Array(snaps.suffix(20)),
                                          "\(extract) \(mode) 7x20")
    }

    /// Cells whose search paid the charge for entering a restricted road (private, destination
    /// only), which the sweeps count and take back out (`ArcCharges`) as `Router` does along its
    /// path: every cell from an open road to a road restricted both ways pays at least one.
    @Test(arguments: ["andorra", "helsinki"])
    func restrictedRoadCellsEqualThePointQuery(extract: String) throws {
        let graph = try ExtractGraphs.shared.graph(extract, .driving)
        let closed = (0..<graph.segments.count).filter { graph.isRestricted(directed: 2 * $0) && graph.isRestricted(directed: 2 * $0 + 1) }
        #expect(closed.count >= 20, "\(extract): \(closed.count) restricted segments")
        let restricted = stride(from: 0, to: closed.count, by: max(1, closed.count / 20)).map { k in
            Snap(segment: Int32(closed[k]), fraction: 0.5, location: graph.points[Int(graph.segments[closed[k]].firstPoint)], distance: 0)
        }
        let open = testSnaps(graph, seed: 0xC4A96E).filter {
            !graph.isRestricted(directed: 2 * Int($0.segment)) && !graph.isRestricted(directed: 2 * Int($0.segment) + 1)
        }
        let snaps = open + restricted
        _ = expectTableEqualsPointQueries(graph, sources: snaps, targets: snaps, "\(extract) restricted")
        // The charged cells were there to check: open roads to restricted ones, with a route.
        let table = TableQuery(graph: graph).compute(sources: open, targets: restricted, distances: false)
        #expect(table.durations.filter { $0 >= 0 }.count > open.count * restricted.count / 2)
    }

    @Test(arguments: TravelMode.allCases)
    func aSourceEqualToItsTargetIsZero(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let snaps = testSnaps(graph, seed: 99)
        let table = TableQuery(graph: graph).compute(sources: snaps, targets: snaps, distances: true)
        for i in snaps.indices {
            #expect(table.duration(source: i, target: i) == 0)
            // Router's own answer may leave by one intersection's road and come back by another:
            // micrometres, from rounding the snap's fraction.
            #expect(try #require(table.distance(source: i, target: i)) < 0.01)
        }
    }

    @Test func emptySourcesOrTargetsGiveEmptyTables() throws {
        let graph = try ExtractGraphs.shared.graph("monaco", .driving)
        let snaps = testSnaps(graph, seed: 5)
        let query = TableQuery(graph: graph)
        for (sources, targets) in [([], snaps), (snaps, []), ([], [])] as [([Snap], [Snap])] {
            let table = query.compute(sources: sources, targets: targets, distances: true)
            #expect(table.sourceCount == sources.count && table.targetCount == targets.count)
            #expect(table.durations.isEmpty && table.distances == [])
        }
        // The query object is still good for a real table afterwards.
        _ = expectTableEqualsPointQueries(graph, sources: snaps, targets: snaps, "after empty tables")
    }

    /// a-b is a one-way; b-d, d-c and c-a are 40 m each. From p (on c-a, 20 m below a) to q
    /// (on b-d, 5 m below b) drivers take the one-way, back they go round by d and c. From
    /// s (5 m past a) to t (5 m before b) is 30 m on the one-way; back is round the block.
    @Test(arguments: TravelMode.allCases)
    func onewayMakesTheTableAsymmetric(mode: TravelMode) throws {
        var map = MapFixture("""
            a---b
            |   |
            c---d      x---y
            """)
        map.way("ab", ["highway": "primary", "oneway": "yes"])
        map.way("bdca", ["highway": "residential"])
        map.way("xy", ["highway": "residential"])
        let graph = try map.graph(mode)
        let snapper = Snapper(graph: graph)
        let points = [map.coordinate(near: "c", north: 20), map.coordinate(near: "b", north: -5),
                      map.coordinate(near: "a", east: 5), map.coordinate(near: "b", east: -5), map.coordinate(near: "x", east: 5)]
        let snaps = points.map { snapper.nearest(to: $0, maxDistance: 100)!.any }
        let table = TableQuery(graph: graph).compute(sources: snaps, targets: snaps, distances: true)
        _ = expectTableEqualsPointQueries(graph, sources: snaps, targets: snaps, "fixture \(mode)")
        // A bike pays bicycle.lua's turn cost at every change of road: two right turns on and
        // off the one-way (8.4 s) lose to 30 m more ridden round the block on one way; back,
        // it is pushed against the one-way, which 95 m ridden beat and 30 m pushed do not.
        let driving = mode == .driving, riding = mode == .cycling
        for (from, to, metres) in [(0, 1, riding ? 95 : 65.0), (1, 0, driving || riding ? 95 : 65), (2, 3, 30),
                                   (3, 2, driving ? 130 : 30)] {
            let distance = try #require(table.distance(source: from, target: to))
            #expect(abs(distance - metres) < 0.5, "\(mode) \(from)->\(to): \(distance) m")
        }
        if driving { #expect(table.duration(source: 0, target: 1)! < table.duration(source: 1, target: 0)!) }
        // x-y is cut off from the block: no route either way.
        for i in 0..<4 {
            #expect(table.durations[i * 5 + 4] == -1 && table.durations[4 * 5 + i] == -1)
            #expect(table.distances![i * 5 + 4] == -1 && table.distances![4 * 5 + i] == -1)
        }
    }
}
