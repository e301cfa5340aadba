import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// OSRM's collapsing rules that make one maneuver of two: crossing a divided road's
/// carriageways (one turn, or one U-turn, said where the route meets the first carriageway)
/// and sliproads (the corner road is the turn onto the road it leads to). Exact steps, texts
/// and locations on hand-drawn maps (a column is 10 m, a line 20 m).
@Suite struct CollapsingRulesTests {
    let tests = DirectionsTests()

    /// Main Avenue is divided: its westbound carriageway h-g-f above, its eastbound one i-j-k
    /// below, 20 m apart. Oak Street crosses both, g-j being the gap in the median.
    var dividedAvenue: MapFixture {
        var map = MapFixture("""
                    n
            f-------g-------h
            i-------j-------k
                    s
            """)
        map.way("hgf", ["highway": "primary", "name": "Main Avenue", "oneway": "yes"])
        map.way("ijk", ["highway": "primary", "name": "Main Avenue", "oneway": "yes"])
        map.way("ngjs", ["highway": "residential", "name": "Oak Street"])
        return map
    }

    /// Checks that the route between two letters has exactly the steps `expected` (texts),
    /// its one maneuver made at letter `at`.
    func expectOneManeuver(_ map: MapFixture, _ from: Character, _ to: Character, _ expected: [String],
                           at: Character, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let got = try steps(map, from, to)
        #expect(got.map(\.0) == expected, sourceLocation: sourceLocation)
        #expect(got.count == 3 && got[1].1 == map.coordinate(at), sourceLocation: sourceLocation)
    }

    /// The steps of the driving route between two letters, and where each maneuver is.
    func steps(_ map: MapFixture, _ from: Character, _ to: Character) throws -> [(String, FixedCoordinate)] {
        let d = try tests.directions(map, .driving, from: map.coordinate(from), to: map.coordinate(to))
        return zip(tests.describe(d), d.steps).map { ($0, $1.maneuver.location) }
    }

    @Test func turnAcrossADividedRoadIsOneTurnAtTheFirstCarriageway() throws {
        let map = dividedAvenue
        // Straight over the westbound carriageway, left onto the eastbound one: one left turn.
        try expectOneManeuver(map, "n", "k", ["depart: Head south on Oak Street", "turn left: Turn left onto Main Avenue",
                                              "arrive: You have arrived at your destination"], at: "g")
    }

    @Test func uTurnThroughTheMedianIsOneUTurn() throws {
        let map = dividedAvenue
        try expectOneManeuver(map, "h", "k", ["depart: Head west on Main Avenue",
                                              "continue uturn: Make a U-turn and continue on Main Avenue",
                                              "arrive: You have arrived at your destination"], at: "g")
    }

    @Test func straightAcrossBothCarriagewaysIsNoManeuver() throws {
        #expect(try steps(dividedAvenue, "n", "s").map(\.0) == ["depart: Head south on Oak Street",
                                                               "arrive: You have arrived at your destination"])
    }

    @Test func turnFromTheFarCarriagewayStaysOneTurn() throws {
        // Westbound, left at g through the gap and on south: one left turn onto Oak Street.
        let got = try steps(dividedAvenue, "h", "s")
        #expect(got.map(\.0) == ["depart: Head west on Main Avenue", "turn left: Turn left onto Oak Street",
                                 "arrive: You have arrived at your destination"])
    }

    @Test func aLongGapIsNoMedian() throws {
        // 60 m between the carriageways: two streets, two turns.
        var map = MapFixture("""
                    n
            f-------g-------h


            i-------j-------k
                    s
            """)
        map.way("hgf", ["highway": "primary", "name": "Main Avenue", "oneway": "yes"])
        map.way("ijk", ["highway": "primary", "name": "Main Avenue", "oneway": "yes"])
        map.way("ngjs", ["highway": "residential", "name": "Oak Street"])
        try expectOneManeuver(map, "n", "k", ["depart: Head south on Oak Street", "turn left: Turn left onto Main Avenue",
                                              "arrive: You have arrived at your destination"], at: "j")
    }

    /// Two divided roads crossing: Main Street's carriageways c-b-h-a (west) and d-i-e-f
    /// (east), Side Street's l-g-e-b (north) and h-i-j-k (south); Maple Street crosses at g.
    var twoDividedRoads: MapFixture {
        var map = MapFixture("""
            a-----h--b-----c
            d-----i--e-----f
            m-----j--g-----n
                  k  l
            """)
        map.way("cbha", ["highway": "residential", "name": "Main Street", "oneway": "yes"])
        map.way("dief", ["highway": "residential", "name": "Main Street", "oneway": "yes"])
        map.way("lgeb", ["highway": "residential", "name": "Side Street", "oneway": "yes"])
        map.way("hijk", ["highway": "residential", "name": "Side Street", "oneway": "yes"])
        map.way("mjgn", ["highway": "residential", "name": "Maple Street"])
        return map
    }

    @Test func throughTwoLinksTheEndOfTheRoadStays() throws {
        // Over the eastbound carriageway, left at the westbound one and on across Side
        // Street's southbound one: the end of the road, said at the first carriageway.
        let map = twoDividedRoads
        try expectOneManeuver(map, "l", "a", ["depart: Head north on Side Street", "end of road left: Turn left onto Main Street",
                                              "arrive: You have arrived at your destination"], at: "e")
    }

    @Test func aroundThreeLinksIsOneUTurn() throws {
        let map = twoDividedRoads
        try expectOneManeuver(map, "c", "f", ["depart: Head west on Main Street",
                                              "continue uturn: Make a U-turn and continue on Main Street",
                                              "arrive: You have arrived at your destination"], at: "b")
    }

    /// Main Avenue splits at b into its eastbound half b-c-d (named `eastbound`) and its
    /// westbound half f-e-b.
    func splitAvenue(eastbound: String) -> MapFixture {
        var map = MapFixture("""
                        c-------d
            a-------b
                        e-------f
            """)
        map.way("ab", ["highway": "primary", "name": "Main Avenue"])
        map.way("bcd", ["highway": "primary", "name": eastbound, "oneway": "yes"])
        map.way("feb", ["highway": "primary", "name": "Main Avenue", "oneway": "yes"])
        return map
    }

    @Test func turningFromOneHalfOntoTheOtherWhereTheyMeetIsAUTurn() throws {
        #expect(try steps(splitAvenue(eastbound: "Main Avenue"), "f", "d").map(\.0) == [
            "depart: Head west on Main Avenue", "continue uturn: Make a U-turn and continue on Main Avenue",
            "arrive: You have arrived at your destination"])
        // Halves of other names are two roads: a sharp turn from one onto the other.
        let other = try steps(splitAvenue(eastbound: "North Avenue"), "f", "d").map(\.0)
        #expect(other.count == 3 && other[1].hasPrefix("turn sharp right"), "\(other)")
    }

    /// Main Street runs east through c, where Cross Street crosses it; the corner road b-e-g-f
    /// cuts from Main Street to Cross Street south of c, bending towards c. Turning right at c
    /// itself is forbidden, so the route to the south takes the corner road.
    func cornerMap(_ cornerTags: [String: String]) -> MapFixture {
        var map = MapFixture("""
                      n
            a---b-----c-----d
                   e
                     g
                      f

                      s
            """)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("cd", ["highway": "primary", "name": "Main Street"])
        map.way("nc", ["highway": "primary", "name": "Cross Street"])
        map.way("cfs", ["highway": "primary", "name": "Cross Street"])
        map.way("begf", cornerTags.merging(["oneway": "yes"]) { a, _ in a })
        map.restriction(from: "abc", via: "c", to: "cfs", "no_right_turn")
        return map
    }

    @Test func sliproadIsTheTurnOntoTheRoadItLeadsTo() throws {
        // (Named like the road it leads to, the corner road goes on unsaid at f.)
        for tags in [["highway": "primary"], ["highway": "primary_link"], ["highway": "primary", "name": "Cross Street"]] {
            let map = cornerMap(tags)
            let got = try steps(map, "a", "s")
            #expect(got.map(\.0) == ["depart: Head east on Main Street", "turn right: Turn right onto Cross Street",
                                     "arrive: You have arrived at your destination"], "\(tags)")
            #expect(got.count == 3 && got[1].1 == map.coordinate("b"), "\(tags)")
        }
    }

    @Test func sliproadKeepsTheRoadsItLeavesAlone() throws {
        let map = cornerMap(["highway": "primary"])
        #expect(try steps(map, "a", "d").map(\.0) == ["depart: Head east on Main Street",
                                                      "arrive: You have arrived at your destination"])
        #expect(try steps(map, "a", "n").map(\.0) == ["depart: Head east on Main Street",
                                                      "turn left: Turn left onto Cross Street",
                                                      "arrive: You have arrived at your destination"])
    }

    @Test func aServiceRoadIsNoSliproad() throws {
        // OSRM never takes a service road for a sliproad: onto it, then onto Cross Street.
        let got = try steps(cornerMap(["highway": "service"]), "a", "s")
        #expect(got.count == 4, "\(got.map(\.0))")
        #expect(got.last(where: { $0.0.hasPrefix("turn") })?.0.hasSuffix("onto Cross Street") == true)
    }
}
