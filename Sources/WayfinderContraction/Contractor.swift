import Dispatch
import Synchronization
import WayfinderGraph

/// Node ordering and contraction: Geisberger-style priorities, contracted in rounds of
/// independent sets (as in OSRM and Vetter's parallel contraction).
///
/// 1. Every node gets a priority from a simulated contraction (cheap witness searches):
///    shortcuts added per arc removed (edge quotient) + original arcs ("hops") added per hop
///    removed + a quarter of its level, where level = 1 + the highest level among its contracted
///    neighbours (so contraction spreads evenly instead of eating one region; a quarter gave
///    ~5-10% fewer shortcuts than 1 on grids and real turn graphs, at equal query cost).
///    Lower is contracted earlier.
/// 2. Each round takes every node whose (priority, hash) is below that of all its neighbours.
///    Such nodes are pairwise non-adjacent, so contracting them in any order yields the same
///    shortcut candidates; they get consecutive ranks in list order, and the witness search of
///    the node at batch position p avoids batch nodes before p, exactly as if they had been
///    contracted one by one. That makes the searches of one round independent (parallel).
/// 3. The contracted nodes' arcs (to higher-ranked nodes) go to the output, shortcuts and
///    cycles `x -> m -> x` (self-loop candidates of x) are added, and every neighbour of a
///    contracted node is re-estimated before the next round. (Only those: a node's estimate
///    depends on its own neighbourhood. Deferring even these until a node looks selectable,
///    "lazy updates", halved the time but cost ~25% more shortcuts and query work.)
/// 4. Inside the core (the last `CoreTable.defaultSize` nodes, which queries look up in the
///    core table instead of searching), estimates count only direct arcs as witnesses
///    (`WitnessSearch.contractByDirectArcs`). The core is a dense mesh, where a witness is
///    nearly always a direct arc and a search of 10 settles relaxes ten lists of dozens of
///    arcs per in-arc, and every round re-estimates most of it. At the 20x20 tiling that
///    made cycling's last 2,576 nodes cost 13.8 s of 70 s of rounds (10x10: 0.8 s for
///    1,288); now 7.0 s, for 0.14 % more arcs. Witness searches that decide the shortcuts
///    are the same as everywhere, so the hierarchy stays exact; only the core's order moves,
///    which queries do not search.
final class Contractor: @unchecked Sendable {
    let nodeCount: Int
    let options: ContractionOptions
    let graph: ContractionGraph
    /// One at first; more are made when a parallel step first has the cores for them (each
    /// keeps scratch for every node, 12 bytes a node).
    private var workers: [Worker]
    private(set) var statistics = ContractionStatistics()
    /// The steps' wall times (`ContractionStatistics.steps`).
    var laps = Laps()

    /// Set once the nodes left are the core's: estimates then use direct arcs only.
    private var estimatingTheCore = false
    private var priority: [Float]
    private var level: [Int32]
    private var alive: [Bool]
    private var dirty: [Bool]
    /// Best cycle through lower-ranked nodes per input node: weight and via (input id of the
    /// middle node, or `~payload` of an original self-loop).
    var loopWeight: [Int32]
    var loopVia: [Int32]
    /// With exclusions: the shared core left by the first phase (`ExclusionContraction.swift`).
    var sharedCore: SharedCore?

    // Output, appended in rank order; heads and vias are input ids until `makeHierarchy`.
    var rankOfNode: [Int32]
    var nodeAtRank: [Int32] = []
    var forwardFirst: [Int32] = [0]
    var forwardArcs: [CHArc] = []
    var backwardFirst: [Int32] = [0]
    var backwardArcs: [CHArc] = []

    /// Per-thread witness search plus the shortcuts it found for the current round.
    private final class Worker: @unchecked Sendable {
        let search: WitnessSearch
        var shortcuts: [Shortcut] = []
        var loops: [(node: Int32, weight: Int32)] = []
        /// (batch position, end of its shortcuts, end of its loops), in processing order.
        var results: [(position: Int32, shortcutEnd: Int, loopEnd: Int)] = []
        var priorities: [(node: Int32, priority: Float)] = []
        init(nodeCount: Int) { search = WitnessSearch(nodeCount: nodeCount) }
    }

    init(nodeCount n: Int, arcs input: [WeightedArc], options: ContractionOptions) {
        if let fixed = options.fixedPriorities, fixed.count != n {
            fatalError("buildContractionHierarchy: \(fixed.count) fixed priorities for \(n) nodes")
        }
        nodeCount = n
        self.options = options
        statistics.nodeCount = n
        statistics.inputArcCount = input.count
        priority = Array(repeating: 0, count: n)
        level = Array(repeating: 0, count: n)
        alive = Array(repeating: true, count: n)
        dirty = Array(repeating: false, count: n)
        loopWeight = Array(repeating: infiniteWeight, count: n)
        loopVia = Array(repeating: -1, count: n)
        rankOfNode = Array(repeating: -1, count: n)

        // Keep the cheapest of parallel arcs (the first on ties) and move self-loops aside:
        // bucket arc indices by tail, then scan each bucket remembering the kept arc per head.
        var bucketStart = [Int32](repeating: 0, count: n + 1)
        for arc in input {
            // Checked in release builds too (-Ounchecked drops `precondition`): bad input would
            // otherwise corrupt memory.
            if arc.tail < 0 || Int(arc.tail) >= n || arc.head < 0 || Int(arc.head) >= n {
                fatalError("buildContractionHierarchy: arc endpoint out of range 0..<\(n)")
            }
            if arc.weight < 0 || arc.payload < 0 {
                fatalError("buildContractionHierarchy: weights and payloads must be >= 0")
            }
            bucketStart[Int(arc.tail) + 1] += 1
        }
        for u in 0..<n { bucketStart[u + 1] += bucketStart[u] }
        var byTail = [Int32](repeating: 0, count: input.count)
        var fill = bucketStart
        for (i, arc) in input.enumerated() {
            byTail[Int(fill[Int(arc.tail)])] = Int32(i)
            fill[Int(arc.tail)] += 1
        }
        fill = []
        var kept: [WeightedArc] = []
        kept.reserveCapacity(input.count)
        var keptIndex = [Int32](repeating: 0, count: n)
        var keptTail = [Int32](repeating: -1, count: n)
        var outDegree = [Int32](repeating: 0, count: n)
        var inDegree = [Int32](repeating: 0, count: n)
        for u in 0..<n {
            for k in Int(bucketStart[u])..<Int(bucketStart[u + 1]) {
                let arc = input[Int(byTail[k])]
                let v = Int(arc.head)
                if v == u {
                    if arc.weight < loopWeight[u] { loopWeight[u] = arc.weight; loopVia[u] = ~arc.payload }
                } else if keptTail[v] == Int32(u) {
                    if arc.weight < kept[Int(keptIndex[v])].weight { kept[Int(keptIndex[v])] = arc }
                } else {
                    keptTail[v] = Int32(u)
                    keptIndex[v] = Int32(kept.count)
                    kept.append(arc)
                    outDegree[u] += 1
                    inDegree[v] += 1
                }
            }
        }
        byTail = []
        statistics.originalArcCount = kept.count

        let out = AdjacencyLists(degrees: outDegree, slack: 2)
        let into = AdjacencyLists(degrees: inDegree, slack: 2)
        for arc in kept {
            out.append(arc.tail, DynamicArc(other: arc.head, weight: arc.weight, via: ~arc.payload, hops: 1))
            into.append(arc.head, DynamicArc(other: arc.tail, weight: arc.weight, via: ~arc.payload, hops: 1))
        }
        graph = ContractionGraph(out: out, into: into)
        workers = [Worker(nodeCount: n)]
        nodeAtRank.reserveCapacity(n)
        forwardFirst.reserveCapacity(n + 1)
        backwardFirst.reserveCapacity(n + 1)
        forwardArcs.reserveCapacity(kept.count + kept.count / 2)
        backwardArcs.reserveCapacity(kept.count + kept.count / 2)
    }

    /// Contracts all nodes. With exclusions, first every node that no filter removes, with
    /// witnesses that avoid the others, then the rest (`ExclusionContraction.swift`).
    func run() {
        if let filters = options.nodeFilters, filters.contains(where: { $0 != ExclusionFilter.allFilters }) {
            var shared: [Int32] = []
            for x in 0..<Int32(nodeCount) {
                if filters[Int(x)] == ExclusionFilter.allFilters { shared.append(x) } else { priority[Int(x)] = .infinity }
            }
            graph.blocked = filters.map { $0 != ExclusionFilter.allFilters }
            updatePriorities(of: shared)
            contractRounds(shared, leaving: Int(Double(shared.count) * options.sharedCoreFraction))
            graph.blocked = nil
            sharedCore = SharedCore(of: self)
        }
        let remaining = (0..<Int32(nodeCount)).filter { alive[Int($0)] }
        for x in remaining { dirty[Int(x)] = false }
        updatePriorities(of: remaining)
        contractRounds(remaining)
        // Before the arrays are built, which take as much again: the workers' scratch and
        // the lists, all empty now.
        workers.removeLast(workers.count - 1)
        graph.out.freeStorage()
        graph.into.freeStorage()
    }

    /// Contracts `nodes` (whose priorities are up to date) in rounds of independent sets,
    /// until no more than `leaving` of them are left.
    private func contractRounds(_ nodes: [Int32], leaving: Int = 0) {
        var remaining = nodes
        var batch: [Int32] = []
        let coreSize = CoreTable.defaultSize(nodeCount: nodeCount)
        while remaining.count > leaving {
            if !estimatingTheCore && remaining.count <= coreSize && graph.blocked == nil {
                // Every estimate made the other way is replaced, so that priorities compare.
                estimatingTheCore = true
                updatePriorities(of: remaining)
            }
            selectBatch(from: remaining, into: &batch)
            contract(batch)
            options.progress?.count(nodeAtRank.count)
            remaining.removeAll { !alive[Int($0)] }
            var changed: [Int32] = []
            for x in remaining where dirty[Int(x)] {
                dirty[Int(x)] = false
                changed.append(x)
            }
            updatePriorities(of: changed)
            statistics.rounds += 1
        }
    }

    /// Unique tie-breaker: a bijective mix of the id, so that equal priorities (grids!) do not
    /// make whole regions wait for one another in id order.
    @inline(__always)
    private func hash(_ x: Int32) -> UInt32 {
        var h = UInt32(bitPattern: x) &* 0x9E37_79B1
        h ^= h >> 15
        return h &* 0x85EB_CA77
    }

    @inline(__always)
    private func precedes(_ a: Int32, _ b: Int32) -> Bool {
        let pa = priority[Int(a)], pb = priority[Int(b)]
        return pa < pb || (pa == pb && hash(a) < hash(b))
    }

    /// The nodes of `remaining` that precede all their neighbours, in `remaining`'s order.
    /// Read-only, so tested in parallel (flags by position, gathered in order): the whole
    /// of `remaining` is scanned each round, 0.4 s of cycling's rounds at 10x10.
    private func selectBatch(from remaining: [Int32], into batch: inout [Int32]) {
        batch.removeAll(keepingCapacity: true)
        // Each position written by one worker only.
        nonisolated(unsafe) let selected = UnsafeMutableBufferPointer<Bool>.allocate(capacity: remaining.count)
        defer { selected.deallocate() }
        forEachInParallel(remaining.count) { [self] _, i in selected[i] = isLocalMinimum(remaining[i]) }
        for (i, m) in remaining.enumerated() where selected[i] { batch.append(m) }
    }

    private func isLocalMinimum(_ m: Int32) -> Bool {
        for arc in graph.out.arcs(m) where !precedes(m, arc.other) { return false }
        for arc in graph.into.arcs(m) where !precedes(m, arc.other) { return false }
        return true
    }

    /// Runs `body(worker, i)` for `i in 0..<count`, in chunks that each worker takes as it
    /// becomes free (with `options.cores`, as many workers as there are cores free for this
    /// step). Dealt round-robin instead, a worker waited at each step's end for the one whose
    /// chunks held costlier nodes, or whose core the machine gave to something else: at
    /// 10x10, cycling's two workers sat idle for 1.7–2.6 s of 30–37 s, against 0.3 s now.
    /// Callers gather results by position or by node, so which worker ran what changes
    /// no output.
    private func forEachInParallel(_ count: Int, _ body: @escaping @Sendable (Worker, Int) -> Void) {
        let chunk = 32
        let borrowed = options.threads == 1 || count <= chunk ? 0
            : options.cores?.borrow(upTo: options.threads - 1) ?? options.threads - 1
        if borrowed == 0 {
            for i in 0..<count { body(workers[0], i) }
            return
        }
        defer { options.cores?.release(borrowed) }
        let active = 1 + borrowed
        while workers.count < active { workers.append(Worker(nodeCount: nodeCount)) }
        let workers = self.workers
        let nextChunk = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: active) { w in
            while true {
                let first = nextChunk.add(chunk, ordering: .relaxed).oldValue
                if first >= count { break }
                for i in first..<min(first + chunk, count) { body(workers[w], i) }
            }
        }
    }

    /// Estimates priorities by simulated contraction (in parallel; the graph is read-only).
    private func updatePriorities(of nodes: [Int32]) {
        if let fixed = options.fixedPriorities {
            for x in nodes { priority[Int(x)] = fixed[Int(x)] }
            return
        }
        for worker in workers { worker.priorities.removeAll(keepingCapacity: true) }
        let limit = options.estimateSettleLimit, directArcs = estimatingTheCore
        forEachInParallel(nodes.count) { [self] worker, i in
            let m = nodes[i]
            if directArcs {
                worker.search.contractByDirectArcs(m, in: graph)
            } else {
                worker.search.contract(m, in: graph, position: .min, settleLimit: limit)
            }
            worker.priorities.append((m, estimate(m, shortcuts: worker.search.shortcuts)))
        }
        for worker in workers {
            for (node, value) in worker.priorities { priority[Int(node)] = value }
        }
    }

    private func estimate(_ m: Int32, shortcuts: [Shortcut]) -> Float {
        var removed = 0, removedHops = 0
        for arc in graph.out.arcs(m) { removed += 1; removedHops += Int(arc.hops) }
        for arc in graph.into.arcs(m) { removed += 1; removedHops += Int(arc.hops) }
        var addedHops = 0
        for shortcut in shortcuts { addedHops += Int(shortcut.hops) }
        return Float(level[Int(m)]) / 4
            + Float(shortcuts.count) / Float(max(removed, 1))
            + Float(addedHops) / Float(max(removedHops, 1))
    }

    /// Contracts one independent set, ranks in list order.
    private func contract(_ batch: [Int32]) {
        for (position, m) in batch.enumerated() { graph.batchPosition[Int(m)] = Int32(position) }
        for worker in workers {
            worker.shortcuts.removeAll(keepingCapacity: true)
            worker.loops.removeAll(keepingCapacity: true)
            worker.results.removeAll(keepingCapacity: true)
        }
        let limit = options.contractSettleLimit
        forEachInParallel(batch.count) { [graph] worker, i in
            worker.search.contract(batch[i], in: graph, position: Int32(i), settleLimit: limit)
            worker.shortcuts.append(contentsOf: worker.search.shortcuts)
            worker.loops.append(contentsOf: worker.search.loops)
            worker.results.append((Int32(i), worker.shortcuts.count, worker.loops.count))
        }
        // Gather the per-worker results in batch order, then apply them sequentially.
        var resultOf = [(worker: Int, shortcuts: Range<Int>, loops: Range<Int>)](
            repeating: (0, 0..<0, 0..<0), count: batch.count)
        for (w, worker) in workers.enumerated() {
            var shortcutStart = 0, loopStart = 0
            for result in worker.results {
                resultOf[Int(result.position)] = (w, shortcutStart..<result.shortcutEnd, loopStart..<result.loopEnd)
                shortcutStart = result.shortcutEnd
                loopStart = result.loopEnd
            }
        }
        for (position, m) in batch.enumerated() {
            let result = resultOf[position]
            let worker = workers[result.worker]
            removeFromGraph(m)
            for shortcut in worker.shortcuts[result.shortcuts] {
                let arc = DynamicArc(other: shortcut.head, weight: shortcut.weight, via: m, hops: shortcut.hops)
                if graph.out.insertOrImprove(shortcut.tail, arc) {
                    graph.into.insertOrImprove(
                        shortcut.head,
                        DynamicArc(other: shortcut.tail, weight: shortcut.weight, via: m, hops: shortcut.hops))
                }
            }
            for (x, weight) in worker.loops[result.loops] where weight < loopWeight[Int(x)] {
                loopWeight[Int(x)] = weight
                loopVia[Int(x)] = m
            }
            graph.batchPosition[Int(m)] = .max
        }
    }

    /// Gives `m` the next rank, outputs its remaining arcs (all to higher ranks) and detaches
    /// it from its neighbours.
    private func removeFromGraph(_ m: Int32) {
        rankOfNode[Int(m)] = Int32(nodeAtRank.count)
        nodeAtRank.append(m)
        alive[Int(m)] = false
        let nextLevel = level[Int(m)] + 1
        for arc in graph.out.arcs(m) {
            forwardArcs.append(CHArc(head: arc.other, weight: arc.weight, via: arc.via))
            graph.into.remove(arc.other, other: m)
            touch(arc.other, level: nextLevel)
        }
        for arc in graph.into.arcs(m) {
            backwardArcs.append(CHArc(head: arc.other, weight: arc.weight, via: arc.via))
            graph.out.remove(arc.other, other: m)
            touch(arc.other, level: nextLevel)
        }
        forwardFirst.append(Int32(forwardArcs.count))
        backwardFirst.append(Int32(backwardArcs.count))
        graph.out.release(m)
        graph.into.release(m)
    }

    @inline(__always)
    private func touch(_ x: Int32, level nextLevel: Int32) {
        level[Int(x)] = max(level[Int(x)], nextLevel)
        dirty[Int(x)] = true
    }

    /// Whether `x` is still in the graph (not contracted).
    func isAlive(_ x: Int32) -> Bool { alive[Int(x)] }

    /// Renumbers heads and vias from input ids to ranks and wraps the arrays.
    func makeHierarchy() -> ContractionHierarchy {
        if forwardArcs.count >= Int(Int32.max) || backwardArcs.count >= Int(Int32.max) {
            fatalError("buildContractionHierarchy: too many arcs for Int32 offsets")
        }
        var shortcuts = 0
        for i in forwardArcs.indices {
            forwardArcs[i].head = rankOfNode[Int(forwardArcs[i].head)]
            if forwardArcs[i].via >= 0 { forwardArcs[i].via = rankOfNode[Int(forwardArcs[i].via)]; shortcuts += 1 }
        }
        for i in backwardArcs.indices {
            backwardArcs[i].head = rankOfNode[Int(backwardArcs[i].head)]
            if backwardArcs[i].via >= 0 { backwardArcs[i].via = rankOfNode[Int(backwardArcs[i].via)]; shortcuts += 1 }
        }
        statistics.shortcutCount = shortcuts
        // Made in place so that `arrays` holds the only reference (see `HierarchyArrays.hierarchy`).
        var arrays = HierarchyArrays(rankOfNode: rankOfNode, nodeAtRank: nodeAtRank,
                                     forwardFirst: forwardFirst, forwardArcs: forwardArcs,
                                     backwardFirst: backwardFirst, backwardArcs: backwardArcs,
                                     selfLoops: nodeAtRank.enumerated().map { rank, node in
                                         let via = loopVia[Int(node)]
                                         return CHArc(head: Int32(rank), weight: loopWeight[Int(node)],
                                                      via: via >= 0 ? rankOfNode[Int(via)] : via)
                                     },
                                     contractionOrderTail: nodeAtRank.count, leavesNameHeads: options.leavesNameHeads)
        // The arrays own them now: the steps below replace them with reordered copies, and
        // a second reference here would keep the originals alive beside those.
        (rankOfNode, nodeAtRank, forwardFirst, forwardArcs, backwardFirst, backwardArcs) = ([], [], [], [], [], [])
        laps.lap("numbering")
        if let sharedCore, let filters = options.nodeFilters {
            options.progress?.step("contraction: exclusion cores")
            arrays.exclusion = sharedCore.contractFilters(in: self, nodeFilters: filters, arrays: arrays)
        } else if options.nodeFilters != nil {
            // Nothing to exclude here: every filter is the plain hierarchy (and says so).
            arrays.exclusion = ExclusionArrays(rankFilters: Array(repeating: ExclusionFilter.allFilters, count: nodeCount),
                                               coreStart: nodeCount)
        }
        if let keys = options.storageKeys {
            // The core of the filters keeps contraction order at the end (its arcs' indices too).
            let coreShare = Double(arrays.exclusion?.coreCount ?? 0) / Double(max(nodeCount, 1))
            options.progress?.step("contraction: storage order")
            StorageOrder.renumber(&arrays, byKey: keys, topFraction: max(StorageOrder.defaultTopFraction, coreShare))
            laps.lap("storage order")
        }
        return arrays.hierarchy(laps: &laps)
    }
}
