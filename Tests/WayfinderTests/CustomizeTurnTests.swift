import Foundation
import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// `wayfinder customize --turn-penalty-file` on a hand-drawn map: a penalty replaces one
/// turn's cost and nothing else, a costly turn makes the way round win, a too-negative one
/// clamps, rows that name no turn are reported, and a bad file leaves the graph as it was.
@Suite struct CustomizeTurnTests {
    /// Main Street a-b-c, Side Street b-d turning off it at b, and the way round c-e-d.
    static var map: MapFixture {
        var map = MapFixture("""
            a-------b-------c
                    |       |
                    d-------e
            """)
        map.way("abc", ["highway": "primary", "name": "Main Street"])
        map.way("bd", ["highway": "primary", "name": "Side Street"])
        map.way("ced", ["highway": "primary", "name": "Back Lane"])
        return map
    }


    func penalties(_ map: MapFixture, _ rows: [(Character, Character, Character, String)], in dir: String) throws -> String {
        let file = "\(dir)/turns.csv"
        try rows.map { "\(map.nodeId($0.0)),\(map.nodeId($0.1)),\(map.nodeId($0.2)),\($0.3)" }.joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func drive(_ path: String, _ map: MapFixture, _ from: Character, _ to: Character) throws -> (letters: String, route: Route) {
        try routeCheckedByDijkstra(try RoutingGraph(path: path, mode: .driving), map, from: map.coordinate(from), to: map.coordinate(to))
    }

    func steps(_ path: String, _ route: Route) throws -> [RouteStep] {
        DirectionsBuilder(graph: try RoutingGraph(path: path, mode: .driving)).directions(for: route).steps
    }

    func customize(_ path: String, _ file: String) throws -> Customizer.Summary {
        try Customizer.customize(graph: path, speedFiles: [], turnPenaltyFiles: [file])
    }

    @Test func aPenaltyReplacesTheTurnsCostAndACostlyTurnMakesTheWayRoundWin() throws {
        try Self.map.withGraphFile { map, path, dir in
            #expect(try drive(path, map, "a", "d").letters == "abd")
            let straight = try drive(path, map, "a", "c").route.weight
            // Penalty 0, then 2 s: the same route, exactly 2 s apart (the row replaces the
            // imported cost of the right turn, whatever it was, and nothing else).
            let free = try customize(path, try penalties(map, [("a", "b", "d", "0")], in: dir))
            #expect(free.turnRows == 1 && free.matchedTurnRows == 1 && free.pricedTurns == 1 && free.unmatched.isEmpty)
            let w0 = try drive(path, map, "a", "d")
            let unpriced = try steps(path, w0.route).map(\.duration)
            _ = try customize(path, try penalties(map, [("a", "b", "d", "2")], in: dir))
            let w2 = try drive(path, map, "a", "d")
            #expect(w2.letters == "abd" && w2.route.weight == w0.route.weight + 2_000)
            // The step that turns at b carries the 2 s; the one before it nothing of them.
            let priced = try steps(path, w2.route).map(\.duration)
            #expect(unpriced.count == 3 && priced.count == 3)
            #expect(abs(priced[0] - unpriced[0]) < 0.05 && abs(priced[1] - unpriced[1] - 2) < 0.05, "\(unpriced) then \(priced)")
            #expect(try drive(path, map, "a", "c").route.weight == straight)
            // Five minutes: going round by c and e is quicker.
            _ = try customize(path, try penalties(map, [("a", "b", "d", "300")], in: dir))
            #expect(try drive(path, map, "a", "d").letters == "abced")
            // The other direction's turn (d -> b -> a) is another turn: untouched.
            #expect(try drive(path, map, "d", "a").letters == "dba")
            // The files are the whole state: an update without the row restores the turn.
            let restored = try customize(path, try penalties(map, [("d", "b", "c", "1")], in: dir))
            #expect(restored.metricVersion == 4)
            #expect(try drive(path, map, "a", "d").letters == "abd")
        }
    }

    @Test func aTooNegativePenaltyClampsAndNoDurationGoesBelowZero() throws {
        try Self.map.withGraphFile { map, path, dir in
            let toB = try drive(path, map, "a", "b").route.weight
            _ = try customize(path, try penalties(map, [("a", "b", "d", "-3600")], in: dir))
            // The turn and all of Side Street cost nothing: a -> d takes as long as a -> b.
            let clamped = try drive(path, map, "a", "d")
            #expect(clamped.letters == "abd" && clamped.route.weight == toB)
            let graph = try RoutingGraph(path: path, mode: .driving)
            #expect(graph.base.arcs.allSatisfy { $0.weight >= 0 })
        }
    }

    @Test func rowsNamingNoTurnAreReportedAndTheLastRowWins() throws {
        try Self.map.withGraphFile { map, path, dir in
            // a, c, d: c is not where a's road meets d's; a, b, a is a U-turn the graph does
            // not have (b is no dead end); d, b, d neither.
            let file = try penalties(map, [("a", "c", "d", "5"), ("a", "b", "a", "5"), ("a", "b", "d", "300"), ("a", "b", "d", "0")], in: dir)
            let summary = try customize(path, file)
            #expect(summary.turnRows == 4 && summary.matchedTurnRows == 2)
            #expect(summary.unmatched == ["\(file):1", "\(file):2"])
            #expect(try drive(path, map, "a", "d").letters == "abd")
        }
    }

    @Test func aBadTurnFileNamesItsLineAndLeavesTheGraphAsItWas() throws {
        try Self.map.withGraphFile { map, path, dir in
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let a = map.nodeId("a"), b = map.nodeId("b"), d = map.nodeId("d")
            let cases: [(String, String)] = [
                ("\(a),\(b),\(d),5\n\(a),\(b),\(d)\n", ":2: expected from_osm_node,via_osm_node,to_osm_node,penalty_s[,weight], found 3 column(s)"),
                ("\(a),\(b),\(d),nan\n", ":1: penalty_s 'nan' is not a finite number"),
                ("\(a),\(b),\(d),-inf\n", ":1: penalty_s '-inf' is not a finite number"),
                ("\(a),-\(b),\(d),5\n", ":1: via_osm_node '-\(b)' is not an OSM node id"),
                ("\(a),\(b),\(d),5,inf\n", ":1: weight 'inf' is not a finite number"),
                ("", ": the file holds no rows"),
            ]
            try expectEachRefused(cases, writtenTo: "\(dir)/bad.csv") { _ = try customize(path, $0) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        }
    }

    @Test func osrmsTurnFormsAreRead() throws {
        // A weight column, a comment where the weight would be, CRLF, no final newline.
        let rows = try TrafficFiles.turnPenalties(in: Array("1,2,5,0,comment\r\n3,4,7,-30,100.75\n8,9,10,2.5,-3.33,why".utf8), path: "t.csv")
        #expect(rows.map(\.seconds) == [0, -30, 2.5] && rows.map(\.weight) == [nil, 100.75, -3.33])
        #expect(rows.map(\.via) == [2, 4, 9] && rows.map(\.origin) == ["t.csv:1", "t.csv:2", "t.csv:3"])
    }
}
