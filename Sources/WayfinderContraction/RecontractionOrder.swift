import WayfinderGraph

/// The order a finished hierarchy was contracted in, recovered from its arcs, for contracting
/// the same graph again under new weights (`wayfinder customize`).
///
/// Ranks are a storage order (`StorageOrder`), not the contraction order, but every arc is
/// stored at the end contracted first and leads to one contracted later. So the arcs form a
/// DAG whose every topological order is an order the contraction could have followed; a
/// node's level in it (1 + the highest level of the nodes whose arcs lead to it) is one,
/// coarse where nodes were independent. Contracting by level keeps the old hierarchy's
/// shape: the same roads low, the same junctions at the top.
extension ContractionHierarchy {
    /// Per input node id, its level in the hierarchy's DAG (see above), as priorities for
    /// `ContractionOptions.fixedPriorities`. (A sound hierarchy has no cycle: validation checks
    /// that arcs climb; were there one, its nodes would keep level 0.)
    public func contractionLevels() -> [Float] {
        let n = nodeCount
        var indegree = [Int32](repeating: 0, count: n)
        forEachUpwardArc { _, head in indegree[Int(head)] += 1 }
        var level = [Int32](repeating: 0, count: n)
        var ready = (0..<Int32(n)).filter { indegree[Int($0)] == 0 }
        while let r = ready.popLast() {
            forEachUpwardArc(from: r) { head in
                level[Int(head)] = max(level[Int(head)], level[Int(r)] + 1)
                indegree[Int(head)] -= 1
                if indegree[Int(head)] == 0 { ready.append(head) }
            }
        }
        var priorities = [Float](repeating: 0, count: n)
        for rank in 0..<n { priorities[Int(nodeAtRank[rank])] = Float(level[rank]) }
        return priorities
    }

    /// Every arc as (lower rank, higher rank), forward and backward.
    private func forEachUpwardArc(_ body: (Int32, Int32) -> Void) {
        for r in 0..<Int32(nodeCount) { forEachUpwardArc(from: r) { body(r, $0) } }
    }

    private func forEachUpwardArc(from r: Int32, _ body: (Int32) -> Void) {
        for i in Int(forwardFirst[Int(r)])..<Int(forwardFirst[Int(r) + 1]) { body(forwardArcs[i].head) }
        for i in Int(backwardFirst[Int(r)])..<Int(backwardFirst[Int(r) + 1]) { body(backwardArcs[i].head) }
    }
}
