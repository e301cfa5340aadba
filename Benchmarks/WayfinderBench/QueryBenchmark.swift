// wayfinder-bench query GRAPH [--mode driving|walking] [--queries CSV | --random N --seed S]
//                             [--threads N] [--dijkstra N] [--navigation] [--exclude CLASSES] [--json]
//
// Per-phase latency of answering route requests in-process, as the server answers
// /route/v1/{mode}/{a};{b}?steps=true&overview=full: snap both ends, search, unpack, steps
// (directions: line, maneuvers, texts), encode (OSRM JSON); then queries per second on 1..N
// threads and plain Dijkstra on the same pairs. `--navigation` adds what navigation SDKs ask
// for (voice_instructions=true&banner_instructions=true) to every answer.
// `--exclude motorway,toll` asks every route (and the Dijkstra baseline) to avoid those roads,
// as `exclude=` does over HTTP.
import Foundation
import WayfinderCLI
import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// One thread's way of answering a route request, stage by stage, with the same calls as the
/// HTTP service (`OSRMEndpoints.route`): a `Snapper`, its own `Router`, `DirectionsBuilder` and
/// JSON buffer.
final class RoutePipeline {
    let options: ResponseOptions
    /// Metres a coordinate may be snapped: the server's default limit (`EngineLimits.maxSnapRadius`).
    static let maxSnapDistance = RoutePolicy.snapRadius
    /// `--exclude`: set once before any pipeline runs.
    nonisolated(unsafe) static var excluding: WayClasses = []
    let snapper: Snapper
    let router: Router
    let builder: DirectionsBuilder
    let json = JSONBuffer(capacity: 1 << 16)

    init(graph: RoutingGraph, navigation: Bool = false) {
        var options = ResponseOptions(steps: true, geometry: .polyline, overview: .full)
        options.navigation = NavigationOptions(voiceInstructions: navigation, bannerInstructions: navigation)
        self.options = options
        snapper = Snapper(graph: graph)
        router = Router(graph: graph)
        builder = DirectionsBuilder(graph: graph)
    }

    func snap(_ from: FixedCoordinate, _ to: FixedCoordinate) -> (source: Snap, target: Snap)? {
        guard let snaps = try? snapper.snap([from, to], maxDistance: { _ in Self.maxSnapDistance }, excluding: Self.excluding)
        else { return nil }
        return (snaps[0], snaps[1])
    }

    func route(_ ends: (source: Snap, target: Snap)) -> Route? {
        try? router.route(from: ends.source, to: ends.target, excluding: Self.excluding)
    }

    func steps(_ route: Route, destination: FixedCoordinate) -> Directions { builder.directions(for: route, destination: destination) }

    /// Bytes of the OSRM response.
    func encode(_ route: Route, _ directions: Directions) -> Int {
        json.reset()
        OSRMRouteResponse.write(legs: [route], directions: [directions], graph: router.graph, options: options, into: json)
        return json.count
    }

    /// The whole request; the response's bytes, 0 without a route.
    func answer(_ from: FixedCoordinate, _ to: FixedCoordinate) -> Int {
        guard let ends = snap(from, to), let route = route(ends) else { return 0 }
        return encode(route, steps(route, destination: to))
    }
}

func queryBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "query")
    let mode = modeOption(args)
    // Opened as `wayfinder serve` opens it (every mode, the geocoder, checksums in the
    // background), then timed on the settled graph: checksums verified, core hops unpacked.
    let opening = now()
    let served: ServedGraph
    do { served = try ServedGraph(path: path, generation: 1, checksums: .inBackground) } catch { fail(error.description) }
    guard let graph = served.graph(mode) else { fail("\(path) holds no \(mode) graph") }
    let openMilliseconds = microseconds(opening, now()) / 1000
    let expansions = TravelMode.allCases.compactMap { served.graph($0)?.coreHops?.wait() }
    let unpackedMilliseconds = microseconds(opening, now()) / 1000
    guard served.integrity.waitUntilChecked() else { fail(served.integrity.damage ?? "damaged graph file") }
    let verifiedMilliseconds = microseconds(opening, now()) / 1000
    let pairs = queryPairs(args, graph: graph)
    let threadCounts = threadCountsOption(args)
    let dijkstraCount = intOption(args, "dijkstra", default: 200, minimum: 0)
    if let text = args["exclude"] {
        guard let classes = ExclusionFilter.parse(text) else { fail("--exclude must be a comma list of toll, motorway and ferry") }
        guard graph.serves(excluding: classes) else { fail("this graph file cannot exclude roads (rebuild it)") }
        RoutePipeline.excluding = classes
    }
    let report = Report()
    report.text("graph", "graph", path)
    report.text("mode", "mode", "\(mode)")
    report.text("queries", "queries", args["queries"] ?? "\(pairs.count) random pairs (seed \(args["seed"] ?? "7"))")
    if let text = args["exclude"] { report.text("exclude", "excluded classes", text) }
    report.number("open_ms", "opening the graph as the server does (in service from then)", openMilliseconds, unit: "ms")
    report.number("core_hops_ms", "every mode's core hops unpacked in the background, from the start", unpackedMilliseconds, unit: "ms")
    report.number("verified_ms", "every checksum verified in the background, from the start", verifiedMilliseconds, unit: "ms")
    report.integer("core_expansion_arcs", "original arcs of the core hops, every mode", expansions.reduce(0) { $0 + $1.arcCount })
    TimerOverhead.measure().add(to: report)

    // Every phase of each query timed alone: one clock read between two phases.
    let pipeline = RoutePipeline(graph: graph, navigation: args.has("navigation"))
    var snapTimes: [Double] = [], routeTimes: [Double] = [], stepTimes: [Double] = [], encodeTimes: [Double] = [], totals: [Double] = []
    var routed: [(source: Snap, target: Snap)] = [], destinations: [FixedCoordinate] = []
    var noSegment = 0, noRoute = 0, settled = 0, steps = 0, metres = 0.0, bytes = 0
    for (from, to) in pairs {
        let t0 = now()
        guard let ends = pipeline.snap(from, to) else { noSegment += 1; continue }
        let t1 = now()
        guard let route = pipeline.route(ends) else { noRoute += 1; continue }
        let t2 = now()
        let directions = pipeline.steps(route, destination: to)
        let t3 = now()
        bytes += pipeline.encode(route, directions)
        let t4 = now()
        snapTimes.append(microseconds(t0, t1))
        routeTimes.append(microseconds(t1, t2))
        stepTimes.append(microseconds(t2, t3))
        encodeTimes.append(microseconds(t3, t4))
        totals.append(microseconds(t0, t4))
        settled += pipeline.router.lastSettledNodes
        steps += directions.steps.count
        metres += directions.distance
        routed.append(ends)
        destinations.append(to)
    }
    // Search and unpacking apart: the same pipeline again with `route(from:to:timing:)`, so
    // that its clock reads inside the route stay out of the "search + unpack" line above,
    // and the caches see the same work between two routes as there.
    var searchTimes: [Double] = [], unpackTimes: [Double] = [], timedRouteTimes: [Double] = []
    for (ends, to) in zip(routed, destinations) {
        var timing = RouteTiming()
        let t0 = now()
        guard let route = try? pipeline.router.route(from: ends.source, to: ends.target, excluding: RoutePipeline.excluding,
                                                     timing: &timing) else { continue }
        let t1 = now()
        _ = pipeline.encode(route, pipeline.steps(route, destination: to))
        searchTimes.append(Double(timing.searchNanoseconds) / 1000)
        unpackTimes.append(Double(timing.unpackNanoseconds) / 1000)
        timedRouteTimes.append(microseconds(t0, t1))
    }
    let n = Double(max(1, routed.count))
    report.integer("routes", "routes found", routed.count)
    report.integer("no_segment", "without a road near an end (NoSegment)", noSegment)
    report.integer("no_route", "without a route (NoRoute)", noRoute)
    report.group("latency", "latency per query") { group in
        group.latency("snap_us", "snap (both ends)", Latency(snapTimes), unit: "µs")
        group.latency("search_us", "search", Latency(searchTimes), unit: "µs")
        group.latency("unpack_us", "unpack", Latency(unpackTimes), unit: "µs")
        group.latency("search_unpack_us", "search + unpack", Latency(routeTimes), unit: "µs")
        group.latency("search_unpack_timed_apart_us", "search + unpack, timed apart", Latency(timedRouteTimes), unit: "µs")
        group.latency("steps_us", "steps (line, maneuvers, texts)", Latency(stepTimes), unit: "µs")
        group.latency("encode_us", "encode (OSRM JSON)", Latency(encodeTimes), unit: "µs")
        group.latency("total_us", "total (all phases)", Latency(totals), unit: "µs")
    }
    report.number("settled_nodes_mean", "settled nodes per route (mean)", Double(settled) / n, unit: "")
    report.number("steps_mean", "steps per route (mean)", Double(steps) / n, unit: "")
    report.number("route_km_mean", "route length (mean)", metres / 1000 / n, unit: "km")
    report.number("response_bytes_mean", "response size (mean)", Double(bytes) / n, unit: "B", decimals: 0)

    report.rows("throughput", "queries per second (wall clock over the whole batch, pairs split across threads)",
                threadCounts.map { throughput(graph: graph, pairs: pairs, routed: routed, threads: $0, navigation: args.has("navigation")) })
    if dijkstraCount > 0 {
        report.group("dijkstra", "plain Dijkstra baseline") { dijkstraBaseline(graph: graph, routed.prefix(dijkstraCount), into: $0) }
    }
    return report
}

/// Queries per second with `threads` threads, each with its own pipeline: search + unpack
/// between snapped pairs, then the full request from coordinates to JSON.
private func throughput(graph: RoutingGraph, pairs: [(FixedCoordinate, FixedCoordinate)],
                        routed: [(source: Snap, target: Snap)], threads: Int, navigation: Bool) -> Report {
    let routeSeconds = wallSeconds(threads: threads) { t in
        let pipeline = RoutePipeline(graph: graph, navigation: navigation)
        return {
            var found = 0
            for i in chunk(t, of: threads, routed.count) where pipeline.route(routed[i]) != nil { found += 1 }
            if found == -1 { print("") }
        }
    }
    let fullSeconds = wallSeconds(threads: threads) { t in
        let pipeline = RoutePipeline(graph: graph, navigation: navigation)
        return {
            var bytes = 0
            for i in chunk(t, of: threads, pairs.count) { bytes += pipeline.answer(pairs[i].0, pairs[i].1) }
            if bytes == -1 { print("") }
        }
    }
    let row = Report()
    row.integer("threads", "threads", threads)
    row.number("search_unpack_qps", "search + unpack", Double(routed.count) / routeSeconds, unit: "q/s", decimals: 0)
    row.number("full_qps", "full (snap ... JSON)", Double(pairs.count) / fullSeconds, unit: "q/s", decimals: 0)
    return row
}

/// Items `t * count / of ..< (t + 1) * count / of`: thread `t`'s share of a batch.
func chunk(_ t: Int, of parts: Int, _ count: Int) -> Range<Int> { t * count / parts ..< (t + 1) * count / parts }

/// Runs `setup(t)` on each of `threads` new threads, then, once all are ready, the work each
/// returned; the wall seconds from starting the work to the last thread finishing it.
func wallSeconds(threads: Int, _ setup: @escaping @Sendable (Int) -> () -> Void) -> Double {
    let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchGroup()
    for t in 0..<threads {
        done.enter()
        Thread {
            let work = setup(t)
            ready.signal()
            go.wait()
            work()
            done.leave()
        }.start()
    }
    for _ in 0..<threads { ready.wait() }
    let start = now()
    for _ in 0..<threads { go.signal() }
    done.wait()
    return Double(now() - start) / 1e9
}

/// CH (`Router`) and plain Dijkstra (`Router(reference: true)`) between the same snaps: each
/// engine answers all pairs in a batch of its own, every query timed alone, so each runs
/// with the caches its own work leaves (as in service). The CH is also timed right after
/// each Dijkstra query, its data evicted by Dijkstra's sweep: the cold-cache case. Speed-ups
/// on medians and means of the batches; answers that differ.
private func dijkstraBaseline(graph: RoutingGraph, _ routed: ArraySlice<(source: Snap, target: Snap)>, into report: Report) {
    let router = Router(graph: graph), reference = Router(graph: graph, reference: true)
    func timed(_ engine: Router, _ ends: (source: Snap, target: Snap)) -> (weight: Int32?, microseconds: Double) {
        let t0 = now()
        let weight = (try? engine.route(from: ends.source, to: ends.target, excluding: RoutePipeline.excluding))?.weight
        return (weight, microseconds(t0, now()))
    }
    var ch: [Double] = [], cold: [Double] = [], dijkstra: [Double] = [], settled = 0, mismatches = 0
    var fast: [Int32?] = []
    for ends in routed {
        let answer = timed(router, ends)
        fast.append(answer.weight)
        ch.append(answer.microseconds)
    }
    for (i, ends) in routed.enumerated() {
        let slow = timed(reference, ends)
        settled += reference.lastSettledNodes
        dijkstra.append(slow.microseconds)
        cold.append(timed(router, ends).microseconds)
        if fast[i] != slow.weight { mismatches += 1 }
    }
    let c = Latency(ch), d = Latency(dijkstra), coldLatency = Latency(cold)
    report.integer("pairs", "pairs (the first routes above)", routed.count)
    report.latency("search_unpack_us", "Dijkstra search + unpack", d, unit: "µs")
    report.latency("ch_search_unpack_us", "CH search + unpack", c, unit: "µs")
    report.latency("ch_cold_search_unpack_us", "CH right after each Dijkstra (cold)", coldLatency, unit: "µs")
    report.number("settled_nodes_mean", "Dijkstra settled nodes (mean)", Double(settled) / Double(max(1, routed.count)), unit: "")
    report.number("speedup_p50", "speed-up on medians", d.p50 / c.p50, unit: "x")
    report.number("speedup_mean", "speed-up on means", d.mean / c.mean, unit: "x")
    report.number("speedup_cold_p50", "speed-up on medians, CH cold", d.p50 / coldLatency.p50, unit: "x")
    report.integer("mismatches", "answers that differ", mismatches)
}

/// The pairs of `--queries CSV` (rows from_lat,from_lon,to_lat,to_lon, as `route --batch`) or
/// `--random N` reproducible pairs of points on the main network (`--seed S`).
func queryPairs(_ args: Arguments, graph: RoutingGraph) -> [(FixedCoordinate, FixedCoordinate)] {
    if let csv = args["queries"] {
        guard args["random"] == nil else { fail("give --queries CSV or --random N, not both") }
        do { return try RouteCommand.readBatch(csv) } catch { fail(error.description) }
    }
    let count = intOption(args, "random", default: 10_000, minimum: 1)
    let points = graph.randomRoadPoints(count: 2 * count, seed: UInt64(intOption(args, "seed", default: 7, minimum: 0)))
    return (0..<points.count / 2).map { (points[2 * $0], points[2 * $0 + 1]) }
}

/// `--threads N`: 1, 2, ..., N; by default 1 and the core count.
func threadCountsOption(_ args: Arguments) -> [Int] {
    if args["threads"] != nil { return Array(1...intOption(args, "threads", default: 1, minimum: 1)) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return cores > 1 ? [1, cores] : [1]
}
