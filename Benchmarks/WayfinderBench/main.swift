// wayfinder-bench: timings of the query core and the importer, in-process.
//
//   wayfinder-bench query GRAPH [--mode driving|walking] [--random N] [--seed S] [--dijkstra N]
//                                    (snap, search, geometry; then the `steps` phase: directions
//                                    with texts, and the OSRM JSON response with its steps)
//   wayfinder-bench batch GRAPH --mode M --queries IN.csv     (process time of answering a batch)
//   wayfinder-bench build PBF [--runs N]
//   wayfinder-bench table GRAPH [--mode M] [--size N] [--seed S]   (N x N many-to-many vs point queries)
//   wayfinder-bench geocode GRAPH [--random N] [--seed S] [--pbf PBF [--runs N]]
//                                    (forward and reverse latency; with --pbf, index build time)
//   wayfinder-bench pbf GRAPH [--mode M] [--random N] [--seed S]
//                                    (binary route response against JSON: bytes, encode time)
//   wayfinder-bench urls GRAPH [--mode M] [--random N] [--seed S]
//                                    (N random /route/v1 paths, one a line, for scripts/load-test)
//
// Random pairs are drawn on the main network (points of random segments), so every query
// is a real route. Each query is timed alone with a monotonic clock; the clock reads cost
// ~20 ns, far below the microseconds being measured.
import Foundation
import WayfinderCLI
import WayfinderDirections
import WayfinderGeocoding
import WayfinderGraph
import WayfinderImport
import WayfinderRouting


func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wayfinder-bench: \(message)\n".utf8))
    exit(2)
}


func queryBenchmark(_ args: Arguments) {
    guard let path = args.positional.dropFirst().first else { fail("query needs a GRAPH") }
    let mode = TravelMode(name: args["mode"] ?? "driving") ?? .driving
    let count = Int(args["random"] ?? "10000") ?? 10000
    let seed = UInt64(args["seed"] ?? "7") ?? 7
    let dijkstraCount = Int(args["dijkstra"] ?? "200") ?? 200
    let graph: RoutingGraph
    do { graph = try RoutingGraph(path: path, mode: mode) } catch { fail(error.description) }
    let points = graph.randomRoadPoints(count: 2 * count, seed: seed)
    let router = Router(graph: graph)
    var total: [Double] = [], snapTimes: [Double] = [], routeTimes: [Double] = [], geometryTimes: [Double] = []
    // The `steps` phase: directions (steps and texts) and the OSRM JSON response with them,
    // against the response the route command gave before steps (line, overview, waypoints).
    let builder = DirectionsBuilder(graph: graph)
    var stepTimes: [Double] = [], jsonTimes: [Double] = [], previousTimes: [Double] = [], addedTimes: [Double] = []
    var stepCount = 0
    var failures = 0
    var sink = 0
    for i in 0..<count {
        let t0 = now()
        guard let a = router.snapper.nearest(to: points[2 * i], maxDistance: 5000),
              let b = router.snapper.nearest(to: points[2 * i + 1], maxDistance: 5000) else { failures += 1; continue }
        let t1 = now()
        guard let route = try? router.route(from: a.main ?? a.any, to: b.main ?? b.any) else { failures += 1; continue }
        let t2 = now()
        let line = graph.geometry(of: route)
        sink &+= line.count
        let t3 = now()
        let directions = builder.directions(for: route, destination: points[2 * i + 1])
        let t4 = now()
        let json = RouteResponse.json(route, directions: directions, graph: graph, options: OutputOptions())
        let t5 = now()
        let previous = responseWithoutSteps(route, graph: graph)
        let t6 = now()
        sink &+= json.utf8.count &+ previous.utf8.count
        stepCount += directions.steps.count
        stepTimes.append(Double(t4 - t3) / 1000)
        jsonTimes.append(Double(t5 - t3) / 1000)
        previousTimes.append(Double(t6 - t5) / 1000)
        addedTimes.append(Double(Int64(t5 - t3) - Int64(t6 - t5)) / 1000)
        snapTimes.append(Double(t1 - t0) / 1000)
        routeTimes.append(Double(t2 - t1) / 1000)
        geometryTimes.append(Double(t3 - t2) / 1000)
        total.append(Double(t3 - t0) / 1000)
    }
    func line(_ name: String, _ values: [Double]) {
        let s = values.sorted()
        print(String(format: "%-28@ p50 %8.1f µs   p95 %8.1f µs   p99 %8.1f µs   mean %8.1f µs", name,
                     percentile(s, 0.5), percentile(s, 0.95), percentile(s, 0.99), s.reduce(0, +) / Double(max(1, s.count))))
    }
    print("graph \(path), mode \(mode), \(count) random pairs (seed \(seed)), \(failures) without a route")
    line("snap (both ends)", snapTimes)
    line("search + unpack", routeTimes)
    line("geometry", geometryTimes)
    line("total (snap+search+unpack)", total)
    line("steps: directions + texts", stepTimes)
    line("steps: + OSRM JSON (total)", jsonTimes)
    line("response without steps", previousTimes)
    line("steps: added per route", addedTimes)
    print(String(format: "steps: %.1f per route on average", Double(stepCount) / Double(max(1, stepTimes.count))))

    // Plain Dijkstra on the same pairs, for the speed-up factor.
    let reference = Router(graph: graph, reference: true)
    var chTime = 0.0, dijkstraTime = 0.0, mismatches = 0
    for i in 0..<min(dijkstraCount, count) {
        guard let a = router.snapper.nearest(to: points[2 * i], maxDistance: 5000),
              let b = router.snapper.nearest(to: points[2 * i + 1], maxDistance: 5000) else { continue }
        let t0 = now()
        let fast = try? router.route(from: a.main ?? a.any, to: b.main ?? b.any)
        let t1 = now()
        let slow = try? reference.route(from: a.main ?? a.any, to: b.main ?? b.any)
        let t2 = now()
        chTime += Double(t1 - t0)
        dijkstraTime += Double(t2 - t1)
        if fast?.weight != slow?.weight { mismatches += 1 }
    }
    print(String(format: "dijkstra baseline on %d pairs: %.1f µs mean vs CH %.1f µs: speed-up %.0fx, %d mismatches",
                 min(dijkstraCount, count), dijkstraTime / 1000 / Double(max(1, min(dijkstraCount, count))),
                 chTime / 1000 / Double(max(1, min(dijkstraCount, count))), dijkstraTime / max(1, chTime), mismatches))
    if sink == 42 { print("") }
}

/// The OSRM response of a route without steps, as `route --format json` gave it before
/// directions: the line, its polyline, totals, waypoints. The baseline of the `steps` phase.
func responseWithoutSteps(_ route: Route, graph: RoutingGraph) -> String {
    let line = graph.geometry(of: route), distance = graph.distance(of: route)
    let json = JSONBuffer(capacity: 1024 + line.count * 8)
    json.beginObject()
    json.key("code"); json.string("Ok")
    json.key("routes"); json.beginArray()
    json.beginObject()
    json.key("geometry"); json.polyline(line[...], precision: 5)
    json.key("legs"); json.beginArray()
    json.beginObject()
    json.key("steps"); json.beginArray(); json.endArray()
    json.key("summary"); json.string("")
    for key: StaticString in ["weight", "duration"] { json.key(key); json.number(route.duration, decimals: 3) }
    json.key("distance"); json.number(distance)
    json.endObject()
    json.endArray()
    json.key("weight_name"); json.string("duration")
    for key: StaticString in ["weight", "duration"] { json.key(key); json.number(route.duration, decimals: 3) }
    json.key("distance"); json.number(distance)
    json.endObject()
    json.endArray()
    json.key("waypoints"); OSRMRouteResponse.writeWaypoints(of: [route], graph: graph, into: json)
    json.endObject()
    return json.text
}

func processSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF_WHO, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func buildBenchmark(_ args: Arguments) {
    guard let input = args.positional.dropFirst().first else { fail("build needs a PBF") }
    let runs = Int(args["runs"] ?? "3") ?? 3
    let output = NSTemporaryDirectory() + "wayfinder-bench-\(getpid()).wfg"
    defer { unlink(output) }
    var walls: [Double] = []
    var last: BuildSummary?
    for _ in 0..<runs {
        let t0 = now()
        do { last = try GraphBuilder.build(input: input, output: output) } catch { fail(error.description) }
        walls.append(Double(now() - t0) / 1e9)
    }
    guard let summary = last else { return }
    for (name, seconds) in summary.phases { print(String(format: "  %-10@ %.3f s (last run)", name, seconds)) }
    print(String(format: "build %@: median %.3f s over %d runs, file %.2f MiB, peak RSS %.1f MiB", input,
                 walls.sorted()[walls.count / 2], runs, Double(summary.fileBytes) / 1_048_576,
                 Double(summary.peakMemoryBytes) / 1_048_576))
}

/// Forward and reverse latency on queries drawn from the graph's own geocoder index:
/// addresses as "street number, city", POI and street names, half of them with one typo;
/// reverse points a few metres off random items.
func geocodeBenchmark(_ args: Arguments) {
    guard let path = args.positional.dropFirst().first else { fail("geocode needs a GRAPH") }
    let count = Int(args["random"] ?? "2000") ?? 2000
    var rng = SplitMix64(seed: UInt64(args["seed"] ?? "7") ?? 7)
    let opened = now()
    let geocoder: Geocoder
    do { geocoder = try Geocoder(path: path) } catch { fail(error.description) }
    let openTime = Double(now() - opened) / 1000
    guard geocoder.itemCount > 0 else { fail("the geocoder index of \(path) is empty") }
    var queries: [String] = [], points: [FixedCoordinate] = []
    while queries.count < count {
        let item = geocoder.result(Int.random(in: 0..<geocoder.itemCount, using: &rng), score: 0)
        var text = item.kind == .address ? item.label : item.name
        if Bool.random(using: &rng), let word = text.split(separator: " ").filter({ $0.count >= 4 }).randomElement(using: &rng) {
            var letters = Array(word)
            letters.remove(at: Int.random(in: 0..<letters.count, using: &rng))
            text = text.replacingOccurrences(of: String(word), with: String(letters))
        }
        queries.append(text)
        let offset = { Int32.random(in: -60...60, using: &rng) }
        points.append(FixedCoordinate(lat: item.location.lat + offset(), lon: item.location.lon + offset()))
    }
    func time(_ name: String, _ body: (Int) -> Int) {
        var times: [Double] = []
        var found = 0
        for i in 0..<count {
            let t0 = now()
            found += body(i)
            times.append(Double(now() - t0) / 1000)
        }
        let s = times.sorted()
        print(String(format: "%-8@ p50 %7.1f µs   p95 %7.1f µs   p99 %7.1f µs   mean %7.1f µs   %d of %d answered", name,
                     percentile(s, 0.5), percentile(s, 0.95), percentile(s, 0.99), s.reduce(0, +) / Double(max(1, s.count)), found, count))
    }
    print(String(format: "graph %@: %d geocoder items, index %.2f MiB, opened in %.0f µs; %d queries (seed %@)", path,
                 geocoder.itemCount, Double(geocoder.indexBytes) / 1_048_576, openTime, count, args["seed"] ?? "7"))
    time("forward") { geocoder.geocode(queries[$0]).isEmpty ? 0 : 1 }
    time("reverse") { geocoder.reverse(points[$0]).best == nil ? 0 : 1 }
    // The index build alone, from the objects collected in one read of the source extract.
    guard let pbf = args["pbf"] else { return }
    let collector = GeocoderCollector()
    let t0 = now()
    do { _ = try OSMReader.read(path: pbf, into: collector) } catch { fail(error.description) }
    let readTime = Double(now() - t0) / 1e9
    var builds: [Double] = []
    for _ in 0..<Int(args["runs"] ?? "5")! {
        let t1 = now()
        let index = GeocoderIndex(collector.source)
        builds.append(Double(now() - t1) / 1e9)
        if index.items.isEmpty { print("") }
    }
    print(String(format: "index of %@: read with only the geocoder's collector %.3f s; index build min %.3f s, median %.3f s over %d runs",
                 pbf, readTime, builds.min()!, builds.sorted()[builds.count / 2], builds.count))
}

/// Random route requests as OSRM paths, drawn like the query benchmark's pairs.
func routeURLs(_ args: Arguments) {
    guard let path = args.positional.dropFirst().first else { fail("urls needs a GRAPH") }
    let mode = TravelMode(name: args["mode"] ?? "driving") ?? .driving
    let count = Int(args["random"] ?? "1000") ?? 1000
    let graph: RoutingGraph
    do { graph = try RoutingGraph(path: path, mode: mode) } catch { fail(error.description) }
    let points = graph.randomRoadPoints(count: 2 * count, seed: UInt64(args["seed"] ?? "7") ?? 7)
    func lonLat(_ p: FixedCoordinate) -> String { String(format: "%.6f,%.6f", p.longitude, p.latitude) }
    for i in 0..<points.count / 2 {
        print("/route/v1/\(mode)/\(lonLat(points[2 * i]));\(lonLat(points[2 * i + 1]))")
    }
}

let words = Array(CommandLine.arguments.dropFirst())
let args: Arguments
do { args = try Arguments(words, valued: ["mode", "random", "seed", "dijkstra", "runs", "queries", "pbf", "size"]) } catch { fail(error.description) }
switch args.positional.first {
case "query": queryBenchmark(args)
case "build": buildBenchmark(args)
case "geocode": geocodeBenchmark(args)
case "table": tableBenchmark(args)
case "pbf": protobufBenchmark(args)
case "urls": routeURLs(args)
default: fail("usage: wayfinder-bench query GRAPH [--mode M] [--random N] [--seed S] | build PBF [--runs N] | geocode GRAPH [--random N] | table GRAPH [--size N] | pbf GRAPH [--random N] | urls GRAPH [--random N]")
}
