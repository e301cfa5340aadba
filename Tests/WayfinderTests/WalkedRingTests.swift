import Testing
import WayfinderDirections
import WayfinderGraph

/// Roundabouts on foot, as OSRM's foot guidance says them: no roundabout steps (a walker may
/// go round either way), but stepping onto or off the ring is never the obvious way on, so
/// it is said even where the way runs straight; a ring touched for a few metres keeps its
/// two steps (no wiggle to fold), and a straight step onto it right before the step off it
/// folds into the step before. (A column is 10 m, a line 20 m.)
@Suite struct WalkedRingTests {
    func check(_ map: MapFixture, _ from: Character, _ to: Character, _ expected: [String],
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        try DirectionsTests().check(map, .walking, from, to, expected, sourceLocation: sourceLocation)
    }

    /// Mill Lane runs straight into a square unnamed ring at p and Orchard Way straight out of
    /// it at q, 60 m on; Church Path leaves q to the north. `ring`: the square is tagged a
    /// roundabout (else it is a plain road).
    func square(ring: Bool) -> MapFixture {
        var map = MapFixture("""
                            c
                            |
                a-----p-----q-----e
                      |     |
                      t-----r
            """)
        map.way("pqrtp", ring ? ["highway": "residential", "junction": "roundabout"] : ["highway": "residential"])
        map.way("ap", ["highway": "residential", "name": "Mill Lane"])
        map.way("qe", ["highway": "residential", "name": "Orchard Way"])
        map.way("qc", ["highway": "residential", "name": "Church Path"])
        return map
    }

    var squareRing: MapFixture { square(ring: true) }

    /// Straight onto the ring and straight off it: each said, though nothing else is as
    /// straight.
    @Test func steppingOntoAndOffARingIsSaidEvenStraightOn() throws {
        try check(squareRing, "a", "e", [
            "depart: Head east on Mill Lane",
            "turn straight: Go straight onto the road",
            "turn straight: Go straight onto Orchard Way",
            "arrive: You have arrived at your destination",
        ])
        // The same roads without the ring's tag: the way on is obvious at both, the name
        // change 60 m before the end not worth a step.
        let plain = square(ring: false)
        try check(plain, "a", "e", [
            "depart: Head east on Mill Lane",
            "arrive: You have arrived at your destination",
        ])
    }

    /// Main Street crosses the corner of a small ring: onto it at p (keeping left of the
    /// ring's other half), off it 5 m on at q, back onto Main Street. (A column is 5 m, a
    /// line 10 m.)
    var ringCorner: MapFixture {
        var map = MapFixture("""
                a
                   pq
                    r   e
            """, scale: 0.5)
        map.way("pqrp", ["highway": "residential", "junction": "roundabout"])
        map.way("ap", ["highway": "residential", "name": "Main Street"])
        map.way("qe", ["highway": "residential", "name": "Main Street"])
        return map
    }

    /// A short stretch of ring between two halves of one street is no wiggle to fold away.
    @Test func aFewMetresOfRingKeepBothSteps() throws {
        try check(ringCorner, "a", "e", [
            "depart: Head southeast on Main Street",
            "fork slight left: Keep left onto the road",
            "turn slight right: Make a slight right onto Main Street",
            "arrive: You have arrived at your destination",
        ])
    }

    /// Main Street runs straight onto a ring 5 m wide at p; Mill Lane leaves it at q, 5 m
    /// on, to the southeast. (A column is 5 m, a line 10 m.)
    var ringLeftAtOnce: MapFixture {
        var map = MapFixture("""
                a-----pq
                      ||\\
                      tr  e
            """, scale: 0.5)
        map.way("pqrtp", ["highway": "residential", "junction": "roundabout"])
        map.way("ap", ["highway": "residential", "name": "Main Street"])
        map.way("qe", ["highway": "residential", "name": "Mill Lane"])
        return map
    }

    /// The straight step onto the ring only leads into the turn off it 5 m on: it folds
    /// into the departure, and the turn is said where it is made.
    @Test func aStraightStepOntoARingRightBeforeLeavingItFolds() throws {
        let map = ringLeftAtOnce
        try check(map, "a", "e", [
            "depart: Head east on Main Street",
            "turn right: Turn right onto Mill Lane",
            "arrive: You have arrived at your destination",
        ])
        let d = try DirectionsTests().directions(map, .walking, from: map.coordinate("a"), to: map.coordinate("e"))
        #expect(d.steps[1].maneuver.location == map.coordinate("q"))
    }

    /// Mill Lane meets a ring at p heading east; the ring leaves p eastwards for 5 m, to u,
    /// then bends southeast to v, where Orchard Way leaves east. (A column is 5 m, a line 10 m.)
    var ringBendingAtOnce: MapFixture {
        var map = MapFixture("""
                a---------pu
                        w   v---e
            """, scale: 0.5)
        map.way("puvwp", ["highway": "residential", "junction": "roundabout"])
        map.way("ap", ["highway": "residential", "name": "Mill Lane"])
        map.way("ve", ["highway": "residential", "name": "Orchard Way"])
        return map
    }

    /// The ring's way on from p is read close to the node (2 m along), as OSRM reads rings:
    /// straight on (ten metres along, past its bend, it would read as a slight right).
    @Test func aRingIsReadAtItsTangent() throws {
        try check(ringBendingAtOnce, "a", "e", [
            "depart: Head east on Mill Lane",
            "turn straight: Go straight onto the road",
            "turn left: Turn left onto Orchard Way",
            "arrive: You have arrived at your destination",
        ])
    }
}
