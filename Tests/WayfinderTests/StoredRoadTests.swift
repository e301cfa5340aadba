import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// osrm-routed keeps each road in one stored direction (a one-way road's, else from its end
/// with the lower OSM node id to the higher), and two answers follow from it: the side of a
/// waypoint on the road's line for `approaches`, and which node the `nodes` annotation names
/// before a start or after an end on a node. Fixture node ids are the letters' code points, so
/// "a" < "b" < …; each map is also drawn mirrored, to show the direction comes from the ids,
/// not the drawing or the way's direction.
@Suite struct StoredRoadTests {
    /// A two-way street, the letters in order from west to east, or from east to west.
    static func street(mirrored: Bool) -> MapFixture {
        var map = MapFixture(mirrored ? "d---c---b---a" : "a---b---c---d")
        map.way(mirrored ? "dcba" : "abcd", ["highway": "residential"])
        return map
    }

    func snaps(_ graph: RoutingGraph, _ points: [FixedCoordinate], _ constraints: [SnapConstraints]) throws -> [Snap] {
        try Snapper(graph: graph).snap(points, maxDistance: { _ in 50 }, constraints: { constraints[$0] })
    }

    /// Routes between two snaps, CH and Dijkstra alike; the route and the letters passed.
    func route(_ map: MapFixture, _ graph: RoutingGraph, _ from: Character, _ to: Character,
               _ start: Approach = .unrestricted, _ end: Approach = .unrestricted) throws -> (route: Route, letters: String) {
        let s = try snaps(graph, [map.coordinate(from), map.coordinate(to)],
                          [SnapConstraints(approach: start), SnapConstraints(approach: end)])
        let fast = try Router(graph: graph).route(from: s[0], to: s[1])
        let slow = try Router(graph: graph, reference: true).route(from: s[0], to: s[1])
        #expect(fast.weight == slow.weight)
        return (fast, lettersOnRoute(graph.geometry(of: fast), map))
    }

    @Test func aCurbApproachOnANodeOfTheRoadLeavesInTheStoredDirection() throws {
        // Right-hand traffic here: a point on the road's line counts as lying on the right of
        // the stored direction, so curb leaves that way, opposite the other.
        for mirrored in [false, true] {
            let map = Self.street(mirrored: mirrored), graph = try map.graph(.driving)
            #expect(DrivingSide.at(map.coordinate("a")) == .right)
            // Stored from a (the lowest id) to d: curb at c heads on to d, turns there and
            // comes back; opposite heads straight for a.
            #expect(try route(map, graph, "c", "a", .curb).letters == "cdcba")
            #expect(try route(map, graph, "c", "a", .opposite).letters == "cba")
            // Arriving: curb reaches b travelling from a towards d, after turning at a.
            #expect(try route(map, graph, "c", "b", .unrestricted, .curb).letters == "cbab")
            #expect(try route(map, graph, "c", "b", .unrestricted, .opposite).letters == "cb")
        }
    }

    /// The street of `WaypointOptionsTests`, whose b is an intersection with a private drive.
    /// A U-turn is only allowed where no other turn is (`SearchGraph`), as in OSRM, so b
    /// has none: a route that must head the other way turns at the dead end d.
    @Test func aCurbApproachOnAnIntersectionTakesEachRoadAsItsSideAllows() throws {
        let map = WaypointOptionsTests.street, graph = try map.graph(.driving)
        let plain = try route(map, graph, "b", "a")
        // At b, a-b is stored towards b and b-c-d away from it: curb leaves east either way
        // (along b-c, or arriving along a-b and turning, which can only go on east).
        let curb = try route(map, graph, "b", "a", .curb)
        #expect(plain.letters == "ba" && curb.letters == "bcdcba", "\(curb.letters)")
        #expect(curb.route.weight > plain.route.weight + Turn.uTurnCost)
        // Opposite leaves west along a-b straight away.
        #expect(try route(map, graph, "b", "a", .opposite).route.weight == plain.route.weight)
        // Arriving at b: curb along a-b as it is stored; opposite arrives along c-b against
        // b-c's stored direction, so after the turn at d.
        #expect(try route(map, graph, "a", "b", .unrestricted, .curb).route.weight == route(map, graph, "a", "b").route.weight)
        let opposite = try route(map, graph, "a", "b", .unrestricted, .opposite)
        #expect(opposite.letters == "abcdcb", "\(opposite.letters)")
    }

    /// The `nodes` annotation of a route between two snaps.
    func nodes(_ map: MapFixture, _ graph: RoutingGraph, _ from: Character, _ to: Character,
               _ start: Approach = .unrestricted) throws -> String {
        let route = try route(map, graph, from, to, start).route
        let ids = try #require(DirectionsBuilder(graph: graph).directions(for: route, annotated: true).annotation?.nodes)
        return String(ids.map { Character(UnicodeScalar(UInt8($0))) })
    }

    @Test func aStartOrEndOnANodeOfTheRoadNamesTheNodeBeforeItInTheStoredDirection() throws {
        for mirrored in [false, true] {
            let map = Self.street(mirrored: mirrored), graph = try map.graph(.driving)
            // Stored from a to d: a start on b travelling that way lies on the stretch a-b
            // (osrm-routed's first stretch in the stored order), and names a before b.
            #expect(try nodes(map, graph, "b", "d") == "abcd")
            #expect(try nodes(map, graph, "c", "a") == "cba")
            // An end on c travelling against it lies on b-c too, and names b after c.
            #expect(try nodes(map, graph, "d", "b") == "dcba")
            #expect(try nodes(map, graph, "a", "c") == "abc")
        }
        // A one-way road is stored in its direction of travel, whatever its ids: here from d
        // to a, so a start on c names d, and an end on b names b itself.
        var map = MapFixture("d---c---b---a")
        map.way("abcd", ["highway": "residential", "oneway": "-1"])
        let graph = try map.graph(.driving)
        #expect(try nodes(map, graph, "c", "a") == "dcba")
        #expect(try nodes(map, graph, "d", "b") == "dcb")
    }

    @Test func aStartOnAnIntersectionNamesTheRoadItLeavesBy() throws {
        // Curb at the intersection b, towards a: the route leaves east along b-c, stored
        // from b, and turns at d. The start is b-c's first node, so the list starts at b.
        let map = WaypointOptionsTests.street, graph = try map.graph(.driving)
        let curb = try nodes(map, graph, "b", "a", .curb)
        #expect(curb == "bcdcba", "\(curb)")
        #expect(try nodes(map, graph, "b", "a") == "ba")
    }
}
