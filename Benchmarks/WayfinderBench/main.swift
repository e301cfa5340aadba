// wayfinder-bench: timings of the query core, the directions, the geocoder and the importer,
// in-process, with the same calls the command line and the server make.
//
//   wayfinder-bench query GRAPH [--mode driving|walking] [--queries CSV | --random N --seed S]
//                               [--threads N] [--dijkstra N]
//                      per phase p50/p95/p99/mean (snap, search, unpack, steps, encode), settled
//                      nodes, queries per second on 1..N threads, plain Dijkstra on the same pairs
//   wayfinder-bench build PBF [--runs N]
//                      median wall time per phase, peak RSS, file size
//   wayfinder-bench geocode GRAPH [--queries FILE | --random N --seed S] [--pbf PBF [--runs N]]
//                      forward and reverse latency; with --pbf, index build time
//   wayfinder-bench table GRAPH [--mode M] [--size N] [--seed S]
//                      N x N many-to-many against point queries
//   wayfinder-bench pbf GRAPH [--mode M] [--random N] [--seed S]
//                      binary route response against JSON: bytes, encode time
//   wayfinder-bench urls GRAPH [--mode M] [--random N] [--seed S]
//                      N random /route/v1 paths, one a line, for scripts/load-test
//   wayfinder-bench alternatives GRAPH [--mode M] [--queries CSV | --random N --seed S] [--count N] [--checked N]
//                                      [--epsilon E] [--sharing S]
//                      pairs given an alternative; cost of up to N alternatives against a plain route
//   wayfinder-bench tiles GRAPH [--tiles N] [--seed S] [--buildings]
//                      /tiles answers per zoom band (8, 9-11, 12-14, 15-17): p50/p99 time, bytes
//   wayfinder-bench isochrone GRAPH [--mode M] [--minutes 5,10,15] [--random N] [--seed S] [--arrive]
//                      in-process isochrones: search, roads, contours, GeoJSON p50/p95/p99
//   wayfinder-bench contours [--segments N] [--spacing M] [--mode M] [--runs N] [--seed S] [--generalize M] [--geojson FILE]
//                      isochrone contours of a synthetic street grid: build p50/max per phase
//
// Every subcommand prints a readable table, or one JSON object with --json (keys name their
// units: `search_unpack_us`, `file_mib`, `qps`).
import Foundation
import WayfinderCLI
import WayfinderGraph
import WayfinderRouting

let usage = """
    usage: wayfinder-bench query GRAPH [--mode M] [--queries CSV | --random N --seed S] [--threads N] [--dijkstra N]
                                       [--exclude motorway,toll,ferry]
           wayfinder-bench build PBF [--runs N]
           wayfinder-bench geocode GRAPH [--queries FILE | --random N --seed S] [--pbf PBF [--runs N]]
           wayfinder-bench table GRAPH [--mode M] [--size N] [--seed S]
           wayfinder-bench pbf GRAPH [--mode M] [--random N] [--seed S]
           wayfinder-bench urls GRAPH [--mode M] [--random N] [--seed S]
           wayfinder-bench alternatives GRAPH [--mode M] [--queries CSV | --random N --seed S] [--count N] [--checked N]
                                              [--epsilon E] [--sharing S]
           wayfinder-bench tiles GRAPH [--tiles N] [--seed S] [--buildings]
           wayfinder-bench isochrone GRAPH [--mode M] [--minutes 5,10,15] [--random N] [--seed S] [--arrive]
           wayfinder-bench contours [--segments N] [--spacing M] [--mode M] [--runs N] [--seed S] [--generalize M] [--geojson FILE]
    every subcommand takes --json (one JSON object instead of the table)
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wayfinder-bench: \(message)\n".utf8))
    exit(2)
}

/// The GRAPH after the subcommand.
func graphPath(_ args: Arguments, _ command: String) -> String {
    guard let path = args.positional.dropFirst().first else { fail("\(command) needs a GRAPH") }
    return path
}

func modeOption(_ args: Arguments) -> TravelMode {
    guard let mode = TravelMode(name: args["mode"] ?? "driving") else { fail("--mode must be driving or walking, got \"\(args["mode"]!)\"") }
    return mode
}

func openGraph(_ path: String, mode: TravelMode) -> RoutingGraph {
    do { return try RoutingGraph(path: path, mode: mode) } catch { fail(error.description) }
}

/// An integer option, `default` when absent; anything else than a whole number >= `minimum` stops the run.
func intOption(_ args: Arguments, _ name: String, default value: Int, minimum: Int) -> Int {
    guard let text = args[name] else { return value }
    guard let number = Int(text), number >= minimum else { fail("--\(name) must be a whole number >= \(minimum), got \"\(text)\"") }
    return number
}

/// Random route requests as OSRM paths, drawn like the query benchmark's pairs.
func routeURLs(_ args: Arguments) -> Report {
    let mode = modeOption(args)
    let graph = openGraph(graphPath(args, "urls"), mode: mode)
    func lonLat(_ p: FixedCoordinate) -> String { String(format: "%.6f,%.6f", p.longitude, p.latitude) }
    let report = Report()
    report.lines("urls", queryPairs(args, graph: graph).map { "/route/v1/\(mode)/\(lonLat($0.0));\(lonLat($0.1))" })
    return report
}

let args: Arguments
do {
    args = try Arguments(Array(CommandLine.arguments.dropFirst()),
                         valued: ["mode", "minutes", "random", "seed", "dijkstra", "runs", "queries", "pbf", "size", "threads", "count", "checked", "epsilon", "sharing", "exclude", "tiles", "segments", "spacing", "generalize", "geojson"])
    try args.allowOnly(flags: ["json", "navigation", "buildings", "arrive"])
} catch { fail(error.description + "\n" + usage) }
let subcommands: [String: (Arguments) -> Report] = [
    "query": queryBenchmark, "build": buildBenchmark, "geocode": geocodeBenchmark,
    "table": tableBenchmark, "pbf": protobufBenchmark, "urls": routeURLs,
    "alternatives": alternativesBenchmark, "tiles": tilesBenchmark, "isochrone": isochroneBenchmark,
    "contours": contoursBenchmark,
]
guard let command = args.positional.first, let run = subcommands[command] else { fail(usage) }
run(args).print(json: args.has("json"))
