// wayfinder-bench table GRAPH [--mode driving|walking] [--size N] [--seed S] [--json]
//
// Time of an N x N duration table (bucket many-to-many, `TableQuery`), with and without
// distances, against the N x N point queries with `Router` it replaces, on N random points of
// the main network. Also counts the cells where the two disagree (durations must not; distances
// only where several fastest paths tie).
import WayfinderCLI
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

func tableBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "table")
    let mode = modeOption(args)
    let size = intOption(args, "size", default: 25, minimum: 1)
    let seed = UInt64(intOption(args, "seed", default: 7, minimum: 0))
    let graph = openGraph(path, mode: mode)
    let snapper = Snapper(graph: graph)
    let snaps = graph.randomRoadPoints(count: size, seed: seed).compactMap { snapper.nearest(to: $0, maxDistance: RoutePolicy.snapRadius)?.any }
    guard snaps.count == size else { fail("could only place \(snaps.count) of \(size) points on \(path)") }

    let query = TableQuery(graph: graph)
    /// Milliseconds of the first table (cold caches, and for distances the arc lengths not
    /// yet remembered), then median and minimum of `runs` more.
    func time(distances: Bool, runs: Int) -> (first: Double, median: Double, min: Double, table: RouteTable) {
        let start = now()
        var table = query.compute(sources: snaps, targets: snaps, distances: distances)
        let first = Double(now() - start) / 1e6
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = now()
            table = query.compute(sources: snaps, targets: snaps, distances: distances)
            times.append(Double(now() - t0) / 1e6)
        }
        times.sort()
        return (first, times[times.count / 2], times[0], table)
    }
    let runs = max(5, min(50, 20_000 / (size * size)))
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
    let cells = Double(size * size)
    let report = Report()
    report.text("graph", "graph", path)
    report.text("mode", "mode", "\(mode)")
    report.text("points", "points", "\(size) x \(size) table of random road points (seed \(seed))")
    report.integer("cells_without_route", "cells without a route", noRoute)
    for (key, name, t) in [("durations", "table, durations", durations), ("durations_distances", "table, durations+distances", withDistances)] {
        report.group(key, name) { group in
            group.number("first_ms", "first", t.first, unit: "ms", decimals: 3)
            group.number("median_ms", "then median of \(runs)", t.median, unit: "ms", decimals: 3)
            group.number("min_ms", "min", t.min, unit: "ms", decimals: 3)
        }
    }
    report.group("point_queries", "\(size * size) point queries (Router)") { group in
        group.number("total_ms", "total", pointTime, unit: "ms", decimals: 3)
        group.number("each_us", "each", pointTime * 1000 / cells, unit: "µs")
        group.number("table_speedup", "table faster by (durations)", pointTime / durations.median, unit: "x")
        group.number("table_distances_speedup", "table faster by (with distances)", pointTime / withDistances.median, unit: "x")
    }
    let arcs = graph.hierarchy.forwardArcs.count + graph.hierarchy.backwardArcs.count
    report.number("arc_lengths_mib", "remembered arc lengths (distances) per TableQuery, at most (\(arcs) hierarchy arcs x 8 bytes)",
                  Double(arcs * 8) / 1_048_576, unit: "MiB")
    report.integer("duration_mismatches", "cells whose duration differs from the point query", durationMismatches)
    report.integer("distance_mismatches", "cells whose distance differs by > 0.1 m", distanceMismatches)
    return report
}
