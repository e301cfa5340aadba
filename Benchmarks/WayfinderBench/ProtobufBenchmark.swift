import Foundation
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
import WayfinderProtobuf
import WayfinderRouting

/// `wayfinder-bench pbf GRAPH [--mode M] [--random N] [--seed S]`: the binary route response
/// against the JSON one on the same random routes: bytes, and time to produce each from a
/// route (directions included in both, and timed alone), for a full response with steps and a lean one.
func protobufBenchmark(_ args: Arguments) {
    guard let path = args.positional.dropFirst().first else { fail("pbf needs a GRAPH") }
    let mode = TravelMode(name: args["mode"] ?? "driving") ?? .driving
    let count = Int(args["random"] ?? "2000") ?? 2000
    let seed = UInt64(args["seed"] ?? "7") ?? 7
    let graph: RoutingGraph
    do { graph = try RoutingGraph(path: path, mode: mode) } catch { fail(error.description) }
    let points = graph.randomRoadPoints(count: 2 * count, seed: seed)
    let router = Router(graph: graph)
    let builder = DirectionsBuilder(graph: graph)
    var routes: [([Route], [FixedCoordinate])] = []
    var sink = 0
    let buffer = JSONBuffer(capacity: 1 << 20)
    for i in 0..<count {
        guard let route = try? router.route(from: points[2 * i], to: points[2 * i + 1]) else { continue }
        routes.append(([route], [points[2 * i], points[2 * i + 1]]))
    }
    print("graph \(path), mode \(mode), \(routes.count) routes (seed \(seed))")
    let cases: [(String, ResponseOptions)] = [
        ("steps, full polyline", ResponseOptions(steps: true, geometry: .polyline, overview: .full)),
        ("steps, full geojson", ResponseOptions(steps: true, geometry: .geojson, overview: .full)),
        ("no steps, simplified", ResponseOptions()),
    ]
    for (name, options) in cases {
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
        let j = jsonTimes.sorted(), p = pbfTimes.sorted(), d = directionsTimes.sorted(), n = Double(max(1, routes.count))
        print(String(format: "%@: directions alone p50 %.1f µs, mean %.1f µs", name, percentile(d, 0.5), d.reduce(0, +) / n))
        print(String(format: "  JSON %7.0f B mean, p50 %6.1f µs, mean %6.1f µs", Double(jsonBytes) / n, percentile(j, 0.5), j.reduce(0, +) / n))
        print(String(format: "  pbf  %7.0f B mean (%.0f%% of JSON), p50 %6.1f µs, mean %6.1f µs", Double(pbfBytes) / n,
                     100 * Double(pbfBytes) / Double(max(1, jsonBytes)), percentile(p, 0.5), p.reduce(0, +) / n))
    }
    if sink == 42 { print("") }
}

/// Bytes of the JSON response, written into a reused buffer.
private func jsonResponse(legs: [Route], inputs: [FixedCoordinate], builder: DirectionsBuilder, options: ResponseOptions,
                          into json: JSONBuffer) -> Int {
    json.reset()
    OSRMRouteResponse.write(legs: legs, inputs: inputs, builder: builder, options: options, into: json)
    return json.count
}
