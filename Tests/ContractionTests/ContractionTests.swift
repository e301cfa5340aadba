import Dispatch
import Foundation
import Testing
import WayfinderContraction
import WayfinderGraph
import WayfinderRouting

/// Checks a path returned by `unpackPath`: it runs from an entry of `sources` to an entry of
/// `targets` along input arcs (payload = arc index) and its weight plus the entry weights is `answer`.
private func checkPath(_ nodes: [Int32], _ payloads: [Int32], graph: TestGraph, sources: [SearchEntry],
                       targets: [SearchEntry], answer: Int32, isCycle: Bool, _ label: String) {
    guard let firstNode = nodes.first, let lastNode = nodes.last, nodes.count == payloads.count + 1 else {
        Issue.record("\(label): malformed path \(nodes) \(payloads)")
        return
    }
    if isCycle { #expect(!payloads.isEmpty, "\(label): a cycle needs an arc") }
    var total = Int64(sources.filter { $0.node == firstNode }.map(\.weight).min() ?? -1_000_000_000)
    total += Int64(targets.filter { $0.node == lastNode }.map(\.weight).min() ?? -1_000_000_000)
    for (i, payload) in payloads.enumerated() {
        let arc = graph.arcs[Int(payload)]
        guard arc.tail == nodes[i], arc.head == nodes[i + 1] else {
            Issue.record("\(label): arc \(payload) is not \(nodes[i]) -> \(nodes[i + 1])")
            return
        }
        total += Int64(arc.weight)
    }
    #expect(total == Int64(answer), "\(label): path weighs \(total), answer \(answer)")
}

/// Builds the CH of `graph` and compares it with Dijkstra on random multi-entry queries and
/// cycle queries, checking both unpacked paths; query objects with the core's hops unpacked in
/// advance (`CoreExpansions`), all of them or the top half of the bytes (a budget), must give
/// the very same answers and paths.
private func compareWithDijkstra(_ graph: TestGraph, queries: Int, loopQueries: Int, seed: UInt64,
                                 threads: Int = 1, options: ContractionOptions? = nil,
                                 topFraction: Double = 0.1, coreSize: Int? = nil) {
    let built = buildContractionHierarchy(
        nodeCount: graph.nodeCount, arcs: graph.arcs,
        options: options ?? ContractionOptions(threads: threads)).hierarchy
    #expect(built.validationError() == nil)
    var rng = SplitMix64(seed: seed)
    // As the importer does: renumbered for memory locality (here by random keys, 10% kept on top).
    let keys = (0..<graph.nodeCount).map { _ in UInt64.random(in: 0...1000, using: &rng) }
    let hierarchy = built.renumbered(byKey: keys, topFraction: topFraction, coreSize: coreSize)
    #expect(hierarchy.validationError() == nil)
    if let coreSize { #expect(hierarchy.coreSize == min(coreSize, Int(Double(graph.nodeCount) * topFraction))) }
    #expect(hierarchy.shortcuts.count == built.shortcuts.count)
    let ch = CHQuery(hierarchy)
    let expansions = CoreExpansions(hierarchy)
    #expect((expansions == nil) == (hierarchy.coreSize == 0))
    // A budget of half the bytes: the hops below the top of the core go through the shortcuts.
    let half = expansions.flatMap { CoreExpansions(hierarchy, budget: $0.arcCount * 4) }
    #expect(half.map { $0.arcCount <= expansions!.arcCount / 2 } ?? true)
    let expandedQueries = [expansions, half].map { CHQuery(hierarchy, coreHops: $0.map(CoreHops.init)) }
    let dijkstra = DijkstraQuery(BaseGraph(nodeCount: graph.nodeCount, arcs: graph.arcs))
    var nodes: [Int32] = [], payloads: [Int32] = []
    var found = 0
    /// The last answer and path of `ch`, asked again of the query objects with expansions.
    func checkExpanded(_ sources: [SearchEntry], _ targets: [SearchEntry], loopAt: Int32?, answer: Int32, _ label: String) {
        for (k, expanded) in expandedQueries.enumerated() {
            #expect(expanded.search(sources: sources, targets: targets, loopAt: loopAt) == answer, "\(label) [\(k)]")
            var expandedNodes: [Int32] = [], expandedPayloads: [Int32] = []
            expanded.unpackPath(nodes: &expandedNodes, payloads: &expandedPayloads)
            #expect(expandedNodes == nodes && expandedPayloads == payloads, "\(label) [\(k)]: paths differ")
        }
    }
    func entries() -> [SearchEntry] {
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            SearchEntry(node: Int32.random(in: 0..<Int32(graph.nodeCount), using: &rng),
                        weight: Bool.random(using: &rng) ? 0 : Int32.random(in: 0...5000, using: &rng))
        }
    }
    for q in 0..<queries {
        let sources = entries(), targets = entries()
        let expected = dijkstra.search(sources: sources, targets: targets)
        let answer = ch.search(sources: sources, targets: targets)
        #expect(answer == expected, "query \(q): \(sources) -> \(targets)")
        guard let answer, answer == expected else { continue }
        found += 1
        ch.unpackPath(nodes: &nodes, payloads: &payloads)
        checkPath(nodes, payloads, graph: graph, sources: sources, targets: targets, answer: answer, isCycle: false, "CH \(q)")
        checkExpanded(sources, targets, loopAt: nil, answer: answer, "CH with core expansions \(q)")
        dijkstra.unpackPath(nodes: &nodes, payloads: &payloads)
        checkPath(nodes, payloads, graph: graph, sources: sources, targets: targets, answer: answer, isCycle: false, "Dijkstra \(q)")
    }
    var cycles = 0
    for q in 0..<loopQueries {
        let x = Int32.random(in: 0..<Int32(graph.nodeCount), using: &rng)
        let sources = [SearchEntry(node: x, weight: Int32.random(in: 0...100, using: &rng))]
        let targets = [SearchEntry(node: x, weight: Int32.random(in: 0...100, using: &rng))]
        let expected = dijkstra.search(sources: sources, targets: targets, loopAt: x)
        let answer = ch.search(sources: sources, targets: targets, loopAt: x)
        #expect(answer == expected, "loop query \(q) at \(x)")
        guard let answer, answer == expected else { continue }
        cycles += 1
        ch.unpackPath(nodes: &nodes, payloads: &payloads)
        checkPath(nodes, payloads, graph: graph, sources: sources, targets: targets, answer: answer, isCycle: true, "CH loop \(q)")
        checkExpanded(sources, targets, loopAt: x, answer: answer, "CH loop with core expansions \(q)")
        dijkstra.unpackPath(nodes: &nodes, payloads: &payloads)
        checkPath(nodes, payloads, graph: graph, sources: sources, targets: targets, answer: answer, isCycle: true, "Dijkstra loop \(q)")
    }
    // Guard against a vacuous test: the generators are meant to make most queries succeed.
    #expect(queries == 0 || found > 0)
    #expect(loopQueries == 0 || cycles > 0)
}

@Suite("Contraction hierarchy versus Dijkstra")
struct ContractionTests {
    @Test("random graphs", arguments: [
        (nodes: 10, density: 3.0, zeroShare: 0.3, seed: UInt64(1)),
        (nodes: 50, density: 1.5, zeroShare: 0.0, seed: 2),
        (nodes: 200, density: 2.5, zeroShare: 0.1, seed: 3),
        (nodes: 500, density: 1.2, zeroShare: 0.0, seed: 4),  // sparse: many unreachable pairs
        (nodes: 1000, density: 4.0, zeroShare: 0.2, seed: 5),
        (nodes: 2000, density: 3.0, zeroShare: 0.5, seed: 6),
    ])
    func randomGraphs(nodes: Int, density: Double, zeroShare: Double, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = TestGraphs.random(nodes: nodes, density: density, maxWeight: 10_000, zeroShare: zeroShare, rng: &rng)
        compareWithDijkstra(graph, queries: 1500, loopQueries: 300, seed: seed &* 77)
    }

    @Test("many tiny random graphs (all orders of contraction corner cases)")
    func tinyGraphs() {
        var rng = SplitMix64(seed: 42)
        for round in 0..<300 {
            let nodes = Int.random(in: 1...8, using: &rng)
            let graph = TestGraphs.random(nodes: nodes, density: Double.random(in: 0.5...4, using: &rng),
                                          maxWeight: 5, zeroShare: 0.3, rng: &rng)
            compareWithDijkstra(graph, queries: 20, loopQueries: 0, seed: UInt64(round))
            // Cycle queries on every node.
            let ch = CHQuery(buildContractionHierarchy(nodeCount: nodes, arcs: graph.arcs))
            let dijkstra = DijkstraQuery(BaseGraph(nodeCount: nodes, arcs: graph.arcs))
            for x in 0..<Int32(nodes) {
                let entry = [SearchEntry(node: x, weight: 0)]
                #expect(ch.search(sources: entry, targets: entry, loopAt: x)
                    == dijkstra.search(sources: entry, targets: entry, loopAt: x), "round \(round), loop at \(x)")
            }
        }
    }

    @Test("road-like grid and its turn-expanded graph, one and two threads", arguments: [1, 2])
    func roadGraphs(threads: Int) {
        var rng = SplitMix64(seed: 7)
        let roads = TestGraphs.roadGrid(width: 40, height: 30, rng: &rng)
        compareWithDijkstra(roads, queries: 2000, loopQueries: 300, seed: 8, threads: threads)
        let turns = TestGraphs.turnExpanded(roads, rng: &rng)
        compareWithDijkstra(turns, queries: 2000, loopQueries: 500, seed: 9, threads: threads)
    }

    @Test("larger hierarchical grid (long shortcut chains, adjacency pool compaction)")
    func largerGrid() {
        var rng = SplitMix64(seed: 14)
        let roads = TestGraphs.roadGrid(width: 120, height: 120, hierarchical: true, rng: &rng)
        compareWithDijkstra(roads, queries: 400, loopQueries: 100, seed: 15, threads: 2)
    }

    @Test("core tables of every size, from none to the whole graph, answer like Dijkstra",
          arguments: [(coreSize: 0, topFraction: 0.1), (1, 0.1), (40, 0.1), (100_000, 0.1), (100_000, 1.0)])
    func coreSizes(coreSize: Int, topFraction: Double) {
        var rng = SplitMix64(seed: 21)
        let sparse = TestGraphs.random(nodes: 400, density: 1.3, maxWeight: 10_000, zeroShare: 0.0, rng: &rng)
        compareWithDijkstra(sparse, queries: 600, loopQueries: 100, seed: 22, topFraction: topFraction, coreSize: coreSize)
        // Many zero weights: equally short paths everywhere, which the next hops must not circle.
        let flat = TestGraphs.random(nodes: 300, density: 3.0, maxWeight: 3, zeroShare: 0.6, rng: &rng)
        compareWithDijkstra(flat, queries: 600, loopQueries: 100, seed: 23, topFraction: topFraction, coreSize: coreSize)
        let roads = TestGraphs.roadGrid(width: 20, height: 15, rng: &rng)
        compareWithDijkstra(TestGraphs.turnExpanded(roads, rng: &rng), queries: 600, loopQueries: 200, seed: 24,
                            topFraction: topFraction, coreSize: coreSize)
    }

    /// A 64th of a small network, 1024 nodes up to a million, then the square root of the
    /// node count, so that the table (6 bytes a pair) takes at most 6 bytes a node; never
    /// more than `maximumSize`.
    @Test func coreSizeGrowsAsTheSquareRootOfLargeNetworks() {
        #expect(CoreTable.defaultSize(nodeCount: 0) == 0)
        #expect(CoreTable.defaultSize(nodeCount: 6_400) == 100)
        #expect(CoreTable.defaultSize(nodeCount: 65_536) == 1024)
        #expect(CoreTable.defaultSize(nodeCount: 823_360) == 1024)    // the 10x10 tiling, driving
        #expect(CoreTable.defaultSize(nodeCount: 1 << 20) == 1024)
        #expect(CoreTable.defaultSize(nodeCount: 3_293_920) == 1814)  // the 20x20 tiling, driving
        #expect(CoreTable.defaultSize(nodeCount: 4096 * 4096) == 4096)
        #expect(CoreTable.defaultSize(nodeCount: 2_000_000_000) == CoreTable.maximumSize)
        var previous = 0
        for n in stride(from: 1 << 20, through: 1 << 25, by: 99_991) {
            let k = CoreTable.defaultSize(nodeCount: n)
            #expect(k >= previous && 6 * k * k <= 6 * n)
            previous = k
        }
    }

    /// The query leaves the core only through its table, and unpacking follows its next hops:
    /// validation must refuse a core that an arc leaves or a hop outside the table.
    @Test func validationRefusesBrokenCores() {
        var rng = SplitMix64(seed: 6)
        let g = TestGraphs.roadGrid(width: 12, height: 12, rng: &rng)
        let h = buildContractionHierarchy(nodeCount: g.nodeCount, arcs: g.arcs)
        #expect(h.coreSize == CoreTable.defaultSize(nodeCount: g.nodeCount) && h.coreSize > 1)
        #expect(h.validationError() == nil)
        func with(distances: [Int32], hops: [UInt16]) -> ContractionHierarchy {
            let owner = BufferOwner()
            return ContractionHierarchy(
                rankOfNode: h.rankOfNode, nodeAtRank: h.nodeAtRank, forwardFirst: h.forwardFirst, forwardArcs: h.forwardArcs,
                backwardFirst: h.backwardFirst, backwardArcs: h.backwardArcs, forwardShortcutArcs: h.forwardShortcutArcs,
            backwardShortcutArcs: h.backwardShortcutArcs, shortcutArcIds: h.shortcutArcIds,
            originalPayloads: h.originalPayloads, selfLoops: h.selfLoops, shortcuts: h.shortcuts, shortcutMiddles: h.shortcutMiddles,
                coreDistances: owner.keep(distances), coreNextHop: owner.keep(hops), owner: owner)
        }
        var hops = Array(h.coreNextHop)
        hops[1] = UInt16(h.coreSize)
        #expect(with(distances: Array(h.coreDistances), hops: hops).validationError() == "contraction hierarchy: core next hop out of range")
        let n = h.nodeCount
        let square = [Int32](repeating: 0, count: (n + 1) * (n + 1)), squareHops = [UInt16](repeating: 0, count: (n + 1) * (n + 1))
        #expect(with(distances: square, hops: squareHops).validationError() == "contraction hierarchy: core tables are not square or too large")
        // Renumbered, only the top 10% stay in contraction order: a core of half the ranks has
        // arcs leading below it.
        let keys = (0..<n).map { _ in UInt64.random(in: 0...1000, using: &rng) }
        let r = h.renumbered(byKey: keys, topFraction: 0.1)
        let k = n / 2
        let owner = BufferOwner()
        let leaky = ContractionHierarchy(
            rankOfNode: r.rankOfNode, nodeAtRank: r.nodeAtRank, forwardFirst: r.forwardFirst, forwardArcs: r.forwardArcs,
            backwardFirst: r.backwardFirst, backwardArcs: r.backwardArcs, forwardShortcutArcs: r.forwardShortcutArcs,
            backwardShortcutArcs: r.backwardShortcutArcs, shortcutArcIds: r.shortcutArcIds,
            originalPayloads: r.originalPayloads, selfLoops: r.selfLoops, shortcuts: r.shortcuts, shortcutMiddles: r.shortcutMiddles,
            coreDistances: owner.keep([Int32](repeating: 0, count: k * k)),
            coreNextHop: owner.keep([UInt16](repeating: CoreTable.noHop, count: k * k)), owner: owner)
        #expect(leaky.validationError() == "contraction hierarchy: an arc leaves the core")
    }

    /// Workers take chunks as they become free, so which worker estimates or contracts which
    /// node changes from run to run; the hierarchy must not.
    @Test("the build is deterministic, whatever the thread count", arguments: [2, 3])
    func deterministic(threads: Int) {
        var rng = SplitMix64(seed: 16)
        let roads = TestGraphs.roadGrid(width: 50, height: 50, rng: &rng)
        let one = buildContractionHierarchy(nodeCount: roads.nodeCount, arcs: roads.arcs, threads: 1)
        let many = buildContractionHierarchy(nodeCount: roads.nodeCount, arcs: roads.arcs, threads: threads)
        #expect(Array(one.nodeAtRank) == Array(many.nodeAtRank))
        #expect(Array(one.forwardFirst) == Array(many.forwardFirst))
        #expect(Array(one.forwardArcs) == Array(many.forwardArcs))
        #expect(Array(one.backwardArcs) == Array(many.backwardArcs))
        #expect(Array(one.selfLoops) == Array(many.selfLoops))
        #expect(Array(one.shortcuts) == Array(many.shortcuts))
    }

    @Test("tight witness limits only add shortcuts")
    func tightLimits() {
        var rng = SplitMix64(seed: 10)
        let roads = TestGraphs.roadGrid(width: 30, height: 30, rng: &rng)
        let options = ContractionOptions(threads: 1, estimateSettleLimit: 1, contractSettleLimit: 1)
        compareWithDijkstra(roads, queries: 1000, loopQueries: 200, seed: 11, options: options)
    }

    @Test("weights near 2^30: sums that reach infiniteWeight count as no path, alike in both")
    func hugeWeights() {
        var rng = SplitMix64(seed: 12)
        var graph = TestGraphs.random(nodes: 300, density: 2.5, maxWeight: 1 << 30, zeroShare: 0.1, rng: &rng)
        for i in graph.arcs.indices where i % 3 == 0 { graph.arcs[i].weight = Int32.random(in: 0...1000, using: &rng) }
        compareWithDijkstra(graph, queries: 1000, loopQueries: 200, seed: 13)
    }
}

@Suite("Hand-made graphs")
struct HandMadeTests {
    /// 0 -> 1 -> 2 -> 3 costs 1 + 1 + 1; the direct arc 0 -> 3 costs 5; 3 -> 0 costs 2.
    /// Node 4 is isolated, node 5 has a self-loop of 7 and a parallel pair 5 -> 2 (4 and 9).
    private static func graph() -> TestGraph {
        var g = TestGraph(nodeCount: 6)
        g.add(0, 1, 1); g.add(1, 2, 1); g.add(2, 3, 1); g.add(0, 3, 5); g.add(3, 0, 2)
        g.add(5, 5, 7); g.add(5, 2, 9); g.add(5, 2, 4)
        return g
    }

    private func run(_ query: (([SearchEntry], [SearchEntry], Int32?) -> Int32?)) {
        func e(_ node: Int32, _ weight: Int32 = 0) -> [SearchEntry] { [SearchEntry(node: node, weight: weight)] }
        #expect(query(e(0), e(3), nil) == 3)
        #expect(query(e(3), e(2), nil) == 4)
        #expect(query(e(2), e(2), nil) == 0)          // empty path
        #expect(query(e(2, 5), e(2, 6), nil) == 11)   // entry weights count
        #expect(query(e(0), e(4), nil) == nil)        // isolated
        #expect(query(e(2), e(5), nil) == nil)        // one-way
        #expect(query(e(5), e(3), nil) == 5)          // cheaper parallel arc
        #expect(query(e(0), e(0), 0) == 5)            // cycle 0 -> 1 -> 2 -> 3 -> 0
        #expect(query(e(2, 1), e(2, 2), 2) == 8)      // cycle 2 -> 3 -> 0 -> 1 -> 2 plus entries
        #expect(query(e(5), e(5), 5) == 7)            // original self-loop
        #expect(query(e(4), e(4), 4) == nil)          // no cycle
        // Several entries: the best combination wins.
        let sources = [SearchEntry(node: 0, weight: 10), SearchEntry(node: 1, weight: 0)]
        let targets = [SearchEntry(node: 3, weight: 0), SearchEntry(node: 2, weight: 3)]
        #expect(query(sources, targets, nil) == 2)
    }

    @Test func contractionHierarchy() {
        let g = Self.graph()
        let hierarchy = buildContractionHierarchy(nodeCount: g.nodeCount, arcs: g.arcs)
        #expect(hierarchy.validationError() == nil)
        let ch = CHQuery(hierarchy)
        run { ch.search(sources: $0, targets: $1, loopAt: $2) }
        _ = ch.search(sources: [SearchEntry(node: 0, weight: 0)], targets: [SearchEntry(node: 0, weight: 0)], loopAt: 0)
        var nodes: [Int32] = [], payloads: [Int32] = []
        ch.unpackPath(nodes: &nodes, payloads: &payloads)
        #expect(nodes == [0, 1, 2, 3, 0])
        #expect(payloads == [0, 1, 2, 4])
        _ = ch.search(sources: [SearchEntry(node: 5, weight: 0)], targets: [SearchEntry(node: 3, weight: 0)])
        ch.unpackPath(nodes: &nodes, payloads: &payloads)
        #expect(nodes == [5, 2, 3])
        #expect(payloads == [7, 2])
        #expect(ch.search(sources: [SearchEntry(node: 0, weight: 0)], targets: [SearchEntry(node: 4, weight: 0)]) == nil)
        ch.unpackPath(nodes: &nodes, payloads: &payloads)
        #expect(nodes.isEmpty && payloads.isEmpty)
    }

    @Test func dijkstra() {
        let g = Self.graph()
        let query = DijkstraQuery(BaseGraph(nodeCount: g.nodeCount, arcs: g.arcs))
        run { query.search(sources: $0, targets: $1, loopAt: $2) }
        _ = query.search(sources: [SearchEntry(node: 5, weight: 0)], targets: [SearchEntry(node: 5, weight: 0)], loopAt: 5)
        var nodes: [Int32] = [], payloads: [Int32] = []
        query.unpackPath(nodes: &nodes, payloads: &payloads)
        #expect(nodes == [5, 5])
        #expect(payloads == [5])
    }

    /// Unpacking follows shortcut halves; a table in which a half does not come after its
    /// shortcut could loop forever, and validation must refuse it.
    @Test func validationRefusesCyclicShortcuts() {
        var rng = SplitMix64(seed: 5)
        let g = TestGraphs.roadGrid(width: 12, height: 12, rng: &rng)
        let h = buildContractionHierarchy(nodeCount: g.nodeCount, arcs: g.arcs)
        #expect(h.validationError() == nil)
        guard let looped = h.shortcuts.indices.first(where: { h.shortcuts[$0].first >= 0 }) else {
            Issue.record("the grid has no nested shortcut")
            return
        }
        var shortcuts = Array(h.shortcuts)
        shortcuts[looped].first = Int32(looped)
        let owner = BufferOwner()
        let broken = ContractionHierarchy(
            rankOfNode: h.rankOfNode, nodeAtRank: h.nodeAtRank, forwardFirst: h.forwardFirst, forwardArcs: h.forwardArcs,
            backwardFirst: h.backwardFirst, backwardArcs: h.backwardArcs, forwardShortcutArcs: h.forwardShortcutArcs,
            backwardShortcutArcs: h.backwardShortcutArcs, shortcutArcIds: h.shortcutArcIds,
            originalPayloads: h.originalPayloads, selfLoops: h.selfLoops,
            shortcuts: owner.keep(shortcuts), shortcutMiddles: h.shortcutMiddles, coreDistances: h.coreDistances, coreNextHop: h.coreNextHop, owner: owner)
        #expect(broken.validationError() == "contraction hierarchy: bad shortcut \(looped)")
    }

    /// A shortcut arc's id is read from `shortcutArcIds` when a path is unpacked: one that
    /// names no shortcut must be refused before.
    @Test func validationRefusesAShortcutArcWithoutShortcut() {
        var rng = SplitMix64(seed: 9)
        let g = TestGraphs.roadGrid(width: 12, height: 12, rng: &rng)
        let h = buildContractionHierarchy(nodeCount: g.nodeCount, arcs: g.arcs)
        #expect(h.validationError() == nil)
        #expect(h.shortcutArcIds.count == h.forwardShortcutArcs.count + h.backwardShortcutArcs.count && h.shortcutArcIds.count > 1)
        var ids = (0..<h.shortcutArcIds.count).map { h.shortcutArcIds[$0] }
        ids[1] = Int32(h.shortcuts.count)
        let owner = BufferOwner()
        let broken = ContractionHierarchy(
            rankOfNode: h.rankOfNode, nodeAtRank: h.nodeAtRank, forwardFirst: h.forwardFirst, forwardArcs: h.forwardArcs,
            backwardFirst: h.backwardFirst, backwardArcs: h.backwardArcs, forwardShortcutArcs: h.forwardShortcutArcs,
            backwardShortcutArcs: h.backwardShortcutArcs, shortcutArcIds: PackedInts(words: owner.keep(PackedInts.words(ids))),
            originalPayloads: h.originalPayloads, selfLoops: h.selfLoops,
            shortcuts: h.shortcuts, shortcutMiddles: h.shortcutMiddles, coreDistances: h.coreDistances, coreNextHop: h.coreNextHop, owner: owner)
        #expect(broken.validationError() == "contraction hierarchy: shortcut arc 1 names no shortcut")
    }

    @Test func emptyGraphs() {
        let empty = buildContractionHierarchy(nodeCount: 0, arcs: [])
        #expect(empty.nodeCount == 0 && empty.validationError() == nil)
        let lonely = buildContractionHierarchy(nodeCount: 3, arcs: [])
        let entry = [SearchEntry(node: 1, weight: 4)]
        #expect(CHQuery(lonely).search(sources: entry, targets: entry) == 8)
        #expect(CHQuery(lonely).search(sources: entry, targets: entry, loopAt: 1) == nil)
    }

    @Test func minHeapOrdersByKeyThenID() {
        let heap = MinHeap(capacity: 1)
        var rng = SplitMix64(seed: 3)
        var items: [(Int32, Int32)] = []
        for id in 0..<1000 {
            let key = Int32.random(in: 0...50, using: &rng)
            items.append((key, Int32(id)))
            heap.push(key: key, id: Int32(id))
        }
        items.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var popped: [(Int32, Int32)] = []
        while !heap.isEmpty { popped.append(heap.pop()) }
        #expect(popped.map(\.0) == items.map(\.0))
        #expect(popped.map(\.1) == items.map(\.1))
    }
}
