import Testing
import WayfinderGraph
import WayfinderRouting

/// Exact behaviours on hand-drawn maps. Each test also checks that plain Dijkstra agrees.
@Suite struct FixtureTests {
    /// Routes, checks the reference search agrees on the weight, returns the letters passed.
    func letters(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character) throws -> String {
        let graph = try map.graph(mode)
        return try routeCheckedByDijkstra(graph, map, from: map.coordinate(from), to: map.coordinate(to)).letters
    }

    @Test func onewayIsDrivenOnlyForwardButWalkedBothWays() throws {
        var map = MapFixture("""
            a-------b
            |       |
            c-------d
            """)
        map.way("ab", ["highway": "primary", "oneway": "yes"])
        map.way("bdca", ["highway": "residential"])
        #expect(try letters(map, .driving, "a", "b") == "ab")
        #expect(try letters(map, .driving, "b", "a") == "bdca")
        #expect(try letters(map, .walking, "b", "a") == "ba")
    }

    @Test func reversedOnewayAndImpliedOnewayOnMotorways() throws {
        var map = MapFixture("""
            a-------b
            |       |
            c-------d
            """)
        map.way("ab", ["highway": "primary", "oneway": "-1"])
        map.way("cd", ["highway": "motorway"])
        map.way("ac", ["highway": "residential"])
        map.way("bd", ["highway": "residential"])
        #expect(try letters(map, .driving, "a", "b") == "acdb")
        #expect(try letters(map, .driving, "b", "a") == "ba")
        #expect(try letters(map, .driving, "d", "c") == "dbac")
    }

    /// Which way a car may use a two-node street `ab` with `tags`, by routing between its ends
    /// on a square whose other sides are a slow detour: "ab" (forward only), "ba", "both", "none".
    func drivable(_ tags: [String: String]) throws -> String {
        var map = MapFixture("""
            a-------b
            |       |
            c-------d
            """)
        map.way("ab", tags)
        map.way("acdb", ["highway": "service", "oneway": "no"])
        let forward = try letters(map, .driving, "a", "b") == "ab", backward = try letters(map, .driving, "b", "a") == "ba"
        return forward && backward ? "both" : forward ? "ab" : backward ? "ba" : "none"
    }

    /// OSRM car.lua's one-way and closure rules: the most specific `oneway:*` tag wins; only
    /// motorways (not their links) and roundabouts are one-way without a tag; reversible
    /// one-ways, `highway=road` and roads under construction are closed; alternating ones are not.
    @Test func carOnewayAndClosureTagsAsOSRM() throws {
        #expect(try drivable(["highway": "primary", "oneway:motorcar": "yes"]) == "ab")
        #expect(try drivable(["highway": "primary", "oneway:motor_vehicle": "yes", "oneway:vehicle": "no"]) == "ab")
        #expect(try drivable(["highway": "primary", "oneway:vehicle": "-1", "oneway": "yes"]) == "ba")
        #expect(try drivable(["highway": "primary", "oneway:vehicle": "no", "oneway": "yes"]) == "both")
        #expect(try drivable(["highway": "motorway_link"]) == "both")
        #expect(try drivable(["highway": "motorway"]) == "ab")
        #expect(try drivable(["highway": "primary", "oneway": "alternating"]) == "both")
        #expect(try drivable(["highway": "primary", "oneway": "reversible"]) == "none")
        #expect(try drivable(["highway": "road"]) == "none")
        #expect(try drivable(["highway": "primary", "construction": "yes"]) == "none")
        #expect(try drivable(["highway": "primary", "construction": "minor"]) == "both")
    }

    @Test func noRightTurnIsNeverTaken() throws {
        var map = MapFixture("""
            a---b---c
                |   |
                d---e
            """)
        map.way("ab", ["highway": "primary"])
        map.way("bc", ["highway": "primary"])
        map.way("bd", ["highway": "residential"])
        // Slow enough that a left turn (and its wait for oncoming traffic) at b is quicker.
        map.way("ce", ["highway": "service"])
        map.way("ed", ["highway": "service"])
        #expect(try letters(map, .driving, "a", "d") == "abd")
        map.restriction(from: "ab", via: "b", to: "bd", "no_right_turn")
        #expect(try letters(map, .driving, "a", "d") == "abced")
        // The restriction binds cars only.
        #expect(try letters(map, .walking, "a", "d") == "abd")
        // Other turns at the via node stay allowed: coming from c, left into b-d.
        let graph = try map.graph(.driving)
        let fromBC = try route(graph, map, from: map.coordinate(near: "b", east: 10), to: map.coordinate("d"))
        #expect(fromBC.letters == "bd")
    }

    @Test func onlyStraightOnForcesAUTurnOnlyAtTheDeadEnd() throws {
        var map = MapFixture("""
                d
                |
            a---b---c
                |
                e
            """)
        map.way("ab", ["highway": "primary"])
        map.way("bc", ["highway": "primary"])
        map.way("dbe", ["highway": "residential"])
        map.restriction(from: "ab", via: "b", to: "bc", "only_straight_on")
        // Straight on to the dead end at c, turn there, then left at b.
        #expect(try letters(map, .driving, "a", "d") == "abcbd")
        #expect(try letters(map, .driving, "a", "e") == "abcbe")
        #expect(try letters(map, .driving, "c", "d") == "cbd")
    }

    @Test func restrictionExceptionsForCarsAreIgnored() throws {
        var map = MapFixture("""
            a---b---c
                |   |
                d---e
            """)
        map.way("abc", ["highway": "primary"])
        map.way("bd", ["highway": "residential"])
        map.way("ced", ["highway": "residential"])
        map.restriction(from: "abc", via: "b", to: "bd", "no_right_turn", tags: ["except": "motorcar"])
        #expect(try letters(map, .driving, "a", "d") == "abd")
    }

    /// A restriction whose to-way passes through the via node (which way out is meant?) or does
    /// not touch it is ignored, as OSRM does; so are `*_on_red` ones (about traffic lights).
    @Test func ambiguousInvalidAndOnRedRestrictionsAreIgnored() throws {
        var map = MapFixture("""
            x---a----b-----c---z
                     |
                     d
            """)
        map.way("abc", ["highway": "residential"])
        map.way("bd", ["highway": "residential"])
        map.way("xa", ["highway": "residential"])
        map.way("cz", ["highway": "residential"])
        map.restriction(from: "bd", via: "b", to: "abc", "no_left_turn")
        #expect(try letters(map, .driving, "d", "x") == "dbax")
        #expect(try letters(map, .driving, "d", "z") == "dbcz")

        var cross = MapFixture("""
                a
                |
            d---j---b---r
                |
                c
            """)
        cross.way("cj", ["highway": "residential", "oneway": "yes"])
        for w in ["aj", "dj", "bj", "rb"] { cross.way(w, ["highway": "residential", "oneway": "-1"]) }
        cross.restriction(from: "cj", via: "j", to: "rb", "only_right_turn")    // rb does not reach j
        #expect(try letters(cross, .driving, "c", "r") == "cjbr")
        var red = cross
        red.restriction(from: "cj", via: "j", to: "dj", "no_left_turn_on_red")
        #expect(try letters(red, .driving, "c", "d") == "cjd")

        // The control: a to-way that ends at the via node is obeyed.
        var valid = cross
        valid.restriction(from: "cj", via: "j", to: "dj", "no_left_turn")
        #expect(throws: RouteError.noRoute) { try letters(valid, .driving, "c", "d") }
    }

    @Test func accessTagsCloseRoadsPerMode() throws {
        var map = MapFixture("""
            a---b---c
            |       |
            d-------e
            """)
        map.way("ab", ["highway": "residential"])
        map.way("bc", ["highway": "residential", "motor_vehicle": "no"])
        map.way("adec", ["highway": "residential"])
        #expect(try letters(map, .driving, "a", "c") == "adec")
        #expect(try letters(map, .walking, "a", "c") == "abc")
    }

    @Test func mostSpecificAccessTagWins() throws {
        var map = MapFixture("""
            a-------b
            |       |
            c-------d
            """)
        map.way("ab", ["highway": "residential", "access": "no", "motorcar": "yes"])
        map.way("acdb", ["highway": "residential"])
        #expect(try letters(map, .driving, "a", "b") == "ab")
        #expect(try letters(map, .walking, "a", "b") == "acdb")
    }

    @Test func bollardBlocksCarsNotWalkers() throws {
        var map = MapFixture("""
            a---b---c
            |       |
            d-------e
            """)
        map.way("abc", ["highway": "residential"])
        map.way("adec", ["highway": "residential"])
        map.node("b", ["barrier": "bollard"])
        #expect(try letters(map, .driving, "a", "c") == "adec")
        #expect(try letters(map, .walking, "a", "c") == "abc")
        // A cattle grid is passable (a gate too, but costs a minute: `TurnCostTests`).
        map.node("b", ["barrier": "cattle_grid"])
        #expect(try letters(map, .driving, "a", "c") == "abc")
    }

    @Test func roundaboutIsDrivenInItsOwnDirection() throws {
        var map = MapFixture("""
                  a
                  |
                  b
                /   \\
              c       d---e
                \\   /
                  f
            """)
        map.way("ab", ["highway": "primary"])
        map.way("de", ["highway": "primary"])
        map.way("bcfdb", ["highway": "primary", "junction": "roundabout"])
        #expect(try letters(map, .driving, "a", "e") == "abcfde")
        #expect(try letters(map, .driving, "e", "a") == "edba")
        #expect(try letters(map, .walking, "a", "e") == "abde")
    }

    @Test func snapsToTheMiddleOfASegment() throws {
        var map = MapFixture("""
            a----------b
            """)
        map.way("ab", ["highway": "residential"])
        let graph = try map.graph(.driving)
        let router = Router(graph: graph)
        let r = try router.route(from: map.coordinate(near: "a", east: 20, north: 5),
                                 to: map.coordinate(near: "a", east: 80, north: -3))
        #expect(abs(graph.distance(of: r) - 60) < 0.5)
        #expect(abs(r.source.distance - 5) < 0.1)
        #expect(abs(r.target.distance - 3) < 0.1)
        let line = graph.geometry(of: r)
        #expect(line.count == 2)
        #expect(Geo.distance(line[0], map.coordinate(near: "a", east: 20)) < 0.1)
        // Backwards along the same two-way segment.
        let back = try router.route(from: map.coordinate(near: "a", east: 80), to: map.coordinate(near: "a", east: 20))
        #expect(abs(graph.distance(of: back) - 60) < 0.5)
    }

    @Test func targetBehindOnAOnewayNeedsALoop() throws {
        var map = MapFixture("""
            a----------b
            |          |
            c----------d
            """)
        map.way("ab", ["highway": "residential", "oneway": "yes"])
        map.way("bdca", ["highway": "residential", "oneway": "yes"])
        let graph = try map.graph(.driving)
        for reference in [false, true] {
            let router = Router(graph: graph, reference: reference)
            let r = try router.route(from: map.coordinate(near: "a", east: 80), to: map.coordinate(near: "a", east: 20))
            // Round the block: 30 m on to b, then b-d (40), d-c (110), c-a (40), and 20 m to the target.
            #expect(abs(graph.distance(of: r) - (30 + 40 + 110 + 40 + 20)) < 1)
        }
    }

    @Test func unreachableTargetOnAOnewayStubIsNoRoute() throws {
        var map = MapFixture("""
            a----------b
            """)
        map.way("ab", ["highway": "residential", "oneway": "yes"])
        let graph = try map.graph(.driving)
        #expect(throws: RouteError.noRoute) {
            try Router(graph: graph).route(from: map.coordinate(near: "a", east: 80), to: map.coordinate(near: "a", east: 20))
        }
        #expect(throws: RouteError.noRoute) {
            try Router(graph: graph, reference: true).route(from: map.coordinate(near: "a", east: 80), to: map.coordinate(near: "a", east: 20))
        }
    }

    /// A loop of streets a-b-c-e-d and, apart from it, a two-node island x-y.
    func loopAndIsland() -> MapFixture {
        var map = MapFixture("""
            a---b---c      x--y
            |       |
            d-------e
            """)
        map.way("abc", ["highway": "residential"])
        map.way("adec", ["highway": "residential"])
        map.way("xy", ["highway": "residential"])
        return map
    }

    @Test func tinyIslandsAreAvoidedWhenTheMainNetworkIsNear() throws {
        var map = loopAndIsland()
        // A 32 x 32 street grid 1 km south of e, joined to it: the loop is part of a main network.
        let corner = map.grid(side: 32, spacing: 50, near: "e", east: 0, north: -1000, ["highway": "residential"])
        map.way("e" + String(corner), ["highway": "residential"])
        let graph = try map.graph(.walking)
        #expect(graph.hasMainNetwork)
        let router = Router(graph: graph)
        // From beside the island to a: the island is closer, but it leads nowhere.
        let r = try router.route(from: map.coordinate(near: "x", north: 2), to: map.coordinate("a"))
        #expect(!graph.isOnIsland(segment: r.source.segment))
        #expect(Geo.distance(r.source.location, map.coordinate("c")) < 1)
        // Both ends on the same island: route there.
        let local = try router.route(from: map.coordinate(near: "x", east: 5), to: map.coordinate(near: "y", east: -5))
        #expect(graph.isOnIsland(segment: local.source.segment))
        #expect(abs(graph.distance(of: local) - 20) < 0.5)
    }

    /// OSRM's rule: a tiny component is avoided only when a big one is within reach. Here no
    /// component is big, so each end snaps to its nearest segment and the route says so.
    @Test func withoutAMainNetworkTheNearestSegmentWins() throws {
        let map = loopAndIsland()
        let graph = try map.graph(.walking)
        #expect(!graph.hasMainNetwork)
        for reference in [false, true] {
            let router = Router(graph: graph, reference: reference)
            #expect(throws: RouteError.noRoute) {
                try router.route(from: map.coordinate(near: "x", north: 2), to: map.coordinate("a"))
            }
            let local = try router.route(from: map.coordinate(near: "b", north: 2), to: map.coordinate("e"))
            #expect(Geo.distance(local.source.location, map.coordinate("b")) < 1)
        }
    }

    /// A cross of one-way streets: the turn graph has no cycle, so every directed segment is a
    /// component of its own. The start stays on the street it is on (OSRM's car restriction
    /// scenarios are drawn like this), by the hierarchy and by Dijkstra alike.
    @Test func aCrossOfOneWaysStartsOnTheNearestStreet() throws {
        var map = MapFixture("""
                a
                |
            b---x---c
                |
                d
            """)
        map.way("ax", ["highway": "residential", "oneway": "yes"])
        map.way("xd", ["highway": "residential", "oneway": "yes"])
        map.way("bx", ["highway": "residential", "oneway": "yes"])
        map.way("xc", ["highway": "residential", "oneway": "yes"])
        let graph = try map.graph(.driving)
        for reference in [false, true] {
            let router = Router(graph: graph, reference: reference)
            let r = try router.route(from: map.coordinate("a"), to: map.coordinate("c"))
            #expect(r.source.distance < 1 && r.target.distance < 1)
            #expect(abs(graph.distance(of: r) - (Geo.distance(map.coordinate("a"), map.coordinate("x"))
                                                  + Geo.distance(map.coordinate("x"), map.coordinate("c")))) < 0.5)
        }
    }

    @Test func farFromEveryRoadIsNoSegment() throws {
        var map = MapFixture("""
            a---b
            """)
        map.way("ab", ["highway": "residential"])
        let router = Router(graph: try map.graph(.driving))
        #expect(throws: RouteError.noSegment(isSource: true)) {
            try router.route(from: map.coordinate(near: "a", north: 5000), to: map.coordinate("b"), maxSnap: 1000)
        }
        #expect(throws: RouteError.noSegment(isSource: false)) {
            try router.route(from: map.coordinate("a"), to: map.coordinate(near: "a", north: -5000), maxSnap: 1000)
        }
    }

    @Test func footwaysStepsAndPathsAreWalkingOnly() throws {
        var map = MapFixture("""
            a---b---c
            |       |
            d---e---f
            """)
        map.way("abc", ["highway": "footway"])
        map.way("ad", ["highway": "steps"])
        map.way("def", ["highway": "residential"])
        map.way("cf", ["highway": "path"])
        #expect(try letters(map, .walking, "a", "c") == "abc")
        // A car is snapped onto the street below instead.
        #expect(try letters(map, .driving, "a", "c") == "def")
        #expect(try letters(map, .driving, "d", "f") == "def")
    }
}
