import Foundation
import Testing
import WayfinderC
import WayfinderCLI
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting
import WayfinderService

/// The C functions give the CLI's and the server's answers: `route --batch` rows, /table
/// cells, /route and /match JSON bytes, `geocode`/`reverse --format json` text, on random Andorra points.
@Suite(.serialized) struct AnswerEqualityTests {
    /// An open graph for a test, closed at the end.
    final class Opened {
        let path: String
        let handle: OpaquePointer
        init() throws {
            path = try AndorraGraph.path()
            var graph: OpaquePointer?
            guard wf_open(path, 1, &graph) == 0, let graph else { throw Failure(String(cString: wf_last_error())) }
            handle = graph
        }
        deinit { wf_close(handle) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Random pairs, rows of from_lat, from_lon, to_lat, to_lon.
    static func pairs(_ graph: RoutingGraph, count: Int, seed: UInt64) -> [Double] {
        randomPoints(graph, count: 2 * count, seed: seed).flatMap { [$0.latitude, $0.longitude] }
    }

    @Test(arguments: [(Int32(0), "driving"), (Int32(1), "walking")])
    func routePairsEqualTheBatch(mode: Int32, name: String) throws {
        let opened = try Opened()
        let graph = try RoutingGraph(path: opened.path, mode: name == "driving" ? .driving : .walking)
        let n = 150
        let rows = Self.pairs(graph, count: n, seed: 18 + UInt64(mode))
        let csv = "\(AndorraGraph.directory)/pairs-\(name).csv"
        var text = "from_lat,from_lon,to_lat,to_lon\n"
        for i in 0..<n { text += (0..<4).map { String(rows[4 * i + $0]) }.joined(separator: ",") + "\n" }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        let console = Console(capturing: true)
        #expect(RouteCommand.run(["--graph", opened.path, "--mode", name, "--batch", csv], console: console) == 0)
        let lines = console.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(lines.count == n)
        var codes = [Int32](repeating: -1, count: n), distances = [Double](repeating: 0, count: n), durations = distances
        #expect(wf_route_pairs(opened.handle, mode, rows, n, 0, &codes, &distances, &durations) == 0)
        let names = ["Ok", "NoRoute", "NoSegment"]
        var ok = 0
        for (i, line) in lines.enumerated() {
            #expect(names[Int(codes[i])] == String(line[0]), "row \(i)")
            if line[0] == "Ok" {
                ok += 1
                #expect(distances[i] == Double(String(line[1]))!, "row \(i)")
                #expect(durations[i] == Double(String(line[2]))!, "row \(i)")
            } else {
                #expect(distances[i].isNaN && durations[i].isNaN)
            }
        }
        #expect(ok > n / 4)  // the comparison covers real routes, not only failures
    }

    /// Points that snap (as /table refuses a request with one that does not).
    static func snappable(_ graph: RoutingGraph, count: Int, seed: UInt64) -> [FixedCoordinate] {
        let snapper = Snapper(graph: graph)
        return Array(randomPoints(graph, count: 3 * count, seed: seed)
            .filter { snapper.nearest(to: $0, maxDistance: 5000) != nil }.prefix(count))
    }

    /// The server's /table JSON for sources then destinations, via the service.
    static func serverTable(_ state: ServiceState, _ profile: String, _ sources: [FixedCoordinate],
                            _ destinations: [FixedCoordinate]) throws -> [String: Any] {
        let all = sources + destinations
        let path = "/table/v1/\(profile)/" + all.map { "\($0.longitude),\($0.latitude)" }.joined(separator: ";")
        let query = "sources=" + (0..<sources.count).map(String.init).joined(separator: ";")
            + "&destinations=" + (sources.count..<all.count).map(String.init).joined(separator: ";")
            + "&annotations=duration,distance"
        let body = try answer(state, path, query)
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { throw Failure("not JSON") }
        return object
    }

    /// The service's answer to GET path?query, as the HTTP server hands it over.
    static func answer(_ state: ServiceState, _ path: String, _ query: String) throws -> [UInt8] {
        var body: [UInt8] = []
        let items = query.split(separator: "&").map { item -> ([UInt8], [UInt8]) in
            let parts = item.split(separator: "=", maxSplits: 1)
            return (Array(parts[0].utf8), parts.count > 1 ? Array(parts[1].utf8) : [])
        }
        let pathBytes = Array(path.utf8)
        var storage = items.map { ($0.0 + [0], $0.1 + [0]) }  // stable buffers for the raw pointers
        storage.withUnsafeMutableBufferPointer { stored in
            let raw = stored.map { item in
                (item.0.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0.prefix(item.0.count - 1)) },
                 item.1.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0.prefix(item.1.count - 1)) })
            }
            pathBytes.withUnsafeBytes { rawPath in
                _ = state.answer(method: "GET", rawPath: rawPath, rawParameters: raw.map { (name: $0.0, value: $0.1) },
                                 hasBody: false, start: monotonicNanoseconds()) { response in
                    body = response.body.withUnsafeBytes { Array($0) }
                }
            }
        }
        return body
    }

    @Test(arguments: [(Int32(0), "driving"), (Int32(1), "walking")])
    func tableEqualsTheServersTable(mode: Int32, name: String) throws {
        let opened = try Opened()
        let graph = try RoutingGraph(path: opened.path, mode: name == "driving" ? .driving : .walking)
        let state = try ServiceState(graphPath: opened.path, limits: EngineLimits(), endpoints: .standard, log: nil)
        let points = Self.snappable(graph, count: 70, seed: 99 + UInt64(mode))
        let sources = Array(points.prefix(30)), destinations = Array(points.dropFirst(30))
        let json = try Self.serverTable(state, name, sources, destinations)
        #expect(json["code"] as? String == "Ok")
        let durationRows = try #require(json["durations"] as? [[Any]]), distanceRows = try #require(json["distances"] as? [[Any]])
        let flat = { (list: [FixedCoordinate]) in list.flatMap { [$0.latitude, $0.longitude] } }
        // One extra destination off the map: its column is NaN, the others unchanged.
        let m = destinations.count + 1
        var durations = [Double](repeating: 0, count: sources.count * m), distances = durations
        #expect(wf_table(opened.handle, mode, flat(sources), sources.count, flat(destinations) + [0.5, 0.5], m,
                         &durations, &distances) == 0)
        var routed = 0
        for i in 0..<sources.count {
            for j in 0..<destinations.count {
                let expectedDuration = (durationRows[i][j] as? NSNumber)?.doubleValue ?? .nan
                let expectedDistance = (distanceRows[i][j] as? NSNumber)?.doubleValue ?? .nan
                if !expectedDuration.isNaN { routed += 1 }
                #expect(durations[i * m + j] == expectedDuration || (durations[i * m + j].isNaN && expectedDuration.isNaN), "\(i),\(j)")
                #expect(distances[i * m + j] == expectedDistance || (distances[i * m + j].isNaN && expectedDistance.isNaN), "\(i),\(j)")
            }
            #expect(durations[i * m + m - 1].isNaN && distances[i * m + m - 1].isNaN)
        }
        #expect(routed > sources.count * destinations.count / 2)
        // Durations alone are the same numbers.
        var alone = [Double](repeating: 0, count: sources.count * m)
        #expect(wf_table(opened.handle, mode, flat(sources), sources.count, flat(destinations) + [0.5, 0.5], m, &alone, nil) == 0)
        #expect(zip(alone, durations).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
    }

    @Test func routeJSONIsTheServersBytes() throws {
        let opened = try Opened()
        let graph = try RoutingGraph(path: opened.path, mode: .driving)
        let state = try ServiceState(graphPath: opened.path, limits: EngineLimits(), endpoints: .standard, log: nil)
        let points = Self.snappable(graph, count: 14, seed: 5)   // six option sets of two or three stops each
        let options = ["", "steps=true&overview=full", "alternatives=2&annotations=true", "geometries=geojson&steps=true&voice_instructions=true",
                       "exclude=motorway", "steps=maybe"]
        for (k, query) in options.enumerated() {
            let stops = Array(points[(2 * k)..<(2 * k + 2 + (k % 2))])
            let path = "/route/v1/driving/" + stops.map { "\($0.longitude),\($0.latitude)" }.joined(separator: ";")
            let expected = try Self.answer(state, path, query)
            var json: UnsafeMutablePointer<CChar>?
            var length = 0
            #expect(wf_route_json(opened.handle, 0, stops.flatMap { [$0.latitude, $0.longitude] }, stops.count, query, &json, &length) == 0, "\(path)?\(query): \(String(cString: wf_last_error()))")
            let got = Array(UnsafeRawBufferPointer(start: json, count: length))
            #expect(got == expected, "\(path)?\(query)")
            wf_free(json)
        }
    }

    /// A GPS trace along the driving route from `a` to `b`: every `step`-th point of its
    /// GeoJSON geometry (lat, lon), nil when there is no route.
    static func trace(_ opened: Opened, from a: FixedCoordinate, to b: FixedCoordinate, step: Int) throws -> [Double]? {
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        guard wf_route_json(opened.handle, 0, [a.latitude, a.longitude, b.latitude, b.longitude], 2,
                            "overview=full&geometries=geojson", &json, &length) == 0 else { return nil }
        defer { wf_free(json) }
        let object = try JSONSerialization.jsonObject(with: Data(bytes: json!, count: length)) as? [String: Any]
        guard let routes = object?["routes"] as? [[String: Any]], let geometry = routes.first?["geometry"] as? [String: Any],
              let line = geometry["coordinates"] as? [[Double]], line.count >= 2 else { return nil }
        let picked = stride(from: 0, to: line.count, by: step).map { line[$0] } + [line[line.count - 1]]
        return picked.flatMap { [$0[1], $0[0]] }
    }

    @Test func matchJSONIsTheServersBytes() throws {
        let opened = try Opened()
        let graph = try RoutingGraph(path: opened.path, mode: .driving)
        let state = try ServiceState(graphPath: opened.path, limits: EngineLimits(), endpoints: .standard, log: nil)
        let points = Self.snappable(graph, count: 40, seed: 17)
        var traces: [[Double]] = []
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            if let trace = try Self.trace(opened, from: points[i], to: points[i + 1], step: 3), trace.count >= 6 { traces.append(trace) }
        }
        #expect(traces.count >= 8)
        // Every trace one after the other: a URL past /route's 8 KB, which /match takes.
        traces.append(traces.flatMap { $0 })
        let options = ["", "steps=true&overview=full", "annotations=true&tidy=true", "geometries=geojson&gaps=ignore",
                       "overview=false&generate_hints=false", "steps=true&annotations=duration,distance", "colour=red", "approaches=curb"]
        var ok = 0, longest = 0
        for (k, trace) in traces.enumerated() {
            let n = trace.count / 2
            let query = options[k % options.count]
            // Timestamps 20 s apart (with an hour's gap halfway in every third trace) and a
            // radius for every other point.
            let stamps = (0..<n).map { 1_700_000_000 + 20 * Double($0) + (k % 3 == 0 && $0 >= n / 2 ? 3600 : 0) }
            let radii = (0..<n).map { $0 % 2 == 0 ? Double.nan : 7.5 }
            for (withTimes, withRadii) in [(false, false), (true, true)] {
                let path = "/match/v1/driving/" + (0..<n).map { "\(trace[2 * $0 + 1]),\(trace[2 * $0])" }.joined(separator: ";")
                var items = query.isEmpty ? [] : [query]
                if withTimes { items.append("timestamps=" + stamps.map { String(Int64($0)) }.joined(separator: ";")) }
                if withRadii { items.append("radiuses=" + radii.map { $0.isNaN ? "" : "\($0)" }.joined(separator: ";")) }
                longest = max(longest, path.utf8.count + items.joined(separator: "&").utf8.count)
                let expected = try Self.answer(state, path, items.joined(separator: "&"))
                var json: UnsafeMutablePointer<CChar>?
                var length = 0
                #expect(wf_match_json(opened.handle, 0, trace, n, withTimes ? stamps : nil, withRadii ? radii : nil, query,
                                      &json, &length) == 0, "\(path)?\(query): \(String(cString: wf_last_error()))")
                let got = Array(UnsafeRawBufferPointer(start: json, count: length))
                #expect(got == expected, "\(path)?\(query)")
                if String(decoding: got, as: UTF8.self).hasPrefix("{\"code\":\"Ok\"") { ok += 1 }
                wf_free(json)
            }
        }
        #expect(ok >= traces.count / 2)
        #expect(longest > 8192, "the longest /match URL: \(longest) bytes")
    }

    @Test func geocodeAndReverseEqualTheCLI() throws {
        let opened = try Opened()
        for (text, limit) in [("Andorra la Vella", 3), ("Avinguda Meritxell", 5), ("zzzzqqq", 2)] {
            let console = Console(capturing: true)
            _ = GeocodeCommands.geocode([text, "--graph", opened.path, "--format", "json", "--limit", "\(limit)"], console: console)
            var json: UnsafeMutablePointer<CChar>?
            #expect(wf_geocode_json(opened.handle, text, Int32(limit), &json, nil) == 0)
            #expect(String(cString: json!) + "\n" == console.output, "\(text)")
            wf_free(json)
        }
        for (lat, lon) in [(42.5078, 1.5211), (42.4633, 1.4906), (42.0, 1.0)] {
            let console = Console(capturing: true)
            _ = GeocodeCommands.reverse(["\(lat),\(lon)", "--graph", opened.path, "--format", "json"], console: console)
            var json: UnsafeMutablePointer<CChar>?
            #expect(wf_reverse_json(opened.handle, lat, lon, &json, nil) == 0)
            #expect(String(cString: json!) + "\n" == console.output, "\(lat),\(lon)")
            wf_free(json)
        }
    }
}
