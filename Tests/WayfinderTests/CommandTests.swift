import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph

/// The command-line contract: forms, outputs, and one message plus a distinct exit code
/// for every kind of bad input, with nothing half-written.
@Suite struct CommandTests {
    func run(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = RouteCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    func build(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["build"] + words, console: console)
        return (code, console.output, console.errors)
    }

    var andorra: String { get throws { try ExtractGraphs.shared.path("andorra") } }

    @Test func textRoute() throws {
        let r = run(["--from", "42.5063,1.5218", "--to", "42.5425,1.7336", "--mode", "driving", "--graph", try andorra])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("distance: "))
        #expect(r.out.contains("duration: "))
        #expect(r.out.contains("polyline: "))
    }

    /// `--alternatives N`: json has every route (the first the plain one), text a block per route.
    @Test func alternativeRoutes() throws {
        let ends = ["--from", "42.5063,1.5218", "--to", "42.5094,1.5381", "--graph", try andorra]
        let plain = run(ends + ["--format", "json"]), several = run(ends + ["--format", "json", "--alternatives", "2"])
        #expect(plain.code == 0 && several.code == 0, "\(several.err)")
        func routes(_ out: String) throws -> [NSDictionary] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            return try #require(json["routes"] as? [NSDictionary])
        }
        let all = try routes(several.out)
        #expect(all.count >= 2 && all.count <= 3)
        #expect(all.first == (try routes(plain.out)).first)
        let text = run(ends + ["--alternatives", "2"])
        #expect(text.code == 0)
        #expect(text.out.hasPrefix("\(all.count) routes (the fastest, then \(all.count - 1) alternative"))
        #expect(text.out.components(separatedBy: "\nroute ").count - 1 == all.count)
        #expect(text.out.contains("\nroute 2: ") && text.out.contains(", by "))
        for bad in [["--alternatives", "4"], ["--alternatives", "x"], ["--alternatives", "1", "--format", "geojson"]] {
            let r = run(ends + bad)
            #expect(r.code == 2 && r.out.isEmpty && r.err.contains("--alternatives"), "\(bad)")
        }
    }

    @Test func jsonRouteIsAnOSRMResponse() throws {
        let r = run(["--from", "42.5063,1.5218", "--to", "42.5094,1.5381", "--mode", "walking",
                     "--graph", try andorra, "--format", "json"])
        #expect(r.code == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(json["code"] as? String == "Ok")
        let route = try #require((json["routes"] as? [[String: Any]])?.first)
        let distance = try #require(route["distance"] as? Double)
        let duration = try #require(route["duration"] as? Double)
        #expect(distance > 1000 && distance < 3000)
        // Walking at 5 km/h.
        #expect(abs(duration - distance / (5 / 3.6)) < 1)
        #expect(route["geometry"] is String)
        let legs = try #require(route["legs"] as? [[String: Any]])
        #expect(legs.count == 1 && legs[0]["distance"] as? Double == distance)
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        #expect(waypoints.count == 2)
        let location = try #require(waypoints[0]["location"] as? [Double])
        #expect(abs(location[0] - 1.5218) < 0.01 && abs(location[1] - 42.5063) < 0.01)
        #expect(waypoints[0]["distance"] is Double)
    }

    @Test func batchAnswersEveryRowInOrder() throws {
        let dir = temporaryDirectory()
        let csv = "\(dir)/in.csv"
        try """
        from_lat,from_lon,to_lat,to_lon
        42.5063,1.5218,42.5425,1.7336
        42.5063,1.5218,10.0,10.0
        42.5094,1.5381,42.5063,1.5218
        """.write(toFile: csv, atomically: true, encoding: .utf8)
        let r = run(["--graph", try andorra, "--mode", "driving", "--batch", csv])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == "code,distance_m,duration_s")
        #expect(lines[1].hasPrefix("Ok,"))
        #expect(lines[2] == "NoSegment,,")
        #expect(lines[3].hasPrefix("Ok,"))
    }

    /// `--strict`; without it a bad row is answered in place (BatchTests).
    @Test func badBatchRowStopsAStrictRunBeforeAnyOutput() throws {
        let dir = temporaryDirectory()
        let csv = "\(dir)/in.csv"
        try "42.5,1.5,42.5,1.6\n42.5,nan,42.5,1.6\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let r = run(["--graph", try andorra, "--mode", "driving", "--batch", csv, "--strict"])
        #expect(r.code == ExitCode.badInput.rawValue)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("in.csv:2"))
    }

    @Test(arguments: ["42.5,nan", "91,1.5", "42.5,181", "42.5", "42.5,1.5,3", "inf,1", "-,-"])
    func badCoordinatesAreBadInput(text: String) throws {
        let r = run(["--from", text, "--to", "42.5,1.5", "--graph", try andorra])
        #expect(r.code == ExitCode.badInput.rawValue)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("error: --from"))
    }

    @Test func badOptionsAreBadInput() throws {
        #expect(run(["--from", "42.5,1.5", "--to", "42.5,1.5", "--mode", "flying"]).code == ExitCode.badInput.rawValue)
        #expect(run(["--from", "42.5,1.5", "--to", "42.5,1.5", "--colour", "red"]).code == ExitCode.badInput.rawValue)
        #expect(run(["--from", "42.5,1.5"]).code == ExitCode.badInput.rawValue)
        #expect(run(["--from", "42.5,1.5", "--to", "42.5,1.5", "--format", "xml"]).code == ExitCode.badInput.rawValue)
    }

    @Test func helpDocumentsTheExitCodes() {
        let r = run(["--help"])
        #expect(r.code == 0)
        for code in 2...6 { #expect(r.out.contains("\n  \(code)  ")) }
    }

    @Test func placesAreGeocodedAndUnknownPlacesHaveTheirOwnCode() throws {
        let helsinki = try ExtractGraphs.shared.path("helsinki")
        let r = run(["--from", "Mannerheimintie 5, Helsinki", "--to", "Kamppi", "--mode", "walking", "--graph", helsinki])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("start: \"Mannerheimintie 5"))
        #expect(r.out.contains("destination: \"Kamppi\""))
        let json = run(["--from", "Mannerheimintie 5, Helsinki", "--to", "60.1679,24.9394", "--mode", "walking",
                        "--graph", helsinki, "--format", "json"])
        #expect(json.code == 0)
        #expect(json.out.hasPrefix("{\"code\":\"Ok\""))
        #expect(json.err.contains("start: "))
        let unknown = run(["--from", "Nowhere Street 99", "--to", "Kamppi", "--graph", helsinki])
        #expect(unknown.code == ExitCode.placeNotFound.rawValue)
        #expect(unknown.out.isEmpty)
        #expect(unknown.err.contains("Nowhere Street 99"))
    }

    @Test func missingOrCorruptGraphIsAFileError() throws {
        let dir = temporaryDirectory()
        let missing = run(["--from", "42.5,1.5", "--to", "42.5,1.6", "--graph", "\(dir)/nope.wfg"])
        #expect(missing.code == ExitCode.fileError.rawValue)
        #expect(missing.err.contains("nope.wfg"))

        var bytes = try Data(contentsOf: URL(fileURLWithPath: try andorra))
        let truncated = "\(dir)/truncated.wfg"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect(run(["--from", "42.5,1.5", "--to", "42.5,1.6", "--graph", truncated]).code == ExitCode.fileError.rawValue)

        bytes[bytes.count - 100] ^= 0xFF
        let flipped = "\(dir)/flipped.wfg"
        try bytes.write(to: URL(fileURLWithPath: flipped))
        let corrupt = run(["--from", "42.5,1.5", "--to", "42.5,1.6", "--graph", flipped])
        #expect(corrupt.code == ExitCode.fileError.rawValue)
        #expect(corrupt.err.contains("checksum"))

        let garbage = "\(dir)/garbage.wfg"
        try Data("not a graph file at all, just text".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect(run(["--from", "42.5,1.5", "--to", "42.5,1.6", "--graph", garbage]).code == ExitCode.fileError.rawValue)
    }

    @Test func graphOfAnotherFormatVersionIsRefused() throws {
        let dir = temporaryDirectory()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try andorra))
        // The version follows the 8-byte magic.
        bytes[8] = bytes[8] &+ 1
        let other = "\(dir)/other.wfg"
        try bytes.write(to: URL(fileURLWithPath: other))
        let r = run(["--from", "42.5,1.5", "--to", "42.5,1.6", "--graph", other])
        #expect(r.code == ExitCode.fileError.rawValue)
        #expect(r.err.contains("version") || r.err.contains("checksum"))
    }

    @Test func noSegmentAndNoRouteHaveTheirOwnCodes() throws {
        let far = run(["--from", "42.5063,1.5218", "--to", "10,10", "--graph", try andorra])
        #expect(far.code == ExitCode.notFound.rawValue)
        let farJSON = run(["--from", "42.5063,1.5218", "--to", "10,10", "--graph", try andorra, "--format", "json"])
        #expect(farJSON.out.contains("\"code\":\"NoSegment\""))

        var map = MapFixture("""
            a----------b
            """)
        map.way("ab", ["highway": "residential", "oneway": "yes"])
        let dir = temporaryDirectory()
        let osm = "\(dir)/stub.osm"
        try map.xml.write(toFile: osm, atomically: true, encoding: .utf8)
        #expect(build(["--input", osm, "--output", "\(dir)/stub.wfg", "--quiet"]).code == 0)
        let from = map.coordinate(near: "a", east: 80), to = map.coordinate(near: "a", east: 20)
        let r = run(["--from", "\(from.latitude),\(from.longitude)", "--to", "\(to.latitude),\(to.longitude)",
                     "--graph", "\(dir)/stub.wfg"])
        #expect(r.code == ExitCode.noRoute.rawValue, "\(r.err)")
    }

    @Test func failedBuildLeavesTheOldGraphUntouched() throws {
        let dir = temporaryDirectory()
        let graph = "\(dir)/g.wfg"
        try FileManager.default.copyItem(atPath: try andorra, toPath: graph)
        let before = try Data(contentsOf: URL(fileURLWithPath: graph))

        let pbf = try Data(contentsOf: URL(fileURLWithPath: "\(dataDirectory)/monaco.osm.pbf"))
        let truncated = "\(dir)/truncated.osm.pbf"
        try pbf.prefix(pbf.count / 2).write(to: URL(fileURLWithPath: truncated))
        let r = build(["--input", truncated, "--output", graph, "--quiet"])
        #expect(r.code == ExitCode.fileError.rawValue)
        #expect(r.err.hasPrefix("error: "))
        #expect(build(["--input", "\(dir)/missing.osm.pbf", "--output", graph, "--quiet"]).code == ExitCode.fileError.rawValue)
        #expect(build(["--input", truncated]).code == ExitCode.badInput.rawValue)

        #expect(try Data(contentsOf: URL(fileURLWithPath: graph)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty)
    }
    // MARK: Directions output (steps, formats, geometries, overview)

    @Test func textRouteListsNumberedInstructionsAndATotal() throws {
        let r = run(["--from", "42.5063,1.5218", "--to", "42.5425,1.7336", "--graph", try andorra])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        let steps = lines.filter { $0.range(of: #"^ *\d+\. "#, options: .regularExpression) != nil }
        #expect(steps.count >= 3)
        #expect(steps.first?.contains("1. Head ") == true)
        #expect(steps.last?.contains("You have arrived at your destination") == true)
        #expect(steps.dropLast().allSatisfy { $0.hasSuffix(" m") || $0.hasSuffix(" km") })
        #expect(lines.contains { $0.hasPrefix("total: ") && $0.contains("km") })
    }

    @Test func jsonStepsInEachGeometryFormat() throws {
        for (geometry, check) in [("polyline6", { (g: Any?) in g is String }), ("geojson", { (g: Any?) in
            (g as? [String: Any])?["type"] as? String == "LineString" })] {
            let r = run(["--from", "42.5063,1.5218", "--to", "42.5094,1.5381", "--graph", try andorra,
                         "--format", "json", "--geometry", geometry])
            #expect(r.code == 0, "\(r.err)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            let route = try #require((json["routes"] as? [[String: Any]])?.first)
            #expect(check(route["geometry"]))
            let steps = try #require((route["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
            #expect(steps.count >= 2 && steps.allSatisfy { check($0["geometry"]) })
            #expect(steps.allSatisfy { ($0["instruction"] as? String)?.isEmpty == false })
        }
    }

    @Test func overviewFullSimplifiedOrNone() throws {
        func overview(_ mode: String) throws -> Any? {
            let r = run(["--from", "42.5063,1.5218", "--to", "42.5425,1.7336", "--graph", try andorra,
                         "--format", "json", "--overview", mode])
            #expect(r.code == 0, "\(r.err)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            return try #require((json["routes"] as? [[String: Any]])?.first)["geometry"]
        }
        let full = try #require(try overview("full") as? String)
        let simplified = try #require(try overview("simplified") as? String)
        #expect(simplified.count < full.count / 2)
        #expect(try overview("false") == nil)
    }

    @Test func geojsonFormatIsAFeatureCollection() throws {
        let r = run(["--from", "42.5063,1.5218", "--to", "42.5094,1.5381", "--mode", "walking", "--graph", try andorra,
                     "--format", "geojson"])
        #expect(r.code == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count >= 3)
        let kinds = features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String }
        #expect(kinds.first == "route" && kinds.dropFirst().allSatisfy { $0 == "maneuver" })
    }

    @Test func badOutputOptionsAreBadInput() throws {
        for words in [["--geometry", "wkt"], ["--overview", "half"], ["--format", "kml"]] {
            let r = run(["--from", "42.5063,1.5218", "--to", "42.5094,1.5381", "--graph", try andorra] + words)
            #expect(r.code == ExitCode.badInput.rawValue, "\(words)")
            #expect(r.out.isEmpty)
        }
    }
}
