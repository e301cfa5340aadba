import Foundation
import Testing
import WayfinderCLI
@testable import WayfinderDirections
import WayfinderGraph
import WayfinderProtobuf
import WayfinderRouting

/// Signs on route steps, as OSRM reports them: the destinations a one-way road is signed to,
/// exit numbers, a name's pronunciation; in the steps, their JSON and their instructions.
@Suite struct SignTests {
    let steps = DirectionsTests()

    /// The motorway of `MotorwayGuidanceTests.motorway` whose off ramp is exit 12B, signed "A43:
    /// Lyon, Grenoble".
    var signedExit: MapFixture {
        var map = MotorwayGuidanceTests().motorway
        map.tag("rt", ["highway": "motorway_link", "oneway": "yes", "junction:ref": "12B",
                       "destination": "Lyon;Grenoble", "destination:ref": "A43"])
        return map
    }

    /// Main Street with a one-way side street signed only to the street it leads to.
    var signedStreet: MapFixture {
        var map = MapFixture("""
            a----b----c
                 |
                 |
                 d--------e
            """)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("bd", ["highway": "residential", "name": "Side Street", "oneway": "yes",
                       "destination:street": "Harbour Street", "name:pronunciation": "sajd strit"])
        map.way("dec", ["highway": "residential", "name": "Harbour Street"])
        return map
    }

    @Test func motorwayExitSaysItsNumberAndDestination() throws {
        let map = signedExit
        try steps.check(map, .driving, "a", "y", [
            "depart: Head north on North Street",
            "on ramp slight right: Take the ramp on the right",
            "merge slight left: Merge left onto A1",
            "off ramp right: Take exit 12B towards A43: Lyon",
            "turn left: Turn left onto Exit Road",
            "arrive: You have arrived at your destination",
        ])
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("y"))
        let exit = d.steps[3]
        #expect(exit.destinations == "A43: Lyon, Grenoble" && exit.exits == "12B" && exit.pronunciation == nil)
        #expect(d.steps.filter { $0.destinations != nil || $0.exits != nil }.count == 1)
    }

    @Test func streetSignedOnlyIsTheDestination() throws {
        let map = signedStreet
        try steps.check(map, .driving, "a", "d", [
            "depart: Head east on Main Street",
            "turn right: Turn right towards Harbour Street",
            "arrive: You have arrived at your destination",
        ])
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(d.steps.map(\.destinations) == [nil, "Harbour Street", "Harbour Street"])
        #expect(d.steps.map(\.pronunciation) == [nil, "sajd strit", "sajd strit"])
        // Walkers are not told where a road is signed to; the pronunciation is the name's.
        let walk = try steps.directions(map, .walking, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(walk.steps.allSatisfy { $0.destinations == nil })
        #expect(walk.steps.last?.pronunciation == "sajd strit")
    }

    /// The JSON step has the fields OSRM writes, and its instruction copies from them.
    @Test func jsonStepCarriesTheSigns() throws {
        let map = signedExit
        let graph = try map.graph(.driving)
        let to = map.coordinate("y")
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: to)
        let text = RouteResponse.json(route, graph: graph, options: ResponseOptions(geometry: .polyline, overview: .full, destination: to))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let routes = try #require(json["routes"] as? [[String: Any]])
        let legs = try #require(routes.first?["legs"] as? [[String: Any]])
        let steps = try #require(legs.first?["steps"] as? [[String: Any]])
        let exit = steps[3]
        #expect(exit["destinations"] as? String == "A43: Lyon, Grenoble")
        #expect(exit["exits"] as? String == "12B")
        #expect(exit["pronunciation"] == nil)
        #expect(exit["instruction"] as? String == "Take exit 12B towards A43: Lyon")
        #expect(steps[0]["destinations"] == nil && steps[0]["exits"] == nil)
    }

    /// The protobuf response carries the same signs as the JSON (decoded by protobuf-c).
    @Test func protobufStepCarriesTheSigns() throws {
        let map = signedExit
        let graph = try map.graph(.driving)
        let inputs = [map.coordinate("a"), map.coordinate("y")]
        let legs = [try Router(graph: graph).route(from: inputs[0], to: inputs[1])]
        let builder = DirectionsBuilder(graph: graph)
        let options = ResponseOptions(steps: true, geometry: .polyline, overview: .full, annotations: [])
        let decoded = try #require(ProtobufC.decode(RouteProtobuf.encode(legs: legs, inputs: inputs, builder: builder,
                                                                         options: options)))
        let json = try RouteProtobufTests().writerJSON(legs: legs, inputs: inputs, builder: builder, options: options)
        #expect(JSONComparison.differences(decoded, json).isEmpty)
        let routes = try #require(decoded["routes"] as? [[String: Any]])
        let legSteps = try #require((routes.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        #expect(legSteps[3]["destinations"] as? String == "A43: Lyon, Grenoble" && legSteps[3]["exits"] as? String == "12B")
    }

    /// A file written without the section (no way signed, as every file before it) opens,
    /// and its steps have no signs.
    @Test func fileWithoutSignsOpens() throws {
        let graph = try MotorwayGuidanceTests().motorway.graph(.driving)
        #expect(!graph.file.sections.contains { $0.kind == SectionKind.waySigns.rawValue })
        #expect(graph.signs.signs.isEmpty && graph.signs.signs(ofWay: 0) == nil)
        let map = MotorwayGuidanceTests().motorway
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("y"))
        #expect(d.steps.allSatisfy { $0.destinations == nil && $0.exits == nil && $0.pronunciation == nil })
    }

    /// The variant osrm-text-instructions picks: the destination over the name, the exit
    /// number with it on an off ramp, the first ref and the first place only.
    @Test func instructionVariants() {
        func say(_ type: ManeuverType, _ modifier: ManeuverModifier, name: String = "Rue X", destinations: String = "",
                 exits: String = "", exit: Int? = nil, drivingSide: DrivingSide = .right) -> String {
            let m = Maneuver(type: type, modifier: modifier, bearingBefore: 0, bearingAfter: 0,
                             location: FixedCoordinate(latitude: 45, longitude: 5), exit: exit)
            return Instructions.english(m, name: name, ref: "", roadClass: .primary, mode: .driving,
                                        drivingSide: drivingSide, destinations: destinations, exits: exits)
        }
        #expect(say(.turn, .left, destinations: "Lyon") == "Turn left towards Lyon")
        #expect(say(.turn, .left, destinations: "A1, A2") == "Turn left towards A1")
        #expect(say(.turn, .left, destinations: "A1, A2: Lyon, Paris") == "Turn left towards A1: Lyon")
        #expect(say(.offRamp, .slightRight, exits: "12B; 13") == "Take exit 12B")
        #expect(say(.offRamp, .left, name: "", destinations: "Lyon", exits: "4") == "Take exit 4 on the left towards Lyon")
        #expect(say(.offRamp, .right, destinations: "Lyon") == "Take the ramp towards Lyon")
        #expect(say(.onRamp, .right, exits: "4") == "Take the ramp on the right onto Rue X")
        #expect(say(.continue, .straight, destinations: "Lyon") == "Continue towards Lyon")
        #expect(say(.endOfRoad, .uturn, destinations: "Lyon") == "Make a U-turn towards Lyon at the end of the road")
        #expect(say(.roundabout, .right, destinations: "Lyon", exit: 2)
                    == "Enter the roundabout and take the 2nd exit towards Lyon")
        #expect(say(.roundabout, .right, name: "", destinations: "Lyon") == "Enter the roundabout and exit towards Lyon")
        #expect(say(.depart, .right, destinations: "Lyon") == "Head north on Rue X")
    }
}
