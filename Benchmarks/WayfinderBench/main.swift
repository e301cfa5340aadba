// wayfinder-bench: timings of the query core and the importer, in-process.
//
//   wayfinder-bench query GRAPH [--mode driving|walking] [--random N] [--seed S] [--dijkstra N]
//   wayfinder-bench batch GRAPH --mode M --queries IN.csv     (process time of answering a batch)
//   wayfinder-bench build PBF [--runs N]
//
// Random pairs are drawn on the main network (points of random segments), so every query
// is a real route. Each query is timed alone with a monotonic clock; the clock reads cost
// ~20 ns, far below the microseconds being measured.
import Foundation
import WayfinderCLI
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

/// Random coordinates on main-network segments of a mode.
func randomPoints(_ graph: RoutingGraph, count: Int, seed: UInt64) -> [FixedCoordinate] {
    var rng = SplitMix64(seed: seed)
    var result: [FixedCoordinate] = []
    while result.count < count {
        let s = Int32.random(in: 0..<Int32(graph.segments.count), using: &rng)
        guard !graph.isOnIsland(segment: s), graph.segmentComponent[Int(s)] == 0 else { continue }
        let segment = graph.segments[Int(s)]
        result.append(graph.points[Int(Int32.random(in: segment.firstPoint...segment.lastPoint, using: &rng))])
    }
    return result
}

func queryBenchmark(_ args: Arguments) {
    guard let path = args.positional.dropFirst().first else { fail("query needs a GRAPH") }
    let mode = TravelMode(name: args["mode"] ?? "driving") ?? .driving
    let count = Int(args["random"] ?? "10000") ?? 10000
    let seed = UInt64(args["seed"] ?? "7") ?? 7
    let dijkstraCount = Int(args["dijkstra"] ?? "200") ?? 200
    let graph: RoutingGraph
    do { graph = try RoutingGraph(path: path, mode: mode) } catch { fail(error.description) }
    let points = randomPoints(graph, count: 2 * count, seed: seed)
    let router = Router(graph: graph)
    var total: [Double] = [], snapTimes: [Double] = [], routeTimes: [Double] = [], geometryTimes: [Double] = []
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

let words = Array(CommandLine.arguments.dropFirst())
let args: Arguments
do { args = try Arguments(words, valued: ["mode", "random", "seed", "dijkstra", "runs", "queries"]) } catch { fail(error.description) }
switch args.positional.first {
case "query": queryBenchmark(args)
case "build": buildBenchmark(args)
default: fail("usage: wayfinder-bench query GRAPH [--mode M] [--random N] [--seed S] | build PBF [--runs N]")
}
