import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// Motorways, ramps and merges on hand-drawn maps: which ramps are announced, where a ramp
/// merges (only into a highway passing by) and where a highway ending in ramps forks.
@Suite struct MotorwayGuidanceTests {
    let tests = DirectionsTests()

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
        try tests.check(map, .driving, "a", "y", [
            "depart: Head north on North Street",
            "on ramp slight right: Take the ramp on the right",
            "merge slight left: Merge left onto A1",
            // An off ramp on the side traffic keeps to says no side (osrm-text-instructions).
            "off ramp right: Take the ramp",
            // No intersection on the ramp: a plain turn, not "at the end of the road" (OSRM).
            "turn left: Turn left onto Exit Road",
            "arrive: You have arrived at your destination",
        ])
        let d = try tests.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("y"))
        #expect(d.steps.count > 2 && d.steps[2].ref == "A1" && d.steps[2].name.isEmpty)
    }

    /// Two ramps that join and become a motorway: no motorway passes by, so nothing to merge
    /// into: the motorway is a new name (nothing at all where none of them has a name).
    @Test func rampsJoiningIntoAMotorwayMakeNoMerge() throws {
        var map = MapFixture("""
            a
                    c-----------d
            b
            """)
        map.way("ac", ["highway": "motorway_link", "name": "North Ramp"])
        map.way("bc", ["highway": "motorway_link", "name": "South Ramp"])
        map.way("cd", ["highway": "motorway", "ref": "A9"])
        try tests.check(map, .driving, "a", "d", [
            "depart: Head east on North Ramp",
            "new name straight: Continue onto A9",
            "arrive: You have arrived at your destination",
        ])
        var unnamed = MapFixture("""
            a
                    c-----------d
            b
            """)
        unnamed.way("ac", ["highway": "motorway_link"])
        unnamed.way("bc", ["highway": "motorway_link"])
        unnamed.way("cd", ["highway": "motorway"])
        try tests.check(unnamed, .driving, "b", "d", [
            "depart: Head east",
            "arrive: You have arrived at your destination",
        ])
    }

    /// A motorway that ends in two ramps forks into them (no motorway goes on to leave);
    /// one that ends in a single ramp goes on into it unannounced.
    @Test func aMotorwayEndingInRampsForks() throws {
        var map = MapFixture("""
                            c
            a---------b
                            d
            """)
        map.way("ab", ["highway": "motorway", "ref": "A9"])
        map.way("bc", ["highway": "motorway_link", "oneway": "yes", "destination": "Nord"])
        map.way("bd", ["highway": "motorway_link", "oneway": "yes", "destination": "Sud"])
        try tests.check(map, .driving, "a", "c", [
            "depart: Head east on A9",
            "fork slight left: Keep left towards Nord",
            "arrive: You have arrived at your destination",
        ])
        try tests.check(map, .driving, "a", "d", [
            "depart: Head east on A9",
            "fork slight right: Keep right towards Sud",
            "arrive: You have arrived at your destination",
        ])
        var single = MapFixture("""
            a---------b
                            d
            """)
        single.way("ab", ["highway": "motorway", "ref": "A9"])
        single.way("bd", ["highway": "motorway_link", "oneway": "yes", "destination": "Sud"])
        try tests.check(single, .driving, "a", "d", [
            "depart: Head east on A9",
            "arrive: You have arrived at your destination",
        ])
    }
}
