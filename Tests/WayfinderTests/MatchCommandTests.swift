import Foundation
import Testing
import WayfinderCLI

/// `wayfinder match` end to end on Monaco: the example traces (CSV, GPX, trace_id groups, a
/// folder) in every format, batch lines in input order whatever the threads, and one exit
/// code per kind of failure.
@Suite struct MatchCommandTests {
    func match(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["match"] + words, console: console)
        return (code, console.output, console.errors)
    }

    var monaco: String { get throws { try ExtractGraphs.shared.path("monaco") } }
    static let examples = "\(dataDirectory)/examples"
    static let csv = "\(examples)/monaco-traces/drive-1.csv", gpx = "\(examples)/monaco-traces/drive-2.gpx"

    func file(_ text: String, _ name: String = "t.csv") throws -> String {
        let path = "\(temporaryDirectory())/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func object(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(300))")
    }

    func lines(_ out: String) -> [String] { out.split(separator: "\n").map(String.init) }

    @Test func textSummarisesTheMatchings() throws {
        let r = match(["--graph", try monaco, "--trace", Self.gpx])
        #expect(r.code == 0 && r.err.isEmpty, "\(r.err)")
        #expect(r.out.hasPrefix("mode: driving\ntrace: 40 points, 40 matched in 1 matching\nmatching 1: points 1-40, 1.6 km"))
        #expect(r.out.contains("  polyline: ") && r.out.hasSuffix("total: 1.6 km, 3 min 13 s\n"))
        // --steps: the matching's instructions as `route` prints them.
        let steps = match(["--graph", try monaco, "--trace", Self.gpx, "--steps"])
        #expect(steps.code == 0 && steps.out.contains("  1. Head ") && steps.out.contains("You have arrived"))
        // A point too far from any road is skipped, and named by its row and line.
        var rows = try String(contentsOfFile: Self.csv, encoding: .utf8).split(separator: "\n").map(String.init)
        rows[5] = "43.7450,7.4400," + rows[5].split(separator: ",")[2]   // out at sea, line 6 (point 5)
        let skipped = match(["--graph", try monaco, "--trace", try file(rows.joined(separator: "\n"))])
        let line = try #require(lines(skipped.out).first { $0.hasPrefix("skipped points: ") }, "\(skipped.out)")
        // 1-based points, then their lines in the file (the header is line 1): point 5 is line 6.
        let parts = line.dropFirst("skipped points: ".count).split(separator: "(")
        #expect(parts.count == 2 && parts[0].contains("5") && parts[1].hasPrefix("file lines ") && parts[1].contains("6"), "\(line)")
        #expect(skipped.code == 0 && skipped.out.contains("trace: 37 points, "))
    }

    @Test func jsonIsTheOSRMResponseWithATracepointPerRow() throws {
        let r = match(["--graph", try monaco, "--trace", Self.csv, "--format", "json", "--steps", "--geometry", "geojson",
                       "--overview", "full", "--annotations", "duration,nodes"])
        #expect(r.code == 0 && r.err.isEmpty, "\(r.err)")
        let json = try object(r.out)
        #expect(json["code"] as? String == "Ok")
        let tracepoints = try #require(json["tracepoints"] as? [Any])
        #expect(tracepoints.count == 37)
        let matchings = try #require(json["matchings"] as? [[String: Any]])
        let geometry = try #require(matchings.first?["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString" && (matchings[0]["confidence"] as? Double).map { $0 > 0 } == true)
        let leg = try #require((matchings[0]["legs"] as? [[String: Any]])?.first)
        let annotation = try #require(leg["annotation"] as? [String: Any])
        #expect(annotation["nodes"] != nil && annotation["duration"] != nil && annotation["distance"] == nil)
        #expect(!(try #require(leg["steps"] as? [Any])).isEmpty)
        // OSRM's defaults: no steps, a simplified polyline.
        let plain = try object(match(["--graph", try monaco, "--trace", Self.csv, "--format", "json"]).out)
        let first = try #require((plain["matchings"] as? [[String: Any]])?.first)
        #expect(first["geometry"] is String && ((first["legs"] as? [[String: Any]])?.first?["steps"] as? [Any])?.isEmpty == true)
    }

    @Test func geojsonHasTheMatchedLinesAndTheTrace() throws {
        let r = match(["--graph", try monaco, "--trace", Self.gpx, "--format", "geojson"])
        #expect(r.code == 0, "\(r.err)")
        let features = try #require(try object(r.out)["features"] as? [[String: Any]])
        let kinds = features.map { ($0["properties"] as? [String: Any])?["kind"] as? String ?? "" }
        #expect(kinds.first == "matching" && kinds.filter { $0 == "trace" }.count == 1 && kinds.filter { $0 == "tracepoint" }.count == 40)
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect(properties["confidence"] is Double && properties["distance"] is Double && properties["duration"] is Double)
    }

    @Test func batchesAnswerEveryTraceInInputOrder() throws {
        let grouped = match(["--graph", try monaco, "--trace", "\(Self.examples)/monaco-traces.csv"])
        #expect(grouped.code == 0 && grouped.err.isEmpty, "\(grouped.err)")
        let rows = lines(grouped.out)
        #expect(rows.count == 4 && rows[0] == "trace_id,code,confidence,distance_m,duration_s,matched_points,geometry")
        #expect(rows[1].hasPrefix("hermitage-fontvieille,Ok,") && rows[2].hasPrefix("fontvieille-boulingrins,Ok,")
                && rows[3].hasPrefix("castelans-hermitage,Ok,"))
        #expect(rows[2].split(separator: ",")[5] == "40")
        // The folder: its files by name, each a trace named after it; JSON lines carry the id.
        let folder = match(["--graph", try monaco, "--batch", "\(Self.examples)/monaco-traces", "--format", "json"])
        #expect(folder.code == 0, "\(folder.err)")
        let objects = try lines(folder.out).map(object)
        #expect(objects.map { $0["trace_id"] as? String } == ["drive-1.csv", "drive-2.gpx"])
        #expect(objects.allSatisfy { $0["code"] as? String == "Ok" && $0["tracepoints"] != nil })
        // Many traces, more than a round: the same lines as one by one, in order.
        let csvRows = try String(contentsOfFile: Self.csv, encoding: .utf8).split(separator: "\n").dropFirst()
        func traceRows(_ id: Int) -> String { csvRows.prefix(10 + id % 7).map { "t\(id),\($0)\n" }.joined() }
        let header = "trace_id,lat,lon,timestamp\n"
        let many = lines(match(["--graph", try monaco, "--trace", try file(header + (0..<40).map(traceRows).joined())]).out)
        #expect(many.count == 41)
        for id in [0, 13, 39] {
            let single = lines(match(["--graph", try monaco, "--trace", try file(header + traceRows(id))]).out)
            #expect(single.count == 2 && many[id + 1] == single[1])
        }
    }

    @Test func badTracesInABatchAreAnsweredInPlace() throws {
        let path = try file("trace_id,lat,lon,timestamp\na,43.7384,7.4246,0\na,43.7280,7.4150,1\nb,43.7,7.4,1\n"
                            + "c,10,10,0\nc,10.001,10.001,1\nd,43.7384,7.4246,0\nd,43.73837,7.42448,6\n")
        let r = match(["--graph", try monaco, "--trace", path])
        #expect(r.code == ExitCode.partialBatch.rawValue)
        let answered = lines(r.out)
        #expect(answered.count == 5 && answered[1] == "a,NoMatch,,,,0," && answered[2] == "b,BadInput,,,,,"
                && answered[3] == "c,NoSegment,,,,0," && answered[4].hasPrefix("d,"), "\(r.out)")
        #expect(r.err.contains("t.csv trace b: a trace needs at least 2 points, got 1\n") && r.err.contains("warning: 1 of 4 traces"))
        let json = match(["--graph", try monaco, "--trace", path, "--format", "json"])
        let bad = try object(lines(json.out)[1])
        #expect(bad["trace_id"] as? String == "b" && bad["code"] as? String == "BadInput" && bad["line"] as? Int == 4)
        let strict = match(["--graph", try monaco, "--trace", path, "--strict"])
        #expect(strict.code == ExitCode.badInput.rawValue && strict.out.isEmpty)
    }

    @Test func eachFailureHasItsExitCodeAndOneMessage() throws {
        let g = try monaco
        func expect(_ words: [String], _ code: ExitCode, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let r = match(["--graph", g] + words)
            #expect(r.code == code.rawValue, "\(words): \(r.err)", sourceLocation: sourceLocation)
            #expect(r.err.hasPrefix("error: ") && r.err.contains(message) && r.err.split(separator: "\n").count == 1,
                    "\(words): \(r.err)", sourceLocation: sourceLocation)
        }
        expect(["--trace", try file("43.7,7.4\n")], .badInput, "a trace needs at least 2 points, got 1")
        expect(["--trace", try file("43.7,7.4\n91,7.4\n")], .badInput, "t.csv:2: coordinate out of range")
        expect(["--trace", try file("43.7,7.4,5\n43.7,7.4,4\n")], .badInput, "t.csv:2: timestamp 4 is before")
        expect(["--trace", try file("43.7,7.4,5,-3\n43.7,7.4,6\n")], .badInput, "t.csv:1: radius must be")
        expect(["--trace", try file("<gpx><trk/></gpx>", "e.gpx")], .badInput, "a GPX file without track points")
        expect(["--trace", "\(temporaryDirectory())/none.csv"], .fileError, "trace file not found")
        expect(["--trace", Self.csv, "--gaps", "sometimes"], .badInput, "--gaps must be split or ignore")
        expect(["--trace", Self.csv, "--format", "gpx"], .badInput, "--format must be text, json or geojson")
        expect(["--trace", Self.csv, "--annotations", "colour"], .badInput, "--annotations must be")
        expect(["--trace", Self.csv, "--waypoints", "0;3"], .badInput, "--waypoints must end at the last point")
        expect(["--trace", Self.csv, "--radius", "-1"], .badInput, "--radius must be a positive number")
        expect([], .badInput, "--trace FILE or --batch DIR is required")
        expect(["--batch", Self.csv], .badInput, "--batch takes a folder")
        expect(["--trace", "\(Self.examples)/monaco-traces.csv", "--format", "geojson"], .badInput, "--format geojson is for one trace")
        var big = ""
        for i in 0...10_000 { big += "43.7,7.4,\(i)\n" }
        expect(["--trace", try file(big)], .badInput, "10001 points, more than the 10000 one trace may have")
        // Nowhere near a road: NoSegment (4); roads, but no plausible route: NoMatch (11), the
        // OSRM answer on stdout with --format json.
        expect(["--trace", try file("10,10\n10.001,10.001\n")], .notFound, "no road of this mode near any point")
        let noMatch = try file("43.7384,7.4246,0\n43.7280,7.4150,1\n")
        expect(["--trace", noMatch], .noMatch, "no matching found (NoMatch")
        let json = match(["--graph", g, "--trace", noMatch, "--format", "json"])
        #expect(json.code == ExitCode.noMatch.rawValue && json.out == "{\"code\":\"NoMatch\",\"message\":\"Could not match the trace.\"}\n")
    }

    @Test func helpListsTheCommand() {
        let console = Console(capturing: true)
        #expect(WayfinderCommand.run(["help", "match"], console: console) == 0)
        #expect(console.output.contains("--trace FILE") && console.output.contains("11  no matching found"))
        #expect(WayfinderCommand.help.text.contains("match      match GPS traces"))
    }
}
