import Foundation
import Testing
import WayfinderCLI
@testable import WayfinderDirections
import WayfinderGraph
import WayfinderProtobuf
import WayfinderRouting

/// Every intersection a step passes (OSRM's `intersections`), and the lanes painted on the
/// road arrived by (`turn:lanes`) with those leading where the route goes (`valid`).
@Suite struct LaneTests {
    let steps = DirectionsTests()

    /// Each step's intersections as "letter [bearings] [entry] in i out o" plus its lanes,
    /// e.g. "b [90,180,270] [ttf] in 2 out 0 | left:true straight;right:false".
    func listed(_ d: Directions, _ map: MapFixture) -> [[String]] {
        d.steps.map { step in
            d.intersections[step.intersections].map { x in
                let letter = map.nodes.keys.first { Geo.distance(map.coordinate($0), x.location) < 0.5 }
                let roads = d.intersectionRoads[x.roads]
                var text = "\(letter.map(String.init) ?? "?") [\(roads.map { String($0.bearing) }.joined(separator: ","))]"
                    + " [\(roads.map { $0.entry ? "t" : "f" }.joined())]"
                if let i = x.in { text += " in \(i)" }
                if let o = x.out { text += " out \(o)" }
                if !x.lanes.isEmpty {
                    text += " | " + d.lanes[x.lanes].map { "\($0.indications.names.joined(separator: ";")):\($0.valid)" }
                        .joined(separator: " ")
                }
                return text
            }
        }
    }

    func listed(_ map: MapFixture, _ from: Character, _ to: Character, mode: TravelMode = .driving) throws -> [[String]] {
        listed(try steps.directions(map, mode, from: map.coordinate(from), to: map.coordinate(to)), map)
    }

    /// Main Street past two side streets, one of them one-way towards it.
    var mainStreet: MapFixture {
        var map = MapFixture("""
            a----b----c----d
                 |    |
                 e    f
            """)
        map.way("abcd", ["highway": "primary", "name": "Main Street"])
        map.way("be", ["highway": "residential", "name": "First Street"])
        map.way("fc", ["highway": "residential", "name": "Second Street", "oneway": "yes"])
        return map
    }

    /// A crossroads whose approach from the west has a lane for each way on (or `west`'s tags).
    func crossroads(_ west: [String: String] = ["turn:lanes:forward": "left|through|right"]) -> MapFixture {
        var map = MapFixture("""
                 n
                 |
            a----b----c
                 |
                 s
            """)
        map.way("ab", west.merging(["highway": "primary", "name": "Oak Road"]) { a, _ in a })
        map.way("bc", ["highway": "primary", "name": "Elm Road"])
        map.way("bn", ["highway": "primary", "name": "Ash Road"])
        map.way("bs", ["highway": "primary", "name": "Fir Road"])
        return map
    }

    @Test func everyIntersectionPassedIsListed() throws {
        let map = mainStreet
        try steps.check(map, .driving, "a", "d", [
            "depart: Head east on Main Street",
            "arrive: You have arrived at your destination",
        ])
        #expect(try listed(map, "a", "d") == [
            ["a [90] [t] out 0", "b [90,180,270] [ttf] in 2 out 0", "c [90,180,270] [tff] in 2 out 0"],
            ["d [270] [t] in 0"],
        ])
        // The turn's step lists the turn first, then the intersection passed after it.
        #expect(try listed(map, "e", "d") == [
            ["e [0] [t] out 0"],
            ["b [90,180,270] [tft] in 1 out 0", "c [90,180,270] [tff] in 2 out 0"],
            ["d [270] [t] in 0"],
        ])
    }

    @Test func lanesOfTheTurnTaken() throws {
        let map = crossroads()
        #expect(try listed(map, "a", "n")[1] == ["b [0,90,180,270] [tttf] in 3 out 0 | left:true straight:false right:false"])
        #expect(try listed(map, "a", "c")[1] == ["b [0,90,180,270] [tttf] in 3 out 1 | left:false straight:true right:false"])
        #expect(try listed(map, "a", "s")[1] == ["b [0,90,180,270] [tttf] in 3 out 2 | left:false straight:false right:true"])
        // The way back has no lanes tagged: none listed.
        #expect(try listed(map, "c", "a").joined().contains("b [0,90,180,270] [tftt] in 1 out 3"))
        // Walkers are shown no lanes.
        #expect(try listed(map, "a", "n", mode: .walking).joined().allSatisfy { !$0.contains("|") })
    }

    /// Arrows for a turn further on (a left arrow where no road goes left) are that turn's:
    /// the lanes show, before it, the lanes to keep to for it.
    @Test func lanesPaintedForTheNextIntersection() throws {
        var map = MapFixture("""
                      n
                      |
            a----f----b----c
                 |
                 g
            """)
        map.way("afb", ["highway": "primary", "name": "Oak Road", "turn:lanes:forward": "left|through|through;right"])
        map.way("bc", ["highway": "primary", "name": "Elm Road"])
        map.way("bn", ["highway": "primary", "name": "Ash Road"])
        map.way("fg", ["highway": "residential", "name": "Lane"])
        #expect(try listed(map, "a", "n") == [
            ["a [90] [t] out 0", "f [90,180,270] [ttf] in 2 out 0 | left:true straight:false straight;right:false"],
            ["b [0,90,270] [ttf] in 2 out 0 | left:true straight:false straight;right:false"],
            ["n [180] [t] in 0"],
        ])
        #expect(try listed(map, "a", "c")[0][1] == "f [90,180,270] [ttf] in 2 out 0 | left:false straight:true straight;right:true")
        // Turning off before the lanes' turn: the lanes whose arrows lead off there.
        #expect(try listed(map, "a", "g")[1] == ["f [90,180,270] [ttf] in 2 out 1 | left:false straight:false straight;right:true"])
    }

    /// A lane without arrows leads to the roads no arrow points at; where every road has an
    /// arrow, it goes where the lane beside it goes.
    @Test func lanesWithoutArrows() throws {
        let map = crossroads(["turn:lanes:forward": "|right"])
        #expect(try listed(map, "a", "n")[1] == ["b [0,90,180,270] [tttf] in 3 out 0 | none:true right:false"])
        #expect(try listed(map, "a", "c")[1] == ["b [0,90,180,270] [tttf] in 3 out 1 | none:true right:false"])
        #expect(try listed(map, "a", "s")[1] == ["b [0,90,180,270] [tttf] in 3 out 2 | none:false right:true"])
        var tee = MapFixture("""
                 n
                 |
            a----b----c
            """)
        tee.way("ab", ["highway": "primary", "name": "Oak Road", "turn:lanes:forward": "left|through||"])
        tee.way("bc", ["highway": "primary", "name": "Elm Road"])
        tee.way("bn", ["highway": "primary", "name": "Ash Road"])
        #expect(try listed(tee, "a", "n")[1] == ["b [0,90,270] [ttf] in 2 out 0 | left:true straight:false none:false none:false"])
        #expect(try listed(tee, "a", "c")[1] == ["b [0,90,270] [ttf] in 2 out 1 | left:false straight:true none:true none:true"])
    }

    /// Lanes closed to cars (`vehicle:lanes`) and empty bus lanes at the edge (`lanes:psv`)
    /// are no lanes for a driver; a one-way road's `turn:lanes` is its forward lanes.
    @Test func lanesCarsMayNotUseAreDropped() throws {
        let closed = crossroads(["turn:lanes:forward": "left|through|right", "vehicle:lanes:forward": "yes|no|yes"])
        #expect(try listed(closed, "a", "n")[1] == ["b [0,90,180,270] [tttf] in 3 out 0 | left:true right:false"])
        let bus = crossroads(["turn:lanes:forward": "left|through|", "lanes:psv:forward": "1"])
        #expect(try listed(bus, "a", "c")[1] == ["b [0,90,180,270] [tttf] in 3 out 1 | left:false straight:true"])
        let oneway = crossroads(["oneway": "yes", "turn:lanes": "left;through|right"])
        #expect(try listed(oneway, "a", "c")[1] == ["b [0,90,180,270] [tttf] in 3 out 1 | straight;left:true right:false"])
    }

    /// A change of name with lanes to keep to is said however short (OSRM suppresses only name
    /// changes without lanes).
    @Test func nameChangeWithLanesIsSaid() throws {
        func tee(_ lanes: [String: String]) -> MapFixture {
            var map = MapFixture("""
                a-b-c
                  |
                  s
                """)
            map.way("ab", lanes.merging(["highway": "primary", "name": "Oak Road"]) { a, _ in a })
            map.way("bc", ["highway": "primary", "name": "Elm Road"])
            map.way("bs", ["highway": "primary", "name": "Fir Road"])
            return map
        }
        try steps.check(tee(["turn:lanes:forward": "through|right"]), .driving, "a", "c", [
            "depart: Head east on Oak Road",
            "new name straight: Continue onto Elm Road",
            "arrive: You have arrived at your destination",
        ])
        try steps.check(tee([:]), .driving, "a", "c", [
            "depart: Head east on Oak Road",
            "arrive: You have arrived at your destination",
        ])
    }

    /// The JSON lists the same intersections and lanes, and the protobuf carries them too.
    @Test func jsonAndProtobufCarryTheLanes() throws {
        let map = crossroads()
        let graph = try map.graph(.driving)
        let inputs = [map.coordinate("a"), map.coordinate("n")]
        let legs = [try Router(graph: graph).route(from: inputs[0], to: inputs[1])]
        let text = RouteResponse.json(legs[0], graph: graph, options: ResponseOptions(geometry: .polyline, overview: .full,
                                                                                       destination: inputs[1]))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let routes = try #require(json["routes"] as? [[String: Any]])
        let legSteps = try #require((routes.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        let turn = try #require(legSteps[1]["intersections"] as? [[String: Any]])
        let lanes = try #require(turn.first?["lanes"] as? [[String: Any]])
        #expect(lanes.map { $0["indications"] as? [String] ?? [] } == [["left"], ["straight"], ["right"]])
        #expect(lanes.map { $0["valid"] as? Bool } == [true, false, false])
        let builder = DirectionsBuilder(graph: graph)
        let options = ResponseOptions(steps: true, geometry: .polyline, overview: .full, annotations: [])
        let decoded = try #require(ProtobufC.decode(RouteProtobuf.encode(legs: legs, inputs: inputs, builder: builder,
                                                                         options: options)))
        let written = try RouteProtobufTests().writerJSON(legs: legs, inputs: inputs, builder: builder, options: options)
        #expect(JSONComparison.differences(decoded, written).isEmpty)
    }

    /// Without steps a route knows only its maneuvers' intersections (nothing else is read),
    /// and a file written before the lanes section opens with no lanes.
    @Test func withoutStepsOnlyTheManeuversAreNoted() throws {
        let map = mainStreet
        let graph = try map.graph(.driving)
        let route = try Router(graph: graph).route(from: map.coordinate("e"), to: map.coordinate("d"))
        let builder = DirectionsBuilder(graph: graph)
        let full = builder.directions(for: route), bare = builder.directions(for: route, allIntersections: false)
        #expect(full.intersections.count == 4 && bare.intersections.count == 3)
        #expect(full.steps.map(\.instruction) == bare.steps.map(\.instruction))
        #expect(full.distance == bare.distance && full.duration == bare.duration)
        #expect(!graph.file.sections.contains { $0.kind == SectionKind.wayLanes.rawValue })
        #expect(graph.lanes.lanes.isEmpty && graph.lanes.lanes(ofWay: 0, forward: true) == 0)
    }
}

