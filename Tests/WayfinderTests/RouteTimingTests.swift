import Foundation
import Testing
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// The benchmark's instruments on `Router`: `snap(from:to:)`, `route(from:to:timing:)` and
/// `lastSettledNodes` must not change what a route is.
@Suite struct RouteTimingTests {
    @Test(arguments: [TravelMode.driving, .walking])
    func timedRoutesAreTheRoutes(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let plain = Router(graph: graph), timed = Router(graph: graph)
        var rng = SplitMix64(seed: 5)
        var timing = RouteTiming(), searched = 0
        for _ in 0..<300 {
            let from = randomCoordinate(graph, &rng), to = randomCoordinate(graph, &rng)
            let expected = try? plain.route(from: from, to: to)
            guard let (source, target) = try? timed.snap(from: from, to: to) else {
                #expect(expected == nil)
                continue
            }
            let before = timing
            let route = try? timed.route(from: source, to: target, timing: &timing)
            #expect(route?.weight == expected?.weight)
            #expect(route?.pieces == expected?.pieces)
            #expect(timing.searchNanoseconds >= before.searchNanoseconds && timing.unpackNanoseconds >= before.unpackNanoseconds)
            if route != nil && source.segment != target.segment {
                searched += 1
                #expect(timed.lastSettledNodes > 0)
                #expect(timing.searchNanoseconds > before.searchNanoseconds)
            }
        }
        #expect(searched > 100)
    }

    @Test func buildSummaryNamesEveryPhase() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let summary = try GraphBuilder.build(input: "\(dataDirectory)/andorra.osm.pbf", output: "\(dir)/andorra.wfg")
        #expect(summary.phases.map(\.name) == ["read", "network", "modes", "write"])
        let contraction = ["rounds", "numbering"]
        // Andorra's only excludable roads are toll roads: one exclusion core.
        let exclusion = ["exclusion core toll", "exclusion cores", "exclusion merge"]
        func steps(_ mode: String, _ inner: [String]) -> [String] {
            ["network", "search graph", "contraction"].map { "\(mode) \($0)" }
                + (inner + ["storage order", "core table", "arrays"]).map { "\(mode) contraction: \($0)" }
                + ["components+snap index", "bearings"].map { "\(mode) \($0)" }
        }
        let names = summary.parallelSteps.map(\.name)
        #expect(names == steps("driving", contraction + exclusion) + steps("walking", contraction)
                + steps("cycling", contraction) + ["geocoder index", "base map"], "\(names)")
        #expect(summary.parallelSteps.allSatisfy { $0.seconds >= 0 } && summary.fileBytes > 0)
        // Each phase's peak, and the build's is the highest of them.
        #expect(summary.phases.allSatisfy { $0.peakBytes > 1 << 20 })
        #expect(summary.peakMemoryBytes >= summary.phases.map(\.peakBytes).max()!)
    }
}
