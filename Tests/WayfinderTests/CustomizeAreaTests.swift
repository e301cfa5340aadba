import Foundation
import Testing
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// `wayfinder customize --closed-areas` on a hand-drawn map: a polygon closes the roads in it
/// or crossing its edge to the modes it names, the next update without it opens them again,
/// and a bad GeoJSON file is refused with its place, the graph left as it was.
@Suite struct CustomizeAreaTests {
    /// Main Street a-b-c, 160 m (a side street meets it at b), and the way round by d and e,
    /// 200 m; all open to every mode.
    static var map: MapFixture {
        var map = MapFixture("""
                    f
                    |
            a-------b-------c
            |               |
            d---------------e
            """)
        map.way("abc", ["highway": "residential", "name": "Main Street"])
        map.way("fb", ["highway": "residential", "name": "Side Street"])
        map.way("adec", ["highway": "residential", "name": "Loop Road"])
        return map
    }


    /// A square of `half` metres each way around `centre`, as a GeoJSON polygon's rings.
    func square(_ map: MapFixture, near letter: Character, east: Double, half: Double = 10) -> String {
        let corners = [(-half, -half), (half, -half), (half, half), (-half, half), (-half, -half)].map { (x, y) in
            let c = map.coordinate(near: letter, east: east + x, north: y)
            return "[\(c.longitude), \(c.latitude)]"
        }
        return "[[\(corners.joined(separator: ", "))]]"
    }

    func areas(_ features: [(rings: String, modes: String?)], in dir: String) throws -> String {
        let file = "\(dir)/closed.geojson"
        let text = features.map { f in
            let properties = f.modes.map { #"{"modes": \#($0)}"# } ?? "{}"
            return #"{"type": "Feature", "properties": \#(properties), "geometry": {"type": "Polygon", "coordinates": \#(f.rings)}}"#
        }
        try #"{"type": "FeatureCollection", "features": [\#(text.joined(separator: ",\n"))]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func go(_ path: String, _ mode: TravelMode, _ map: MapFixture, _ from: Character, _ to: Character) throws -> String {
        try routeCheckedByDijkstra(try RoutingGraph(path: path, mode: mode), map, from: map.coordinate(from), to: map.coordinate(to)).letters
    }

    @Test func anAreaClosesTheModesItNamesAndTheNextUpdateOpensThem() throws {
        try Self.map.withGraphFile { map, path, dir in
            let walked = try go(path, .walking, map, "a", "c")
            #expect(try go(path, .driving, map, "a", "c") == "abc" && walked == "abc")
            // A square astride Main Street between b and c (no node in it), closed to cars.
            let carsOnly = try areas([(square(map, near: "b", east: 40), #"["car"]"#)], in: dir)
            let summary = try Customizer.customize(graph: path, speedFiles: [], closedAreaFiles: [carsOnly])
            #expect(summary.closedAreas == 1 && summary.areaPieces == 1 && summary.modes == [.driving])
            #expect(try go(path, .driving, map, "a", "c") == "adec" && go(path, .driving, map, "c", "a") == "ceda")
            #expect(try go(path, .walking, map, "a", "c") == "abc" && go(path, .cycling, map, "a", "c") == "abc")
            // Without "modes": every mode goes round.
            let everyone = try areas([(square(map, near: "b", east: 40), nil)], in: dir)
            let all = try Customizer.customize(graph: path, speedFiles: [], closedAreaFiles: [everyone])
            #expect(all.modes == [.driving, .walking, .cycling] && all.areaPieces == 3)
            for mode in TravelMode.allCases { #expect(try go(path, mode, map, "a", "c") == "adec") }
            // The files are the whole state: an update with only a far-away area reopens Main
            // Street for every mode the last one closed, at its imported time.
            let elsewhere = try areas([(square(map, near: "d", east: 0, half: 1), #"["walking"]"#)], in: dir)
            let reopened = try Customizer.customize(graph: path, speedFiles: [], closedAreaFiles: [elsewhere])
            #expect(reopened.modes == [.driving, .walking, .cycling] && reopened.metricVersion == 3)
            for mode in TravelMode.allCases { #expect(try go(path, mode, map, "a", "c") == "abc") }
            let graph = try RoutingGraph(path: path, mode: .walking), imported = try RoutingGraph(path: try map.graphFile(), mode: .walking)
            let now = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate("c"))
            let before = try Router(graph: imported).route(from: map.coordinate("a"), to: map.coordinate("c"))
            #expect(now.weight == before.weight)
        }
    }

    @Test func aBadAreaFileNamesItsPlaceAndLeavesTheGraphAsItWas() throws {
        try Self.map.withGraphFile { map, path, dir in
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let bowtie = "[[[0, 0], [0.001, 0.001], [0.001, 0], [0, 0.001], [0, 0]]]"
            let open = "[[[0, 0], [0.001, 0], [0.001, 0.001], [0, 0.001]]]"
            let feature = { (geometry: String, properties: String) in
                #"{"type": "Feature", "properties": \#(properties), "geometry": \#(geometry)}"#
            }
            let cases: [(String, String)] = [
                ("{\"type\": \"FeatureCollection\",\n \"features\": [\n oops]}", ":3: not JSON"),
                (feature(#"{"type": "Polygon", "coordinates": \#(bowtie)}"#, "{}"), ": the feature: the polygon is not valid: Self-intersection"),
                (feature(#"{"type": "Polygon", "coordinates": \#(open)}"#, "{}"), ": the feature: ring 1 is not closed"),
                (feature(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}"#, "{}"), ": the feature: ring 1 needs at least 4 positions"),
                (feature(#"{"type": "Polygon", "coordinates": [[[0, 0], [200, 1], [1, 1], [0, 0]]]}"#, "{}"), ": the feature: ring 1, position 2: expected [longitude, latitude]"),
                (feature(#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, "{}"), ": the feature: a 'LineString' closes no area"),
                (feature(#"{"type": "Polygon", "coordinates": \#(square(map, near: "b", east: 40))}"#, #"{"modes": ["boat"]}"#),
                 ": the feature: modes: 'boat' is not driving, walking or cycling"),
                (#"{"type": "FeatureCollection", "features": []}"#, ": top level: no polygon to close"),
                (#"[1, 2]"#, ": top level: expected a GeoJSON object"),
            ]
            try expectEachRefused(cases, writtenTo: "\(dir)/bad.geojson", exact: false) {
                _ = try Customizer.customize(graph: path, speedFiles: [], closedAreaFiles: [$0])
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        }
    }
}
