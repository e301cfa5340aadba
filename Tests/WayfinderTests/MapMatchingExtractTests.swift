import Foundation
import Testing
import WayfinderGraph
import WayfinderMatching
import WayfinderRouting

/// Map matching on real extracts: the table's many-to-many transitions against plain
/// Dijkstra, one search per pair, on noisy traces sampled from real routes. The same
/// matchings must come out: the same points, the same candidates, the same route weights.
@Suite struct MapMatchingExtractTests {
    /// A trace along a route between two random road points: a fix every `spacing` metres of
    /// its line, moved by Gaussian noise of `sigma` metres.
    static func trace(_ graph: RoutingGraph, _ rng: inout SplitMix64, spacing: Double, sigma: Double) -> [FixedCoordinate]? {
        func roadPoint() -> FixedCoordinate {
            let s = graph.segments[Int.random(in: 0..<graph.segments.count, using: &rng)]
            return graph.points[Int(s.firstPoint)]
        }
        let router = Router(graph: graph)
        guard let route = try? router.route(from: roadPoint(), to: roadPoint()) else { return nil }
        let line = graph.geometry(of: route)
        guard line.count > 1 else { return nil }
        var fixes: [FixedCoordinate] = [], carried = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let length = Geo.distance(a, b)
            var at = spacing - carried
            while at <= length {
                let t = at / length
                fixes.append(FixedCoordinate(lat: a.lat + Int32((Double(b.lat - a.lat) * t).rounded()),
                                             lon: a.lon + Int32((Double(b.lon - a.lon) * t).rounded())))
                at += spacing
            }
            carried = length - (at - spacing)
        }
        guard fixes.count >= 3, fixes.count <= 60 else { return nil }
        let metresPerDegree = Geo.earthRadius * .pi / 180
        return fixes.map { p in
            // Box–Muller: two uniforms, two independent normal offsets.
            let u1 = max(Double(rng.next() >> 11) / Double(1 << 53), 1e-12), u2 = Double(rng.next() >> 11) / Double(1 << 53)
            let r = sigma * (-2 * log(u1)).squareRoot()
            let north = r * cos(2 * .pi * u2), east = r * sin(2 * .pi * u2)
            return FixedCoordinate(latitude: p.latitude + north / metresPerDegree,
                                   longitude: p.longitude + east / (metresPerDegree * cos(p.latitude * .pi / 180)))
        }
    }

    /// Every transition the matcher asks for, from the table's searches and from plain
    /// Dijkstra per pair: the same durations in every cell. Metres are those of the path each
    /// search found; where two paths tie for the fastest they may differ in length (few
    /// cells: counted), elsewhere they agree to rounding. Then the whole matchings: on every
    /// trace without such a tie, the same points and candidates.
    @Test(arguments: [("andorra", TravelMode.driving), ("andorra", .walking), ("liechtenstein", .driving)])
    func tableTransitionsEqualDijkstra(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let fast = MapMatcher(graph: graph), slow = MapMatcher(graph: graph, reference: true)
        var rng = SplitMix64(seed: 36)
        var traces = 0, cells = 0, tiedCells = 0, tiedTraces = 0, points = 0, equallyLikely = 0
        while traces < 40 {
            guard let fixes = Self.trace(graph, &rng, spacing: mode == .driving ? 80 : 40, sigma: 10) else { continue }
            var trace = MatchTrace(coordinates: fixes, accuracies: Array(repeating: 10, count: fixes.count), maxSpeed: 50)
            trace.timestamps = fixes.indices.map { Double($0) * 8 }
            let candidates = fast.candidates(trace)
            var tied = false
            for (a, b) in zip(candidates, candidates.dropFirst()) where !a.isEmpty && !b.isEmpty {
                let table = fast.transitions(from: a, to: b, []), reference = slow.transitions(from: a, to: b, [])
                #expect(table.durations == reference.durations, "\(extract) \(mode) trace \(traces)")
                cells += table.durations.count
                let ties = zip(table.distances!, reference.distances!).filter { abs($0 - $1) > 1e-6 * max(1, abs($1)) }.count
                tiedCells += ties
                tied = tied || ties > 0
            }
            let found = try #require(fast.match(trace, candidates: candidates))
            let expected = try #require(slow.match(trace, candidates: candidates))
            if tied {
                tiedTraces += 1
            } else {
                // The same points, and paths equally likely (candidates may differ only where
                // two are equally likely: both ends of one intersection).
                #expect(found.map(\.points) == expected.map(\.points), "\(extract) \(mode) trace \(traces)")
                #expect(zip(found, expected).allSatisfy { abs($0.logProbability - $1.logProbability) <= 1e-9 * abs($1.logProbability) })
                if found.map({ $0.candidates.map(\.snap) }) != expected.map({ $0.candidates.map(\.snap) }) { equallyLikely += 1 }
            }
            traces += 1
            points += found.reduce(0) { $0 + $1.points.count }
        }
        #expect(points > 40 * 3)
        #expect(tiedCells * 200 <= cells, "\(tiedCells) of \(cells) cells tie for the fastest with other lengths")
        #expect(tiedTraces + equallyLikely <= 4, "\(tiedTraces) of 40 traces hold a tie, \(equallyLikely) another path as likely")
    }
}
