import Testing
import WayfinderGraph
@testable import WayfinderImport
import WayfinderRouting

/// The car profile's way and node tags (OSRM car.lua) and OSRM's duration arithmetic, on
/// hand-drawn maps. Every route is also searched with plain Dijkstra, which must agree.
@Suite struct CarProfileTests {
    /// Routes, checks the reference search agrees on the weight, returns the letters passed.
    func letters(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character) throws -> String {
        try drive(map, mode, from, to).letters
    }

    func drive(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character) throws -> (letters: String, route: Route) {
        let graph = try map.graph(mode)
        return try routeCheckedByDijkstra(graph, map, from: map.coordinate(from), to: map.coordinate(to))
    }

    /// Which way a car may use street `pq` tagged `tags` (its middle node `m` tagged `node`),
    /// found by routing between its ends on a loop whose far side is a slow detour:
    /// "pq" (forward only), "qp", "both" or "none".
    func drivable(_ tags: [String: String], node: [String: String] = [:]) throws -> String {
        var map = MapFixture("""
            p-----m-----q
            |           |
            |           |
            r-----------s
            """)
        map.way("pmq", tags.merging(["name": "Test"]) { a, _ in a })
        map.way("prsq", ["highway": "service", "oneway": "no"])
        if !node.isEmpty { map.node("m", node) }
        let forward = try letters(map, .driving, "p", "q") == "pmq", backward = try letters(map, .driving, "q", "p") == "qmp"
        return forward && backward ? "both" : forward ? "pq" : backward ? "qp" : "none"
    }

    @Test func theMostSpecificAccessKeyWinsInEachDirection() throws {
        #expect(try drivable(["highway": "primary", "access": "no", "motorcar:forward": "yes"]) == "pq")
        #expect(try drivable(["highway": "primary", "vehicle": "yes", "motor_vehicle": "no"]) == "none")
        #expect(try drivable(["highway": "primary", "access:backward": "no"]) == "pq")
        #expect(try drivable(["highway": "primary", "access": "no", "access:forward": "no", "motorcar": "yes"]) == "both")
        #expect(try drivable(["highway": "primary", "access:forward": "yes", "motorcar:forward": "no"]) == "qp")
        // A tag for walkers or buses says nothing about cars.
        #expect(try drivable(["highway": "primary", "foot": "no", "psv": "no"]) == "both")
    }

    @Test func accessListsStandForTheirMostPermissivePart() throws {
        #expect(try drivable(["highway": "primary", "access": "forestry;agricultural"]) == "none")
        #expect(try drivable(["highway": "primary", "motorcar": "no;yes"]) == "both")
        #expect(try drivable(["highway": "primary", "motor_vehicle": "agricultural;destination"]) == "both")
        #expect(AccessRules.car.resolve("bus; permissive") == "permissive")
        #expect(AccessRules.car.resolve("some_tag;no") == "no")
    }

    @Test func roadTypesWithoutACarSpeedNeedAnAccessTag() throws {
        #expect(try drivable(["highway": "runway"]) == "none")
        #expect(try drivable(["highway": "runway", "motor_vehicle": "yes"]) == "both")
        #expect(try drivable(["highway": "footway", "access": "permissive"]) == "both")
        #expect(try drivable(["highway": "footway", "access": "private"]) == "none")
        #expect(try drivable(["highway": "steps", "motorcar": "yes"]) == "none")
        #expect(try drivable(["highway": "pedestrian", "vehicle:forward": "yes"]) == "pq")
        #expect(try drivable(["highway": "ice_road"]) == "both")
        #expect(try drivable(["highway": "winter_road", "access": "private"]) == "both")
    }

    @Test func nodeBarriersAndTheAccessTagThatOverridesThem() throws {
        let street = ["highway": "residential"]
        #expect(try drivable(street, node: ["barrier": "bollard"]) == "none")
        #expect(try drivable(street, node: ["barrier": "bollard", "bollard": "rising"]) == "both")
        #expect(try drivable(street, node: ["barrier": "kerb", "kerb": "flush"]) == "both")
        #expect(try drivable(street, node: ["barrier": "kerb", "kerb": "raised"]) == "none")
        #expect(try drivable(street, node: ["barrier": "fence", "sensory": "audible"]) == "both")
        #expect(try drivable(street, node: ["barrier": "height_restrictor", "maxheight": "1.9"]) == "none")
        #expect(try drivable(street, node: ["barrier": "height_restrictor", "maxheight": "none"]) == "both")
        #expect(try drivable(street, node: ["barrier": "wall", "motor_vehicle": "permissive"]) == "both")
        #expect(try drivable(street, node: ["barrier": "lift_gate", "access": "military"]) == "none")
        #expect(try drivable(street, node: ["barrier": "gate", "access": "delivery"]) == "both")
    }

    @Test func carsKeepOffWaysTooLowNarrowShortOrWeak() throws {
        #expect(try drivable(["highway": "primary", "maxheight": "6'6"]) == "none")
        #expect(try drivable(["highway": "primary", "maxheight:physical": "2.1 m"]) == "both")
        #expect(try drivable(["highway": "primary", "maxheight": "no-sign"]) == "both")
        #expect(try drivable(["highway": "primary", "width": "1,5"]) == "none")
        #expect(try drivable(["highway": "primary", "maxwidth:forward": "1.7"]) == "qp")
        #expect(try drivable(["highway": "primary", "narrow": "yes"]) == "both")
        #expect(try drivable(["highway": "primary", "maxlength": "4"]) == "none")
        #expect(try drivable(["highway": "primary", "maxweight": "1.5"]) == "none")
        #expect(try drivable(["highway": "primary", "maxweight": "3000 lbs"]) == "none")
        #expect(try drivable(["highway": "primary", "maxweightrating": "7.5t"]) == "both")
        #expect(PhysicalLimits.metres("6'3\"")! > 1.9 && PhysicalLimits.metres("6'2\"")! < 1.9)
    }

    @Test func impassableSmoothnessClosesAndGoodSurfacesOpenNothing() throws {
        #expect(try drivable(["highway": "primary", "smoothness": "impassable"]) == "none")
        #expect(try drivable(["highway": "primary", "access": "no", "surface": "asphalt"]) == "none")
        #expect(try drivable(["highway": "primary", "tracktype": "nonsense"]) == "both")
    }

    /// Seconds to drive a 3-node street of `tags` (two 100 m stretches) end to end.
    func seconds(_ tags: [String: String], backward: Bool = false) throws -> Double {
        var map = MapFixture("""
            p---------m---------q
            """)
        map.way("pmq", tags)
        let (a, b): (Character, Character) = backward ? ("q", "p") : ("p", "q")
        let result = try drive(map, .driving, a, b)
        #expect(result.letters == (backward ? "qmp" : "pmq"))
        return result.route.duration
    }

    /// OSRM rounds the time of each stretch between two nodes to whole deciseconds.
    func osrmSeconds(_ map: MapFixture, _ nodes: String, kmh: Double) -> Double {
        let letters = Array(nodes)
        return zip(letters, letters.dropFirst()).reduce(0.0) { total, pair in
            total + Double(TravelTimes.deciseconds(TravelTimes.metres(map.coordinate(pair.0), map.coordinate(pair.1)), kmh)) / 10
        }
    }

    /// The fixture's points are snapped a few millimetres off the nodes (the snapper's local
    /// projection), so a route end to end misses a few milliseconds: far less than a decisecond.
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.03 }

    @Test func durationsAreOSRMsRoundedStretchesAtItsSpeeds() throws {
        let map = MapFixture("""
            p---------m---------q
            """)
        // Two 100 m stretches at 65 km/h: 5.54 s each rounds to 5.5 s, 11.0 s in all.
        #expect(osrmSeconds(map, "pmq", kmh: 65) == 11.0)
        #expect(try close(seconds(["highway": "primary"]), 11.0))
        #expect(try close(seconds(["highway": "primary", "maxspeed": "60"]), osrmSeconds(map, "pmq", kmh: 48)))
        #expect(try close(seconds(["highway": "residential", "maxspeed": "30 mph"]), osrmSeconds(map, "pmq", kmh: 30 * 1.609 * 0.8)))
        #expect(try close(seconds(["highway": "trunk", "maxspeed": "CH:rural"]), osrmSeconds(map, "pmq", kmh: 64)))
        #expect(try close(seconds(["highway": "trunk", "maxspeed": "XY:urban"]), osrmSeconds(map, "pmq", kmh: 40)))
        #expect(try close(seconds(["highway": "trunk", "maxspeed": "signals"]), osrmSeconds(map, "pmq", kmh: 85)))
        #expect(try close(seconds(["highway": "motorway", "oneway": "no", "surface": "cobblestone", "tracktype": "grade2"]),
                          osrmSeconds(map, "pmq", kmh: 30)))
        #expect(try close(seconds(["highway": "runway", "access": "yes"]), osrmSeconds(map, "pmq", kmh: 10)))
        // On a reversed one-way the plain maxspeed and the backward one apply, not the forward one.
        #expect(try close(seconds(["highway": "primary", "oneway": "-1", "maxspeed:forward": "30"], backward: true), 11.0))
        #expect(try close(seconds(["highway": "primary", "oneway": "-1", "maxspeed": "20", "maxspeed:backward": "30"], backward: true),
                          osrmSeconds(map, "pmq", kmh: 24)))
    }

    @Test func cheapRulerAgreesWithTheGreatCircleAtCityScale() {
        let a = FixedCoordinate(latitude: 60.17, longitude: 24.94), b = FixedCoordinate(latitude: 60.18, longitude: 24.96)
        let ruler = TravelTimes.metres(a, b), haversine = Geo.distance(a, b)
        #expect(abs(ruler - haversine) / haversine < 0.005)
        #expect(TravelTimes.deciseconds(0.1, 90) == 1)
    }

    /// A street `bcd` (or a stretch of one) with a longer way round, `afge`.
    static let streetWithAWayRound = MapFixture("""
            a---b----c----d---e
            |                 |
            |                 |
            |                 |
            f-----------------g
            """)

    /// A street open only to those with business there, beside a longer through road.
    static func destinationStreet(_ middle: [String: String] = ["highway": "residential", "access": "destination"]) -> MapFixture {
        var map = Self.streetWithAWayRound
        map.way("ab", ["highway": "residential", "name": "West"])
        map.way("bcd", middle.merging(["name": "Quiet"]) { a, _ in a })
        map.way("de", ["highway": "residential", "name": "East"])
        map.way("afge", ["highway": "residential", "name": "Around"])
        return map
    }

    @Test func restrictedStreetsAreOnlyStartedOrEndedOn() throws {
        let map = Self.destinationStreet()
        #expect(try letters(map, .driving, "a", "e") == "afge")
        #expect(try letters(map, .driving, "a", "c") == "abc")
        #expect(try letters(map, .driving, "e", "c") == "edc")
        #expect(try letters(map, .driving, "c", "e") == "cde")
        // The entry charge steers the search but is no travel time (RestrictedRoads): the
        // route into the quiet street takes what driving it takes, as OSRM reports it.
        let into = try drive(map, .driving, "a", "c").route
        #expect(into.duration < 60 && into.duration > 0)
        #expect(try drive(map, .driving, "c", "e").route.duration < 60)
        // Walkers are not concerned.
        #expect(try letters(map, .walking, "a", "e") == "abcde")
    }

    @Test func allHOVLanesAreRestrictedToo() throws {
        let map = Self.destinationStreet(["highway": "primary", "hov:lanes": "designated|designated"])
        #expect(try letters(map, .driving, "a", "e") == "afge")
        let partly = Self.destinationStreet(["highway": "primary", "hov:lanes": "designated|"])
        #expect(try letters(partly, .driving, "a", "e") == "abcde")
    }

    @Test func privateServiceRoadsAreNoPlaceToStartOrEnd() throws {
        var map = MapFixture("""
            a----b----c
                 |
                 x
                 |
            d----e----f
            """)
        map.way("abc", ["highway": "primary"])
        map.way("def", ["highway": "primary"])
        map.way("bxe", ["highway": "service", "access": "private"])
        // x lies on the private road: the route goes to the nearest point of a public one, and
        // uses the private road only because there is no other way there.
        let graph = try map.graph(.driving)
        let snap = try route(graph, map, from: map.coordinate("a"), to: map.coordinate("x"))
        #expect(snap.letters == "ab" || snap.letters == "abxe")
        #expect(try letters(map, .driving, "a", "f") == "abxef")
    }

    /// A restricted way drawn again over part of a through road: the later way's tags hold there.
    @Test func theLaterOfTwoOverlappingWaysHoldsWhereTheyOverlap() throws {
        var map = Self.streetWithAWayRound
        map.way("abcde", ["highway": "residential", "name": "Through"])
        map.way("bcd", ["highway": "residential", "access": "destination", "name": "Quiet"])
        map.way("afge", ["highway": "residential", "name": "Around"])
        #expect(try letters(map, .driving, "a", "e") == "afge")
        #expect(try letters(map, .driving, "a", "c") == "abc")
        // The other way round the later way is open to all: the through road stays usable.
        var open = MapFixture("""
            a---b----c----d---e
            |                 |
            f-----------------g
            """)
        open.way("bcd", ["highway": "residential", "access": "destination", "name": "Quiet"])
        open.way("abcde", ["highway": "residential", "name": "Through"])
        open.way("afge", ["highway": "residential", "name": "Around"])
        #expect(try letters(open, .driving, "a", "e") == "abcde")
    }
}
