// wayfinder-bench table GRAPH [--mode driving|walking] [--size N] [--seed S]
//
// Time of an N x N duration table (bucket many-to-many, `TableQuery`), with and without
// distances, against the N x N point queries with `Router` it replaces, on N random points of
// the main network. Also counts the cells where the two disagree (durations must not; distances
// only where several fastest paths tie).
import WayfinderCLI
import WayfinderGraph
import WayfinderRouting

func tableBenchmark(_ args: Arguments) {
    guard let path = args.positional.dropFirst().first else { fail("table needs a GRAPH") }
    let mode = TravelMode(name: args["mode"] ?? "driving") ?? .driving
    let size = Int(args["size"] ?? "25") ?? 25
    let seed = UInt64(args["seed"] ?? "7") ?? 7
    let graph: RoutingGraph
    do { graph = try RoutingGraph(path: path, mode: mode) } catch { fail(error.description) }
    let snapper = Snapper(graph: graph)
    let snaps = graph.randomRoadPoints(count: size, seed: seed).compactMap { snapper.nearest(to: $0, maxDistance: 5000)?.any }
    guard snaps.count == size else { fail("could only place \(snaps.count) of \(size) points on \(path)") }

    let query = TableQuery(graph: graph)
    /// Median and minimum milliseconds of `runs` tables (after one warm-up).
    func time(distances: Bool, runs: Int) -> (median: Double, min: Double, table: DurationTable) {
        var table = query.compute(sources: snaps, targets: snaps, distances: distances)
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = now()
            table = query.compute(sources: snaps, targets: snaps, distances: distances)
            times.append(Double(now() - t0) / 1e6)
        }
        times.sort()
        return (times[times.count / 2], times[0], table)
    }
    let runs = max(3, min(50, 20_000 / (size * size)))
    let durations = time(distances: false, runs: runs)
    let withDistances = time(distances: true, runs: runs)

    let router = Router(graph: graph)
    var pointTime = 0.0, durationMismatches = 0, distanceMismatches = 0, noRoute = 0
    for (i, source) in snaps.enumerated() {
        for (j, target) in snaps.enumerated() {
            let t0 = now()
            let route = try? router.route(from: source, to: target)
            pointTime += Double(now() - t0) / 1e6
            let cell = i * size + j
            if route == nil { noRoute += 1 }
            if (route?.weight ?? -1) != withDistances.table.durations[cell] { durationMismatches += 1 }
            if abs((route.map { graph.distance(of: $0) } ?? -1) - withDistances.table.distances![cell]) > 0.1 { distanceMismatches += 1 }
        }
    }
    print("graph \(path), mode \(mode), \(size) x \(size) table of random road points (seed \(seed)), \(noRoute) cells without a route")
    print(String(format: "table, durations           median %9.3f ms   min %9.3f ms   (%d runs)", durations.median, durations.min, runs))
    print(String(format: "table, durations+distances median %9.3f ms   min %9.3f ms   (%d runs)", withDistances.median, withDistances.min, runs))
    print(String(format: "%d point queries (Router)  total  %9.3f ms   %.1f µs each: table %.1fx faster (durations), %.1fx (with distances)",
                 size * size, pointTime, pointTime * 1000 / Double(size * size), pointTime / durations.median,
                 pointTime / withDistances.median))
    print("cells differing from the point queries: \(durationMismatches) durations, \(distanceMismatches) distances (> 0.1 m)")
}
