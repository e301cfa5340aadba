import Testing
@testable import WayfinderContraction

/// A contraction graph of `arcs` (tail, head, weight) over `nodeCount` nodes, arcs in list order.
private func graph(_ nodeCount: Int, _ arcs: [(Int32, Int32, Int32)]) -> ContractionGraph {
    var outDegree = [Int32](repeating: 0, count: nodeCount), inDegree = outDegree
    for (u, v, _) in arcs { outDegree[Int(u)] += 1; inDegree[Int(v)] += 1 }
    let out = AdjacencyLists(degrees: outDegree, slack: 0), into = AdjacencyLists(degrees: inDegree, slack: 0)
    for (i, (u, v, w)) in arcs.enumerated() {
        out.append(u, DynamicArc(other: v, weight: w, via: ~Int32(i), hops: 1))
        into.append(v, DynamicArc(other: u, weight: w, via: ~Int32(i), hops: 1))
    }
    return ContractionGraph(out: out, into: into)
}

private func shortcuts(contracting m: Int32, in g: ContractionGraph) -> [String] {
    let search = WitnessSearch(nodeCount: g.out.nodeCount)
    search.contract(m, in: g, position: .min, settleLimit: 200)
    return search.shortcuts.map { "\($0.tail)->\($0.head) \($0.weight)" }
}

/// The witness search stops once every target has a tentative distance within what its
/// path through the contracted node weighs; these graphs tell a stop at the right moment
/// from one too early.
@Suite struct WitnessSearchTests {
    /// Node 0 is contracted, 1 -> 0 -> 2 and 1 -> 0 -> 3 both weigh 10.
    @Test func aTargetFirstReachedTooHeavyIsStillWitnessedLater() {
        // 1 -> 2 directly (10, a witness at once); 1 -> 3 directly at 30, then 1 -> 5 -> 3 at 5.
        let witnessed = graph(6, [(1, 0, 5), (0, 2, 5), (0, 3, 5), (1, 2, 10), (1, 3, 30), (1, 5, 2), (5, 3, 3)])
        #expect(shortcuts(contracting: 0, in: witnessed).isEmpty)
        // Without 5 -> 3, only the 30 reaches 3: the path through 0 needs its shortcut.
        let unwitnessed = graph(6, [(1, 0, 5), (0, 2, 5), (0, 3, 5), (1, 2, 10), (1, 3, 30), (1, 5, 2)])
        #expect(shortcuts(contracting: 0, in: unwitnessed) == ["1->3 10"])
    }

    /// Two arcs 0 -> 2 (5 and 1): the target is witnessed only within the lighter path's 6.
    @Test func parallelArcsAreWitnessedWithinTheLighter() {
        // 1 -> 2 directly at 10 witnesses only the heavier; 1 -> 5 -> 2 at 5 witnesses both.
        let both = graph(6, [(1, 0, 5), (0, 2, 5), (0, 2, 1), (1, 2, 10), (1, 5, 2), (5, 2, 3)])
        #expect(shortcuts(contracting: 0, in: both).isEmpty)
        let heavierOnly = graph(6, [(1, 0, 5), (0, 2, 5), (0, 2, 1), (1, 2, 10), (1, 5, 2), (5, 2, 9)])
        #expect(shortcuts(contracting: 0, in: heavierOnly) == ["1->2 6"])
    }

    /// The core's estimates (`contractByDirectArcs`) take only a direct arc as a witness,
    /// and one only within the path's weight; the search takes longer witnesses too.
    @Test func theCoresEstimateCountsDirectArcsOnly() {
        // 1 -> 0 -> 2 and 1 -> 0 -> 3 weigh 10: 1 -> 2 directly at 10, 1 -> 3 at 11 directly
        // and at 5 through 5; 4 -> 0 -> 2 (8) has 4 -> 2 at 9 only.
        let g = graph(6, [(1, 0, 5), (4, 0, 3), (0, 2, 5), (0, 3, 5), (1, 2, 10), (1, 3, 11), (1, 5, 2), (5, 3, 3),
                          (4, 2, 9)])
        let search = WitnessSearch(nodeCount: 6)
        search.contractByDirectArcs(0, in: g)
        let direct = search.shortcuts.map { "\($0.tail)->\($0.head) \($0.weight) \($0.hops)" }
        #expect(direct == ["1->3 10 2", "4->2 8 2", "4->3 8 2"])
        #expect(shortcuts(contracting: 0, in: g) == ["4->2 8", "4->3 8"])
    }
}
