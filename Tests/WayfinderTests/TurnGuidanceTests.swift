import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// Maneuver types and modifiers at ordinary intersections, as OSRM 26 gives them: the
/// modifier bands, the end of the road, forks, the obvious way on and U-turns. Compares
/// "type modifier" only (the texts are `Instructions`' business and tested there).
@Suite struct TurnGuidanceTests {
    /// The "type modifier" of every step of the route between two letters (driving unless said).
    func maneuvers(_ map: MapFixture, _ from: Character, _ to: Character, _ mode: TravelMode = .driving) throws -> [String] {
        let d = try DirectionsTests().directions(map, mode, from: map.coordinate(from), to: map.coordinate(to))
        return d.steps.map { step in
            [step.maneuver.type.description, step.maneuver.modifier?.description].compactMap { $0 }.joined(separator: " ")
        }
    }

    /// A departure, one maneuver, the arrival.
    func expectOne(_ map: MapFixture, _ from: Character, _ to: Character, _ maneuver: String, _ mode: TravelMode = .driving,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let got = try maneuvers(map, from, to, mode)
        #expect(got == ["depart", maneuver, "arrive"], "\(from)->\(to): \(got)", sourceLocation: sourceLocation)
    }

    @Test func modifierBandsAreOSRMs() {
        // Straight up to 20°, slight up to 40°, plain up to 120°, sharp beyond; left is negative.
        let bands: [(Double, ManeuverModifier)] = [
            (0, .straight), (20, .straight), (-20, .straight), (21, .slightRight), (40, .slightRight),
            (-40, .slightLeft), (41, .right), (90, .right), (120, .right), (-41, .left), (-120, .left),
            (121, .sharpRight), (179, .sharpRight), (-121, .sharpLeft), (-179, .sharpLeft),
        ]
        for (deviation, modifier) in bands {
            #expect(ManeuverModifier(deviation: deviation) == modifier, "\(deviation)°")
        }
    }

    /// Main Street runs east through b; three lanes leave it to the south-east at about 27°
    /// (e), 53° (g) and 127° (f) from straight on. (A column is 10 m, a line 20 m.)
    var sideLanes: MapFixture {
        var map = MapFixture("""
            a-------b-------c
                        e
                 f     g
            """)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("be", ["highway": "residential", "name": "East Lane"])
        map.way("bg", ["highway": "residential", "name": "Green Lane"])
        map.way("bf", ["highway": "residential", "name": "Fir Lane"])
        return map
    }

    @Test func slightPlainAndSharpTurnsByAngle() throws {
        let map = sideLanes
        try expectOne(map, "a", "e", "turn slight right")
        // 53° is a plain turn (it was "slight" below 60° before OSRM's bands).
        try expectOne(map, "a", "g", "turn right")
        // 127° is sharp (it was plain below 140°).
        try expectOne(map, "a", "f", "turn sharp right")
        // Main Street goes on: nothing to say.
        #expect(try maneuvers(map, "a", "c") == ["depart", "arrive"])
    }

    /// Two roads leave b to the south, one at 90° and one at 53° from straight on: both
    /// "right" by angle, so the straighter one is told as slight (OSRM's distinct turns).
    @Test func twoTurnsToOneSideAreToldApart() throws {
        var map = MapFixture("""
                    n
            a-------b-------c
                    |
                    d  e
            """)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("bn", ["highway": "primary", "name": "North Road"])
        map.way("bd", ["highway": "primary", "name": "South Road"])
        map.way("be", ["highway": "primary", "name": "East Lane"])
        try expectOne(map, "a", "d", "turn right")
        try expectOne(map, "a", "e", "turn slight right")
    }

    /// Side Street d-f-h-b meets Cross Street a-b-c at right angles, crossing e-f-g (tagged
    /// `crossing`) at f on the way.
    func sideStreetToCrossStreet(crossing: [String: String]) -> MapFixture {
        var square = MapFixture("""
            a-------b-------c
                    h
                e---f---g
                    d
            """)
        square.way("abc", ["highway": "secondary", "name": "Cross Street"])
        square.way("dfhb", ["highway": "residential", "name": "Side Street"])
        square.way("efg", crossing)
        return square
    }

    @Test func endOfRoadOnlyWhereBothArmsAreAtRightAngles() throws {
        // Side Street meets Cross Street at right angles, past Lane's crossing at f: the end
        // of the road either way.
        let square = sideStreetToCrossStreet(crossing: ["highway": "residential", "name": "Lane"])
        try expectOne(square, "d", "a", "end of road left")
        try expectOne(square, "d", "c", "end of road right")
        // With no intersection passed since the last instruction (here the start), "at the
        // end of the road" would not help: a plain turn (OSRM).
        try expectOne(square, "h", "a", "turn left")
        try expectOne(square, "h", "c", "turn right")

        // Slanted: the arms leave at 34° and 146°, so there is no end of the road. Cross Street
        // ahead and slightly right is the obvious way on; as it crosses the intersection (its
        // name goes on on the far side) it is a turn, said straight; back left is sharp.
        var slanted = MapFixture("""
            a-------b-------c

              d
            """)
        slanted.way("abc", ["highway": "secondary", "name": "Cross Street"])
        slanted.way("db", ["highway": "residential", "name": "Side Street"])
        try expectOne(slanted, "d", "c", "turn straight")
        try expectOne(slanted, "d", "a", "turn sharp left")
    }

    @Test func drivewaysPassedLeaveAPlainTurnAtTheEndOfTheRoad() throws {
        // The square above with Lane a driveway (a service road): going by it along a named
        // street is no intersection in OSRM's lists (its driveway handler), for walkers too, so
        // nothing was passed since the start and the T ahead is a plain turn.
        let square = sideStreetToCrossStreet(crossing: ["highway": "service"])
        for mode in [TravelMode.driving, .walking] {
            try expectOne(square, "d", "a", "turn left", mode)
            try expectOne(square, "d", "c", "turn right", mode)
            let d = try DirectionsTests().directions(square, mode, from: square.coordinate("d"), to: square.coordinate("a"))
            #expect(d.steps[0].intersections.count == 1, "\(mode): the driveway at f is not listed")
        }
        // A street there instead is an intersection passed: the end of the road, on foot too.
        try expectOne(sideStreetToCrossStreet(crossing: ["highway": "residential", "name": "Lane"]), "d", "a",
                      "end of road left", .walking)
    }

    @Test func endOfRoadNeedsExactlyThreeRoads() throws {
        // A fourth road straight ahead: a crossing, where the road ahead is the obvious way
        // on and the right-angled ones are plain turns.
        // (Far Lane is long enough for its name to be said: OSRM drops a name left within 105 m.)
        var map = MapFixture("""
                    e





                    |
            a-------b-------c
                    |
                    d
            """)
        map.way("abc", ["highway": "secondary", "name": "Cross Street"])
        map.way("db", ["highway": "residential", "name": "Side Street"])
        map.way("be", ["highway": "residential", "name": "Far Lane"])
        try expectOne(map, "d", "a", "turn left")
        try expectOne(map, "d", "c", "turn right")
        try expectOne(map, "d", "e", "new name straight")
    }

    /// Main Road splits into two branches 27° either side of straight on.
    var split: MapFixture {
        var map = MapFixture("""
                                    c



            a-------b



                                    d
            """)
        map.way("ab", ["highway": "primary", "name": "Main Road"])
        map.way("bc", ["highway": "primary", "name": "North Fork"])
        map.way("bd", ["highway": "primary", "name": "South Fork"])
        return map
    }

    @Test func forkOfTwoLikeBranches() throws {
        try expectOne(split, "a", "c", "fork slight left")
        try expectOne(split, "a", "d", "fork slight right")
    }

    @Test func noForkWhereOneBranchIsObvious() throws {
        // One branch straight on, the other 27° off: the straight one is the way on.
        var map = MapFixture("""
            a-------b-------------------c
                        d
            """)
        map.way("ab", ["highway": "primary", "name": "Main Road"])
        map.way("bc", ["highway": "primary", "name": "Long Road"])
        map.way("bd", ["highway": "primary", "name": "South Fork"])
        try expectOne(map, "a", "c", "new name straight")
        try expectOne(map, "a", "d", "turn slight right")

        // A service road beside a proper one is no fork either: the proper road goes on.
        var service = split
        service.way("bd", ["highway": "service", "name": "Yard Access"])
        try expectOne(service, "a", "c", "new name slight left")
        try expectOne(service, "a", "d", "turn slight right")
    }

    @Test func curvingRoadWithARivalIsContinued() throws {
        // Bend Street turns 45° right while Other Street leaves 45° left: neither is the
        // obvious way on, so staying on Bend Street is said ("continue right"). (Not the end
        // of the road: the arms are 45° off a right angle.)
        var map = MapFixture("""
                        e

            a-------b

                        c
            """)
        map.way("abc", ["highway": "residential", "name": "Bend Street"])
        map.way("be", ["highway": "residential", "name": "Other Street"])
        try expectOne(map, "a", "c", "continue right")
        try expectOne(map, "a", "e", "turn left")
    }

    @Test func aChangeOfCompassSuffixIsTheSameRoad() throws {
        // North Capitol Northeast turns left as North Capitol Northwest: the road goes on under
        // its compass-suffixed name, so it is continued, not turned onto.
        var map = MapFixture("""
                    c

            a-------b---d
            """)
        map.way("ab", ["highway": "primary", "name": "North Capitol Northeast"])
        map.way("bc", ["highway": "primary", "name": "North Capitol Northwest"])
        map.way("bd", ["highway": "primary", "name": "Some Random Street"])
        try expectOne(map, "a", "c", "continue left")
    }

    @Test func zigZagAcrossACrossStreetIsTwoTurns() throws {
        // Oak Street resumes 20 m along Cedar Drive: right then left. Only a zig-zag of a
        // couple of metres reads as going straight on (OSRM's staggered intersection).
        var map = MapFixture("""
                    j
            a-------b
                    c-------d
                    i
            """)
        map.way("ab", ["highway": "residential", "name": "Oak Street"])
        map.way("cd", ["highway": "residential", "name": "Oak Street"])
        map.way("jbci", ["highway": "residential", "name": "Cedar Drive"])
        #expect(try maneuvers(map, "a", "d") == ["depart", "turn right", "turn left", "arrive"])
    }

    @Test func aStaggeredCrossingOntoAnotherStreetIsANewName() throws {
        // Oak Street meets Cedar Drive 2 m before Elm Street leaves it on the other side (a
        // column is 1 m here, a line 2 m): right, left of a couple of metres is going straight
        // on, and the change of name is said where Elm Street goes on long enough to matter.
        var map = MapFixture("""
                                                                           j
            a------------------------------------------------------------b-c
                                                                           e-f------------------------------------------------------------------------------------------------------------------------g
                                                                           h
            """, scale: 0.1)
        map.way("abc", ["highway": "residential", "name": "Oak Street"])
        map.way("efg", ["highway": "residential", "name": "Elm Street"])
        map.way("jceh", ["highway": "residential", "name": "Cedar Drive"])
        try expectOne(map, "a", "g", "new name straight")
    }

    @Test func aTurnThroughAnUnnamedStubIsOneTurn() throws {
        // Main Road heads north through b, where an unnamed stub of 23 m leaves to the
        // north-west and bends gently onto Post Street at d (a column is 4 m, a line 8 m): one
        // turn onto Post Street at b, its modifier the whole change of heading.
        var map = MapFixture("""
                          c
            e
                      d
                         f
                          b


                          a
            """, scale: 0.4)
        map.way("abc", ["highway": "tertiary", "name": "Main Road"])
        map.way("bd", ["highway": "tertiary"])
        map.way("edf", ["highway": "tertiary", "name": "Post Street"])
        try expectOne(map, "a", "e", "turn left")
        let d = try DirectionsTests().directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("e"))
        #expect(d.steps.count == 3 && d.steps[1].name == "Post Street" && d.steps[1].maneuver.location == map.coordinate("b"))
    }

    @Test func uTurnBetweenCarriagewaysContinuesTheRoad() throws {
        // Ring Road's carriageways (east above, west below) joined by an unnamed gap at b-e:
        // right, right through the gap is one U-turn back onto Ring Road.
        var map = MapFixture("""
            a-----------b-----------c
            d-----------e-----------f
            """)
        map.way("abc", ["highway": "primary", "name": "Ring Road", "oneway": "yes"])
        map.way("fed", ["highway": "primary", "name": "Ring Road", "oneway": "yes"])
        map.way("cf", ["highway": "primary", "name": "Ring Road", "oneway": "yes"])
        map.way("da", ["highway": "primary", "name": "Ring Road", "oneway": "yes"])
        map.way("be", ["highway": "primary"])
        #expect(try maneuvers(map, "a", "d") == ["depart", "continue uturn", "arrive"])
    }
}
