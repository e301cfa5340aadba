import Foundation
import Testing
import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderRouting

/// Isochrones on hand-drawn maps, each behaviour exact: a one-way street, a river with one
/// bridge, a cul-de-sac, a turn restriction. Drawn at 10× the fixtures' usual scale (columns
/// 100 m apart, lines 200 m) so that the contours' grids resolve them.
@Suite struct IsochroneFixtureTests {
    /// The engine's answer for `request` on `map`.
    func isochrone(_ map: MapFixture, _ request: IsochroneRequest) throws -> IsochroneAnswer {
        let path = try map.graphFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let engine = try Engine(graphPath: path)
        return try engine.withQueries { queries in
            try request.validate(limits: queries.limits)
            return try request.answer(queries)
        }
    }

    /// The road point nearest `p` on `graph`, inside its segment.
    func snap(_ graph: RoutingGraph, _ p: FixedCoordinate) throws -> Snap {
        try #require(Snapper(graph: graph).nearest(to: p, maxDistance: 50)?.any)
    }

    /// A one-way street is driven its way only: departing from a the far end c is reached
    /// through it; arriving at a, c cannot get there (nor can anything past b), so the
    /// contour stops at b.
    @Test func aOneWayStreetOnlyItsWay() throws {
        var map = MapFixture("""
            a---b---c
            """, scale: 10)
        map.way("ab", ["highway": "residential"])
        map.way("bc", ["highway": "residential", "oneway": "yes"])
        let nearC = map.coordinate(near: "c", east: -30)
        var request = IsochroneRequest(mode: .driving, location: map.coordinate(near: "a", east: 20), contours: [10])
        request.polygons = true
        let depart = try isochrone(map, request)
        #expect(contourContains(depart.contours[0], nearC), "c is reached through the one-way street")
        request.direction = .arrive
        let arrive = try isochrone(map, request)
        #expect(!contourContains(arrive.contours[0], nearC), "nothing gets from c to a against the one-way street")
        #expect(contourContains(arrive.contours[0], map.coordinate(near: "b", east: -50)))

        let graph = try map.graph(.driving)
        let query = ReachQuery(graph: graph, transposed: graph.base.transposed())
        let origin = try snap(graph, map.coordinate(near: "a", east: 20))
        query.search(from: origin, direction: .arrive, maxMilliseconds: 600_000)
        #expect(query.reach(at: try snap(graph, nearC)) == nil)
        query.search(from: origin, direction: .depart, maxMilliseconds: 600_000)
        #expect(query.reach(at: try snap(graph, nearC)) != nil)
    }

    /// A river with one bridge, at its east end: the far bank opposite the origin is 200 m
    /// away as the crow flies and 2.2 km on foot. Ten minutes' walk reach along the near bank
    /// but not across; the far bank's west end lies outside, a hole of the network.
    @Test func aRiverWithOneBridge() throws {
        var map = MapFixture("""
            a---------b
                      |
            c---------d
            """, scale: 10)
        map.way("ab", ["highway": "footway"])
        map.way("bd", ["highway": "footway", "bridge": "yes"])
        map.way("cd", ["highway": "footway"])
        var request = IsochroneRequest(mode: .walking, location: map.coordinate(near: "a", east: 10), contours: [10, 40])
        request.polygons = true
        let answer = try isochrone(map, request)
        let ten = answer.contours[0], forty = answer.contours[1]
        #expect(contourContains(ten, map.coordinate(near: "a", east: 300)), "along the near bank")
        #expect(!contourContains(ten, map.coordinate(near: "c", east: 10)), "across the river: 2.2 km round by the bridge")
        #expect(!contourContains(ten, map.coordinate(near: "c", east: 10, north: 100)), "the river itself")
        #expect(contourContains(forty, map.coordinate(near: "c", east: 10)), "40 minutes go round by the bridge")
    }

    /// A cul-de-sac is driven to its end (and out again: the car turns at the dead end).
    @Test func aCulDeSacToItsEnd() throws {
        var map = MapFixture("""
            a---b---c
                |
                |
                d
            """, scale: 10)
        map.way("abc", ["highway": "residential"])
        map.way("bd", ["highway": "residential"])
        let graph = try map.graph(.driving)
        let query = ReachQuery(graph: graph, transposed: graph.base.transposed())
        let origin = try snap(graph, map.coordinate(near: "a", east: 20))
        let end = try snap(graph, map.coordinate(near: "d", north: 5))
        query.search(from: origin, direction: .depart, maxMilliseconds: 600_000)
        let there = try #require(query.reach(at: end))
        // Out again: from the dead end's last metres back to the origin (a left turn at b
        // where coming in was a right one: another time, the router's).
        query.search(from: origin, direction: .arrive, maxMilliseconds: 600_000)
        let back = try #require(query.reach(at: end))
        let router = Router(graph: graph)
        #expect(there.milliseconds == (try router.route(from: origin, to: end)).weight)
        #expect(back.milliseconds == (try router.route(from: end, to: origin)).weight)
        var request = IsochroneRequest(mode: .driving, location: map.coordinate(near: "a", east: 20), contours: [5])
        request.polygons = true
        #expect(contourContains(try isochrone(map, request).contours[0], map.coordinate(near: "d", north: 5)))
    }

    /// A turn restriction holds both ways: no right turn from ab into bd means going on to
    /// the dead end c, turning, and coming back; arriving at d, the same route is timed.
    @Test func aTurnRestrictionBothWays() throws {
        func map(restricted: Bool) -> MapFixture {
            var map = MapFixture("""
                a---b---c
                    |
                    d
                """, scale: 10)
            map.way("ab", ["highway": "residential"])
            map.way("bc", ["highway": "residential"])
            map.way("bd", ["highway": "residential"])
            if restricted { map.restriction(from: "ab", via: "b", to: "bd", "no_right_turn") }
            return map
        }
        var times: [Int32] = []
        for restricted in [false, true] {
            let fixture = map(restricted: restricted)
            let graph = try fixture.graph(.driving)
            let query = ReachQuery(graph: graph, transposed: graph.base.transposed())
            let a = try snap(graph, fixture.coordinate(near: "a", east: 20))
            let d = try snap(graph, fixture.coordinate(near: "d", north: 20))
            query.search(from: a, direction: .depart, maxMilliseconds: 900_000)
            let departing = try #require(query.reach(at: d))
            query.search(from: d, direction: .arrive, maxMilliseconds: 900_000)
            let arriving = try #require(query.reach(at: a))
            #expect(departing.milliseconds == arriving.milliseconds, "restricted \(restricted)")
            #expect(departing.milliseconds == (try Router(graph: graph).route(from: a, to: d)).weight)
            times.append(departing.milliseconds)
        }
        // Round by c: 2 × 400 m of residential street and the turn at its end, at least.
        #expect(times[1] > times[0] + 40_000, "\(times)")
    }
}
