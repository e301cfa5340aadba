import Foundation
import Testing
import WayfinderCLI
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// `wayfinder match --format json` prints byte for byte what the server's /match answers for
/// the same trace and options (Monaco, the example traces), NoMatch included.
@Suite struct MatchCommandHTTPTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/examples/monaco-traces").path

    func command(_ words: [String]) -> (code: Int32, out: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["match"] + words, console: console)
        return (code, console.output)
    }

    /// The /match URL of a headed `lat,lon,timestamp` CSV: coordinates as written in it.
    func target(_ csv: String, _ query: String) -> String {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let points = rows.map { "\($0[1]),\($0[0])" }.joined(separator: ";")
        let times = rows.map { String($0[2]) }.joined(separator: ";")
        return "/match/v1/driving/\(points)?timestamps=\(times)" + (query.isEmpty ? "" : "&" + query)
    }

    @Test func jsonEqualsTheServersAnswer() throws {
        let graph = try TestGraphs.path("monaco")
        let server = try TestServer(graph: graph)
        let path = "\(Self.examples)/drive-1.csv"
        let csv = try String(contentsOfFile: path, encoding: .utf8)
        let cases: [(flags: [String], query: String)] = [
            ([], ""),
            (["--steps", "--geometry", "polyline6", "--overview", "full", "--annotations", "true"],
             "steps=true&geometries=polyline6&overview=full&annotations=true"),
            (["--gaps", "ignore", "--tidy", "--geometry", "geojson", "--overview", "false", "--annotations", "duration,nodes"],
             "gaps=ignore&tidy=true&geometries=geojson&overview=false&annotations=duration,nodes"),
            (["--waypoints", "0;10;36"], "waypoints=0;10;36"),
        ]
        for (flags, query) in cases {
            let cli = command(["--graph", graph, "--trace", path, "--format", "json"] + flags)
            let http = try server.get(target(csv, query))
            #expect(cli.code == 0 && http.status == 200, "\(flags): \(http.text.prefix(200))")
            #expect(cli.out == http.text + "\n", "\(flags)")
        }
        // NoMatch: the same error object (the server with HTTP 400).
        let noMatch = "lat,lon,timestamp\n43.7384,7.4246,0\n43.7280,7.4150,1\n"
        let file = TestGraphs.scratch("nomatch.csv")
        try noMatch.write(toFile: file, atomically: true, encoding: .utf8)
        let cli = command(["--graph", graph, "--trace", file, "--format", "json"])
        let http = try server.get(target(noMatch, ""))
        #expect(cli.code == 11 && http.status == 400 && cli.out == http.text + "\n", "\(cli.out) \(http.text)")
    }
}
