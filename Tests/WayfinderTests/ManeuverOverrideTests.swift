import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// `type=maneuver` relations: read at import into their own section, and said by the
/// directions where the route follows their ways through their via node.
@Suite struct ManeuverOverrideTests {
    let tests = DirectionsTests()

    /// A Street and B Street meet at c, where C Street leaves south to J Street (a column is
    /// 10 m, a line 20 m). With `relations`, three instructions at c are corrected.
    func streets(relations: Bool) -> MapFixture {
        var map = MapFixture("""
            a---b---c----d---e
                    g
            h-------i--------j
            """)
        map.way("abc", ["highway": "residential", "name": "A Street"])
        map.way("cde", ["highway": "residential", "name": "B Street"])
        map.way("cgi", ["highway": "residential", "name": "C Street"])
        map.way("hij", ["highway": "residential", "name": "J Street"])
        if relations {
            map.maneuver(from: "abc", via: "c", to: "cgi", ["maneuver": "turn", "direction": "sharp_right"])
            map.maneuver(from: "abc", via: "c", to: "cde", ["maneuver": "turn", "direction": "slight_left"])
            // `manoeuvre` wins over `maneuver`, as in OSRM.
            map.maneuver(from: "cgi", via: "c", to: "cde", ["manoeuvre": "fork", "maneuver": "turn", "direction": "slight_right"])
        }
        return map
    }

    func describe(_ map: MapFixture, _ from: Character, _ to: Character) throws -> [String] {
        tests.describe(try tests.directions(map, .driving, from: map.coordinate(from), to: map.coordinate(to)))
    }

    @Test func relationsAreReadIntoTheirSection() throws {
        var map = streets(relations: true)
        // Neither an unknown maneuver nor an unknown direction is read.
        map.maneuver(from: "hij", via: "i", to: "cgi", ["maneuver": "dance"])
        map.maneuver(from: "hij", via: "i", to: "cgi", ["maneuver": "turn", "direction": "upwards"])
        #expect(try map.graph(.driving).maneuverOverrides.overrides.count == 3)
        // A file without any has no section and reads as none.
        #expect(try streets(relations: false).graph(.driving).maneuverOverrides.isEmpty)
    }

    @Test func relationCorrectsTheComputedTurn() throws {
        let got = try describe(streets(relations: true), "a", "g")
        let without = try describe(streets(relations: false), "a", "g")
        #expect(without[1] == "turn right: Turn right onto C Street")
        #expect(got == ["depart: Head east on A Street", "turn sharp right: Make a sharp right onto C Street",
                        "arrive: You have arrived at your destination"])
    }

    @Test func relationWakesAnUnsaidChange() throws {
        #expect(try describe(streets(relations: false), "a", "e").count == 2)   // a short new name, unsaid
        #expect(try describe(streets(relations: true), "a", "e") == [
            "depart: Head east on A Street", "turn slight left: Make a slight left onto B Street",
            "arrive: You have arrived at your destination"])
    }

    @Test func relationSetsTheManeuverType() throws {
        let got = try describe(streets(relations: true), "g", "e")
        #expect(got.count == 3 && got[1].hasPrefix("fork slight right:"), "\(got)")
    }

    @Test func routesOffTheRelationsWaysAreUntouched() throws {
        for (from, to) in [("e", "a"), ("e", "g"), ("g", "a"), ("h", "a")] as [(Character, Character)] {
            #expect(try describe(streets(relations: true), from, to) == describe(streets(relations: false), from, to),
                    "\(from)->\(to)")
        }
    }

    @Test func suppressRemovesTheStep() throws {
        var map = streets(relations: false)
        map.maneuver(from: "cgi", via: "i", to: "hij", ["maneuver": "suppress"])
        let got = try describe(map, "a", "h")
        let without = try describe(streets(relations: false), "a", "h")
        #expect(without.count == 4 && got.count == 3, "\(got)")
        #expect(got.dropLast() == without.prefix(2).map { $0.replacingOccurrences(of: "C Street", with: "J Street") })
    }
}
