import Foundation
import Testing
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
@testable import WayfinderImport
import WayfinderRouting

/// Ferries, shuttle trains, movable bridges and the way classes of the car profile, on
/// hand-drawn maps (after OSRM's car.lua and foot.lua). Every route is searched with the
/// contraction hierarchy and with plain Dijkstra, which must agree.
@Suite struct FerryTests {
    /// A quay road, a ferry with a pier road meeting it half-way at `e`, the road on the far side:
    ///
    ///     a-----b          (a-b: Quay Road)
    ///           |          (b-e-c: the ferry, 60 m then 40 m)
    ///           |
    ///           e---f      (e-f: Pier Road)
    ///           |
    ///           c-----d    (c-d: Harbour Road)
    static func harbour(ferry: [String: String] = [:]) -> MapFixture {
        var map = MapFixture("""
            a-----b
                  |
                  |
                  e---f
                  |
                  c-----d
            """)
        map.way("ab", ["highway": "primary", "name": "Quay Road"])
        map.way("bec", ["route": "ferry", "name": "Strait Ferry"].merging(ferry) { _, new in new })
        map.way("ef", ["highway": "residential", "name": "Pier Road"])
        map.way("cd", ["highway": "primary", "name": "Harbour Road"])
        return map
    }

    /// Routes both ways (CH and Dijkstra), checks they agree, returns the CH route and the graph.
    func route(_ map: MapFixture, _ mode: TravelMode, _ from: FixedCoordinate, _ to: FixedCoordinate,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> (Route, RoutingGraph) {
        let graph = try map.graph(mode)
        let fast = try Router(graph: graph).route(from: from, to: to)
        let slow = try Router(graph: graph, reference: true).route(from: from, to: to)
        #expect(fast.weight == slow.weight, sourceLocation: sourceLocation)
        return (fast, graph)
    }

    func route(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> (Route, RoutingGraph) {
        try route(map, mode, map.coordinate(from), map.coordinate(to), sourceLocation: sourceLocation)
    }

    /// The steps as "type modifier name mode", e.g. "notification right Strait Ferry ferry".
    func steps(_ route: Route, _ graph: RoutingGraph) -> [String] {
        Directions(route: route, graph: graph).steps.map { step in
            [step.maneuver.type.description, step.maneuver.modifier?.description, step.name, step.modeName]
                .compactMap { $0 }.joined(separator: " ")
        }
    }

    /// Milliseconds to cover `metres` at `kmh`.
    func millis(_ metres: Double, kmh: Double) -> Double { metres / (kmh / 3.6) * 1000 }

    /// Whether two times (milliseconds) agree to within the rounding of a few segments.
    /// Durations are whole deciseconds per stretch between nodes on OSRM's flat-earth
    /// distance (`TravelTimes`), the expectations great-circle arithmetic: within 1%.
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.01 * b + 100 }

    /// Metres of the route's segments on ways named `name`.
    func metres(on name: String, _ route: Route, _ graph: RoutingGraph) -> Double {
        var total = 0.0
        for piece in route.pieces where graph.names[graph.ways[Int(graph.segments[Int(piece.segment)].way)].name] == name {
            total += graph.length(of: piece)
        }
        return total
    }

    @Test func durationTagsParseAsOSRMDoes() {
        let valid: [String: Int] = [
            "00:01:00": 60, "0:10": 600, "1:00": 3600, "10:00": 36_000, "45": 2700, "5": 300, "25:00:00": 90_000,
            "PT1M": 60, "PT1H30M": 5400, "PT2h": 7200, "P1DT2H": 93_600, "P2W": 1_209_600, "PT013000": 5400,
            "PT01:30:00": 5400, "PT90S": 90, "P": 0,
        ]
        for (text, seconds) in valid { #expect(parseWayDuration(text) == seconds, "\(text)") }
        for text in ["", "pt2h", "123", "1:2:3:4", "1 hour", "T1M", "PT1X", "PT013000S", "PT24:00:00", "P1W2D", "-5", "1:"] {
            #expect(parseWayDuration(text) == nil, "\(text)")
        }
    }

    @Test func aFerryNeedsNoHighwayAndIsAnnouncedAsAChangeOfMode() throws {
        let map = Self.harbour()
        let (drive, roads) = try route(map, .driving, "a", "d")
        #expect(steps(drive, roads) == ["depart Quay Road driving", "notification right Strait Ferry ferry",
                                        "notification left Harbour Road driving", "arrive Harbour Road driving"])
        let (walk, paths) = try route(map, .walking, "d", "a")
        #expect(steps(walk, paths) == ["depart Harbour Road walking", "notification right Strait Ferry ferry",
                                       "notification left Quay Road walking", "arrive Quay Road walking"])
        // A mode change is said even where the name stays (a ferry named as the road it carries).
        var sameName = MapFixture("""
            a-----b-----c-----d
            """)
        sameName.way("ab", ["highway": "primary", "name": "Coast Road"])
        sameName.way("bc", ["route": "ferry", "name": "Coast Road"])
        sameName.way("cd", ["highway": "primary", "name": "Coast Road"])
        let (straight, graph) = try route(sameName, .driving, "a", "d")
        #expect(steps(straight, graph) == ["depart Coast Road driving", "notification straight Coast Road ferry",
                                           "notification straight Coast Road driving", "arrive Coast Road driving"])
    }

    /// A crossing drawn as two ways of one ferry line that meet at sea, at a right angle and
    /// with another line leaving there: aboard, nothing is announced; only boarding and
    /// landing. Changing lines (another name) is announced.
    ///
    ///     a---b            (a-b: Quay Road; b-e, e-c: Strait Ferry; e-f: Island Ferry)
    ///         |
    ///         e-----c---d  (c-d: Harbour Road)
    ///         |
    ///         f
    @Test func nothingIsAnnouncedAboard() throws {
        func crossing(south: String) -> MapFixture {
            var map = MapFixture("""
                a---b
                    |
                    e-----c---d
                    |
                    f
                """)
            map.way("ab", ["highway": "primary", "name": "Quay Road"])
            map.way("be", ["route": "ferry", "name": "Strait Ferry"])
            map.way("ec", ["route": "ferry", "name": south])
            map.way("ef", ["route": "ferry", "name": "Island Ferry"])
            map.way("cd", ["highway": "primary", "name": "Harbour Road"])
            return map
        }
        for mode in [TravelMode.driving, .walking] {
            let (trip, graph) = try route(crossing(south: "Strait Ferry"), mode, "a", "d")
            let mode = mode.description
            #expect(steps(trip, graph) == ["depart Quay Road \(mode)", "notification right Strait Ferry ferry",
                                           "notification straight Harbour Road \(mode)", "arrive Harbour Road \(mode)"])
        }
        let (trip, graph) = try route(crossing(south: "South Ferry"), .driving, "a", "d")
        #expect(steps(trip, graph) == ["depart Quay Road driving", "notification right Strait Ferry ferry",
                                       "turn left South Ferry ferry", "notification straight Harbour Road driving",
                                       "arrive Harbour Road driving"])
    }

    @Test func anUntaggedFerrySailsAtFiveKilometresAnHour() throws {
        // On foot (no turn costs) the whole time is the walk plus the crossing at 5 km/h.
        let (walk, graph) = try route(Self.harbour(), .walking, "a", "d")
        let ferry = metres(on: "Strait Ferry", walk, graph)
        #expect(abs(ferry - 100.0) < 1.0)
        let expected = millis(graph.distance(of: walk), kmh: 5)
        #expect(near(Double(walk.weight), expected))
    }

    @Test func aTaggedDurationIsSpreadOverTheFerryByLength() throws {
        let map = Self.harbour(ferry: ["duration": "0:10"])
        let (whole, graph) = try route(map, .walking, "a", "d")
        let walked = graph.distance(of: whole) - metres(on: "Strait Ferry", whole, graph)
        let wholeExpected = 600_000 + millis(walked, kmh: 5)
        #expect(near(Double(whole.weight), wholeExpected))
        // From the pier only the last 40 of the ferry's 100 metres are sailed: 2/5 of its time
        // (as the map's points lie, to the centimetre).
        let (part, _) = try route(map, .walking, "f", "d")
        let onBoard = metres(on: "Strait Ferry", part, graph), ferry = metres(on: "Strait Ferry", whole, graph)
        #expect(abs(onBoard / ferry - 0.4) < 0.001)
        let partExpected = 600_000 * onBoard / ferry + millis(graph.distance(of: part) - onBoard, kmh: 5)
        #expect(near(Double(part.weight), partExpected))
        // By car the crossing takes the same time; the rest is road time and turns.
        let (drive, roads) = try route(map, .driving, "a", "d")
        #expect(drive.weight > 600_000 && drive.weight < 620_000)
        #expect(steps(drive, roads).map { $0.hasSuffix("ferry") } == [false, true, false, false])
    }

    @Test func aRouteAskedFromTheWaterStartsOnTheNearestRoad() throws {
        let map = Self.harbour()
        for mode in TravelMode.allCases {
            // 10 m below b on the ferry: the quay road at b is nearest.
            let graph = try map.graph(mode)
            let route = try Router(graph: graph).route(from: map.coordinate(near: "b", north: -10), to: map.coordinate("d"))
            let start = graph.ways[Int(graph.segments[Int(route.source.segment)].way)]
            #expect(start.wayTransport == .road, "\(mode)")
            #expect(graph.names[start.name] == "Quay Road", "\(mode)")
        }
    }

    @Test func aFerryClosedToAModeIsNotBoarded() throws {
        let map = Self.harbour(ferry: ["motor_vehicle": "private", "foot": "no", "bicycle": "no"])
        for mode in TravelMode.allCases {
            #expect(throws: (any Error).self, "\(mode)") { _ = try route(map, mode, "a", "d") }
        }
        // A one-way ferry (car.lua reads `oneway`; foot.lua only `oneway:foot`).
        let oneWay = Self.harbour(ferry: ["oneway": "yes"])
        _ = try route(oneWay, .driving, "a", "d")
        #expect(throws: (any Error).self) { _ = try route(oneWay, .driving, "d", "a") }
        _ = try route(oneWay, .walking, "d", "a")
    }

    @Test func aShuttleTrainCarriesCarsButNotWalkers() throws {
        var map = MapFixture("""
            a-----b
                  |
                  c-----d
                  |
                  e-----f
            """)
        map.way("ab", ["highway": "primary", "name": "Portal Road"])
        map.way("bc", ["route": "shuttle_train", "name": "Tunnel Shuttle"])
        map.way("cd", ["highway": "primary", "name": "Valley Road"])
        map.way("ce", ["route": "ferry_man"])   // not a route anyone boards
        map.way("ef", ["highway": "primary", "name": "Lake Road"])
        let (drive, roads) = try route(map, .driving, "a", "d")
        #expect(steps(drive, roads) == ["depart Portal Road driving", "notification right Tunnel Shuttle train",
                                        "notification left Valley Road driving", "arrive Valley Road driving"])
        // 10 km/h on board.
        let train = metres(on: "Tunnel Shuttle", drive, roads)
        #expect(abs(train - 40.0) < 1.0)
        #expect(throws: (any Error).self) { _ = try route(map, .walking, "a", "d") }
        #expect(throws: (any Error).self) { _ = try route(map, .driving, "d", "f") }
    }

    @Test func aMovableBridgeIsCrossedSlowlyByCar() throws {
        func bridgeTime(_ tags: [String: String]) throws -> Int32 {
            var map = MapFixture("""
                a-----b-----c-----d
                """)
            map.way("ab", ["highway": "primary", "name": "Canal Street"])
            map.way("bc", ["highway": "primary", "name": "Lift Bridge"].merging(tags) { _, new in new })
            map.way("cd", ["highway": "primary", "name": "Dock Street"])
            let (drive, graph) = try route(map, .driving, "a", "d")
            #expect(steps(drive, graph).allSatisfy { $0.hasSuffix("driving") })
            let (plain, _) = try route(map, .driving, "a", "b")
            return drive.weight - 2 * plain.weight
        }
        // 60 m east, a little less at latitude 1°.
        let span = Geo.distance(MapFixture("a-----b").coordinate("a"), MapFixture("a-----b").coordinate("b"))
        let fixed = try bridgeTime([:])
        #expect(near(Double(fixed), millis(span, kmh: 65)))
        let movable = try bridgeTime(["bridge": "movable"])
        #expect(near(Double(movable), millis(span, kmh: 5)))
        let timed = try bridgeTime(["bridge": "movable", "duration": "00:05:00"])
        #expect(near(Double(timed), 300_000))
    }

    @Test func waysCarryTheClassesOfTheCarProfile() throws {
        var map = MapFixture("""
            a-----b-----c-----d-----e-----f
            """)
        map.way("ab", ["highway": "primary", "toll": "yes"])
        map.way("bc", ["highway": "motorway", "tunnel": "building_passage", "oneway": "no"])
        map.way("cd", ["highway": "primary", "toll:backward": "yes", "access": "destination"])
        map.way("de", ["route": "ferry", "tunnel": "no"])
        map.way("ef", ["highway": "track", "motor_vehicle": "private"])
        // Cars may not use ef: walkers keep it in the file, with the classes cars see.
        let graph = try map.graph(.driving, built: [.driving, .walking])
        /// "forward classes / backward classes" of way `w`.
        func classes(_ w: Int64) -> String {
            let info = graph.ways.first { $0.osmId == w }!
            let forward: [String] = info.classes(forward: true).names, backward: [String] = info.classes(forward: false).names
            return forward.joined(separator: ",") + " / " + backward.joined(separator: ",")
        }
        #expect(classes(1) == "toll / toll")
        #expect(classes(2) == "motorway,tunnel / motorway,tunnel")
        #expect(classes(3) == "restricted / toll,restricted")
        #expect(classes(4) == "ferry / ferry")
        #expect(classes(5) == " / ")   // a track is never "restricted" in car.lua
    }

    @Test func theJSONCarriesModesAndClasses() throws {
        var map = MapFixture("""
            a-----b
                  |
                  c-----d
            """)
        map.way("ab", ["highway": "primary", "name": "Toll Road", "toll": "yes"])
        map.way("bc", ["route": "ferry", "name": "Sound Ferry"])
        map.way("cd", ["highway": "primary", "name": "Free Road"])
        let (drive, graph) = try route(map, .driving, "a", "d")
        let text = RouteResponse.json(drive, graph: graph)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let leg = try #require(((json["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
        let steps = try #require(leg["steps"] as? [[String: Any]])
        let modes: [String] = steps.map { $0["mode"] as? String ?? "?" }
        #expect(modes == ["driving", "ferry", "driving", "driving"])
        let types: [String] = steps.map { step in
            let maneuver = step["maneuver"] as? [String: Any]
            return maneuver?["type"] as? String ?? "?"
        }
        #expect(types == ["depart", "notification", "notification", "arrive"])
        let classes: [String] = steps.map { step in
            let intersection = (step["intersections"] as? [[String: Any]])?.first
            return (intersection?["classes"] as? [String] ?? []).joined(separator: ",")
        }
        #expect(classes == ["toll", "ferry", "", ""])
        // Walking routes have no classes (foot.lua has none).
        let (walk, paths) = try route(map, .walking, "a", "d")
        #expect(!RouteResponse.json(walk, graph: paths).contains("\"classes\""))
    }
}
