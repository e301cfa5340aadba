// wayfinder-bench isochrone GRAPH [--mode driving|walking] [--minutes 5,10,15] [--random N] [--seed S] [--arrive] [--json]
//
// In-process isochrones from N random road points of the main network, each phase timed as
// the engine runs it: the bounded search (`ReachQuery`), the stretches reached collected with
// their times (`ReachedRoads`), the contours drawn (`ContourBuilder`: grid, marching squares,
// GEOS) and the GeoJSON written. Reports p50/p95/p99/mean per phase and in all, and the nodes
// labelled, the vertices gathered and the grid's size.
import WayfinderCLI
import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON
import WayfinderRouting

func isochroneBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "isochrone")
    let mode = modeOption(args)
    let count = intOption(args, "random", default: 200, minimum: 1)
    let seed = UInt64(intOption(args, "seed", default: 7, minimum: 0))
    let minutesText = args["minutes"] ?? (mode == .driving ? "5,10,15" : "5,10,20")
    let minutes = minutesText.split(separator: ",").compactMap { Double($0) }
    guard !minutes.isEmpty, minutes.count == minutesText.split(separator: ",").count, minutes.allSatisfy({ $0 > 0 }) else {
        fail("--minutes must be positive numbers separated by commas, got \"\(minutesText)\"")
    }
    let direction: ReachDirection = args.has("arrive") ? .arrive : .depart
    let graph = openGraph(path, mode: mode)
    let snapper = Snapper(graph: graph)
    let origins = graph.randomRoadPoints(count: count, seed: seed).compactMap {
        snapper.nearest(to: $0, maxDistance: RoutePolicy.snapRadius)?.main
    }
    let transposeStart = now()
    let transposed: BaseGraph? = direction == .arrive ? graph.base.transposed() : nil
    let transposeMs = Double(now() - transposeStart) / 1e6
    let query = ReachQuery(graph: graph, transposed: transposed)
    let builder = ContourBuilder()
    var roads = ReachedRoads()
    let json = JSONBuffer(capacity: 1 << 20)
    let limits = minutes.map { $0 * 60 }
    let largest = Int32(limits.max()! * 1000)
    var search: [Double] = [], collect: [Double] = [], contours: [Double] = [], encode: [Double] = [], total: [Double] = []
    var field: [Double] = [], rings: [Double] = [], geos: [Double] = [], nodes: [Double] = []
    var labelled: [Double] = [], vertices: [Double] = [], bytes: [Double] = []
    for (i, origin) in origins.enumerated() {
        let t0 = now()
        query.search(from: origin, direction: direction, maxMilliseconds: largest)
        let t1 = now()
        roads.collect(from: query, metric: .time)
        let t2 = now()
        var shapes = builder.contours(of: roads, origin: origin.location, limits: limits, metric: .time, mode: mode,
                                      options: ContourOptions())
        for k in shapes.indices { shapes[k].limit = minutes[k] }
        let t3 = now()
        json.reset()
        IsochroneGeoJSON.write(shapes, polygons: true, into: json)
        let t4 = now()
        if i == 0 { continue }  // the first one warms the caches
        search.append(microseconds(t0, t1) / 1000)
        collect.append(microseconds(t1, t2) / 1000)
        contours.append(microseconds(t2, t3) / 1000)
        encode.append(microseconds(t3, t4) / 1000)
        total.append(microseconds(t0, t4) / 1000)
        labelled.append(Double(query.labelledNodes))
        field.append(Double(builder.lastTimings.field) / 1e6)
        rings.append(Double(builder.lastTimings.rings) / 1e6)
        geos.append(Double(builder.lastTimings.polygons) / 1e6)
        nodes.append(Double(builder.lastGridNodes))
        vertices.append(Double(roads.coordinates.count))
        bytes.append(Double(json.count))
    }
    let report = Report()
    report.text("graph", "graph", path)
    report.text("mode", "mode", "\(mode), \(direction), contours \(minutesText) min")
    report.integer("isochrones", "isochrones timed (random road points, seed \(seed); the first not counted)", total.count)
    if direction == .arrive { report.number("transpose_ms", "transposing the graph (once)", transposeMs, unit: "ms", decimals: 1) }
    for (key, name, samples) in [("search_ms", "search", search), ("collect_ms", "roads collected", collect),
                                 ("contours_ms", "contours", contours), ("field_ms", "  of which the time field", field),
                                 ("rings_ms", "  marching squares", rings), ("polygons_ms", "  polygons (GEOS)", geos),
                                 ("encode_ms", "GeoJSON", encode),
                                 ("total_ms", "in all", total)] {
        report.latency(key, name, Latency(samples), unit: "ms")
    }
    report.number("labelled_nodes", "nodes labelled, median", median(labelled), unit: "", decimals: 0)
    report.number("grid_nodes", "grid nodes, median", median(nodes), unit: "", decimals: 0)
    report.number("vertices", "road vertices gathered, median", median(vertices), unit: "", decimals: 0)
    report.number("geojson_kib", "GeoJSON, median", median(bytes) / 1024, unit: "KiB")
    return report
}
