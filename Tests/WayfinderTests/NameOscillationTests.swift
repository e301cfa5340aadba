import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// A name that comes back (A, B, A, each straight on) is no step, however long B lasts:
/// OSRM's name oscillation, for drivers (on foot only over an unnamed stretch:
/// `WalkingGuidanceTests.anUnnamedStretchOfAStreetIsNoStep`), but not right off a ring.
/// (A column is 10 m, a line 20 m.)
@Suite struct NameOscillationTests {
    /// The Old Bridge carries First Street's traffic for 200 m under its own name: the name
    /// comes back, so the driver hears of neither change (OSRM's name oscillation, whatever
    /// the bridge's length); onto a third name both changes are said.
    @Test func aNameThatComesBackIsNoStep() throws {
        func bridge(then name: String) -> MapFixture {
            var map = MapFixture("""
                a------------b--------------------c------------d
                """)
            map.way("ab", ["highway": "residential", "name": "First Street"])
            map.way("bc", ["highway": "residential", "name": "Old Bridge"])
            map.way("cd", ["highway": "residential", "name": name])
            return map
        }
        try DirectionsTests().check(bridge(then: "First Street"), .driving, "a", "d", [
            "depart: Head east on First Street",
            "arrive: You have arrived at your destination",
        ])
        try DirectionsTests().check(bridge(then: "Quay Street"), .driving, "a", "d", [
            "depart: Head east on First Street",
            "new name straight: Continue onto Old Bridge",
            "new name straight: Continue onto Quay Street",
            "arrive: You have arrived at your destination",
        ])
    }

    /// Right off a roundabout the name that comes back is said: OSRM leaves the steps of a
    /// ring out of its collapsing, so the exit, the bridge and East Road again are all told.
    @Test func aNameComingBackRightOffARingIsSaid() throws {
        var map = MapFixture("""
                      c
                      |
                      n
               d----w   e----b--------------------f------------g
                      s
                      |
                      a
            """)
        map.way("senws", ["highway": "primary", "junction": "roundabout"])
        map.way("as", ["highway": "primary", "name": "South Road"])
        map.way("eb", ["highway": "primary", "name": "East Road"])
        map.way("bf", ["highway": "primary", "name": "Old Bridge"])
        map.way("fg", ["highway": "primary", "name": "East Road"])
        map.way("nc", ["highway": "primary", "name": "North Road"])
        map.way("wd", ["highway": "primary", "name": "West Road"])
        try DirectionsTests().check(map, .driving, "a", "g", [
            "depart: Head north on South Road",
            "roundabout right exit 1: Enter the roundabout and take the 1st exit onto East Road",
            "exit roundabout right exit 1: Exit the roundabout onto East Road",
            "new name straight: Continue onto Old Bridge",
            "new name straight: Continue onto East Road",
            "arrive: You have arrived at your destination",
        ])
    }
}
