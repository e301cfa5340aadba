import Dispatch
import WayfinderGraph

/// Contracting a graph whose nodes some exclusion filters remove (`ContractionOptions.nodeFilters`),
/// as OSRM's `contractExcludableGraph`, with one node order for every filter.
///
/// 1. Every node that no filter removes is contracted first, with all its arcs, but with
///    witness searches that never pass through a removable node (`ContractionGraph.blocked`):
///    each shortcut then stands for a path whose inner nodes every filter keeps, and each
///    witness that saved one is a path every filter keeps. The arcs of these nodes serve every
///    filter that keeps both ends.
/// 2. What remains, the *core* (the removable nodes), is contracted as usual: the hierarchy of
///    "nothing excluded", the main arcs that plain queries read.
/// 3. For each other distinct filter, the core as it was after step 1, without the nodes the
///    filter removes, is contracted again in step 2's order (`replay`), so that every filter's
///    hierarchy has the same ranks. `ExclusionMerge` keeps each arc once with the filters
///    it serves.
///
/// Filters that remove the same nodes (toll and toll+ferry where no ferry sails) are one.
struct SharedCore {
    /// The core's input node ids, and every arc among them after step 1 (input ids, `via`
    /// an input id or `~payload`, as in the contraction).
    let nodes: [Int32]
    let arcs: [(tail: Int32, arc: DynamicArc)]
    /// The cheapest cycle of each core node through step 1's nodes (input id order of `nodes`).
    let loopWeight: [Int32]
    let loopVia: [Int32]

    init(of contractor: Contractor) {
        var nodes: [Int32] = [], arcs: [(tail: Int32, arc: DynamicArc)] = []
        var loopWeight: [Int32] = [], loopVia: [Int32] = []
        for x in 0..<Int32(contractor.nodeCount) where contractor.isAlive(x) {
            nodes.append(x)
            loopWeight.append(contractor.loopWeight[Int(x)])
            loopVia.append(contractor.loopVia[Int(x)])
            for arc in contractor.graph.out.arcs(x) { arcs.append((x, arc)) }
        }
        (self.nodes, self.arcs, self.loopWeight, self.loopVia) = (nodes, arcs, loopWeight, loopVia)
    }

    /// Groups of filters that remove the same nodes, the group of filter 0 first: the
    /// filters' bits in each group.
    static func groups(_ nodeFilters: [UInt8]) -> [UInt8] {
        var values = Set<UInt8>()
        for bits in nodeFilters { values.insert(bits) }
        var groups: [UInt8] = []
        var grouped: UInt8 = 0
        for c in 0..<ExclusionFilter.count where grouped & (1 << c) == 0 {
            var group: UInt8 = 0
            for d in c..<ExclusionFilter.count where values.allSatisfy({ ($0 >> c) & 1 == ($0 >> d) & 1 }) {
                group |= 1 << d
            }
            grouped |= group
            groups.append(group)
        }
        return groups
    }

    /// Steps 3 and the merge, once the contraction is done (`arrays` in contraction order,
    /// middle form).
    func contractFilters(in contractor: Contractor, nodeFilters: [UInt8], arrays: HierarchyArrays) -> ExclusionArrays {
        let n = contractor.nodeCount, start = n - nodes.count
        let rankOfNode = arrays.rankOfNode
        let coreNodes = Array(arrays.nodeAtRank[start..<n])
        // Local ids: rank - start.
        var localArcs: [(tail: Int32, arc: DynamicArc)] = []
        localArcs.reserveCapacity(arcs.count)
        for (tail, arc) in arcs {
            var local = arc
            local.other = rankOfNode[Int(arc.other)] - Int32(start)
            localArcs.append((rankOfNode[Int(tail)] - Int32(start), local))
        }
        var localLoopWeight = [Int32](repeating: infiniteWeight, count: nodes.count)
        var localLoopVia = [Int32](repeating: -1, count: nodes.count)
        for (i, x) in nodes.enumerated() {
            let local = Int(rankOfNode[Int(x)]) - start
            (localLoopWeight[local], localLoopVia[local]) = (loopWeight[i], loopVia[i])
        }
        let (replayArcs, replayLoopWeight, replayLoopVia) = (localArcs, localLoopWeight, localLoopVia)
        let groups = Self.groups(nodeFilters)
        let others = Array(groups.dropFirst())
        let settleLimit = contractor.options.contractSettleLimit
        let results = ReplayResults(count: others.count)
        DispatchQueue.concurrentPerform(iterations: others.count) { g in
            let started = ContinuousClock.now
            let filter = others[g].trailingZeroBitCount
            let keeps = coreNodes.map { nodeFilters[Int($0)] & (1 << filter) != 0 }
            var replay = Self.replay(coreNodes: coreNodes, arcs: replayArcs, keeps: keeps,
                                     loopWeight: replayLoopWeight, loopVia: replayLoopVia, settleLimit: settleLimit)
            replay.seconds = Laps.seconds(ContinuousClock.now - started)
            results.set(g, replay)
        }
        let replays = results.all.map { $0! }
        // Named by the classes the group's first filter excludes ("toll", "motorway,ferry").
        for (group, replay) in zip(others, replays) {
            let excluded = WayClasses(rawValue: UInt8(group.trailingZeroBitCount)).names.joined(separator: ",")
            contractor.laps.add("exclusion core \(excluded)", seconds: replay.seconds)
        }
        contractor.laps.lap("exclusion cores")
        let rankFilters = arrays.nodeAtRank.map { nodeFilters[Int($0)] }
        var merge = ExclusionMerge(arrays: arrays, rankFilters: rankFilters, coreStart: start, plainGroup: groups[0])
        merge.run(groups: others, replays: replays)
        contractor.laps.lap("exclusion merge")
        return merge.result
    }

    /// One filter's contraction of the core in the given order (local ids `0..<k` are ranks
    /// from the core's start): the arcs each kept node has left when contracted, and the cycles.
    static func replay(coreNodes: [Int32], arcs: [(tail: Int32, arc: DynamicArc)], keeps: [Bool],
                       loopWeight: [Int32], loopVia: [Int32], settleLimit: Int) -> Replay {
        let k = coreNodes.count
        var outDegree = [Int32](repeating: 0, count: k), inDegree = [Int32](repeating: 0, count: k)
        for (tail, arc) in arcs where keeps[Int(tail)] && keeps[Int(arc.other)] {
            outDegree[Int(tail)] += 1
            inDegree[Int(arc.other)] += 1
        }
        let out = AdjacencyLists(degrees: outDegree, slack: 2), into = AdjacencyLists(degrees: inDegree, slack: 2)
        for (tail, arc) in arcs where keeps[Int(tail)] && keeps[Int(arc.other)] {
            out.append(tail, arc)
            into.append(arc.other, DynamicArc(other: tail, weight: arc.weight, via: arc.via, hops: arc.hops))
        }
        let graph = ContractionGraph(out: out, into: into)
        let search = WitnessSearch(nodeCount: k)
        var result = Replay(forward: Array(repeating: [], count: k), backward: Array(repeating: [], count: k),
                            loopWeight: loopWeight, loopVia: loopVia)
        for m in 0..<Int32(k) where keeps[Int(m)] {
            search.contract(m, in: graph, position: .min, settleLimit: settleLimit)
            for arc in out.arcs(m) {
                result.forward[Int(m)].append(CHArc(head: arc.other, weight: arc.weight, via: arc.via))
                into.remove(arc.other, other: m)
            }
            for arc in into.arcs(m) {
                result.backward[Int(m)].append(CHArc(head: arc.other, weight: arc.weight, via: arc.via))
                out.remove(arc.other, other: m)
            }
            out.release(m)
            into.release(m)
            let via = coreNodes[Int(m)]
            for shortcut in search.shortcuts {
                let arc = DynamicArc(other: shortcut.head, weight: shortcut.weight, via: via, hops: shortcut.hops)
                if out.insertOrImprove(shortcut.tail, arc) {
                    into.insertOrImprove(shortcut.head, DynamicArc(other: shortcut.tail, weight: shortcut.weight,
                                                                  via: via, hops: shortcut.hops))
                }
            }
            for (x, weight) in search.loops where weight < result.loopWeight[Int(x)] {
                result.loopWeight[Int(x)] = weight
                result.loopVia[Int(x)] = via
            }
        }
        for x in 0..<k where !keeps[x] { result.loopWeight[x] = infiniteWeight }
        return result
    }

    /// What one replay produced, by local id: arcs with local heads and input-id vias.
    struct Replay {
        var forward: [[CHArc]]
        var backward: [[CHArc]]
        var loopWeight: [Int32]
        var loopVia: [Int32]
        /// Its wall time, for the build summary.
        var seconds = 0.0
    }

    /// Slots the parallel replays fill.
    final class ReplayResults: @unchecked Sendable {
        private(set) var all: [Replay?]
        private let lock = NSLockLike()
        init(count: Int) { all = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: Replay) { lock.locked { all[i] = value } }
    }
}

/// A tiny mutex over a pthread one (Foundation is not imported by this module).
final class NSLockLike: @unchecked Sendable {
    private let queue = DispatchQueue(label: "wayfinder.contraction.replays")
    func locked(_ body: () -> Void) { queue.sync(execute: body) }
}
