import Foundation
import Testing
@testable import WayfinderDirections
import WayfinderGraph
import WayfinderJSON

/// Every maneuver type and modifier against the English of osrm-text-instructions (v5): its
/// "name" variant onto a name, a ref, or both ("Name (Ref)"), and its "default" variant onto
/// an unnamed road. The expected texts are written out, not composed, so that a wrong table
/// entry shows.
@Suite struct InstructionTextTests {
    static let place = FixedCoordinate(latitude: 60.17, longitude: 24.94)

    func text(_ type: ManeuverType, _ modifier: ManeuverModifier?, name: String = "", ref: String = "",
              roadClass: RoadClass = .residential, mode: TravelMode = .driving, bearing: Int = 0,
              transport: Transport = .road, classes: WayClasses = [], drivingSide: DrivingSide = .right,
              waypoint: Int? = nil) -> String {
        let maneuver = Maneuver(type: type, modifier: modifier, bearingBefore: 0, bearingAfter: bearing,
                                location: Self.place, exit: nil)
        return Instructions.english(maneuver, name: name, ref: ref, roadClass: roadClass, mode: mode,
                                    waypoint: waypoint, transport: transport, classes: classes,
                                    drivingSide: drivingSide)
    }

    /// For each modifier, the text onto "{way}" (the "name" variant) and with no road.
    typealias Table = [(ManeuverModifier, named: String, unnamed: String)]

    func check(_ type: ManeuverType, _ table: Table, drivingSide: DrivingSide = .right,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(table.map(\.0)) == Set(ManeuverModifier.allCases), "every modifier", sourceLocation: sourceLocation)
        for (modifier, named, unnamed) in table {
            func expected(_ way: String) -> String { named.replacingOccurrences(of: "{way}", with: way) }
            func say(name: String = "", ref: String = "") -> String {
                text(type, modifier, name: name, ref: ref, drivingSide: drivingSide)
            }
            #expect(say(name: "Main Street") == expected("Main Street"), sourceLocation: sourceLocation)
            #expect(say(ref: "B 12") == expected("B 12"), sourceLocation: sourceLocation)
            #expect(say(name: "Main Street", ref: "B 12") == expected("Main Street (B 12)"), sourceLocation: sourceLocation)
            #expect(say() == unnamed, sourceLocation: sourceLocation)
        }
    }

    @Test func turn() {
        check(.turn, [
            (.uturn, "Make a U-turn onto {way}", "Make a U-turn"),
            (.sharpRight, "Make a sharp right onto {way}", "Make a sharp right"),
            (.right, "Turn right onto {way}", "Turn right"),
            (.slightRight, "Make a slight right onto {way}", "Make a slight right"),
            (.straight, "Go straight onto {way}", "Go straight"),
            (.slightLeft, "Make a slight left onto {way}", "Make a slight left"),
            (.left, "Turn left onto {way}", "Turn left"),
            (.sharpLeft, "Make a sharp left onto {way}", "Make a sharp left"),
        ])
    }

    /// Straight on, the modifier is dropped: "Continue onto …".
    @Test func newName() {
        check(.newName, [
            (.uturn, "Make a U-turn onto {way}", "Make a U-turn"),
            (.sharpRight, "Take a sharp right onto {way}", "Take a sharp right"),
            (.right, "Continue right onto {way}", "Continue right"),
            (.slightRight, "Continue slightly right onto {way}", "Continue slightly right"),
            (.straight, "Continue onto {way}", "Continue straight"),
            (.slightLeft, "Continue slightly left onto {way}", "Continue slightly left"),
            (.left, "Continue left onto {way}", "Continue left"),
            (.sharpLeft, "Take a sharp left onto {way}", "Take a sharp left"),
        ])
    }

    @Test func continuing() {
        check(.continue, [
            (.uturn, "Make a U-turn and continue on {way}", "Make a U-turn"),
            (.sharpRight, "Make a sharp right to stay on {way}", "Make a sharp right"),
            (.right, "Turn right to stay on {way}", "Turn right"),
            (.slightRight, "Make a slight right to stay on {way}", "Make a slight right"),
            (.straight, "Continue straight to stay on {way}", "Continue straight"),
            (.slightLeft, "Make a slight left to stay on {way}", "Make a slight left"),
            (.left, "Turn left to stay on {way}", "Turn left"),
            (.sharpLeft, "Make a sharp left to stay on {way}", "Make a sharp left"),
        ])
    }

    @Test func endOfRoad() {
        check(.endOfRoad, [
            (.uturn, "Make a U-turn onto {way} at the end of the road", "Make a U-turn at the end of the road"),
            (.sharpRight, "Turn sharp right onto {way}", "Turn sharp right"),
            (.right, "Turn right onto {way}", "Turn right"),
            (.slightRight, "Turn slight right onto {way}", "Turn slight right"),
            (.straight, "Continue straight onto {way}", "Continue straight"),
            (.slightLeft, "Turn slight left onto {way}", "Turn slight left"),
            (.left, "Turn left onto {way}", "Turn left"),
            (.sharpLeft, "Turn sharp left onto {way}", "Turn sharp left"),
        ])
    }

    /// "at the fork" only when there is no road to name.
    @Test func fork() {
        check(.fork, [
            (.uturn, "Make a U-turn onto {way}", "Make a U-turn"),
            (.sharpRight, "Take a sharp right onto {way}", "Take a sharp right at the fork"),
            (.right, "Keep right onto {way}", "Keep right at the fork"),
            (.slightRight, "Keep right onto {way}", "Keep right at the fork"),
            (.straight, "Keep straight onto {way}", "Keep straight at the fork"),
            (.slightLeft, "Keep left onto {way}", "Keep left at the fork"),
            (.left, "Keep left onto {way}", "Keep left at the fork"),
            (.sharpLeft, "Take a sharp left onto {way}", "Take a sharp left at the fork"),
        ])
    }

    @Test func merge() {
        check(.merge, [
            (.uturn, "Make a U-turn onto {way}", "Make a U-turn"),
            (.sharpRight, "Merge right onto {way}", "Merge right"),
            (.right, "Merge right onto {way}", "Merge right"),
            (.slightRight, "Merge right onto {way}", "Merge right"),
            (.straight, "Merge onto {way}", "Merge"),
            (.slightLeft, "Merge left onto {way}", "Merge left"),
            (.left, "Merge left onto {way}", "Merge left"),
            (.sharpLeft, "Merge left onto {way}", "Merge left"),
        ])
    }

    @Test func onRamp() {
        check(.onRamp, [
            (.uturn, "Take the ramp onto {way}", "Take the ramp"),
            (.sharpRight, "Take the ramp on the right onto {way}", "Take the ramp on the right"),
            (.right, "Take the ramp on the right onto {way}", "Take the ramp on the right"),
            (.slightRight, "Take the ramp on the right onto {way}", "Take the ramp on the right"),
            (.straight, "Take the ramp onto {way}", "Take the ramp"),
            (.slightLeft, "Take the ramp on the left onto {way}", "Take the ramp on the left"),
            (.left, "Take the ramp on the left onto {way}", "Take the ramp on the left"),
            (.sharpLeft, "Take the ramp on the left onto {way}", "Take the ramp on the left"),
        ])
    }

    /// An off ramp on the side traffic keeps to says no side; on the other side it does.
    @Test func offRamp() {
        check(.offRamp, [
            (.uturn, "Take the ramp onto {way}", "Take the ramp"),
            (.sharpRight, "Take the ramp onto {way}", "Take the ramp"),
            (.right, "Take the ramp onto {way}", "Take the ramp"),
            (.slightRight, "Take the ramp onto {way}", "Take the ramp"),
            (.straight, "Take the ramp onto {way}", "Take the ramp"),
            (.slightLeft, "Take the ramp on the left onto {way}", "Take the ramp on the left"),
            (.left, "Take the ramp on the left onto {way}", "Take the ramp on the left"),
            (.sharpLeft, "Take the ramp on the left onto {way}", "Take the ramp on the left"),
        ], drivingSide: .right)
        check(.offRamp, [
            (.uturn, "Take the ramp onto {way}", "Take the ramp"),
            (.sharpRight, "Take the ramp on the right onto {way}", "Take the ramp on the right"),
            (.right, "Take the ramp on the right onto {way}", "Take the ramp on the right"),
            (.slightRight, "Take the ramp on the right onto {way}", "Take the ramp on the right"),
            (.straight, "Take the ramp onto {way}", "Take the ramp"),
            (.slightLeft, "Take the ramp onto {way}", "Take the ramp"),
            (.left, "Take the ramp onto {way}", "Take the ramp"),
            (.sharpLeft, "Take the ramp onto {way}", "Take the ramp"),
        ], drivingSide: .left)
    }

    /// The modifier as OSRM spells it: "Continue slight left".
    @Test func notification() {
        check(.notification, [
            (.uturn, "Make a U-turn onto {way}", "Make a U-turn"),
            (.sharpRight, "Continue sharp right onto {way}", "Continue sharp right"),
            (.right, "Continue right onto {way}", "Continue right"),
            (.slightRight, "Continue slight right onto {way}", "Continue slight right"),
            (.straight, "Continue straight onto {way}", "Continue straight"),
            (.slightLeft, "Continue slight left onto {way}", "Continue slight left"),
            (.left, "Continue left onto {way}", "Continue left"),
            (.sharpLeft, "Continue sharp left onto {way}", "Continue sharp left"),
        ])
    }

    /// osrm-text-instructions' compass sectors: north 340°–20°, northeast 21°–69°, ...
    @Test func depart() {
        #expect(text(.depart, nil, name: "Main Street", bearing: 0) == "Head north on Main Street")
        #expect(text(.depart, nil, ref: "B 12", bearing: 90) == "Head east on B 12")
        #expect(text(.depart, nil, name: "Main Street", ref: "B 12", bearing: 180) == "Head south on Main Street (B 12)")
        #expect(text(.depart, nil, bearing: 270) == "Head west")
        let sectors: [(Int, String)] = [
            (20, "north"), (21, "northeast"), (69, "northeast"), (70, "east"), (110, "east"), (111, "southeast"),
            (159, "southeast"), (160, "south"), (200, "south"), (201, "southwest"), (249, "southwest"),
            (250, "west"), (290, "west"), (291, "northwest"), (339, "northwest"), (340, "north"), (359, "north"),
        ]
        for (bearing, direction) in sectors {
            #expect(text(.depart, nil, bearing: bearing) == "Head \(direction)", "\(bearing)°")
        }
    }

    @Test func arrive() {
        let expected: [(ManeuverModifier?, String)] = [
            (nil, "You have arrived at your destination"),
            (.uturn, "You have arrived at your destination"),
            (.straight, "You have arrived at your destination, straight ahead"),
            (.slightLeft, "You have arrived at your destination, on the left"),
            (.left, "You have arrived at your destination, on the left"),
            (.sharpLeft, "You have arrived at your destination, on the left"),
            (.slightRight, "You have arrived at your destination, on the right"),
            (.right, "You have arrived at your destination, on the right"),
            (.sharpRight, "You have arrived at your destination, on the right"),
        ]
        for (modifier, arrival) in expected {
            #expect(text(.arrive, modifier, name: "Main Street") == arrival)
            #expect(text(.arrive, modifier) == arrival)
        }
        #expect(text(.arrive, .right, waypoint: 3) == "You have arrived at your 3rd destination, on the right")
        #expect(text(.arrive, nil, waypoint: 1) == "You have arrived at your 1st destination")
        #expect(text(.arrive, nil, waypoint: 22) == "You have arrived at your 22nd destination")
    }

    /// The name and ref composed as osrm-text-instructions' `getWayName` does.
    @Test func wayName() {
        // The first ref of a list.
        #expect(text(.turn, .left, ref: "E 75;E 18") == "Turn left onto E 75")
        #expect(text(.turn, .left, name: "Ring I", ref: "101;E 18") == "Turn left onto Ring I (101)")
        // A name that is the ref stands for no name.
        #expect(text(.turn, .left, name: "E 75;E 18", ref: "E 75;E 18") == "Turn left onto E 75")
        // A name equal to the first ref is said once.
        #expect(text(.turn, .left, name: "E 75", ref: "E 75;E 18") == "Turn left onto E 75")
        // A motorway goes by its ref, when the ref has a number.
        #expect(text(.merge, .slightLeft, name: "Helsinki Ring", ref: "E 18", classes: [.motorway])
            == "Merge left onto E 18")
        #expect(text(.merge, .slightLeft, name: "Helsinki Ring", ref: "Ring", classes: [.motorway, .toll])
            == "Merge left onto Helsinki Ring")
        #expect(text(.merge, .slightLeft, ref: "Ring", classes: [.motorway]) == "Merge left onto Ring")
        #expect(text(.merge, .slightLeft, name: "Helsinki Ring", ref: "E 18", classes: [.toll])
            == "Merge left onto Helsinki Ring (E 18)")
    }

    /// On board a ferry, whatever the maneuver (osrm-text-instructions' "modes"); a train
    /// reads as the road does.
    @Test func ferry() {
        #expect(text(.notification, .straight, name: "Viking Line", transport: .ferry) == "Take the ferry Viking Line")
        #expect(text(.turn, .left, transport: .ferry) == "Take the ferry")
        #expect(text(.depart, nil, name: "Viking Line", transport: .ferry) == "Take the ferry Viking Line")
        #expect(text(.turn, .left, roadClass: .other, mode: .walking, transport: .ferry) == "Take the ferry")
        #expect(text(.notification, .straight, name: "Eurotunnel", transport: .train) == "Continue straight onto Eurotunnel")
        #expect(text(.arrive, .left, name: "Viking Line", transport: .ferry) == "You have arrived at your destination, on the left")
    }

    /// Our walking extras: an unnamed way is called by its kind, stairs are announced; named
    /// ways read as for a driver.
    @Test func walking() {
        func walk(_ type: ManeuverType, _ modifier: ManeuverModifier?, name: String = "", roadClass: RoadClass,
                  bearing: Int = 0) -> String {
            text(type, modifier, name: name, roadClass: roadClass, mode: .walking, bearing: bearing)
        }
        #expect(walk(.depart, nil, roadClass: .footway, bearing: 90) == "Head east on the footway")
        #expect(walk(.depart, nil, name: "Esplanadi", roadClass: .footway, bearing: 90) == "Head east on Esplanadi")
        #expect(walk(.turn, .left, roadClass: .footway) == "Turn left onto the footway")
        #expect(walk(.turn, .left, name: "Esplanadi", roadClass: .footway) == "Turn left onto Esplanadi")
        #expect(walk(.newName, .straight, roadClass: .path) == "Continue onto the path")
        #expect(walk(.newName, .slightRight, roadClass: .cycleway) == "Continue slightly right onto the cycleway")
        #expect(walk(.continue, .left, roadClass: .pedestrian) == "Turn left to stay on the pedestrian street")
        #expect(walk(.fork, .slightLeft, roadClass: .track) == "Keep left onto the track")
        #expect(walk(.endOfRoad, .right, roadClass: .service) == "Turn right onto the service road")
        #expect(walk(.turn, .right, roadClass: .residential) == "Turn right onto the road")
        #expect(walk(.turn, .right, roadClass: .steps) == "Turn right and take the stairs")
        #expect(walk(.turn, .slightLeft, roadClass: .steps) == "Make a slight left and take the stairs")
        #expect(walk(.newName, .straight, roadClass: .steps) == "Take the stairs")
        #expect(walk(.endOfRoad, .uturn, roadClass: .steps) == "Make a U-turn and take the stairs")
        #expect(walk(.turn, .right, name: "Kaivopuiston portaat", roadClass: .steps) == "Turn right onto Kaivopuiston portaat")
        #expect(walk(.arrive, .left, roadClass: .footway) == "You have arrived at your destination, on the left")
    }

    /// The JSON path (text written straight into the step, name and ref copied from the
    /// step's escaped "name" and "ref") says what the String path says.
    @Test func jsonTextMatchesTheString() throws {
        func step(_ type: ManeuverType, _ modifier: ManeuverModifier?, name: String, ref: String,
                  classes: WayClasses = [], transport: Transport = .road) -> RouteStep {
            RouteStep(maneuver: Maneuver(type: type, modifier: modifier, bearingBefore: 0, bearingAfter: 45,
                                         location: Self.place, exit: nil),
                      name: name, ref: ref, roadClass: .primary, distance: 0, duration: 0, geometry: 0...0,
                      intersection: 0..<0, intersectionIn: nil, intersectionOut: nil, mode: .driving,
                      transport: transport, classes: classes, arrivalWaypoint: nil, drivingSide: .left)
        }
        let steps = [
            step(.depart, nil, name: "Rue \"Haute\"", ref: "N 4;E 411"),
            step(.offRamp, .slightLeft, name: "", ref: "A\\1;B 2"),
            step(.offRamp, .slightRight, name: "Sortie", ref: ""),
            step(.merge, .slightRight, name: "Autoroute", ref: "A 4", classes: [.motorway]),
            step(.notification, .straight, name: "Bac", ref: "", transport: .ferry),
            step(.arrive, .right, name: "Ende", ref: ""),
        ]
        let directions = Directions(mode: .driving, drivingSide: .left, line: [Self.place], steps: steps,
                                    intersectionRoads: [], distance: 0, duration: 0, annotation: nil)
        let json = JSONBuffer()
        directions.writeSteps(into: json, format: .polyline)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [[String: Any]])
        let texts = parsed.map { $0["instruction"] as? String ?? "?" }
        #expect(texts == steps.map(\.instruction))
        #expect(texts == [
            "Head northeast on Rue \"Haute\" (N 4)",
            "Take the ramp onto A\\1",
            "Take the ramp on the right onto Sortie",
            "Merge right onto A 4",
            "Take the ferry Bac",
            "You have arrived at your destination, on the right",
        ])
    }
}
