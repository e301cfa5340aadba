import Testing
import WayfinderContraction
import WayfinderGraph
import WayfinderRouting

#if canImport(Glibc)
import Glibc
#endif

/// Timings on a turn-expanded road-like grid, printed (no assertions on time: machines vary).
/// Runs only when `WAYFINDER_CH_BENCH` is set, and means something only in release builds:
/// `WAYFINDER_CH_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter ContractionBenchmark`.
/// `WAYFINDER_CH_BENCH_SIDE=N` sets the grid side (default 112: ~40 K turn nodes, ~98 K arcs);
/// `WAYFINDER_CH_BENCH_UNIFORM=1` makes all roads alike (no arterials: the hard case).
@Suite("Contraction benchmark", .enabled(if: ProcessInfoLite.integer("WAYFINDER_CH_BENCH") != nil))
struct ContractionBenchmark {
    @Test func turnExpandedGrid() {
        let side = ProcessInfoLite.integer("WAYFINDER_CH_BENCH_SIDE") ?? 112
        var rng = SplitMix64(seed: 2024)
        let uniform = ProcessInfoLite.integer("WAYFINDER_CH_BENCH_UNIFORM") != nil
        let roads = TestGraphs.roadGrid(width: side, height: side, hierarchical: !uniform, rng: &rng)
        let graph = TestGraphs.turnExpanded(roads, rng: &rng)
        for threads in [1, 2] {
            let (hierarchy, stats) = buildContractionHierarchy(
                nodeCount: graph.nodeCount, arcs: graph.arcs, options: ContractionOptions(threads: threads))
            print("""
                CH build: \(stats.nodeCount) nodes, \(stats.originalArcCount) arcs, threads \(threads): \
                \(format3(stats.seconds)) s, \(stats.shortcutCount) shortcuts, \(stats.rounds) rounds
                """)
            if threads == 2 { continue }
            let ch = CHQuery(hierarchy)
            let dijkstra = DijkstraQuery(BaseGraph(nodeCount: graph.nodeCount, arcs: graph.arcs))
            var pairs: [([SearchEntry], [SearchEntry])] = []
            for _ in 0..<1000 {
                pairs.append(([SearchEntry(node: Int32.random(in: 0..<Int32(graph.nodeCount), using: &rng), weight: 0)],
                              [SearchEntry(node: Int32.random(in: 0..<Int32(graph.nodeCount), using: &rng), weight: 0)]))
            }
            var settled = 0, checksum = 0
            let clock = ContinuousClock()
            let chTime = clock.measure {
                for (s, t) in pairs {
                    checksum &+= Int(ch.search(sources: s, targets: t) ?? 0)
                    settled += ch.settledNodes
                }
            }
            var dijkstraSettled = 0, dijkstraChecksum = 0
            let dijkstraTime = clock.measure {
                for (s, t) in pairs.prefix(200) {
                    dijkstraChecksum &+= Int(dijkstra.search(sources: s, targets: t) ?? 0)
                    dijkstraSettled += dijkstra.settledNodes
                }
            }
            var nodes: [Int32] = [], payloads: [Int32] = []
            var pathArcs = 0
            let unpackTime = clock.measure {
                for (s, t) in pairs {
                    _ = ch.search(sources: s, targets: t)
                    ch.unpackPath(nodes: &nodes, payloads: &payloads)
                    pathArcs += payloads.count
                }
            }
            print("""
                CH query: \(settled / pairs.count) settled, \(format3(micros(chTime) / Double(pairs.count))) µs; \
                with unpacking \(format3(micros(unpackTime) / Double(pairs.count))) µs (\(pathArcs / pairs.count) arcs); \
                Dijkstra: \(dijkstraSettled / 200) settled, \(format3(micros(dijkstraTime) / 200)) µs
                """)
            #expect(checksum != 0)
        }
    }

    private func micros(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) * 1e-12
    }
    private func format3(_ x: Double) -> String { String(Double(Int((x * 1000).rounded())) / 1000) }
}

/// Reads an integer environment variable without Foundation.
enum ProcessInfoLite {
    static func integer(_ name: String) -> Int? {
        guard let value = getenv(name) else { return nil }
        return Int(String(cString: value))
    }
}
