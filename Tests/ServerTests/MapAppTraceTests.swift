import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Map matching on the map page (traces.js), in headless Chromium over the Monaco graph: a GPX
/// trace dropped on the map is matched by the server's /match and drawn (raw trace and matched
/// route) with its figures in the panel; a file without points says so; split matchings,
/// dropped points, the server's errors and the route alongside, with /match answered in the page.
@Suite(.serialized, .enabled(if: chromiumPath != nil && LeafletFiles.shared.isInstalled,
                             "chromium or libjs-leaflet is not installed (scripts/setup installs them)"),
       .timeLimit(.minutes(3)))
struct MapAppTraceTests {
    /// data/examples/monaco-trace.gpx: 34 points with times, a drive of 1.94 km from the Casino to Fontvieille.
    static let gpx: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! String(contentsOf: root.appendingPathComponent("data/examples/monaco-trace.gpx"), encoding: .utf8)
    }()

    /// A browser on `/` of a Monaco server, once the app has started and drawn its first tiles.
    static func open() throws -> (Browser, TestServer) {
        let server = try TestServer(graph: TestGraphs.path("monaco"))
        let b = try Browser(width: 1200, height: 800)
        try b.open(MapApp.origin(server) + "/")
        try b.waitFor("document.documentElement.dataset.appReady && document.documentElement.dataset.readyMs", timeout: 20)
        return (b, server)
    }

    /// Gives the page a file as a person would: dropped on the map (a drop event carrying it,
    /// after dragenter and dragover) or chosen with the "Open trace…" file input.
    static func give(_ b: Browser, name: String, text: String, drop: Bool) throws {
        try b.evaluate("""
            (() => { const dt = new DataTransfer(); dt.items.add(new File([\(MapApp.quoted(text))], \(MapApp.quoted(name))));
              if (\(drop)) {
                const map = WF.el('map');
                for (const type of ['dragenter', 'dragover', 'drop'])
                  map.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
              } else {
                const input = WF.el('trace-file'); input.files = dt.files; input.dispatchEvent(new Event('change'));
              }
              return true; })()
            """)
    }

    static func text(_ b: Browser, _ id: String) throws -> String {
        try b.evaluate("WF.el(\(MapApp.quoted(id))).textContent") as? String ?? ""
    }

    static func count(_ b: Browser, _ selector: String) throws -> Int {
        try b.evaluate("document.querySelectorAll(\(MapApp.quoted(selector))).length") as? Int ?? -1
    }

    static func counts(_ b: Browser, _ selectors: String...) throws -> [Int] {
        try selectors.map { try count(b, $0) }
    }

    /// The whole way through the server: the fixture dropped on the map, /match with its times,
    /// the matched line and the raw one drawn, the panel's figures; walking matches again; an
    /// empty GPX is an error in the panel and leaves nothing drawn.
    @Test func droppedGPXIsMatchedByTheServer() throws {
        let (b, server) = try Self.open()
        defer { b.close() }
        try Self.give(b, name: "monaco-trace.gpx", text: Self.gpx, drop: true)
        let state = try b.waitFor("['ok', 'error'].includes(document.documentElement.dataset.traceState) && document.documentElement.dataset.traceState", timeout: 20) as? String
        let summary = try Self.text(b, "trace-summary")
        try #require(state == "ok", "the trace was not matched: \(summary)")
        #expect(try MapApp.data(b, "tracePoints") == "34")
        let matchings = try #require(Int(try MapApp.data(b, "traceMatchings") ?? ""))
        #expect(matchings >= 1)
        #expect(try Self.count(b, "path.wf-matched") == matchings)
        #expect(try Self.count(b, "path.wf-trace") == 1)
        // The request: the mode's service, every point's time, split at gaps, GeoJSON lines.
        let match = try #require(b.requests.first { $0.contains("/match/v1/driving/") })
        #expect(match.contains("timestamps=1764892800;") && match.contains("gaps=split") && match.contains("geometries=geojson") && match.contains("overview=full"), "\(match)")
        #expect(server.log.contains { $0.contains(" /match/v1/driving/") && $0.contains(" 200 ") }, "no /match in the log")
        // The figures: points, matchings, the matched distance in km (the drive is 1.94 km), confidence in %.
        #expect(summary.contains("34 points"), "\(summary)")
        #expect(summary.contains(" matched by car"), "\(summary)")
        let km = try #require(Self.kilometres(summary), "no distance in \(summary)")
        #expect(km > 1.6 && km < 2.4, "matched distance \(km) km: \(summary)")
        let confidence = matchings == 1 ? summary : try Self.text(b, "trace-matchings")
        #expect(confidence.range(of: #"confidence \d{1,3}%"#, options: .regularExpression) != nil, "\(confidence)")
        try b.evaluate("new Promise(r => setTimeout(r, 600))")   // the fitted camera at rest
        try b.screenshot(to: MapApp.screenshots + "/trace-matched.png")

        // Walking: the same trace matched again on the walking roads.
        try b.click(selector: ".modes button[data-mode=walking]")
        try b.waitFor("document.documentElement.dataset.traceState === 'ok' && performance.getEntriesByType('resource').some(e => e.name.includes('/match/v1/walking/'))", timeout: 20)
        #expect(try Self.text(b, "trace-summary").contains(" on foot"))

        // A GPX without points: said in the panel, nothing drawn, nothing sent.
        let sent = b.requests.filter { $0.contains("/match/") }.count
        try Self.give(b, name: "empty.gpx", text: #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg/></trk></gpx>"#, drop: false)
        try b.waitFor("document.documentElement.dataset.traceState === 'error'")
        #expect(try b.evaluate("WF.el('trace-summary').className") as? String == "error")
        let refused = try Self.text(b, "trace-summary")
        #expect(refused.contains("No points in empty.gpx"), "\(refused)")
        #expect(try Self.counts(b, "path.wf-matched", "path.wf-trace") == [0, 0])
        #expect(b.requests.filter { $0.contains("/match/") }.count == sent)
        #expect(b.pageErrors.isEmpty, "\(b.pageErrors)")
        #expect(MapApp.foreignRequests(b, server).isEmpty, "\(MapApp.foreignRequests(b, server))")
    }

    /// What the server may answer, answered in the page (fetch of /match replaced): a trace
    /// split into two matchings with a dropped point, the request a CSV makes, errors in words,
    /// the 10,000-point limit, and the route UI alongside (a route stays when the trace is cleared).
    @Test func splitMatchingsErrorsAndTheRouteAlongside() throws {
        let (b, server) = try Self.open()
        defer { b.close() }
        let answer = """
            {"code":"Ok","matchings":[
              {"confidence":0.9,"distance":1234,"duration":150,"geometry":{"type":"LineString","coordinates":[[7.4276,43.7396],[7.4262,43.7403]]},"legs":[]},
              {"confidence":0.456,"distance":800,"duration":70,"geometry":{"type":"LineString","coordinates":[[7.4200,43.7330],[7.4180,43.7316]]},"legs":[]}],
             "tracepoints":[{"location":[7.4276,43.7396],"matchings_index":0,"waypoint_index":0,"alternatives_count":0,"name":"","distance":1},
              {"location":[7.4262,43.7403],"matchings_index":0,"waypoint_index":1,"alternatives_count":0,"name":"","distance":2},
              null,
              {"location":[7.4200,43.7330],"matchings_index":1,"waypoint_index":0,"alternatives_count":0,"name":"","distance":1},
              {"location":[7.4180,43.7316],"matchings_index":1,"waypoint_index":1,"alternatives_count":0,"name":"","distance":1}]}
            """
        try b.evaluate("""
            (() => { const real = window.fetch; window.matchURLs = []; window.matchAnswer = { status: 200, body: \(MapApp.quoted(answer)) };
              window.fetch = (url, options) => {
                if (!String(url).startsWith('/match/')) return real(url, options);
                matchURLs.push(String(url));
                return Promise.resolve(new Response(matchAnswer.body, { status: matchAnswer.status }));
              };
              return true; })()
            """)
        let csv = "lat,lon,timestamp,radius\n43.7396,7.4276,1700000000,10\n43.7403,7.4262,1700000010\n\n43.7380,7.4230,1700000500\n43.7330,7.4200,1700000510,25\n43.7316,7.4180,1700000520\n"
        try Self.give(b, name: "split.csv", text: csv, drop: false)
        try b.waitFor("document.documentElement.dataset.traceState === 'ok'")
        #expect(try b.evaluate("matchURLs[0]") as? String ==
                "/match/v1/driving/7.427600,43.739600;7.426200,43.740300;7.423000,43.738000;7.420000,43.733000;7.418000,43.731600"
                + "?overview=full&geometries=geojson&gaps=split&timestamps=1700000000;1700000010;1700000500;1700000510;1700000520&radiuses=10;;;25;")
        #expect(try MapApp.data(b, "traceMatchings") == "2")
        #expect(try MapApp.data(b, "traceUnmatched") == "1")
        #expect(try Self.count(b, "path.wf-matched") == 2)
        let summary = try Self.text(b, "trace-summary")
        #expect(summary.contains("2.03 km") && summary.contains("5 points") && summary.contains("2 matchings") && summary.contains("1 point was not matched"), "\(summary)")
        let lines = try b.evaluate("Array.from(document.querySelectorAll('#trace-matchings li')).map(li => li.textContent)") as? [String] ?? []
        #expect(lines == ["Matching 1: 1.23 km \u{00b7} 3 min \u{00b7} confidence 90%", "Matching 2: 0.80 km \u{00b7} 1 min \u{00b7} confidence 46%"], "\(lines)")

        // A route alongside: drawn as before; clearing the trace leaves it.
        try b.evaluate("WF.directions.setEnd('from', L.latLng(43.7396, 7.4276)); WF.directions.setEnd('to', L.latLng(43.7316, 7.4180)); true")
        try b.waitFor("document.documentElement.dataset.routeState === 'ok'", timeout: 20)
        #expect(try Self.counts(b, "path.wf-route", "path.wf-matched") == [1, 2])
        try b.click(selector: "#trace-clear")
        #expect(try MapApp.data(b, "traceState") == "none")
        #expect(try Self.counts(b, "path.wf-matched", "path.wf-trace") == [0, 0])
        #expect(try Self.text(b, "trace-summary").isEmpty)
        #expect(try Self.count(b, "path.wf-route") == 1)
        #expect(try MapApp.data(b, "routeState") == "ok")

        // The server's refusals, in words in the panel.
        for (status, body, words) in [(400, #"{"code":"NoMatch","message":"Could not match the trace."}"#, "could not be matched"),
                                      (400, #"{"code":"TooBig","message":"Too many trace coordinates"}"#, "does not take a trace this long: Too many trace coordinates."),
                                      (414, "<html>URI too long</html>", "does not take a trace this long")] {
            try b.evaluate("matchAnswer = { status: \(status), body: \(MapApp.quoted(body)) }; true")
            try Self.give(b, name: "trace.csv", text: csv, drop: true)
            try b.waitFor("document.documentElement.dataset.traceState === 'error'")
            let said = try Self.text(b, "trace-summary")
            #expect(said.contains(words), "\(status) \(body): \(said)")
            #expect(try Self.counts(b, "path.wf-matched", "path.wf-trace") == [0, 1], "the raw trace stays")
        }

        // Over 10,000 points: a message, and no request.
        let sent = try b.evaluate("matchURLs.length") as? Int
        let long = (0...10_000).map { String(format: "%.6f,7.4200", 43.7300 + Double($0) * 0.000_001) }.joined(separator: "\n")
        try Self.give(b, name: "long.csv", text: long, drop: false)
        try b.waitFor("document.documentElement.dataset.traceState === 'error'")
        #expect(try Self.text(b, "trace-summary").contains("10,001 points; the server matches at most 10,000"))
        #expect(try b.evaluate("matchURLs.length") as? Int == sent)
        // A line that is not lat,lon: its number and text.
        try Self.give(b, name: "bad.csv", text: "43.7396,7.4276\n43.7403;7.4262\n", drop: false)
        try b.waitFor("document.documentElement.dataset.traceState === 'error'")
        #expect(try Self.text(b, "trace-summary").contains("Line 2 of the CSV file"))
        #expect(b.pageErrors.isEmpty, "\(b.pageErrors)")
        #expect(MapApp.foreignRequests(b, server).isEmpty)
    }

    /// The first "1.94 km" of a text, in km.
    static func kilometres(_ text: String) -> Double? {
        guard let range = text.range(of: #"\d+(\.\d+)? km"#, options: .regularExpression) else { return nil }
        return Double(text[range].dropLast(3))
    }
}
