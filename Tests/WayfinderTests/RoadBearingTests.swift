import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// Turn angles from where a road goes, not from its first shape point (`RoadCourse`, OSRM's
/// representative coordinate): a road whose first piece points one way while the road runs
/// another is turned onto by the angle of its course. Each map's side road would have had a
/// different modifier measured at the first shape point ~10 m out, as we once did.
@Suite struct RoadBearingTests {
    /// Long Walk runs east through b. Mill Path leaves b east-south-east for 9 m (to d), then
    /// bends south. A column is 2.5 m, a line 5 m.
    var pathWithABend: MapFixture {
        var map = MapFixture("""
            a-------b-------c
                       d
                       |
                       |
                       |
                       |
                       |
                       e
            """, scale: 0.25)
        map.way("abc", ["highway": "footway", "name": "Long Walk"])
        map.way("bde", ["highway": "footway", "name": "Mill Path"])
        return map
    }

    /// A path is read 10 m along it (OSRM's minor roads): 9 m to d, 1 m on south, 39° off
    /// straight, a slight turn. (Its first shape point 10 m out, e, is 78° off: "right".)
    @Test func aPathIsReadTenMetresAlongIt() throws {
        try DirectionsTests().check(pathWithABend, .walking, "a", "e", [
            "depart: Head east on Long Walk",
            "turn slight right: Make a slight right onto Mill Path",
            "arrive: You have arrived at your destination",
        ])
    }

    /// Main Street runs east through b. Hill Road leaves b to the south-east: its first shape
    /// point d lies 11 m out at 45° from straight on, but the road runs on to e at 38°, d only
    /// 1.4 m off that line. A column is 1 m, a line 2 m.
    var roadWithAKinkedStart: MapFixture {
        var map = MapFixture("""
            a-------------------b-----------------------------------------------c



                                        d









                                                                    e
            """, scale: 0.1)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("bde", ["highway": "residential", "name": "Hill Road"])
        return map
    }

    /// A road straight enough (within half a lane of the line to its end, as far as OSRM
    /// looks) is turned onto by that line: a slight right, not the right its first shape
    /// point says.
    @Test func aRoadStraightEnoughIsReadByItsLine() throws {
        try TurnGuidanceTests().expectOne(roadWithAKinkedStart, "a", "e", "turn slight right")
    }

    /// A mountain road's hairpin drawn mostly before the node: Poska comes from the west, its
    /// last 2 m (p to b) head north, and it goes on north to c; Lawenastrasse leaves b to the
    /// south-east. By the roads' courses Poska turns 80° left where Lawenastrasse bears 55°
    /// right, no road obvious; at the node itself Poska runs straight on, Lawenastrasse turns
    /// off 135°: the road goes on without a word (OSRM's wide-turn check at the node). A
    /// column is 1 m, a line 2 m.
    var hairpinBeforeTheNode: MapFixture {
        var map = MapFixture("""
                                                   c




                                                   b
            a--------------------------------------p




                                                             e
            """, scale: 0.1)
        map.way("apb", ["highway": "residential", "name": "Poska"])
        map.way("bc", ["highway": "residential", "name": "Poska"])
        map.way("be", ["highway": "residential", "name": "Lawenastrasse"])
        return map
    }

    @Test func aHairpinBeforeTheNodeGoesOnWithoutAWord() throws {
        try DirectionsTests().check(hairpinBeforeTheNode, .driving, "a", "c", [
            "depart: Head east on Poska",
            "arrive: You have arrived at your destination",
        ])
        // Onto the other road it is still a turn.
        try DirectionsTests().check(hairpinBeforeTheNode, .driving, "a", "e", [
            "depart: Head east on Poska",
            "turn right: Turn right onto Lawenastrasse",
            "arrive: You have arrived at your destination",
        ])
    }

    /// How far along a road OSRM reads it grows with the intersection's width: the most lanes
    /// tagged on a road there (two where none is). Market Lane leaves Main Street at b; its
    /// first shape point d lies 18 m out, 43° off straight on, and it runs on to e, 38° off,
    /// d 1.4 m from that line. Beside a two-lane road, d lies past the crossing (16.5 m on a
    /// lane of two lanes' width) and says where the lane goes: right. Where Main Street has
    /// four lanes (23 m), the lane is read on to e, and it is straight enough: slight right.
    /// A column is 1 m, a line 2 m.
    func laneOffAWiderRoad(_ lanes: [String: String] = [:]) -> MapFixture {
        var map = MapFixture("""
            a-------------------b------------------------------------------------------------c





                                             d










                                                                           e
            """, scale: 0.1)
        map.way("abc", ["highway": "secondary", "name": "Main Street"].merging(lanes) { $1 })
        map.way("bde", ["highway": "residential", "name": "Market Lane"])
        return map
    }

    @Test func theIntersectionsLanesSayHowFarARoadIsRead() throws {
        try TurnGuidanceTests().expectOne(laneOffAWiderRoad(), "a", "e", "turn right")
        try TurnGuidanceTests().expectOne(laneOffAWiderRoad(["lanes": "4"]), "a", "e", "turn slight right")
        // `lanes:forward` and `lanes:backward` add up where `lanes` is missing (OSRM's car
        // profile); a `lanes` that is no number counts as none, and hides them.
        try TurnGuidanceTests().expectOne(laneOffAWiderRoad(["lanes:forward": "2", "lanes:backward": "2"]),
                                          "a", "e", "turn slight right")
        try TurnGuidanceTests().expectOne(laneOffAWiderRoad(["lanes": "4;2", "lanes:forward": "2", "lanes:backward": "2"]),
                                          "a", "e", "turn right")
    }
}
