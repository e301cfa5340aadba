import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// The cycling mode end to end on hand-drawn maps: the profile's choices as routes (pushed,
/// contraflow, barriers, refusals, ferries), the bicycle's turn costs and restrictions, and
/// what the steps say. Each route is also searched with plain Dijkstra, which must agree.
/// (The profile's tag rules one by one are `CyclingProfileTests`.)
@Suite struct CyclingRouteTests {
    struct Ride {
        let letters: String
        let route: Route
        let directions: Directions
        var modes: [String] { directions.steps.map(\.modeName) }
        var texts: [String] { directions.steps.map(\.instruction) }
        var seconds: Double { route.duration }
    }

    func ride(_ map: MapFixture, _ from: Character, _ to: Character) throws -> Ride {
        let graph = try map.graph(.cycling)
        let fast = try routeCheckedByDijkstra(graph, map, from: map.coordinate(from), to: map.coordinate(to))
        return Ride(letters: fast.letters, route: fast.route,
                    directions: Directions(route: fast.route, graph: graph, destination: map.coordinate(to)))
    }

    /// Whether a bike may be ridden from `from` to `to` at all.
    func rides(_ map: MapFixture, _ from: Character, _ to: Character) throws -> Bool {
        let graph = try map.graph(.cycling)
        return (try? Router(graph: graph).route(from: map.coordinate(from), to: map.coordinate(to))) != nil
    }

    /// One 200 m street, `abc`.
    func street(_ tags: [String: String]) -> MapFixture {
        var map = MapFixture("a---------b---------c")
        map.way("abc", tags)
        return map
    }

    @Test func againstAOneWayStreetTheBikeIsPushed() throws {
        let map = street(["highway": "residential", "oneway": "yes", "name": "Rue Haute"])
        let with = try ride(map, "a", "c"), against = try ride(map, "c", "a")
        #expect(with.modes == ["cycling", "cycling"])
        #expect(against.modes == ["pushing bike", "pushing bike"])
        // 200 m at 15 km/h, and at the walking pace of 4 km/h.
        #expect(abs(with.seconds - 48) < 0.5 && abs(against.seconds - 180) < 0.5, "\(with.seconds) s, \(against.seconds) s")
        #expect(with.texts.first == "Cycle east on Rue Haute")
        #expect(against.texts.first == "Push your bike west along Rue Haute")
        // `foot=no`: not even pushed.
        #expect(try !rides(street(["highway": "residential", "oneway": "yes", "foot": "no"]), "c", "a"))
    }

    @Test func aPushedStretchSaysSo() throws {
        var map = MapFixture("""
            a-------b
                    |
                    |
                    c
            """)
        map.way("ab", ["highway": "residential", "name": "Main"])
        map.way("bc", ["highway": "footway", "name": "Garden Path"])
        let ride = try ride(map, "a", "c")
        // Where one road becomes the next (a new name, no junction) the step says the pushing;
        // at a junction, the turn and the pushing.
        #expect(ride.modes == ["cycling", "pushing bike", "pushing bike"])
        #expect(ride.texts == ["Cycle east on Main", "Push your bike along Garden Path", "You have arrived at your destination"])
        map = MapFixture("""
            a-------b-------d
                    |
                    |
                    c
            """)
        map.way("abd", ["highway": "residential", "name": "Main"])
        map.way("bc", ["highway": "footway", "name": "Garden Path"])
        #expect(try self.ride(map, "a", "c").texts == ["Cycle east on Main", "Turn right and push your bike along Garden Path",
                                                        "You have arrived at your destination"])
    }

    @Test func aContraflowTrackIsRiddenBothWays() throws {
        let map = street(["highway": "residential", "oneway": "yes", "cycleway": "opposite_track"])
        let against = try ride(map, "c", "a")
        #expect(against.modes == ["cycling", "cycling"] && abs(against.seconds - 48) < 0.2)
    }

    @Test func aRoundaboutsFlowIsNotPushedAgainst() throws {
        // Implied one-way: no pushing against it, even where walkers may go.
        #expect(try !rides(street(["highway": "primary", "junction": "roundabout"]), "c", "a"))
        #expect(try !rides(street(["highway": "primary", "junction": "roundabout", "foot": "yes"]), "c", "a"))
        #expect(try rides(street(["highway": "primary", "junction": "roundabout", "oneway:bicycle": "no"]), "c", "a"))
    }

    /// A street `amb` whose middle node carries `middle`, and a long detour `acdb`.
    func barrier(_ middle: [String: String], street: [String: String] = ["highway": "residential"]) throws -> String {
        var map = MapFixture("""
            a---m---b
            |       |
            |       |
            c-------d
            """)
        map.way("amb", street)
        map.node("m", middle)
        map.way("acdb", ["highway": "residential"])
        return try ride(map, "a", "b").letters
    }

    @Test func bollardsPassWallsBlockAndNodeAccessDecides() throws {
        #expect(try barrier(["barrier": "bollard"]) == "amb")
        #expect(try barrier(["barrier": "cycle_barrier"]) == "amb")
        #expect(try barrier(["barrier": "wall"]) == "acdb")
        #expect(try barrier(["barrier": "wall", "access": "yes"]) == "amb")
        #expect(try barrier(["barrier": "bollard", "bicycle": "no"]) == "acdb")
    }

    @Test func noBicyclesMeansNotEvenPushed() throws {
        #expect(try barrier([:], street: ["highway": "footway", "bicycle": "no"]) == "acdb")
        #expect(try barrier([:], street: ["highway": "residential", "bicycle": "use_sidepath"]) == "acdb")
        #expect(try barrier([:], street: ["highway": "motorway"]) == "acdb")
        // A footway is pushed (4 km/h: 40 m in 36 s) rather than ridden round (200 m, 48 s
        // and two turns).
        var map = MapFixture("""
            a-m-b
            |   |
            |   |
            |   |
            |   |
            c---d
            """)
        map.way("amb", ["highway": "footway"])
        map.way("acdb", ["highway": "residential"])
        let pushed = try ride(map, "a", "b")
        #expect(pushed.letters == "amb" && pushed.modes == ["pushing bike", "pushing bike"])
        #expect(abs(pushed.seconds - 36) < 0.2)
    }

    @Test func theFerryIsAStepOfItsOwn() throws {
        var map = MapFixture("a----b-------------c----d")
        map.way("ab", ["highway": "primary", "name": "Quay"])
        map.way("bc", ["route": "ferry", "bicycle": "yes", "name": "Ferry"])
        map.way("cd", ["highway": "primary", "name": "Pier"])
        let crossing = try ride(map, "a", "d")
        #expect(crossing.modes == ["cycling", "ferry", "cycling", "cycling"])
    }

    /// The T: `abc` a primary road, `bd` a side street; from `d` left to `a` or right to `c`.
    func tJunction(at origin: (lat: Double, lon: Double)) -> MapFixture {
        var map = MapFixture("""
            a-------b-------c
                    |
                    |
                    d
            """, origin: origin)
        map.way("abc", ["highway": "primary", "name": "Main"])
        map.way("bd", ["highway": "residential", "name": "Side"])
        return map
    }

    @Test func turnsCostTheSquareOfTheirAngleMirroredWhereTrafficKeepsLeft() throws {
        let right = tJunction(at: MapFixture.origin), left = tJunction(at: (lat: -33.9, lon: 151.2))
        // Right-hand traffic: a right angle costs 6 s / 1.4 = 4.2 s turning right, 6 × 1.4 = 8.4 s
        // turning left; the streets are equally long. Each cost is cut to whole deciseconds, so
        // a bearing a hair under 90° makes a difference of a decisecond.
        let rightHanded = try ride(right, "d", "a").route.weight - ride(right, "d", "c").route.weight
        #expect(abs(Int(rightHanded) - 4200) <= 100)
        let leftHanded = try ride(left, "d", "c").route.weight - ride(left, "d", "a").route.weight
        #expect(abs(Int(leftHanded) - Int(rightHanded)) <= 100, "left-hand \(leftHanded) ms, right-hand \(rightHanded) ms")
    }

    /// The T with `except` on a `no_left_turn` from the side street into `ab`: bicycles
    /// exempt only where the list has exactly `bicycle` between its semicolons (OSRM does not
    /// trim), else the bike goes on to `c`'s dead end and turns back.
    @Test(arguments: [("bicycle", "dba"), ("bicycle;bus", "dba"), ("bus; bicycle", "dbcba"), ("psv", "dbcba")])
    func restrictionsExceptBicyclesLeaveTheTurnOpen(except: String, expected: String) throws {
        var map = MapFixture("""
            a-------b-------c
                    |
                    |
                    d
            """)
        map.way("ab", ["highway": "primary", "name": "Main"])
        map.way("bc", ["highway": "primary", "name": "Main"])
        map.way("bd", ["highway": "residential", "name": "Side"])
        map.restriction(from: "bd", via: "b", to: "ab", "no_left_turn", tags: ["except": except])
        #expect(try ride(map, "d", "a").letters == expected)
    }
}
