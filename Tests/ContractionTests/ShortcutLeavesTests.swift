import Testing
import WayfinderContraction
import WayfinderGraph
import WayfinderRouting

/// A shortcut table whose original arc halves name their heads (`leavesNameHeads`, the
/// turn-expanded modes' form, without middles) against the same hierarchy with middles: the
/// same shortcuts, the same middles found by walking down, and the same unpacked paths, plain,
/// through the core's expansions and around cycles, before and after renumbering.
@Suite struct ShortcutLeavesTests {
    /// A road grid whose every payload is 0, as a turn-expanded graph's.
    static func graph(seed: UInt64) -> TestGraph {
        var rng = SplitMix64(seed: seed)
        var g = TestGraphs.roadGrid(width: 24, height: 24, hierarchical: true, rng: &rng)
        for i in g.arcs.indices { g.arcs[i].payload = 0 }
        return g
    }

    static func pair(_ g: TestGraph) -> (middles: ContractionHierarchy, heads: ContractionHierarchy) {
        var options = ContractionOptions(threads: 1)
        let middles = buildContractionHierarchy(nodeCount: g.nodeCount, arcs: g.arcs, options: options).hierarchy
        options.leavesNameHeads = true
        let heads = buildContractionHierarchy(nodeCount: g.nodeCount, arcs: g.arcs, options: options).hierarchy
        return (middles, heads)
    }

    /// Every shortcut: the same halves where they are shortcuts, the head where one is an
    /// original arc, and the middle `middle(ofShortcut:)` finds is the one stored beside the other.
    static func expectSameTables(_ a: ContractionHierarchy, _ b: ContractionHierarchy) {
        #expect(a.shortcutMiddles?.count == a.shortcuts.count && b.shortcutMiddles == nil)
        #expect(a.shortcuts.count == b.shortcuts.count && a.shortcuts.count > 100)
        #expect(b.validationError() == nil)
        var ends = [Int32](repeating: -1, count: a.shortcuts.count)  // the end of each shortcut of `a`
        for id in a.shortcuts.indices.reversed() {
            let (x, y) = (a.shortcuts[id], b.shortcuts[id])
            #expect(a.middle(ofShortcut: id) == b.middle(ofShortcut: id), "shortcut \(id)")
            #expect(x.first < 0 ? x.first == -1 && y.first == ~a.middle(ofShortcut: id) : x.first == y.first, "shortcut \(id)")
            ends[id] = x.second < 0 ? ~y.second : ends[Int(x.second)]
            #expect(x.second < 0 ? x.second == -1 && ends[id] >= 0 : x.second == y.second, "shortcut \(id)")
        }
    }

    /// The unpacked path of both for random queries and cycles; it must also follow arcs of
    /// the graph whose cheapest weights add up to the answer.
    static func expectSamePaths(_ a: ContractionHierarchy, _ b: ContractionHierarchy, graph g: TestGraph, seed: UInt64) {
        var cheapest: [Int64: Int32] = [:]
        for arc in g.arcs {
            let key = Int64(arc.tail) << 32 | Int64(arc.head)
            cheapest[key] = min(cheapest[key] ?? .max, arc.weight)
        }
        var queries = [CHQuery(a), CHQuery(b)]
        for h in [a, b] { if let e = CoreExpansions(h) { queries.append(CHQuery(h, coreHops: CoreHops(e))) } }
        var rng = SplitMix64(seed: seed)
        var found = 0
        for q in 0..<300 {
            let s = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng), t = Int32.random(in: 0..<Int32(g.nodeCount), using: &rng)
            let loop: Int32? = q % 5 == 0 ? s : nil
            var paths: [[Int32]] = []
            var answer: Int32? = nil
            for query in queries {
                answer = query.search(sources: [SearchEntry(node: s, weight: 0)], targets: [SearchEntry(node: loop ?? t, weight: 0)], loopAt: loop)
                var nodes: [Int32] = [], payloads: [Int32] = []
                query.unpackPath(nodes: &nodes, payloads: &payloads)
                #expect(payloads.allSatisfy { $0 == 0 })
                paths.append(nodes)
            }
            #expect(paths.allSatisfy { $0 == paths[0] }, "query \(q): paths differ")
            guard let answer, paths[0].count > 1 else { continue }
            found += 1
            var total: Int32 = 0
            for i in 0..<paths[0].count - 1 {
                guard let w = cheapest[Int64(paths[0][i]) << 32 | Int64(paths[0][i + 1])] else {
                    Issue.record("query \(q): \(paths[0][i]) -> \(paths[0][i + 1]) is no arc"); return
                }
                total += w
            }
            #expect(total == answer, "query \(q)")
        }
        #expect(found > 200)
    }

    @Test func headsAgreeWithMiddles() {
        let g = Self.graph(seed: 3)
        let (middles, heads) = Self.pair(g)
        Self.expectSameTables(middles, heads)
        Self.expectSamePaths(middles, heads, graph: g, seed: 4)
    }

    /// Renumbering reads each shortcut's middle (`middle(ofShortcut:)`) and keeps the form.
    @Test func renumberingKeepsTheForm() {
        let g = Self.graph(seed: 5)
        let (middles, heads) = Self.pair(g)
        var rng = SplitMix64(seed: 6)
        let keys = (0..<g.nodeCount).map { _ in UInt64.random(in: 0...1000, using: &rng) }
        let (a, b) = (middles.renumbered(byKey: keys, topFraction: 0.1), heads.renumbered(byKey: keys, topFraction: 0.1))
        #expect(a.coreSize > 0)
        Self.expectSameTables(a, b)
        Self.expectSamePaths(a, b, graph: g, seed: 7)
    }

    /// A leaf naming no node would send unpacking out of the graph's arrays.
    @Test func validationRefusesALeafOutsideTheGraph() {
        let (_, h) = Self.pair(Self.graph(seed: 8))
        guard let id = h.shortcuts.indices.first(where: { h.shortcuts[$0].second < 0 }) else {
            Issue.record("no shortcut ends in an original arc"); return
        }
        var shortcuts = Array(h.shortcuts)
        shortcuts[id].second = ~Int32(h.nodeCount)
        let owner = BufferOwner()
        let broken = ContractionHierarchy(
            rankOfNode: h.rankOfNode, nodeAtRank: h.nodeAtRank, forwardFirst: h.forwardFirst, forwardArcs: h.forwardArcs,
            backwardFirst: h.backwardFirst, backwardArcs: h.backwardArcs, forwardShortcutArcs: h.forwardShortcutArcs,
            backwardShortcutArcs: h.backwardShortcutArcs, shortcutArcIds: h.shortcutArcIds,
            originalPayloads: h.originalPayloads, selfLoops: h.selfLoops,
            shortcuts: owner.keep(shortcuts), shortcutMiddles: nil, coreDistances: h.coreDistances,
            coreNextHop: h.coreNextHop, owner: owner)
        #expect(broken.validationError() == "contraction hierarchy: bad shortcut \(id)")
    }
}
