import Testing
import WayfinderDirections
import WayfinderGraph

/// Rings, as OSRM announces them: a roundabout's entry and exit steps, a rotary entered like a
/// place, a small roundabout said as a turn, a start or an end on the ring, and a road that
/// only touches a ring.
@Suite struct RoundaboutTests {
    let steps = DirectionsTests()

    /// A four-arm ring of radius ~18 m (`ringName` nil: unnamed) with a road `ey` leaving it
    /// beside East Road; `small`: the same arms on a ring of radius ~14 m, small enough to be
    /// said as a turn (and without `ey`).
    func ring(named ringName: String? = nil, small: Bool = false) -> MapFixture {
        let sketch = """
                      c
                      | y
                      n
               d----w   e----b
                      s
                      |
                      a
            """
        var map = MapFixture(small ? sketch.replacingOccurrences(of: "w   e", with: " w e ")
                                          .replacingOccurrences(of: "| y", with: "|") : sketch)
        map.fourArmRing(ringTags: ringName.map { ["name": $0] } ?? [:])
        if !small { map.way("ey", ["highway": "primary", "name": "Quay Road", "oneway": "yes"]) }
        return map
    }

    @Test func rotaryIsEnteredLikeAPlace() throws {
        let map = ring(named: "Place de l'Etoile")
        try steps.check(map, .driving, "a", "c", [
            "depart: Head north on South Road",
            "rotary right exit 2: Enter Place de l'Etoile and take the 2nd exit onto North Road",
            "exit rotary right exit 2: Exit the rotary onto North Road",
            "arrive: You have arrived at your destination",
        ])
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("c"))
        #expect(d.steps[1].rotaryName == "Place de l'Etoile" && d.steps[1].name == "North Road")
        #expect(d.steps[2].rotaryName == nil)
    }

    @Test func ringNamedLikeItsStreetIsARoundabout() throws {
        // The ring carries South Road's name: part of that street, not a place of its own.
        let map = ring(named: "South Road")
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("c"))
        #expect(d.steps[1].maneuver.type == .roundabout && d.steps[2].maneuver.type == .exitRoundabout)
    }

    @Test func smallRingIsATurn() throws {
        let map = ring(small: true)
        try steps.checkOneManeuver(map, .driving, "a", "d", "Head north on South Road",
                                   "roundabout turn left exit 3: At the roundabout turn left onto West Road")
        try steps.checkOneManeuver(map, .driving, "a", "c", "Head north on South Road",
                                   "roundabout turn straight exit 2: At the roundabout continue straight onto North Road")
        try steps.checkOneManeuver(map, .driving, "a", "b", "Head north on South Road",
                                   "roundabout turn right exit 1: At the roundabout turn right onto East Road")
    }

    @Test func routeEndingOnTheRingHasNoExit() throws {
        let map = ring()
        let to = map.coordinate(near: "n", east: -4, north: -8)
        let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: to)
        #expect(steps.describe(d) == [
            "depart: Head north on South Road",
            "roundabout right: Enter the roundabout",
            "arrive left: You have arrived at your destination, on the left",
        ])
    }

    @Test func routeStartingOnTheRingOnlyExits() throws {
        let map = ring()
        let from = map.coordinate(near: "e", east: -4, north: 8)
        let d = try steps.directions(map, .driving, from: from, to: map.coordinate("d"))
        #expect(steps.describe(d) == [
            "depart: Head northwest",
            "exit roundabout right exit 2: Exit the roundabout onto West Road",
            "arrive: You have arrived at your destination",
        ])
    }

    @Test func roadOnlyTouchingTheRingLeavesIt() throws {
        // East Road to Quay Road at e: in and out without driving on the ring.
        try steps.checkOneManeuver(ring(), .driving, "b", "y", "Head west on East Road",
                                   "exit roundabout right exit 1: Exit the roundabout onto Quay Road")
    }

    /// The two one-way halves of North Road meeting a ring at the same node `n`, the ring
    /// turning counter-clockwise (`clockwise`: the map mirrored, the ring turning clockwise).
    func splitRoadAtTheRing(clockwise: Bool = false) -> MapFixture {
        let sketch = """
                  a   c
                    n
                d w   e b
                    s
                    |
                    f
            """
        var map = MapFixture(clockwise ? sketch.replacingOccurrences(of: "a   c", with: "c   a")
                                       .replacingOccurrences(of: "d w   e b", with: "b e   w d") : sketch)
        map.way("nwsen", ["highway": "primary", "junction": "roundabout"])
        map.way("an", ["highway": "primary", "name": "North Road", "oneway": "yes"])
        map.way("nc", ["highway": "primary", "name": "North Road", "oneway": "yes"])
        map.way("dw", ["highway": "primary", "name": "West Road"])
        map.way("eb", ["highway": "primary", "name": "East Road"])
        map.way("sf", ["highway": "primary", "name": "South Road"])
        return map
    }

    @Test func splitRoadMeetingTheRingGoesRoundIt() throws {
        // From North Road's way in to its way out at the same node: turning there would cross
        // the ring's traffic against its flow, so the route goes round (OSRM's rule too).
        for clockwise in [false, true] {
            let map = splitRoadAtTheRing(clockwise: clockwise)
            let d = try steps.directions(map, .driving, from: map.coordinate("a"), to: map.coordinate("c"))
            #expect(steps.describe(d) == [
                "depart: Head \(clockwise ? "southwest" : "southeast") on North Road",
                "roundabout \(clockwise ? "left" : "right") exit 4: Enter the roundabout and take the 4th exit onto North Road",
                "exit roundabout \(clockwise ? "left" : "right") exit 4: Exit the roundabout onto North Road",
                "arrive: You have arrived at your destination",
            ], "clockwise: \(clockwise)")
            #expect(d.distance > 100, "the ring is driven: \(d.distance) m")
        }
    }

    /// A small ring (radius 12 m) that South Road meets after bending north just before it:
    /// it comes from the south-west, its last 4 m (k to s) head north. A column is 2 m, a
    /// line 4 m.
    var smallRingAfterABend: MapFixture {
        var map = MapFixture("""
                                c






                                n


            d             w           e             b


                                s
                                k









                 a
            """, scale: 0.2)
        map.fourArmRing(south: "aks")
        return map
    }

    /// A ring said as a turn is turned by the roads where they meet it: out of the bend,
    /// South Road enters heading north, and North Road leaves heading north, straight on.
    /// (Read along its course, South Road would arrive heading north-east, 36° off: a
    /// slight left.)
    @Test func smallRingIsTurnedByTheRoadsWhereTheyMeetIt() throws {
        try steps.checkOneManeuver(smallRingAfterABend, .driving, "a", "c", "Head northeast on South Road",
                                   "roundabout turn straight exit 2: At the roundabout continue straight onto North Road")
    }
}
