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

    /// What must hold for every route: the list.
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
            // Every intersection on the step, the maneuver's first; one road at either end.
            let listed = d.intersections[step.intersections]
            #expect(listed.first?.location == m.location, "step \(i) lists no intersection at its maneuver",
                    sourceLocation: sourceLocation)
            for x in listed {
                #expect(x.in.map { $0 < x.roads.count } ?? true, sourceLocation: sourceLocation)
                #expect(x.out.map { $0 < x.roads.count && d.intersectionRoads[x.roads][x.roads.lowerBound + $0].entry } ?? true,
                        sourceLocation: sourceLocation)
            }
            if i == 0 || i == steps.count - 1 { #expect(listed.first?.roads.count == 1, sourceLocation: sourceLocation) }
            if i == steps.count - 1 { #expect(listed.count == 1, sourceLocation: sourceLocation) }
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
        map.fourArmRing()
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

    /// Main Street (`ab`, `bc`) crossed at b by Cross Street, drawn as the ways `crossStreet`.
    func mainStreetCrossing(crossStreet: [String]) -> MapFixture {
        var map = MapFixture("""
                d
                |
            a---b---c
                |
                e
            """)
        map.way("ab", ["highway": "primary", "name": "Main Street"])
        map.way("bc", ["highway": "primary", "name": "Main Street"])
        for way in crossStreet { map.way(way, ["highway": "residential", "name": "Cross Street"]) }
        return map
    }

    @Test func deadEndUTurn() throws {
        var map = mainStreetCrossing(crossStreet: ["dbe"])
        map.restriction(from: "ab", via: "b", to: "bc", "only_straight_on")
        try check(map, .driving, "a", "d", [
            "depart: Head east on Main Street",
            "continue uturn: Make a U-turn and continue on Main Street",
            "turn right: Turn right onto Cross Street",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func restrictedTurnIsNoEntry() throws {
        // Cross Street is open both ways, but no left turn onto it from Main Street: the
        // intersection lists it as no entry from the road arrived by (OSRM's `entry`).
        var map = mainStreetCrossing(crossStreet: ["bd", "be"])
        let open = try directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("c"))
        map.restriction(from: "ab", via: "b", to: "bd", "no_left_turn")
        let restricted = try directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("c"))
        /// The entries at b, by bearing: Cross Street north, Main Street east, Cross Street
        /// south, Main Street west (arrived by).
        func entries(_ d: Directions) throws -> [Bool] {
            let b = try #require(d.intersections.first { $0.roads.count == 4 })
            #expect(d.intersectionRoads[b.roads].map(\.bearing) == [0, 90, 180, 270])
            return d.intersectionRoads[b.roads].map(\.entry)
        }
        #expect(try entries(open) == [true, true, true, false])
        #expect(try entries(restricted) == [false, true, true, false])
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
            // Upper Street (60 m) is too short to name (OSRM's short name segments, walkers
            // too); the stairs and the street at their foot are always said.
            // Where two ways only join, a bend is OSRM's new name with the bend's direction.
            "new name right: Turn right and take the stairs",
            "new name left: Continue left onto Lower Street",
            "arrive: You have arrived at your destination",
        ])
        // Straight on from a street onto an unnamed footway is no step (as OSRM's foot profile).
        try check(map, .walking, "d", "x", [
            "depart: Head west on Lower Street",
            "new name right: Turn right and take the stairs",
            "new name left: Continue left onto Upper Street",
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

}
