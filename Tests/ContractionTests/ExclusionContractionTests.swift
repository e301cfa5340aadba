import Testing
import WayfinderContraction
import WayfinderGraph
import WayfinderRouting

/// One hierarchy for every exclusion filter (`ContractionOptions.nodeFilters`): for each
/// combination of classes, the hierarchy's answers equal Dijkstra's on the graph without the
/// nodes of those classes, and every unpacked path is a real path that avoids them. Nodes get
/// random, overlapping classes, so that filters differ in the nodes they remove and the core
/// needs arcs of its own per filter (extra arcs, merged arcs, cycles).
@Suite struct ExclusionContractionTests {
    static func classes(_ count: Int, share: Double, rng: inout SplitMix64) -> [WayClasses] {
        (0..<count).map { _ in
            Double.random(in: 0..<1, using: &rng) < share ? WayClasses(rawValue: UInt8.random(in: 1...7, using: &rng)) : []
        }
    }

    func check(_ graph: TestGraph, classes: [WayClasses], queries: Int, seed: UInt64, threads: Int = 1) -> Int {
        var rng = SplitMix64(seed: seed)
        let keys = (0..<graph.nodeCount).map { _ in UInt64.random(in: 0...1000, using: &rng) }
        let hierarchy = buildContractionHierarchy(
            nodeCount: graph.nodeCount, arcs: graph.arcs,
            options: ContractionOptions(threads: threads, storageKeys: keys,
                                        nodeFilters: classes.map { ExclusionFilter.filters(keeping: $0) })).hierarchy
        #expect(hierarchy.validationError() == nil)
        #expect(hierarchy.servesExclusions)
        let ch = CHQuery(hierarchy, coreHops: CoreExpansions(hierarchy).map(CoreHops.init))
        let dijkstra = DijkstraQuery(BaseGraph(nodeCount: graph.nodeCount, arcs: graph.arcs), nodeClasses: { classes[Int($0)] })
        var nodes: [Int32] = [], payloads: [Int32] = [], found = 0
        for c in 0..<UInt8(ExclusionFilter.count) {
            let excluded = WayClasses(rawValue: c)
            for q in 0..<queries {
                let loop = q % 5 == 4 ? Int32.random(in: 0..<Int32(graph.nodeCount), using: &rng) : nil
                let sources = loop.map { [SearchEntry(node: $0, weight: 0)] } ?? entries(graph, &rng)
                let targets = loop.map { [SearchEntry(node: $0, weight: 0)] } ?? entries(graph, &rng)
                let label = "exclude \(excluded.names), query \(q)"
                let answer = ch.search(sources: sources, targets: targets, loopAt: loop, excluding: excluded)
                let expected = dijkstra.search(sources: sources, targets: targets, loopAt: loop, excluding: excluded)
                #expect(answer == expected, "\(label)")
                guard let answer, answer == expected else { continue }
                found += 1
                ch.unpackPath(nodes: &nodes, payloads: &payloads)
                var total = Int64(sources.filter { $0.node == nodes.first }.map(\.weight).min() ?? -1_000_000)
                total += Int64(targets.filter { $0.node == nodes.last }.map(\.weight).min() ?? -1_000_000)
                for (i, payload) in payloads.enumerated() {
                    let arc = graph.arcs[Int(payload)]
                    #expect(arc.tail == nodes[i] && arc.head == nodes[i + 1], "\(label): arc \(payload) is not on the path")
                    total += Int64(arc.weight)
                }
                #expect(total == Int64(answer), "\(label): path weighs \(total), answer \(answer)")
                #expect(nodes.allSatisfy { classes[Int($0)].isDisjoint(with: excluded) }, "\(label): path through an excluded node")
                if loop != nil { #expect(!payloads.isEmpty, "\(label): a cycle needs an arc") }
            }
        }
        return found
    }

    func entries(_ graph: TestGraph, _ rng: inout SplitMix64) -> [SearchEntry] {
        (0..<Int.random(in: 1...2, using: &rng)).map { _ in
            SearchEntry(node: Int32.random(in: 0..<Int32(graph.nodeCount), using: &rng), weight: Int32.random(in: 0...20, using: &rng))
        }
    }

    @Test("random graphs", arguments: [(nodes: 12, share: 0.5, seed: UInt64(1)), (200, 0.2, 2), (600, 0.1, 3), (600, 0.4, 4)])
    func randomGraphs(nodes: Int, share: Double, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = TestGraphs.random(nodes: nodes, density: 2.5, maxWeight: 1000, zeroShare: 0.1, rng: &rng)
        #expect(check(graph, classes: Self.classes(nodes, share: share, rng: &rng), queries: 200, seed: seed &* 31) > 200)
    }

    @Test("tiny graphs") func tinyGraphs() {
        var rng = SplitMix64(seed: 9)
        var found = 0
        for round in 0..<200 {
            let nodes = Int.random(in: 1...8, using: &rng)
            let graph = TestGraphs.random(nodes: nodes, density: Double.random(in: 0.5...4, using: &rng),
                                          maxWeight: 5, zeroShare: 0.3, rng: &rng)
            found += check(graph, classes: Self.classes(nodes, share: 0.5, rng: &rng), queries: 10, seed: UInt64(round))
        }
        #expect(found > 1000)
    }

    @Test("turn-expanded road grid, classes along roads, one and two threads", arguments: [1, 2])
    func roadGrid(threads: Int) {
        var rng = SplitMix64(seed: 11)
        let roads = TestGraphs.roadGrid(width: 30, height: 20, rng: &rng)
        let turns = TestGraphs.turnExpanded(roads, rng: &rng)
        // Classes by runs of node ids, as a road's segments share its way's classes.
        var classes: [WayClasses] = []
        while classes.count < turns.nodeCount {
            let run = Int.random(in: 1...20, using: &rng)
            let value = Double.random(in: 0..<1, using: &rng) < 0.3 ? WayClasses(rawValue: UInt8.random(in: 1...7, using: &rng)) : []
            classes += Array(repeating: value, count: min(run, turns.nodeCount - classes.count))
        }
        #expect(check(turns, classes: classes, queries: 400, seed: 12, threads: threads) > 1000)
    }
}
