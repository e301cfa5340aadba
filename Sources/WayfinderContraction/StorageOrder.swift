import WayfinderGraph

/// Memory layout of a finished hierarchy.
///
/// Contraction decides which end of an arc stores it; the numbering of the arrays is free.
/// Kept in contraction order, the nodes of one road are scattered over the whole file, so
/// unpacking a long path and the first levels of every search miss the cache at each step.
/// Here the nodes are renumbered by a caller-given key (a space-filling curve over their
/// positions), so a path's nodes, their arcs and their labels sit close together, and the
/// most important nodes, which every long search visits, are packed at the end in
/// contraction order.
extension ContractionHierarchy {
    /// The same hierarchy renumbered: the top `topFraction` of nodes by contraction order
    /// keep that order at the end; all others are ordered by `key[inputNode]`. The core
    /// (`CoreTable`) has `coreSize` ranks (default `CoreTable.defaultSize`), at most the top.
    /// The hierarchy must be in contraction order (as `buildContractionHierarchy` makes it
    /// without `storageKeys`).
    public func renumbered(byKey key: [UInt64], topFraction: Double = StorageOrder.defaultTopFraction,
                           coreSize: Int? = nil) -> ContractionHierarchy {
        var arrays = HierarchyArrays(
            rankOfNode: Array(rankOfNode), nodeAtRank: Array(nodeAtRank),
            forwardFirst: Array(forwardFirst), forwardArcs: forwardArcsWithVias.map(middleForm),
            backwardFirst: Array(backwardFirst), backwardArcs: backwardArcsWithVias.map(middleForm),
            selfLoops: denseSelfLoops.map(middleForm), contractionOrderTail: nodeCount,
            leavesNameHeads: shortcutMiddles == nil)
        StorageOrder.renumber(&arrays, byKey: key, topFraction: topFraction)
        return arrays.hierarchy(coreSize: coreSize)
    }
}

public enum StorageOrder {
    /// The share of nodes, the last contracted, kept in contraction order at the end.
    public static let defaultTopFraction = 0.03

    /// Renumbers the ranks of `a`: the top `topFraction` of nodes by contraction order keep
    /// that order at the end; all others are ordered by `key[inputNode]`.
    static func renumber(_ a: inout HierarchyArrays, byKey key: [UInt64], topFraction: Double) {
        let n = a.rankOfNode.count
        precondition(key.count == n, "renumber(byKey:): one key per node")
        let topStart = n - Int(Double(n) * topFraction)
        a.contractionOrderTail = n - topStart
        // newRank[old rank]
        var oldRanks = Array(Int32(0)..<Int32(topStart))
        oldRanks.sort { x, y in
            let kx = key[Int(a.nodeAtRank[Int(x)])], ky = key[Int(a.nodeAtRank[Int(y)])]
            return kx != ky ? kx < ky : x < y
        }
        var newRank = [Int32](repeating: 0, count: n)
        for (position, old) in oldRanks.enumerated() { newRank[Int(old)] = Int32(position) }
        for old in topStart..<n { newRank[old] = Int32(old) }

        var rankOfNode = [Int32](repeating: 0, count: n), nodeAtRank = [Int32](repeating: 0, count: n)
        for node in 0..<n {
            let rank = newRank[Int(a.rankOfNode[node])]
            rankOfNode[node] = rank
            nodeAtRank[Int(rank)] = Int32(node)
        }
        func moved(_ arc: CHArc) -> CHArc {
            CHArc(head: newRank[Int(arc.head)], weight: arc.weight, via: arc.via >= 0 ? newRank[Int(arc.via)] : arc.via)
        }
        func moved(first: [Int32], arcs: [CHArc]) -> ([Int32], [CHArc]) {
            var newFirst = [Int32](repeating: 0, count: n + 1)
            for old in 0..<n { newFirst[Int(newRank[old]) + 1] = first[old + 1] - first[old] }
            for rank in 0..<n { newFirst[rank + 1] += newFirst[rank] }
            var newArcs = [CHArc](repeating: CHArc(head: 0, weight: 0, via: 0), count: arcs.count)
            for old in 0..<n {
                var k = Int(newFirst[Int(newRank[old])])
                for i in Int(first[old])..<Int(first[old + 1]) {
                    newArcs[k] = moved(arcs[i])
                    k += 1
                }
            }
            return (newFirst, newArcs)
        }
        (a.forwardFirst, a.forwardArcs) = moved(first: a.forwardFirst, arcs: a.forwardArcs)
        (a.backwardFirst, a.backwardArcs) = moved(first: a.backwardFirst, arcs: a.backwardArcs)
        var selfLoops = [CHArc](repeating: CHArc(head: 0, weight: 0, via: 0), count: n)
        for old in 0..<n { selfLoops[Int(newRank[old])] = moved(a.selfLoops[old]) }
        a.selfLoops = selfLoops
        a.rankOfNode = rankOfNode
        a.nodeAtRank = nodeAtRank
        if var e = a.exclusion {
            // The filters' core lies in the top, which keeps its ranks and its arcs' indices;
            // only what refers to lower ranks moves: vias, and the filters by rank.
            precondition(e.coreStart >= topStart, "renumber(byKey:): the filters' core must lie in the top")
            var rankFilters = e.rankFilters
            for old in 0..<n { rankFilters[Int(newRank[old])] = e.rankFilters[old] }
            e.rankFilters = rankFilters
            e.forward.arcs = e.forward.arcs.map(moved)
            e.backward.arcs = e.backward.arcs.map(moved)
            e.loops.arcs = e.loops.arcs.map(moved)
            a.exclusion = e
        }
    }
}

/// Position of a coordinate on a Hilbert curve over the whole globe (16 bits a coordinate):
/// points close on the curve are close on the map, so sorting by it keeps neighbours together.
public func hilbertKey(_ p: FixedCoordinate) -> UInt64 {
    let side: UInt64 = 1 << 16
    var x = UInt64((Int64(p.lon) + 1_800_000_000) * Int64(side - 1) / 3_600_000_000)
    var y = UInt64((Int64(p.lat) + 900_000_000) * Int64(side - 1) / 1_800_000_000)
    var d: UInt64 = 0
    var s = side / 2
    while s > 0 {
        let rx: UInt64 = (x & s) > 0 ? 1 : 0
        let ry: UInt64 = (y & s) > 0 ? 1 : 0
        d += s * s * ((3 * rx) ^ ry)
        // Rotate the quadrant so the curve stays continuous.
        if ry == 0 {
            if rx == 1 {
                x = side - 1 - x
                y = side - 1 - y
            }
            swap(&x, &y)
        }
        s /= 2
    }
    return d
}
