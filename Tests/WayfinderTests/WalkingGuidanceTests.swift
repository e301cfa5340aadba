import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// A walker's steps follow OSRM's turn handler as a driver's do (OSRM runs the same guidance
/// for its foot profile): two paths of a kind splitting nearly straight are a fork, a path
/// going on under its name with another as straight beside it is said, and a name held for
/// a few metres between two steps is not worth a step. Our own walker rule stays where it
/// helps: stairs, and the street at their foot, are always said
/// (`DirectionsTests.walkingOverStairsAndAlongAFootway`).
/// (A column is 10 m, a line 20 m.)
@Suite struct WalkingGuidanceTests {
    func check(_ map: MapFixture, _ from: Character, _ to: Character, _ expected: [String],
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        try DirectionsTests().check(map, .walking, from, to, expected, sourceLocation: sourceLocation)
    }

    /// An unnamed footway splits at b into two unnamed footways, about 11° to each side.
    var footwayFork: MapFixture {
        var map = MapFixture("""
                                c
            a---------b
                                d
            """)
        map.way("ab", ["highway": "footway"])
        map.way("bc", ["highway": "footway"])
        map.way("bd", ["highway": "footway"])
        return map
    }

    /// (It used to go unsaid: the walker's own rule let any nearly straight way go on quietly.)
    @Test func twoLikePathsSplittingAreAFork() throws {
        let map = footwayFork
        try check(map, "a", "c", [
            "depart: Head east on the footway",
            "fork slight left: Keep left onto the footway",
            "arrive: You have arrived at your destination",
        ])
        try check(map, "a", "d", [
            "depart: Head east on the footway",
            "fork slight right: Keep right onto the footway",
            "arrive: You have arrived at your destination",
        ])
    }

    /// Riverside Walk bends 20° left at b; an unnamed footway leaves 34° to the right, not
    /// twice as far off: no obvious way on, so both are a fork, even the one keeping the name.
    /// (It used to go unsaid: the walker's rule let a road under its name go on quietly.)
    var bendWithAPathBeside: MapFixture {
        var map = MapFixture("""
                                  c

            a----------b
                          d
            """)
        map.way("abc", ["highway": "footway", "name": "Riverside Walk"])
        map.way("bd", ["highway": "footway"])
        return map
    }

    @Test func aPathAsStraightAsTheNamedOneIsAFork() throws {
        let map = bendWithAPathBeside
        try check(map, "a", "c", [
            "depart: Head east on Riverside Walk",
            "fork slight left: Keep left onto Riverside Walk",
            "arrive: You have arrived at your destination",
        ])
        // Straight on with the other well apart: nothing to say.
        var straight = MapFixture("""
            a----------b----------c
                             d
            """)
        straight.way("abc", ["highway": "footway", "name": "Riverside Walk"])
        straight.way("bd", ["highway": "footway"])
        try check(straight, "a", "c", [
            "depart: Head east on Riverside Walk",
            "arrive: You have arrived at your destination",
        ])
    }

    /// High Street is broken for 60 m by an unnamed footway between two cross streets: going
    /// straight on from High Street onto the footway is no obvious way on (a footway beside
    /// streets), so it is a turn straight, and the street comes back at d. The name that comes
    /// back makes both steps go (OSRM's name oscillation; on foot only over an unnamed stretch).
    @Test func anUnnamedStretchOfAStreetIsNoStep() throws {
        var map = MapFixture("""
                      n     m
            a---------b-----d------------e
                      s     t
            """)
        map.way("ab", ["highway": "residential", "name": "High Street"])
        map.way("bd", ["highway": "footway"])
        map.way("de", ["highway": "residential", "name": "High Street"])
        map.way("nbs", ["highway": "residential", "name": "Cross Street"])
        map.way("mdt", ["highway": "residential", "name": "Mill Street"])
        try check(map, "a", "e", [
            "depart: Head east on High Street",
            "arrive: You have arrived at your destination",
        ])
    }

    /// Short Lane lasts 40 m between the footway and Long Street (120 m, to d): not worth its
    /// own step.
    @Test func aShortNamedStretchIsNotAStep() throws {
        var map = MapFixture("""
            a-----b---c
                      |
                      |
                      |
                      |
                      |
                      d
            """)
        map.way("ab", ["highway": "footway"])
        map.way("bc", ["highway": "footway", "name": "Short Lane"])
        map.way("cd", ["highway": "residential", "name": "Long Street"])
        try check(map, "a", "d", [
            "depart: Head east on the footway",
            "new name right: Continue right onto Long Street",
            "arrive: You have arrived at your destination",
        ])
        // Longer than OSRM's cut-off (105 m), the name is said.
        var long = MapFixture("""
            a-----b------------c
                               |
                               |
                               |
                               |
                               |
                               d
            """)
        long.way("ab", ["highway": "footway"])
        long.way("bc", ["highway": "footway", "name": "Short Lane"])
        long.way("cd", ["highway": "residential", "name": "Long Street"])
        try check(long, "a", "d", [
            "depart: Head east on the footway",
            "new name straight: Continue onto Short Lane",
            "new name right: Continue right onto Long Street",
            "arrive: You have arrived at your destination",
        ])
    }
}
