import Foundation
import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderImport
import WayfinderMatching
import WayfinderRouting

/// `wayfinder customize` on a hand-drawn map: what a speed row does to a route, how an update
/// replaces the one before, and how a bad file leaves the graph as it was.
@Suite struct CustomizeTests {
    /// Main Street a-b-c, 160 m, and the way round by d and e, 200 m.
    static var map: MapFixture {
        var map = MapFixture("""
            a-------b-------c
            |               |
            d---------------e
            """)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("adec", ["highway": "primary", "name": "Loop Road"])
        return map
    }


    func speeds(_ map: MapFixture, _ rows: [(Character, Character, String)], in dir: String, name: String = "speeds.csv") throws -> String {
        let file = "\(dir)/\(name)"
        try rows.map { "\(map.nodeId($0.0)),\(map.nodeId($0.1)),\($0.2)" }.joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func drive(_ path: String, _ map: MapFixture, _ from: Character, _ to: Character) throws -> (letters: String, route: Route) {
        try routeCheckedByDijkstra(try RoutingGraph(path: path, mode: .driving), map, from: map.coordinate(from), to: map.coordinate(to))
    }

    @Test func aSlowedRoadMakesTheDetourWinOneWayOnly() throws {
        try Self.map.withGraphFile { map, path, dir in
            let before = try drive(path, map, "a", "c"), back = try drive(path, map, "c", "a")
            #expect(before.letters == "abc" && back.letters == "cba")
            let summary = try Customizer.customize(graph: path, speedFiles: [try speeds(map, [("a", "b", "5")], in: dir)])
            #expect(summary.rows == 1 && summary.matchedRows == 1 && summary.unmatched.isEmpty && summary.metricVersion == 1)
            #expect(try drive(path, map, "a", "c").letters == "adec")
            // The row names a -> b only: the other direction keeps its time to the millisecond.
            let after = try drive(path, map, "c", "a")
            #expect(after.letters == "cba" && after.route.weight == back.route.weight)
            #expect(try GraphFile(path: path).metadata["metric_version"] == "1")
        }
    }

    @Test func speedZeroClosesAndTheNextUpdateRestores() throws {
        try Self.map.withGraphFile { map, path, dir in
            let before = try drive(path, map, "a", "c")
            let closed = try Customizer.customize(graph: path, speedFiles: [try speeds(map, [("b", "c", "0"), ("c", "b", "0")], in: dir)])
            #expect(closed.closedDirections == 2)
            #expect(try drive(path, map, "a", "c").letters == "adec")
            #expect(try drive(path, map, "c", "a").letters == "ceda")
            // As in OSRM: a point on a-b, open but on a road cut by the closure, snaps to it
            // and has no route; one on b-c, closed both ways, 10 m from c, snaps to the
            // nearest open road (Loop Road at c) and goes round.
            let graph = try RoutingGraph(path: path, mode: .driving)
            for reference in [false, true] {
                let router = Router(graph: graph, reference: reference)
                #expect(throws: RouteError.noRoute) { try router.route(from: map.coordinate(near: "a", east: 40), to: map.coordinate("d")) }
                let around = try router.route(from: map.coordinate(near: "c", east: -10), to: map.coordinate("d"))
                #expect(lettersOnRoute(graph.geometry(of: around), map) == "ced")
            }
            // A trace along a-b finds the road but no way along it: no match (OSRM's
            // NoMatch), where one far from any road has no segment.
            let matcher = MapMatcher(graph: graph)
            let trace = MatchTrace(coordinates: [map.coordinate(near: "a", east: 20), map.coordinate(near: "a", east: 60)],
                                   accuracies: [5, 5], maxSpeed: 40)
            #expect(matcher.candidates(trace).allSatisfy(\.isEmpty) && matcher.hasRoads(near: trace))
            let far = MatchTrace(coordinates: [map.coordinate(near: "a", north: 500)], accuracies: [5], maxSpeed: 40)
            #expect(!matcher.hasRoads(near: far))
            // The files are the whole state: an update without the closure reopens the road,
            // at its imported time exactly, and a faster Loop Road does not change that.
            let second = try Customizer.customize(graph: path, speedFiles: [try speeds(map, [("d", "e", "60")], in: dir, name: "next.csv")])
            #expect(second.metricVersion == 2 && second.closedDirections == 0)
            let reopened = try drive(path, map, "a", "c")
            #expect(reopened.letters == "abc" && reopened.route.weight == before.route.weight)
        }
    }

    /// OSRM's `datasources`: the stretch a row names runs at its speed and names its file;
    /// the rest of the segment keeps its imported time.
    @Test func annotationsShowWhichStretchesRunOnLiveSpeeds() throws {
        try Self.map.withGraphFile { map, path, dir in
            let graph = try RoutingGraph(path: path, mode: .driving)
            let before = try #require(DirectionsBuilder(graph: graph).directions(for: try drive(path, map, "a", "c").route, annotated: true).annotation)
            #expect(before.datasources.isEmpty && before.sourceNames == ["lua profile"])
            _ = try Customizer.customize(graph: path, speedFiles: [try speeds(map, [("a", "b", "40")], in: dir, name: "feed.csv")])
            let (letters, route) = try drive(path, map, "a", "c")
            #expect(letters == "abc")
            let live = try RoutingGraph(path: path, mode: .driving)
            let annotation = try #require(DirectionsBuilder(graph: live).directions(for: route, annotated: true).annotation)
            #expect(annotation.datasources == [1, 0] && annotation.sourceNames == ["lua profile", "feed"])
            // a-b: its length at 40 km/h; b-c: the imported time of b-c to the rounding.
            #expect(abs(annotation.duration[0] - annotation.distance[0] / (40 / 3.6)) < 0.05, "\(annotation.duration)")
            #expect(abs(annotation.duration[1] - before.duration[1]) < 0.05, "\(annotation.duration) against \(before.duration)")
            #expect(abs(annotation.duration.reduce(0, +) - Double(route.weight) / 1000) < 0.001)
        }
    }

    @Test func rowsOffTheRoadsAreCountedAndTheLastRowWins() throws {
        try Self.map.withGraphFile { map, path, dir in
            // a -> c are not consecutive nodes of a way; b -> d are not joined at all.
            let file = try speeds(map, [("a", "c", "30"), ("b", "d", "30"), ("a", "b", "5"), ("a", "b", "90")], in: dir)
            let summary = try Customizer.customize(graph: path, speedFiles: [file])
            #expect(summary.rows == 4 && summary.matchedRows == 2)
            #expect(summary.unmatched == ["\(file):1", "\(file):2"])
            // 90 km/h, read last, holds: Main Street stays the way.
            #expect(try drive(path, map, "a", "c").letters == "abc")
        }
    }

    @Test func aBadFileNamesItsLineAndLeavesTheGraphAsItWas() throws {
        try Self.map.withGraphFile { map, path, dir in
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let a = map.nodeId("a"), b = map.nodeId("b")
            let cases: [(String, String)] = [
                ("\(a),\(b),30\n\(a),\(b)\n", ":2: expected from_osm_node,to_osm_node,speed_kmh[,rate], found 2 column(s)"),
                ("\(a),\(b),nan\n", ":1: speed_kmh 'nan' is not a finite number"),
                ("\(a),\(b),-5\n", ":1: speed_kmh -5 is negative"),
                ("x,\(b),5\n", ":1: from_osm_node 'x' is not an OSM node id"),
                ("\(a),99999999999999999999,5\n", ":1: to_osm_node '99999999999999999999' is not an OSM node id"),
                ("\(a),\(b),5km\n", ":1: speed_kmh '5km' is not a finite number"),
                ("\(a),\(b),inf\n", ":1: speed_kmh 'inf' is not a finite number"),
                ("\(a),\(b),5,-1\n", ":1: rate -1 is negative"),
                ("\n \n", ": the file holds no rows"),
            ]
            try expectEachRefused(cases, writtenTo: "\(dir)/bad.csv") { _ = try Customizer.customize(graph: path, speedFiles: [$0]) }
            #expect(throws: Customizer.Failure.self) { _ = try Customizer.customize(graph: path, speedFiles: ["\(dir)/missing.csv"]) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        }
    }

    @Test func osrmsFormsAreRead() throws {
        try Self.map.withGraphFile { map, path, dir in
            let a = map.nodeId("a"), b = map.nodeId("b")
            // CRLF, a rate column, a trailing comment column, no final newline.
            let file = "\(dir)/osrm.csv"
            try "\(a),\(b),5,1.5\r\n\(b),\(a),50,2,from the feed".write(toFile: file, atomically: true, encoding: .utf8)
            let rows = try TrafficFiles.readSegmentSpeeds(file)
            #expect(rows.map(\.kmh) == [5, 50] && rows.map(\.rate) == [1.5, 2] && rows.map(\.origin) == ["\(file):1", "\(file):2"])
            #expect(try Customizer.customize(graph: path, speedFiles: [file]).matchedRows == 2)
        }
    }
}
