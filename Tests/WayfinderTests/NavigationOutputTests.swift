import Foundation
import Testing
@testable import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The Mapbox Directions API's extensions for navigation SDKs: `maneuver.instruction`,
/// `voiceInstructions` (placed by `VoicePlan`, distances said by `SpokenDistance`),
/// `bannerInstructions` (with lanes and ring degrees) and `roundabout_exits`.
@Suite struct NavigationOutputTests {
    let steps = DirectionsTests()

    /// The steps array written with `navigation`, parsed.
    func stepObjects(_ d: Directions, _ navigation: NavigationOptions) throws -> [[String: Any]] {
        let json = JSONBuffer()
        d.writeSteps(into: json, format: .polyline, navigation: navigation)
        return try #require(JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [[String: Any]])
    }

    /// Each step's announcements as "distance: text".
    func voice(_ d: Directions, units: VoiceUnits = .imperial) throws -> [[String]] {
        try stepObjects(d, NavigationOptions(voiceInstructions: true, voiceUnits: units)).map { step in
            (step["voiceInstructions"] as? [[String: Any]] ?? []).map { v in
                "\(v["distanceAlongGeometry"] as? Double ?? -1): \(v["announcement"] as? String ?? "?")"
            }
        }
    }

    func banners(_ d: Directions) throws -> [[[String: Any]]] {
        try stepObjects(d, NavigationOptions(bannerInstructions: true)).map { $0["bannerInstructions"] as? [[String: Any]] ?? [] }
    }

    /// A long straight primary road, a right turn onto a long residential street, and that
    /// street's end close after a left turn.
    var longTurns: MapFixture {
        var map = MapFixture("""
            a---------------------------------------------------------------------b----f
                                                                                  |
                                                                                  |
                                                                                  |
                                                                                  c-d--g
                                                                                  | |
                                                                                  h e
            """)
        map.way("abf", ["highway": "primary", "name": "Long Road"])
        map.way("bch", ["highway": "residential", "name": "Short Street"])
        map.way("cdg", ["highway": "residential", "name": "Tiny Lane"])
        map.way("de", ["highway": "residential", "name": "Last Street"])
        return map
    }

    @Test func spokenDistancesRoundDown() {
        func said(_ metres: Double, _ units: VoiceUnits) -> String {
            guard let d = SpokenDistance(atMost: metres, units: units) else { return "nil" }
            let json = JSONBuffer()
            var w = json.rawValue(capacity: 64)
            d.write(into: &w)
            json.commit(w)
            return "\(json.text) @\((d.metres * 10).rounded() / 10)"
        }
        #expect(said(2, .imperial) == "nil")
        #expect(said(20, .imperial) == "60 feet @18.3")
        #expect(said(200, .imperial) == "600 feet @182.9")
        #expect(said(390, .imperial) == "1000 feet @304.8")
        #expect(said(500, .imperial) == "a quarter mile @402.3")
        #expect(said(1000, .imperial) == "a half mile @804.7")
        #expect(said(1700, .imperial) == "1 mile @1609.3")
        #expect(said(5000, .imperial) == "3 miles @4828.0")
        #expect(said(37, .metric) == "30 meters @30.0")
        #expect(said(280, .metric) == "250 meters @250.0")
        #expect(said(1000, .metric) == "1 kilometer @1000.0")
        #expect(said(1720, .metric) == "1.5 kilometers @1500.0")
        #expect(said(12_400, .metric) == "12 kilometers @12000.0")
    }

    @Test func voicePlanSuitsTheRoadsSpeed() {
        // A city street at 10 m/s, 600 m long: near ~150 m, far at its start, the maneuver at 40 m.
        let city = VoicePlan(distance: 600, duration: 60, departure: false, units: .metric)
        #expect(city.far?.metres == 600 && city.near?.metres == 150 && city.atManeuver == 40)
        // The same street 100 m long: only "In 50 meters" and the maneuver.
        let short = VoicePlan(distance: 100, duration: 10, departure: false, units: .metric)
        #expect(short.far == nil && short.near?.metres == 100 && short.atManeuver == 40)
        // 50 m: no room for a distance.
        let tiny = VoicePlan(distance: 50, duration: 5, departure: false, units: .metric)
        #expect(tiny.far == nil && tiny.near == nil && tiny.atManeuver == 40)
        // A motorway at 30 m/s: 450 m ("a quarter mile") before, the maneuver at 120 m.
        let motorway = VoicePlan(distance: 5000, duration: 5000 / 30, departure: false, units: .imperial)
        #expect(motorway.near?.metres == SpokenDistance.metresPerMile / 4 && motorway.atManeuver == 120)
        #expect(motorway.far?.metres == 3 * SpokenDistance.metresPerMile)
        // A short departure is chained with the first maneuver, and not said twice.
        let depart = VoicePlan(distance: 30, duration: 3, departure: true, units: .imperial)
        #expect(depart.departureThen && depart.atManeuver == nil)
    }

    @Test func turnIsAnnouncedFarNearAndAtTheManeuver() throws {
        let map = longTurns
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("e"))
        #expect(steps.describe(d) == [
            "depart: Head east on Long Road",
            "turn right: Turn right onto Short Street",
            "turn left: Turn left onto Tiny Lane",
            "turn right: Turn right onto Last Street",
            "arrive: You have arrived at your destination",
        ])
        // Long Road at ~18 m/s: 15 s is 271 m, said "800 feet"; the turn said 4 s (72 m) before.
        // Short Street, 80 m at ~6 m/s: "200 feet", then 24 m before. Tiny Lane is short:
        // the turn off it is chained with the arrival it leads to.
        let imperial = try voice(d)
        #expect(imperial == [
            ["700.7: Head east on Long Road", "243.8: In 800 feet, turn right onto Short Street", "72.3: Turn right onto Short Street"],
            ["61.0: In 200 feet, turn left onto Tiny Lane", "23.6: Turn left onto Tiny Lane"],
            ["15.0: Turn right onto Last Street, then you will arrive at your destination"],
            ["20.4: You have arrived at your destination"],
            [],
        ])
        let metric = try voice(d, units: .metric)
        #expect(metric[0] == ["700.7: Head east on Long Road", "250.0: In 250 meters, turn right onto Short Street",
                              "72.3: Turn right onto Short Street"])
        #expect(metric[1] == ["70.0: In 70 meters, turn left onto Tiny Lane", "23.6: Turn left onto Tiny Lane"])
    }

    @Test func maneuverCarriesTheInstruction() throws {
        let map = longTurns
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("e"))
        let objects = try stepObjects(d, NavigationOptions())
        #expect(objects.map { ($0["maneuver"] as? [String: Any])?["instruction"] as? String } == d.steps.map(\.instruction))
        #expect(objects.map { $0["instruction"] as? String } == d.steps.map(\.instruction))
        // Without the options asked, no extension is written.
        #expect(objects.allSatisfy { $0["voiceInstructions"] == nil && $0["bannerInstructions"] == nil })
    }

    @Test func bannerNamesTheRoadAndShowsTheLanes() throws {
        let map = LaneTests().crossroads()
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("n"))
        let b = try banners(d)
        #expect(b.count == 3 && b[0].count == 1 && b[1].count == 1 && b[2].isEmpty)
        let turn = b[0][0]
        #expect(turn["distanceAlongGeometry"] as? Double == (d.steps[0].distance * 10).rounded() / 10)
        let written = try stepObjects(d, NavigationOptions())[0]["distance"] as? Double
        #expect(turn["distanceAlongGeometry"] as? Double == written)
        let primary = try #require(turn["primary"] as? [String: Any])
        #expect(primary["text"] as? String == "Ash Road" && primary["type"] as? String == "turn"
                && primary["modifier"] as? String == "left" && primary["driving_side"] as? String == "right")
        #expect((primary["components"] as? [[String: Any]])?.map { "\($0["type"]!):\($0["text"]!)" } == ["text:Ash Road"])
        #expect(turn["secondary"] is NSNull)
        let lanes = try #require((turn["sub"] as? [String: Any])?["components"] as? [[String: Any]])
        #expect(lanes.map {
            "\(($0["directions"] as? [String] ?? []).joined(separator: ";")) \($0["active"] as? Bool ?? false)"
                + " \($0["active_direction"] as? String ?? "-")"
        } == ["left true left", "straight false -", "right false -"])
        #expect(lanes.allSatisfy { $0["type"] as? String == "lane" && $0["text"] as? String == "" })
        let arrival = try #require(b[1][0]["primary"] as? [String: Any])
        #expect(arrival["text"] as? String == "Your destination" && arrival["type"] as? String == "arrive")
    }

    @Test func laneWithSeveralArrowsFollowsTheTurn() {
        #expect(Directions.activeArrow([.straight, .right], .right) == 6)
        #expect(Directions.activeArrow([.straight, .right], .straight) == 1)
        #expect(Directions.activeArrow([.left, .straight], .slightLeft) == 3)
        #expect(Directions.activeArrow([.none], .left) == 0)
    }

    @Test func roundaboutBannerTurnsDegreesAndExitsCanBeFolded() throws {
        let map = RoundaboutTests().ring()
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(steps.describe(d) == [
            "depart: Head north on South Road",
            "roundabout right exit 3: Enter the roundabout and take the 3rd exit onto West Road",
            "exit roundabout right exit 3: Exit the roundabout onto West Road",
            "arrive: You have arrived at your destination",
        ])
        let primary = try #require(try banners(d)[0][0]["primary"] as? [String: Any])
        // North, then west: a left turn, 270° round a ring driven anticlockwise.
        #expect(["type", "modifier", "degrees", "text"].map { "\(primary[$0] ?? "-")" } == ["roundabout", "right", "270", "West Road"])
        #expect(try voice(d)[0].last?.hasSuffix("nter the roundabout and take the 3rd exit onto West Road") == true)
        // roundabout_exits=false: one step enters and leaves; true or absent: OSRM's two steps.
        let folded = d.withRingExits(false)
        #expect(steps.describe(folded) == [
            "depart: Head north on South Road",
            "roundabout right exit 3: Enter the roundabout and take the 3rd exit onto West Road",
            "arrive: You have arrived at your destination",
        ])
        #expect(folded.steps.reduce(0) { $0 + $1.distance } == d.steps.reduce(0) { $0 + $1.distance })
        #expect(folded.steps[1].geometry == d.steps[1].geometry.lowerBound...d.steps[2].geometry.upperBound)
        #expect(folded.steps[1].intersections == d.steps[1].intersections.lowerBound..<d.steps[2].intersections.upperBound)
        #expect(steps.describe(d.withRingExits(true)) == steps.describe(d))
        #expect(steps.describe(d.withRingExits(nil)) == steps.describe(d))
    }

    @Test func ssmlWrapsTheTextAndSaysThePronunciation() throws {
        var map = MapFixture("""
                 n
                 |
            a----b----c
            """)
        map.way("ab", ["highway": "primary", "name": "O'Hara Street"])
        map.way("bc", ["highway": "primary", "name": "Elm Road"])
        map.way("bn", ["highway": "primary", "name": "Ash Road", "name:pronunciation": "ash rowd"])
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("n"))
        let objects = try stepObjects(d, NavigationOptions(voiceInstructions: true))
        let first = try #require((objects[0]["voiceInstructions"] as? [[String: Any]])?.first)
        #expect(first["announcement"] as? String == "Head east on O'Hara Street, then turn left onto Ash Road")
        #expect(first["ssmlAnnouncement"] as? String == "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">"
                + "Head east on O&apos;Hara Street, then turn left onto "
                + "<phoneme alphabet=\"ipa\" ph=\"ash rowd\">Ash Road</phoneme></prosody></amazon:effect></speak>")
    }

    @Test func extraAnnotationsAsOSRMWritesThem() throws {
        let map = longTurns
        let graph = try map.graph(.driving)
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate("e"))
        let builder = DirectionsBuilder(graph: graph)
        let d = builder.directions(for: route, destination: map.coordinate("e"), annotated: true)
        let json = JSONBuffer()
        OSRMRouteResponse.write(legs: [route], directions: [d], graph: graph,
                                options: ResponseOptions(annotations: .all), into: json)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        let leg = try #require(((object["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
        let annotation = try #require(leg["annotation"] as? [String: Any])
        let raw = try #require(d.annotation)
        // Speed: metres per second to a tenth, from the stretch's own distance and duration.
        var previous = 0.0
        let speeds = zip(raw.distance, raw.duration).map { metres, seconds in
            if seconds > 0 { previous = (metres / seconds * 10).rounded() / 10 }
            return previous
        }
        #expect(annotation["speed"] as? [Double] == speeds)
        // Weight: the duration (the search weight is travel time).
        #expect(annotation["weight"] as? [Double] == annotation["duration"] as? [Double])
        #expect(annotation["datasources"] as? [Int] == Array(repeating: 0, count: raw.distance.count))
        #expect((annotation["metadata"] as? [String: Any])?["datasource_names"] as? [String] == ["lua profile"])
        // Nodes: the OSM id of each point of the line, here the letters passed.
        #expect(annotation["nodes"] as? [Int] == "abcde".map { Int(map.nodeId($0)) })
        // Only what is asked for.
        let some = JSONBuffer()
        OSRMRouteResponse.write(legs: [route], directions: [d], graph: graph, options: ResponseOptions(annotations: [.speed]),
                                into: some)
        #expect(some.text.contains("\"annotation\":{\"speed\":[") && !some.text.contains("datasources"))
    }
}
