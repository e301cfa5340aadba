import Foundation
import Testing
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// Turn-by-turn steps: exact maneuvers and texts on hand-drawn maps, invariants on real
/// extracts, polyline reference vectors, and the OSRM v5 JSON.
@Suite struct DirectionsTests {
    /// "type modifier exit: instruction" per step, e.g. "turn left: Turn left onto Main Street".
    func describe(_ directions: Directions) -> [String] {
        directions.steps.map { step in
            let m = step.maneuver
            let head = [m.type.description, m.modifier?.description, m.exit.map { "exit \($0)" }]
                .compactMap { $0 }.joined(separator: " ")
            return "\(head): \(step.instruction)"
        }
    }

    func directions(_ map: MapFixture, _ mode: TravelMode, from: FixedCoordinate, to: FixedCoordinate,
                    destination: FixedCoordinate? = nil) throws -> Directions {
        let graph = try map.graph(mode)
        let route = try Router(graph: graph).route(from: from, to: to)
        let directions = Directions(route: route, graph: graph, destination: destination ?? to)
        try checkInvariants(directions, route: route, graph: graph)
        return directions
    }

    /// Routes between two letters and compares the steps with `expected`.
    func check(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character, _ expected: [String],
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let steps = describe(try directions(map, mode, from: map.coordinate(from), to: map.coordinate(to)))
        #expect(steps == expected, sourceLocation: sourceLocation)
    }

    /// The commonest expectation: a departure, one maneuver, the arrival.
    func checkOneManeuver(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character,
                          _ depart: String, _ maneuver: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(map, mode, from, to, ["depart: " + depart, maneuver, "arrive: You have arrived at your destination"],
                  sourceLocation: sourceLocation)
    }

    /// What must hold for every route: the issue's list.
    func checkInvariants(_ d: Directions, route: Route, graph: RoutingGraph,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let steps = d.steps
        try #require(steps.count >= 2, sourceLocation: sourceLocation)
        #expect(steps.first!.maneuver.type == .depart, sourceLocation: sourceLocation)
        #expect(steps.last!.maneuver.type == .arrive, sourceLocation: sourceLocation)
        #expect(steps.dropFirst().dropLast().allSatisfy { $0.maneuver.type != .depart && $0.maneuver.type != .arrive },
                sourceLocation: sourceLocation)
        let distance = steps.reduce(0) { $0 + $1.distance }, duration = steps.reduce(0) { $0 + $1.duration }
        #expect(abs(distance - graph.distance(of: route)) < 0.5, "\(distance) vs \(graph.distance(of: route))",
                sourceLocation: sourceLocation)
        #expect(abs(duration - route.duration) < 0.1, "\(duration) vs \(route.duration)", sourceLocation: sourceLocation)
        for (i, step) in steps.enumerated() {
            let m = step.maneuver
            #expect((0...359).contains(m.bearingBefore) && (0...359).contains(m.bearingAfter), sourceLocation: sourceLocation)
            #expect(!step.instruction.isEmpty, sourceLocation: sourceLocation)
            #expect(step.distance >= 0 && step.duration >= 0, sourceLocation: sourceLocation)
            let line = d.geometry(of: step)
            #expect(line.first == m.location, "step \(i) starts away from its maneuver", sourceLocation: sourceLocation)
            if i > 0 {
                #expect(line.first == d.geometry(of: steps[i - 1]).last, "step \(i) starts away from the previous end",
                        sourceLocation: sourceLocation)
            }
            if i > 0 && i < steps.count - 1 {
                #expect(step.distance > 0, "zero-length \(m.type) step \(i)", sourceLocation: sourceLocation)
            }
            if m.type.entersRing || m.type.leavesRing {
                #expect(m.exit.map { $0 >= 1 } ?? (i == steps.count - 2), sourceLocation: sourceLocation)
            } else {
                #expect(m.exit == nil, sourceLocation: sourceLocation)
            }
            let roads = d.intersectionRoads[step.intersection]
            #expect(!roads.isEmpty && roads.allSatisfy { $0.bearing < 360 }, sourceLocation: sourceLocation)
            if let o = step.intersectionOut { #expect(roads[roads.startIndex + o].entry, sourceLocation: sourceLocation) }
        }
    }

    // MARK: Fixtures (`MapFixture.tJunction` is drawn in Support/MapFixture.swift)

    /// Right after the start no intersection has been passed, so OSRM does not say "at the
    /// end of the road" (TurnGuidanceTests has the end of the road after a crossing).
    @Test func tJunctionRightAfterTheStartIsAPlainTurn() throws {
        let map = MapFixture.tJunction
        try checkOneManeuver(map, .driving, "d", "a", "Head north on Side Street",
                             "turn left: Turn left onto Mannerheimintie")
        try checkOneManeuver(map, .driving, "d", "c", "Head north on Side Street",
                             "turn right: Turn right onto Mannerheimintie")
    }

    @Test func turnOffTheThroughRoad() throws {
        let map = MapFixture.tJunction
        try checkOneManeuver(map, .driving, "a", "d", "Head east on Mannerheimintie",
                             "turn right: Turn right onto Side Street")
        try checkOneManeuver(map, .driving, "c", "d", "Head west on Mannerheimintie",
                             "turn left: Turn left onto Side Street")
        // Straight along the through road: no step at the junction.
        try check(map, .driving, "a", "c", [
            "depart: Head east on Mannerheimintie",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func arrivalSaysWhichSideTheDestinationIsOn() throws {
        let map = MapFixture.tJunction
        let to = map.coordinate(near: "a", east: 30)
        // Driving west from d's junction: north is on the right, south on the left.
        let north = try directions(map, .driving, from: map.coordinate("d"), to: to,
                                   destination: map.coordinate(near: "a", east: 30, north: 8))
        #expect(north.steps.last?.instruction == "You have arrived at your destination, on the right")
        #expect(north.steps.last?.maneuver.modifier == .right)
        let south = try directions(map, .driving, from: map.coordinate("d"), to: to,
                                   destination: map.coordinate(near: "a", east: 30, north: -8))
        #expect(south.steps.last?.instruction == "You have arrived at your destination, on the left")
    }

    /// A four-arm roundabout, driven anticlockwise (right-hand traffic).
    var roundabout: MapFixture {
        var map = MapFixture("""
                      c
                      |
                      n
               d----w   e----b
                      s
                      |
                      a
            """)
        map.way("senws", ["highway": "primary", "junction": "roundabout"])
        map.way("as", ["highway": "primary", "name": "South Road"])
        map.way("eb", ["highway": "primary", "name": "East Road"])
        map.way("nc", ["highway": "primary", "name": "North Road"])
        map.way("wd", ["highway": "primary", "name": "West Road"])
        return map
    }

    /// The entry and the exit of a roundabout, each a step (OSRM's `roundabout` and `exit
    /// roundabout`): the entry's modifier is the turn onto the ring (right, anticlockwise).
    func checkRoundabout(_ from: Character, _ to: Character, _ depart: String, _ entry: String, _ exit: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(roundabout, .driving, from, to, ["depart: " + depart, entry, exit,
                                                   "arrive: You have arrived at your destination"],
                  sourceLocation: sourceLocation)
    }

    @Test func roundaboutExitsOneToThree() throws {
        try checkRoundabout("a", "b", "Head north on South Road",
                            "roundabout right exit 1: Enter the roundabout and take the 1st exit onto East Road",
                            "exit roundabout right exit 1: Exit the roundabout onto East Road")
        try checkRoundabout("a", "c", "Head north on South Road",
                            "roundabout right exit 2: Enter the roundabout and take the 2nd exit onto North Road",
                            "exit roundabout right exit 2: Exit the roundabout onto North Road")
        try checkRoundabout("a", "d", "Head north on South Road",
                            "roundabout right exit 3: Enter the roundabout and take the 3rd exit onto West Road",
                            "exit roundabout right exit 3: Exit the roundabout onto West Road")
        // From the east, North Road is the first exit.
        try checkRoundabout("b", "c", "Head west on East Road",
                            "roundabout right exit 1: Enter the roundabout and take the 1st exit onto North Road",
                            "exit roundabout right exit 1: Exit the roundabout onto North Road")
    }

    @Test func roundaboutStepCoversTheRingAndTheExitStepTheExitRoad() throws {
        let map = roundabout
        let d = try directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        let ring = d.steps[1], exit = d.steps[2]
        #expect(ring.maneuver.location == map.coordinate("s"))
        #expect(lettersOnRoute(Array(d.geometry(of: ring)), map) == "senw")
        #expect(lettersOnRoute(Array(d.geometry(of: exit)), map) == "wd")
        #expect(ring.name == "West Road" && exit.name == "West Road")
    }

    /// A north-bound street with a ramp up to the east-bound A1 and a ramp off it to Exit
    /// Road; a slow back road closes the loop (so that every end is on the main network).
    var motorway: MapFixture {
        var map = MapFixture("""
            p-----------q-----------r---------s

               k-----b          x-----t-------y

                     a

                     g--------------------------h
            """)
        map.way("yhga", ["highway": "service", "name": "Back Road"])
        map.way("pqrs", ["highway": "motorway", "ref": "A1"])
        map.way("bq", ["highway": "motorway_link"])
        map.way("rt", ["highway": "motorway_link"])
        map.way("abk", ["highway": "secondary", "name": "North Street"])
        map.way("xty", ["highway": "tertiary", "name": "Exit Road"])
        return map
    }

    @Test func motorwayOnRampMergeAndOffRamp() throws {
        let map = motorway
        try check(map, .driving, "a", "y", [
            "depart: Head north on North Street",
            "on ramp slight right: Take the ramp on the right",
            "merge slight left: Merge left onto A1",
            // An off ramp on the side traffic keeps to says no side (osrm-text-instructions).
            "off ramp right: Take the ramp",
            // No intersection on the ramp: a plain turn, not "at the end of the road" (OSRM).
            "turn left: Turn left onto Exit Road",
            "arrive: You have arrived at your destination",
        ])
        let d = try directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("y"))
        #expect(d.steps.count > 2 && d.steps[2].ref == "A1" && d.steps[2].name.isEmpty)
    }

    @Test func forkKeepsLeftOrRight() throws {
        var map = MapFixture("""
                      c

            a----b

                      d
            """)
        map.way("ab", ["highway": "primary", "name": "Main Road"])
        map.way("bc", ["highway": "primary", "name": "North Fork"])
        map.way("bd", ["highway": "primary", "name": "South Fork"])
        try checkOneManeuver(map, .driving, "a", "c", "Head east on Main Road",
                             "fork slight left: Keep left onto North Fork")
        try checkOneManeuver(map, .driving, "a", "d", "Head east on Main Road",
                             "fork slight right: Keep right onto South Fork")
    }

    @Test func nameChangeMakesOneStepAndAWiggleNone() throws {
        // The first and last streets are long enough to be named (OSRM does not announce a
        // name left again within 105 m).
        var map = MapFixture("""
            a------------b-----c-d------------e
            """)
        map.way("ab", ["highway": "residential", "name": "First Street"])
        map.way("bc", ["highway": "residential", "name": "Second Street"])
        map.way("cd", ["highway": "residential", "name": "Bridge"])
        map.way("de", ["highway": "residential", "name": "Second Street"])
        try checkOneManeuver(map, .driving, "a", "e", "Head east on First Street",
                             "new name straight: Continue onto Second Street")
        try checkOneManeuver(map, .driving, "e", "a", "Head west on Second Street",
                             "new name straight: Continue onto First Street")
    }

    /// Grand Avenue is a dual carriageway (two one-ways 20 m apart, joined far to the west
    /// and at the east end); Side Street crosses it by an unnamed link between them.
    var dualCarriageway: MapFixture {
        var map = MapFixture("""
                                          a

            p-----------------------------b------q
            r-----------------------------c------s

                                          d
            """)
        map.way("qbp", ["highway": "primary", "name": "Grand Avenue", "oneway": "yes"])
        map.way("rcs", ["highway": "primary", "name": "Grand Avenue", "oneway": "yes"])
        map.way("pr", ["highway": "primary", "name": "Grand Avenue", "oneway": "yes"])
        map.way("sq", ["highway": "primary", "name": "Grand Avenue", "oneway": "yes"])
        map.way("ab", ["highway": "residential", "name": "Side Street"])
        map.way("bc", ["highway": "residential"])
        map.way("cd", ["highway": "residential", "name": "Side Street"])
        return map
    }

    @Test func dualCarriagewayCrossingMakesNoStep() throws {
        let map = dualCarriageway
        try check(map, .driving, "a", "d", [
            "depart: Head south on Side Street",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func turningOntoADualCarriagewayIsOneTurn() throws {
        let map = dualCarriageway
        // Left onto the far carriageway: across the near one, then left, said once.
        let east = map.coordinate(near: "s", east: -20)
        #expect(describe(try directions(map, .driving, from: map.coordinate("a"), to: east)) == [
            "depart: Head south on Side Street",
            "turn left: Turn left onto Grand Avenue",
            "arrive: You have arrived at your destination",
        ])
        // Back the other way through the gap: one U-turn, continuing Grand Avenue (OSRM
        // collapses two turns back onto the same name into "continue uturn").
        let d = try directions(map, .driving, from: map.coordinate(near: "q", east: -30), to: east)
        #expect(describe(d) == [
            "depart: Head west on Grand Avenue",
            "continue uturn: Make a U-turn and continue on Grand Avenue",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func deadEndUTurn() throws {
        var map = MapFixture("""
                d
                |
            a---b---c
                |
                e
            """)
        map.way("ab", ["highway": "primary", "name": "Main Street"])
        map.way("bc", ["highway": "primary", "name": "Main Street"])
        map.way("dbe", ["highway": "residential", "name": "Cross Street"])
        map.restriction(from: "ab", via: "b", to: "bc", "only_straight_on")
        try check(map, .driving, "a", "d", [
            "depart: Head east on Main Street",
            "continue uturn: Make a U-turn and continue on Main Street",
            "turn right: Turn right onto Cross Street",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func walkingOverStairsAndAlongAFootway() throws {
        var map = MapFixture("""
            x-----a-----b
                        |
                        c-----d
            """)
        map.way("xa", ["highway": "footway"])
        map.way("ab", ["highway": "residential", "name": "Upper Street"])
        map.way("bc", ["highway": "steps"])
        map.way("cd", ["highway": "residential", "name": "Lower Street"])
        try check(map, .walking, "x", "d", [
            "depart: Head east on the footway",
            "new name straight: Continue onto Upper Street",
            "turn right: Turn right and take the stairs",
            "turn left: Turn left onto Lower Street",
            "arrive: You have arrived at your destination",
        ])
        // Straight on from a street onto an unnamed footway is no step (as OSRM's foot profile).
        try check(map, .walking, "d", "x", [
            "depart: Head west on Lower Street",
            "turn right: Turn right and take the stairs",
            "turn left: Turn left onto Upper Street",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func walkingTurnsAtIntersectionsToo() throws {
        let map = MapFixture.tJunction
        try checkOneManeuver(map, .walking, "a", "d", "Head east on Mannerheimintie",
                             "turn right: Turn right onto Side Street")
    }

    // MARK: Real extracts

    @Test(arguments: [("andorra", TravelMode.driving), ("andorra", .walking), ("monaco", .driving),
                      ("monaco", .walking), ("sydney", .driving), ("porto", .driving), ("helsinki", .walking),
                      ("baltimore", .driving), ("liechtenstein", .driving)])
    func invariantsOnRandomRoutes(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let router = Router(graph: graph)
        let builder = DirectionsBuilder(graph: graph)
        var rng = SplitMix64(seed: 31)
        var routes = 0, steps = 0
        while routes < 300 {
            let from = randomCoordinate(graph, &rng), to = randomCoordinate(graph, &rng)
            guard let route = try? router.route(from: from, to: to) else { continue }
            let directions = builder.directions(for: route, destination: to)
            try checkInvariants(directions, route: route, graph: graph)
            #expect(directions.drivingSide == (extract == "sydney" ? .left : .right))
            routes += 1
            steps += directions.steps.count
        }
        // Not one step per intersection: the noise is folded away.
        #expect(steps < routes * 40)
    }

    @Test func drivingSideByCountry() {
        func side(_ lat: Double, _ lon: Double) -> DrivingSide { DrivingSide.at(FixedCoordinate(latitude: lat, longitude: lon)) }
        #expect(side(-33.91, 151.17) == .left)     // Sydney
        #expect(side(51.5, -0.12) == .left)        // London
        #expect(side(53.35, -6.26) == .left)       // Dublin
        #expect(side(35.68, 139.69) == .left)      // Tokyo
        #expect(side(28.61, 77.21) == .left)       // Delhi
        #expect(side(-26.2, 28.05) == .left)       // Johannesburg
        #expect(side(-41.29, 174.78) == .left)     // Wellington
        #expect(side(42.51, 1.52) == .right)       // Andorra
        #expect(side(48.86, 2.35) == .right)       // Paris
        #expect(side(50.72, 1.61) == .right)       // Boulogne, across the Channel
        #expect(side(35.18, 129.08) == .right)     // Busan
        #expect(side(40.71, -74.0) == .right)      // New York
    }

    // MARK: Polylines

    @Test func polylineReferenceVectors() {
        let google = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)].map { FixedCoordinate(latitude: $0.0, longitude: $0.1) }
        // Google's documentation (precision 5) and PostGIS's ST_AsEncodedPolyline (precision 6).
        #expect(Polyline.encode(google, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(Polyline.encode(google, precision: 6) == "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI")
        // polyline-iter's documented precision-6 example.
        let malmo = [(55.585137, 12.999583), (55.644854, 13.112187), (55.678161, 13.182229), (55.712222, 13.212444)]
        #expect(Polyline.encode(malmo.map { FixedCoordinate(latitude: $0.0, longitude: $0.1) }, precision: 6)
                == "avs_iB}xlxWissBw|zEu``AsxgCyoaAm_z@")
        let decoded = Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)!
        #expect(decoded.count == 3 && abs(decoded[2].lat - 43.252) < 1e-9 && abs(decoded[2].lon + 126.453) < 1e-9)
    }

    @Test func polylineRoundsAbsoluteCoordinatesSoErrorsDoNotAccumulate() {
        // A thousand steps of 0.4e-5 degrees: rounding each delta would lose them all.
        let line = (0..<1000).map { FixedCoordinate(lat: 400_000_000 + Int32($0) * 40, lon: 10_000_000 - Int32($0) * 40) }
        for precision in [5, 6] {
            let back = Polyline.decode(Polyline.encode(line, precision: precision), precision: precision)!
            let tolerance = 0.5 / pow(10, Double(precision)) + 1e-12
            #expect(zip(line, back).allSatisfy { abs($0.latitude - $1.lat) <= tolerance && abs($0.longitude - $1.lon) <= tolerance })
        }
    }

    @Test func polylineBackslashesAreEscapedInJSON() throws {
        let json = JSONBuffer()
        // Encodes to characters including a backslash.
        let line = [FixedCoordinate(latitude: 0, longitude: 0), FixedCoordinate(latitude: -0.00015, longitude: 0)]
        #expect(Polyline.encode(line).contains("\\"))
        json.beginArray()
        json.line(line[...], format: .polyline)
        json.endArray()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String])
        #expect(parsed == [Polyline.encode(line)])
    }

    @Test func jsonNumbersAndStrings() throws {
        let json = JSONBuffer()
        json.beginObject()
        json.key("a"); json.number(1.25, decimals: 1)
        json.key("b"); json.number(-0.04, decimals: 1)
        json.key("c"); json.number(1234.5678, decimals: 3)
        json.key("d"); json.string("quote \" backslash \\ tab \t bell \u{7} é")
        json.key("e"); json.coordinate(FixedCoordinate(lat: -335_000_004, lon: 1_511_700_005))
        json.key("f"); json.number(.nan)
        json.key("g"); json.string("Túnel 𝄞")
        json.endObject()
        #expect(json.text == #"{"a":1.3,"b":0,"c":1234.568,"d":"quote \" backslash \\ tab \t bell \u0007 \u00e9","e":[151.170001,-33.5],"f":null,"g":"T\u00fanel \ud834\udd1e"}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        #expect(parsed["d"] as? String == "quote \" backslash \\ tab \t bell \u{7} é" && parsed["g"] as? String == "Túnel 𝄞")
    }

    @Test func simplifiedOverviewKeepsTheEndsAndTheShape() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let route = try Router(graph: graph).route(from: FixedCoordinate(latitude: 42.5063, longitude: 1.5218),
                                                   to: FixedCoordinate(latitude: 42.5425, longitude: 1.7336))
        let d = Directions(route: route, graph: graph)
        let simple = try #require(d.overview(.simplified))
        #expect(simple.first == d.line.first && simple.last == d.line.last)
        #expect(simple.count < d.line.count / 2)
        #expect(d.overview(.none) == nil && d.overview(.full) == d.line)
    }

    // MARK: OSRM v5 JSON

    @Test(arguments: [TravelMode.driving, .walking])
    func jsonHasTheOSRMStepFields(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let to = FixedCoordinate(latitude: 42.5094, longitude: 1.5381)
        let route = try Router(graph: graph).route(from: FixedCoordinate(latitude: 42.5063, longitude: 1.5218), to: to)
        for format in GeometryFormat.allCases {
            let text = RouteResponse.json(route, graph: graph, options: ResponseOptions(geometry: format, overview: .full, destination: to))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(json["code"] as? String == "Ok")
            let osrmRoute = try #require((json["routes"] as? [[String: Any]])?.first)
            let leg = try #require((osrmRoute["legs"] as? [[String: Any]])?.first)
            let steps = try #require(leg["steps"] as? [[String: Any]])
            #expect(steps.count >= 2)
            var distance = 0.0, duration = 0.0
            var previousEnd: [Double]?
            for step in steps {
                let maneuver = try #require(step["maneuver"] as? [String: Any])
                let type = try #require(maneuver["type"] as? String)
                #expect(ManeuverType.allCases.map(\.description).contains(type))
                if let modifier = maneuver["modifier"] as? String {
                    #expect(ManeuverModifier.allCases.map(\.description).contains(modifier))
                }
                for key in ["bearing_before", "bearing_after"] {
                    let bearing = try #require(maneuver[key] as? Int)
                    #expect((0...359).contains(bearing))
                }
                let location = try #require(maneuver["location"] as? [Double])
                #expect(location.count == 2 && abs(location[0] - 1.53) < 0.05 && abs(location[1] - 42.51) < 0.05)
                #expect(step["mode"] as? String == mode.description)
                #expect(step["driving_side"] as? String == "right")
                #expect(step["name"] is String)
                #expect(step["instruction"] is String)
                #expect(step["weight"] as? Double == step["duration"] as? Double)
                distance += try #require(step["distance"] as? Double)
                duration += try #require(step["duration"] as? Double)
                let intersections = try #require(step["intersections"] as? [[String: Any]])
                let bearings = try #require(intersections.first?["bearings"] as? [Int])
                let entry = try #require(intersections.first?["entry"] as? [Bool])
                #expect(bearings.count == entry.count && bearings == bearings.sorted())
                // The step's line, in the chosen format, starts at the maneuver and where the last one ended.
                let points: [[Double]]
                switch format {
                case .geojson:
                    let geometry = try #require(step["geometry"] as? [String: Any])
                    #expect(geometry["type"] as? String == "LineString")
                    points = try #require(geometry["coordinates"] as? [[Double]])
                case .polyline, .polyline6:
                    let encoded = try #require(step["geometry"] as? String)
                    let decoded = try #require(Polyline.decode(encoded, precision: format == .polyline6 ? 6 : 5))
                    points = decoded.map { [$0.lon, $0.lat] }
                }
                #expect(points.count >= 2)
                let tolerance = format == .polyline ? 1e-5 : 1e-6
                #expect(abs(points[0][0] - location[0]) <= tolerance && abs(points[0][1] - location[1]) <= tolerance)
                if let previousEnd { #expect(abs(points[0][0] - previousEnd[0]) <= tolerance && abs(points[0][1] - previousEnd[1]) <= tolerance) }
                previousEnd = points.last
            }
            // The texts written into the JSON (names copied from the steps' "name" and "ref") are the steps' own.
            #expect(steps.map { $0["instruction"] as? String } == Directions(route: route, graph: graph, destination: to).steps.map(\.instruction))
            #expect((steps.first?["maneuver"] as? [String: Any])?["type"] as? String == "depart")
            #expect((steps.last?["maneuver"] as? [String: Any])?["type"] as? String == "arrive")
            let legDistance = try #require(leg["distance"] as? Double), legDuration = try #require(leg["duration"] as? Double)
            #expect(abs(distance - legDistance) < 0.01)
            #expect(abs(duration - legDuration) < 0.1)
            #expect(osrmRoute["distance"] as? Double == legDistance)
            #expect(osrmRoute["weight_name"] as? String == "duration")
            // The overview, joined from the steps' polylines, is the whole line encoded.
            let line = Directions(route: route, graph: graph).line
            switch format {
            case .polyline: #expect(osrmRoute["geometry"] as? String == Polyline.encode(line, precision: 5))
            case .polyline6: #expect(osrmRoute["geometry"] as? String == Polyline.encode(line, precision: 6))
            case .geojson: #expect(((osrmRoute["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])?.count == line.count)
            }
            #expect(leg["summary"] is String)
        }
    }

    @Test func geojsonIsAFeatureCollectionWithAPointPerManeuver() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let route = try Router(graph: graph).route(from: FixedCoordinate(latitude: 42.5063, longitude: 1.5218),
                                                   to: FixedCoordinate(latitude: 42.5425, longitude: 1.7336))
        let text = RouteResponse.geojson(route, graph: graph)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        let steps = Directions(route: route, graph: graph).steps
        #expect(features.count == 1 + steps.count)
        #expect((features[0]["geometry"] as? [String: Any])?["type"] as? String == "LineString")
        for (feature, step) in zip(features.dropFirst(), steps) {
            #expect((feature["geometry"] as? [String: Any])?["type"] as? String == "Point")
            #expect((feature["properties"] as? [String: Any])?["instruction"] as? String == step.instruction)
        }
    }
}
