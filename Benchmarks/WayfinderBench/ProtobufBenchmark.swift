import Foundation
import WayfinderCLI
import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderProtobuf
import WayfinderRouting

/// `wayfinder-bench pbf GRAPH [--mode M] [--random N] [--seed S] [--json]`: the binary route response
/// against the JSON one on the same random routes: bytes, and time to produce each from a
/// route (directions included in both, and timed alone), for a full response with steps and a lean one.
func protobufBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "pbf")
    let mode = modeOption(args)
    let count = intOption(args, "random", default: 2000, minimum: 1)
    let seed = UInt64(intOption(args, "seed", default: 7, minimum: 0))
    let graph = openGraph(path, mode: mode)
    let points = graph.randomRoadPoints(count: 2 * count, seed: seed)
    let snapper = Snapper(graph: graph), router = Router(graph: graph)
    let builder = DirectionsBuilder(graph: graph)
    var routes: [([Route], [FixedCoordinate])] = []
    var sink = 0
    let buffer = JSONBuffer(capacity: 1 << 20)
    for i in 0..<points.count / 2 {  // fewer points when the main network is small
        guard let snaps = try? snapper.snap([points[2 * i], points[2 * i + 1]], maxDistance: { _ in RoutePolicy.snapRadius }),
              let route = try? router.route(from: snaps[0], to: snaps[1]) else { continue }
        routes.append(([route], [points[2 * i], points[2 * i + 1]]))
    }
    let report = Report()
    report.text("graph", "graph", path)
    report.text("mode", "mode", "\(mode)")
    report.text("routes", "routes", "\(routes.count) random (seed \(seed))")
    let cases: [(String, String, ResponseOptions)] = [
        ("steps_full_polyline", "steps, full polyline", ResponseOptions(steps: true, geometry: .polyline, overview: .full)),
        ("steps_full_geojson", "steps, full geojson", ResponseOptions(steps: true, geometry: .geojson, overview: .full)),
        ("no_steps_simplified", "no steps, simplified", ResponseOptions()),
    ]
    for (key, name, options) in cases {
        var jsonTimes: [Double] = [], pbfTimes: [Double] = [], directionsTimes: [Double] = []
        var jsonBytes = 0, pbfBytes = 0
        for (legs, inputs) in routes {
            let t0 = now()
            let json = jsonResponse(legs: legs, inputs: inputs, builder: builder, options: options, into: buffer)
            let t1 = now()
            let pbf = RouteProtobuf.encode(legs: legs, inputs: inputs, builder: builder, options: options)
            let t2 = now()
            for (leg, input) in zip(legs, inputs.dropFirst()) { sink &+= builder.directions(for: leg, destination: input).steps.count }
            let t3 = now()
            directionsTimes.append(Double(t3 - t2) / 1000)
            jsonTimes.append(Double(t1 - t0) / 1000)
            pbfTimes.append(Double(t2 - t1) / 1000)
            jsonBytes += json
            pbfBytes += pbf.count
        }
        let n = Double(max(1, routes.count))
        report.group(key, name) { group in
            group.latency("directions_us", "directions alone", Latency(directionsTimes), unit: "µs")
            group.latency("json_us", "JSON", Latency(jsonTimes), unit: "µs")
            group.number("json_bytes_mean", "JSON size (mean)", Double(jsonBytes) / n, unit: "B", decimals: 0)
            group.latency("pbf_us", "pbf", Latency(pbfTimes), unit: "µs")
            group.number("pbf_bytes_mean", "pbf size (mean)", Double(pbfBytes) / n, unit: "B", decimals: 0)
            group.number("pbf_of_json_percent", "pbf size of JSON", 100 * Double(pbfBytes) / Double(max(1, jsonBytes)), unit: "%", decimals: 0)
        }
    }
    if sink == 42 { print("") }
    return report
}

/// Bytes of the JSON response, written into a reused buffer.
private func jsonResponse(legs: [Route], inputs: [FixedCoordinate], builder: DirectionsBuilder, options: ResponseOptions,
                          into json: JSONBuffer) -> Int {
    json.reset()
    OSRMRouteResponse.write(legs: legs, inputs: inputs, builder: builder, options: options, into: json)
    return json.count
}
