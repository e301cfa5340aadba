// wayfinder-bench contours [--segments N] [--spacing M] [--mode walking|driving] [--runs N] [--seed S] [--generalize M] [--geojson FILE] [--json]
//
// The isochrone contour build (`ContourBuilder`) on a synthetic street grid of about N
// segments (default 5000): intersections M metres apart (default 100), moved up to 20 m at random, a shape
// point every 25 m, each street at its own speed (walking 1.0–1.8 m/s, driving 8–25 m/s),
// every point valued by a Dijkstra from the centre, three limits (a third, two thirds and
// all of the largest value). The build runs N times (default 20) on one builder, as one
// thread's queries do; p50 and max of the whole build and of its phases (the time field,
// marching squares, GEOS). --generalize sets the tolerance in metres (default: half a
// cell); --geojson writes the last answer for a look.
import Foundation
import WayfinderCLI
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON

func contoursBenchmark(_ args: Arguments) -> Report {
    let segments = intOption(args, "segments", default: 5000, minimum: 4)
    let runs = intOption(args, "runs", default: 20, minimum: 1)
    var rng = SplitMix64(seed: UInt64(intOption(args, "seed", default: 7, minimum: 0)))
    let mode = modeOption(args)
    let spacing = Double(intOption(args, "spacing", default: 100, minimum: 10))
    let network = SyntheticStreets(segments: segments, spacing: spacing, mode: mode, rng: &rng)
    let largest = network.largestValue
    let limits = [largest / 3, 2 * largest / 3, largest]
    // Metres; absent: the builder's default (half a cell).
    var options = ContourOptions()
    if let text = args["generalize"] {
        guard let metres = Double(text), metres >= 0 else { fail("--generalize must be metres >= 0, got \"\(text)\"") }
        options.generalize = metres
    }
    let builder = ContourBuilder()
    var totals: [Double] = [], fields: [Double] = [], rings: [Double] = [], polygons: [Double] = []
    var contours: [Contour] = []
    for _ in 0..<runs {
        let t0 = now()
        contours = builder.contours(of: network.reached, origin: network.origin, limits: limits, metric: .time,
                                    mode: mode, options: options)
        totals.append(Double(now() - t0) / 1e6)
        let t = builder.lastTimings
        fields.append(Double(t.field) / 1e6)
        rings.append(Double(t.rings) / 1e6)
        polygons.append(Double(t.polygons) / 1e6)
    }
    if let path = args["geojson"] {
        let json = JSONBuffer(capacity: 1 << 20)
        IsochroneGeoJSON.write(contours, polygons: true, into: json)
        do { try Data(json.bytes).write(to: URL(fileURLWithPath: path)) } catch { fail("cannot write \(path): \(error)") }
    }
    let report = Report()
    report.text("mode", "mode", mode.description)
    report.integer("segments", "reached segments", network.segmentCount)
    report.integer("vertices", "reached vertices", network.reached.coordinates.count)
    report.number("extent_km", "extent", network.extent / 1000, unit: "km", decimals: 1)
    report.text("limits_s", "limits", limits.map { String(Int($0)) }.joined(separator: ", ") + " s")
    report.number("cell_m", "grid cell", builder.lastCellSize, unit: "m", decimals: 1)
    report.integer("grid_nodes", "grid nodes", builder.lastGridNodes)
    report.integer("vertices_out", "contour vertices", contours.reduce(0) { $0 + $1.polygons.joined().reduce(0) { $0 + $1.count } })
    report.integer("polygon_rings", "polygon rings", contours.reduce(0) { $0 + $1.polygons.reduce(0) { $0 + $1.count } })
    report.integer("runs", "runs", runs)
    for (key, label, samples) in [("build", "whole build", totals), ("field", "time field", fields),
                                  ("rings", "marching squares", rings), ("geos", "GEOS", polygons)] {
        report.number("\(key)_p50_ms", "\(label) p50", median(samples), unit: "ms", decimals: 2)
        report.number("\(key)_max_ms", "\(label) max", samples.max() ?? 0, unit: "ms", decimals: 2)
    }
    if let error = builder.lastError { report.text("geos_error", "GEOS error", error) }
    return report
}

/// A street grid around an origin in Andorra, reached from its centre.
struct SyntheticStreets {
    let origin = FixedCoordinate(latitude: 42.5, longitude: 1.52)
    var reached = ReachedRoads()
    var largestValue = 0.0
    var segmentCount = 0
    var extent = 0.0

    init(segments: Int, spacing: Double, mode: TravelMode, rng: inout SplitMix64) {
        // k × k intersections give 2k(k − 1) segments.
        let k = max(2, Int((Double(segments) / 2).squareRoot().rounded()) + 1)
        extent = Double(k - 1) * spacing
        let projection = LocalProjection(latitude: origin.latitude)
        func unit(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        var x: [Double] = [], y: [Double] = []
        for j in 0..<k {
            for i in 0..<k {
                x.append((Double(i) - Double(k - 1) / 2) * spacing + (unit(&rng) - 0.5) * 0.4 * spacing)
                y.append((Double(j) - Double(k - 1) / 2) * spacing + (unit(&rng) - 0.5) * 0.4 * spacing)
            }
        }
        let speeds = mode == .walking ? (1.0, 1.8) : (8.0, 25.0)
        var edges: [(a: Int, b: Int, seconds: Double)] = []
        var adjacent = [[Int]](repeating: [], count: k * k)
        for j in 0..<k {
            for i in 0..<k {
                let n = j * k + i
                for m in [i + 1 < k ? n + 1 : -1, j + 1 < k ? n + k : -1] where m >= 0 {
                    let length = ((x[m] - x[n]) * (x[m] - x[n]) + (y[m] - y[n]) * (y[m] - y[n])).squareRoot()
                    let speed = speeds.0 + (speeds.1 - speeds.0) * unit(&rng)
                    adjacent[n].append(edges.count)
                    adjacent[m].append(edges.count)
                    edges.append((n, m, length / speed))
                }
            }
        }
        segmentCount = edges.count
        // Dijkstra from the centre (a linear scan for the minimum would be quadratic).
        var time = [Double](repeating: .infinity, count: k * k)
        let centre = (k / 2) * k + k / 2
        time[centre] = 0
        var heap: [(Double, Int)] = [(0, centre)]
        while let (t, n) = heap.popMin() {
            if t > time[n] { continue }
            for e in adjacent[n] {
                let m = edges[e].a == n ? edges[e].b : edges[e].a
                if t + edges[e].seconds < time[m] {
                    time[m] = t + edges[e].seconds
                    heap.pushMin((time[m], m))
                }
            }
        }
        func point(_ px: Double, _ py: Double) -> FixedCoordinate {
            FixedCoordinate(lat: origin.lat + Int32((py / projection.metresPerLatUnit).rounded()),
                            lon: origin.lon + Int32((px / projection.metresPerLonUnit).rounded()))
        }
        // Each street from both ends, a shape point every 25 m: the value at a point is the
        // earlier of the two ends' arrivals (the search reaches a street from either end).
        for edge in edges {
            let steps = max(1, Int((spacing / 25).rounded()))
            reached.beginStretch()
            for s in 0...steps {
                let f = Double(s) / Double(steps)
                let value = min(time[edge.a] + f * edge.seconds, time[edge.b] + (1 - f) * edge.seconds)
                largestValue = max(largestValue, value)
                reached.appendVertex(point(x[edge.a] + (x[edge.b] - x[edge.a]) * f, y[edge.a] + (y[edge.b] - y[edge.a]) * f),
                                     Float(value))
            }
            reached.endStretch()
        }
    }
}

extension Array where Element == (Double, Int) {
    /// A binary min-heap on the first member, over the array.
    mutating func pushMin(_ element: Element) {
        append(element)
        var i = count - 1
        while i > 0 && self[(i - 1) / 2].0 > self[i].0 {
            swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }

    mutating func popMin() -> Element? {
        guard let top = first else { return nil }
        let last = removeLast()
        if isEmpty { return top }
        self[0] = last
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < count && self[l].0 < self[m].0 { m = l }
            if r < count && self[r].0 < self[m].0 { m = r }
            if m == i { return top }
            swapAt(i, m)
            i = m
        }
    }
}
