import WayfinderGraph

/// The graph being contracted: out- and in-lists over the nodes not yet contracted.
final class ContractionGraph: @unchecked Sendable {
    let out: AdjacencyLists
    let into: AdjacencyLists
    /// Position of a node in the batch being contracted, `Int32.max` for all other nodes.
    /// The batch is contracted "as if one after another in this order", so a witness search
    /// for the node at position `p` must not pass through batch nodes at positions `< p`.
    let batchPosition: UnsafeMutablePointer<Int32>
    /// Nodes a witness path may end at but not pass through (the nodes some exclusion filter
    /// removes, while the others are contracted first), or nil.
    var blocked: [Bool]?

    init(out: AdjacencyLists, into: AdjacencyLists) {
        self.out = out
        self.into = into
        batchPosition = .allocate(capacity: max(out.nodeCount, 1))
        batchPosition.initialize(repeating: .max, count: out.nodeCount)
    }

    deinit { batchPosition.deallocate() }
}

/// A shortcut `tail -> head` that contracting a node needs (input node ids).
struct Shortcut {
    var tail: Int32
    var head: Int32
    var weight: Int32
    var hops: Int32
}

/// Per-thread scratch for the witness searches: which shortcuts does contracting `m` need?
///
/// For every in-arc `u -> m` (weight a) and out-arc `m -> v` (weight b), `u != v`, the path
/// `u -> m -> v` needs a shortcut unless a bounded Dijkstra from `u` that avoids `m` finds a
/// path to `v` of weight `<= a + b` (a *witness*). Any path found is real, so a tentative
/// distance already counts; stopping early (settle limit) only costs extra shortcuts.
final class WitnessSearch: @unchecked Sendable {
    private let dist: UnsafeMutablePointer<Int32>
    /// Version stamps: `dist[x]` is valid only if `reached[x] == round`; no clearing per search.
    private let reached: UnsafeMutablePointer<UInt32>
    private let target: UnsafeMutablePointer<UInt32>
    /// This search's targets, each with the weight its path through `m` needs matched (the
    /// least over parallel arcs `m -> x`): a few, so a list, not a bound per node.
    private var bounds: [(node: Int32, bound: Int32)] = []
    private var round: UInt32 = 0
    private let nodeCount: Int
    private let heap = MinHeap()

    /// Output of the last `contract` call.
    private(set) var shortcuts: [Shortcut] = []
    /// Cycles `x -> m -> x` found by the last `contract` call, as (x, weight).
    private(set) var loops: [(node: Int32, weight: Int32)] = []

    init(nodeCount: Int) {
        self.nodeCount = nodeCount
        dist = .allocate(capacity: max(nodeCount, 1))
        reached = .allocate(capacity: max(nodeCount, 1))
        reached.initialize(repeating: 0, count: nodeCount)
        target = .allocate(capacity: max(nodeCount, 1))
        target.initialize(repeating: 0, count: nodeCount)
    }

    deinit {
        dist.deallocate()
        reached.deallocate()
        target.deallocate()
    }

    private func nextRound() {
        round &+= 1
        if round == 0 {  // wrapped: old stamps could alias
            reached.update(repeating: 0, count: nodeCount)
            target.update(repeating: 0, count: nodeCount)
            round = 1
        }
    }

    /// Fills `shortcuts` and `loops` for contracting `m` now. `position` is m's batch position
    /// (`Int32.min` when only estimating, so that no batch node is avoided but `m`).
    func contract(_ m: Int32, in graph: ContractionGraph, position: Int32, settleLimit: Int) {
        guard let (ins, outs) = begin(m, in: graph) else { return }
        for inArc in ins {
            let u = inArc.other
            nextRound()
            bounds.removeAll(keepingCapacity: true)
            var limit: Int64 = 0
            for outArc in outs {
                let through = Int64(inArc.weight) + Int64(outArc.weight)
                if through >= Int64(infiniteWeight) { continue }  // not a usable path at all
                if outArc.other == u {
                    loops.append((u, Int32(through)))
                    continue
                }
                let v = outArc.other
                if target[Int(v)] != round {
                    target[Int(v)] = round
                    bounds.append((v, Int32(through)))
                } else if let k = bounds.firstIndex(where: { $0.node == v }) {
                    bounds[k].bound = min(bounds[k].bound, Int32(through))
                }
                limit = max(limit, through)
            }
            if bounds.isEmpty { continue }
            search(from: u, avoiding: m, position: position, graph: graph, limit: Int32(limit), settleLimit: settleLimit)
            recordUnwitnessed(inArc, outs)
        }
    }

    /// As `contract`, but only a direct arc `u -> v` counts as a witness: the estimate inside
    /// the core (`Contractor.updatePriorities`). There every node has dozens of neighbours,
    /// most of them linked directly, and a search of 10 settles relaxes ten full lists per
    /// in-arc. `position` plays no part: estimates avoid no batch node.
    func contractByDirectArcs(_ m: Int32, in graph: ContractionGraph) {
        guard let (ins, outs) = begin(m, in: graph) else { return }
        for inArc in ins {
            nextRound()
            for arc in graph.out.arcs(inArc.other) where reached[Int(arc.other)] != round || arc.weight < dist[Int(arc.other)] {
                reached[Int(arc.other)] = round
                dist[Int(arc.other)] = arc.weight
            }
            recordUnwitnessed(inArc, outs)
        }
    }

    /// Clears the last call's output; `m`'s in- and out-arcs, or nil when it lacks either.
    @inline(__always)
    private func begin(_ m: Int32, in graph: ContractionGraph)
        -> (ins: UnsafeMutableBufferPointer<DynamicArc>, outs: UnsafeMutableBufferPointer<DynamicArc>)? {
        shortcuts.removeAll(keepingCapacity: true)
        loops.removeAll(keepingCapacity: true)
        let ins = graph.into.arcs(m), outs = graph.out.arcs(m)
        return ins.isEmpty || outs.isEmpty ? nil : (ins, outs)
    }

    /// A shortcut for each path `u -> m -> v` (u the tail of `inArc`) that this round's
    /// distances do not match within its weight: `dist[v]` counts where `reached[v]` is the
    /// round.
    @inline(__always)
    private func recordUnwitnessed(_ inArc: DynamicArc, _ outs: UnsafeMutableBufferPointer<DynamicArc>) {
        let u = inArc.other
        for outArc in outs where outArc.other != u {
            let through = Int64(inArc.weight) + Int64(outArc.weight)
            if through >= Int64(infiniteWeight) { continue }
            let v = Int(outArc.other)
            if reached[v] == round && Int64(dist[v]) <= through { continue }
            shortcuts.append(Shortcut(tail: u, head: outArc.other, weight: Int32(through),
                                      hops: inArc.hops + outArc.hops))
        }
    }

    /// Dijkstra from `source` over out-arcs, skipping `avoid` and earlier batch nodes, until the
    /// keys pass `limit`, all targets are settled or `settleLimit` nodes are settled, or every
    /// target has a tentative distance within its bound. That last stop changes nothing the
    /// caller decides (a distance only falls, and a tentative one already counts as a
    /// witness), but a target reached early, often by a direct arc, is settled only after
    /// every node nearer than it. At 10x10 (driving and walking, one thread) it saves 6 % of
    /// the settles and a tenth of the rounds' time, the pushes of the nodes not settled.
    private func search(from source: Int32, avoiding avoid: Int32, position: Int32, graph: ContractionGraph,
                        limit: Int32, settleLimit: Int) {
        // Hoisted into locals: this is the hottest loop of the whole build.
        let pool = graph.out.pool, start = graph.out.start, count = graph.out.count
        let batchPosition = graph.batchPosition
        let dist = self.dist, reached = self.reached, target = self.target, round = self.round, bounds = self.bounds
        let checkBatch = position != .min
        let blocked = graph.blocked
        let heap = self.heap
        heap.removeAll()
        dist[Int(source)] = 0
        reached[Int(source)] = round
        heap.push(key: 0, id: source)
        var targetsLeft = bounds.count, unwitnessed = bounds.count
        var settled = 0
        while !heap.isEmpty {
            let (key, x) = heap.pop()
            if key > dist[Int(x)] { continue }  // stale entry (lazy deletion)
            if target[Int(x)] == round {
                targetsLeft -= 1
                if targetsLeft == 0 { break }
            }
            settled += 1
            if settled > settleLimit { break }
            if let blocked, blocked[Int(x)], x != source { continue }
            let arcs = pool + start[Int(x)]
            for k in 0..<Int(count[Int(x)]) {
                let arc = arcs[k]
                let y = arc.other
                if y == avoid || (checkBatch && batchPosition[Int(y)] < position) { continue }
                let d = Int64(key) + Int64(arc.weight)
                if d > Int64(limit) { continue }
                let first = reached[Int(y)] != round
                if first || Int32(truncatingIfNeeded: d) < dist[Int(y)] {
                    // A target's bound is looked up only when the target is reached (rarely).
                    let newlyWitnessed = target[Int(y)] == round && bounds.contains {
                        $0.node == y && d <= Int64($0.bound) && (first || dist[Int(y)] > $0.bound)
                    }
                    reached[Int(y)] = round
                    dist[Int(y)] = Int32(truncatingIfNeeded: d)
                    if newlyWitnessed {
                        unwitnessed -= 1
                        if unwitnessed == 0 { return }
                    }
                    heap.push(key: Int32(truncatingIfNeeded: d), id: y)
                }
            }
        }
    }
}
