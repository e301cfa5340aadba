import WayfinderGraph

/// The arcs a hierarchy adds for exclusion filters, before its shortcuts are numbered (see
/// `HierarchyFilters` for what queries read): per-rank filters, the filters of each main arc
/// stored at a core rank, and the arcs and cycles some filters need that the main hierarchy
/// lacks. Vias are middle ranks until `ShortcutNumbering` makes them shortcut ids; an extra
/// shortcut's halves are main arcs (found by head at its middle rank, as for main arcs) unless
/// `firstExtra` (a backward extra arc) or `secondExtra` (a forward one) names them.
struct ExclusionArrays {
    var rankFilters: [UInt8]
    /// The first core rank; core ranks keep contraction order (and their arcs' indices).
    var coreStart: Int
    var coreForwardMasks: [UInt8] = [], coreBackwardMasks: [UInt8] = []
    var forward = ExtraArcs(), backward = ExtraArcs(), loops = ExtraArcs()

    var coreCount: Int { rankFilters.count - coreStart }

    /// Extra arcs stored at core ranks (`first`: `coreCount + 1` offsets; none for loops,
    /// whose head is their rank).
    struct ExtraArcs {
        var first: [Int32] = [0]
        var arcs: [CHArc] = []
        var masks: [UInt8] = []
        /// The filters whose nodes every node of the arc's path belongs to.
        var valid: [UInt8] = []
        var firstExtra: [Int32] = [], secondExtra: [Int32] = []
    }
}

/// Keeps every arc of every filter's hierarchy once, with the filters it serves.
///
/// All filters share the ranks. Below the core the hierarchies are one (`SharedCore`): an arc
/// there serves the filters that keep its head (its path's other nodes are kept by all). At a
/// core rank, a filter's arc `r -> h` of weight w can be served by any stored arc `r -> h` of
/// weight w whose whole path (unpacked through its own halves) the filter keeps: the search
/// sees the same weight, and the path it unpacks is one the filter allows. So, rank by rank
/// upwards, each filter's arcs are matched against the main arcs, then against the extra arcs
/// made so far; only unmatched ones become extra arcs, whose halves are what that filter
/// stored at the middle rank.
struct ExclusionMerge {
    let arrays: HierarchyArrays
    let rankFilters: [UInt8]
    let coreStart: Int
    let plainGroup: UInt8
    private(set) var result: ExclusionArrays
    private var coreForwardValid: [UInt8] = [], coreBackwardValid: [UInt8] = []
    /// Per filter group, per core rank: what the group stored there, by direction and head
    /// (a main arc index, or `~i` for extra arc i).
    private var stored: [[[(forward: Bool, head: Int32, ref: Int32)]]] = []

    init(arrays: HierarchyArrays, rankFilters: [UInt8], coreStart: Int, plainGroup: UInt8) {
        self.arrays = arrays
        self.rankFilters = rankFilters
        self.coreStart = coreStart
        self.plainGroup = plainGroup
        result = ExclusionArrays(rankFilters: rankFilters, coreStart: coreStart)
    }

    /// The arc a group stored at rank `m` in a direction towards `head`, and the filters its path serves.
    private func half(_ group: Int?, _ m: Int32, forward: Bool, head: Int32) -> (ref: Int32, valid: UInt8) {
        if let group, Int(m) >= coreStart {
            for entry in stored[group][Int(m) - coreStart] where entry.forward == forward && entry.head == head {
                if entry.ref >= 0 { return (entry.ref, mainValid(forward, entry.ref)) }
                return (entry.ref, (forward ? result.forward : result.backward).valid[Int(~entry.ref)])
            }
            fatalError("exclusion merge: half of a filter's shortcut is missing")
        }
        let (first, arcs) = forward ? (arrays.forwardFirst, arrays.forwardArcs) : (arrays.backwardFirst, arrays.backwardArcs)
        for i in Int(first[Int(m)])..<Int(first[Int(m) + 1]) where arcs[i].head == head {
            return (Int32(i), Int(m) >= coreStart ? mainValid(forward, Int32(i)) : rankFilters[Int(m)] & rankFilters[Int(head)])
        }
        fatalError("exclusion merge: half of a shortcut is missing")
    }

    private func mainValid(_ forward: Bool, _ i: Int32) -> UInt8 {
        forward ? coreForwardValid[Int(i) - Int(arrays.forwardFirst[coreStart])]
                : coreBackwardValid[Int(i) - Int(arrays.backwardFirst[coreStart])]
    }

    /// Validity of an arc at rank r, stored `forward` (r -> other) or backward (other -> r).
    private func validity(_ group: Int?, rank r: Int32, other: Int32, via: Int32, forward: Bool) -> (UInt8, Int32, Int32) {
        guard via >= 0 else { return (rankFilters[Int(r)] & rankFilters[Int(other)], -1, -1) }
        let (tail, head) = forward ? (r, other) : (other, r)
        let a = half(group, via, forward: false, head: tail), b = half(group, via, forward: true, head: head)
        return (a.valid & b.valid, a.ref < 0 ? ~a.ref : -1, b.ref < 0 ? ~b.ref : -1)
    }

    mutating func run(groups: [UInt8], replays: [SharedCore.Replay]) {
        let n = rankFilters.count
        let rankOfNode = arrays.rankOfNode
        stored = groups.map { _ in Array(repeating: [], count: n - coreStart) }
        let forwardBase = Int(arrays.forwardFirst[coreStart]), backwardBase = Int(arrays.backwardFirst[coreStart])
        coreForwardValid = Array(repeating: 0, count: arrays.forwardArcs.count - forwardBase)
        coreBackwardValid = Array(repeating: 0, count: arrays.backwardArcs.count - backwardBase)
        result.coreForwardMasks = Array(repeating: plainGroup, count: coreForwardValid.count)
        result.coreBackwardMasks = Array(repeating: plainGroup, count: coreBackwardValid.count)
        func rank(ofVia via: Int32) -> Int32 { via >= 0 ? rankOfNode[Int(via)] : via }
        for r in Int32(coreStart)..<Int32(n) {
            for forward in [true, false] {
                let (first, arcs) = forward ? (arrays.forwardFirst, arrays.forwardArcs) : (arrays.backwardFirst, arrays.backwardArcs)
                for i in Int(first[Int(r)])..<Int(first[Int(r) + 1]) {
                    let valid = validity(nil, rank: r, other: arcs[i].head, via: arcs[i].via, forward: forward).0
                    if forward { coreForwardValid[i - forwardBase] = valid } else { coreBackwardValid[i - backwardBase] = valid }
                }
                for (g, bits) in groups.enumerated() {
                    let filter = UInt8(1) << UInt8(bits.trailingZeroBitCount)
                    let local = Int(r) - coreStart
                    for arc in forward ? replays[g].forward[local] : replays[g].backward[local] {
                        let head = arc.head + Int32(coreStart), via = rank(ofVia: arc.via)
                        let ref = place(CHArc(head: head, weight: arc.weight, via: via), at: r, forward: forward,
                                        group: g, bits: bits, filter: filter)
                        stored[g][local].append((forward, head, ref))
                    }
                }
                if forward {
                    result.forward.first.append(Int32(result.forward.arcs.count))
                } else {
                    result.backward.first.append(Int32(result.backward.arcs.count))
                }
            }
            for (g, bits) in groups.enumerated() {
                let local = Int(r) - coreStart, weight = replays[g].loopWeight[local]
                guard weight < infiniteWeight else { continue }
                let filter = UInt8(1) << UInt8(bits.trailingZeroBitCount)
                let via = rank(ofVia: replays[g].loopVia[local])
                var j = result.loops.arcs.count - 1
                while j >= 0 && result.loops.arcs[j].head == r
                        && !(result.loops.arcs[j].weight == weight && result.loops.valid[j] & filter != 0) { j -= 1 }
                if j >= 0 && result.loops.arcs[j].head == r {
                    result.loops.masks[j] |= bits
                    continue
                }
                let (valid, firstExtra, secondExtra) = validity(g, rank: r, other: r, via: via, forward: true)
                append(CHArc(head: r, weight: weight, via: via), bits, valid, firstExtra, secondExtra, to: &result.loops)
            }
        }
    }

    /// Serves a group's arc by a stored one, or stores it as an extra arc; returns the reference.
    private mutating func place(_ arc: CHArc, at r: Int32, forward: Bool, group g: Int, bits: UInt8, filter: UInt8) -> Int32 {
        let (first, arcs) = forward ? (arrays.forwardFirst, arrays.forwardArcs) : (arrays.backwardFirst, arrays.backwardArcs)
        for i in Int(first[Int(r)])..<Int(first[Int(r) + 1]) where arcs[i].head == arc.head && arcs[i].weight == arc.weight {
            if mainValid(forward, Int32(i)) & filter != 0 {
                if forward {
                    result.coreForwardMasks[i - Int(first[coreStart])] |= bits
                } else {
                    result.coreBackwardMasks[i - Int(first[coreStart])] |= bits
                }
                return Int32(i)
            }
        }
        let key: WritableKeyPath<ExclusionArrays, ExclusionArrays.ExtraArcs> = forward ? \.forward : \.backward
        let rankStart = Int(result[keyPath: key].first.last!)
        for j in rankStart..<result[keyPath: key].arcs.count {
            let stored = result[keyPath: key].arcs[j]
            if stored.head == arc.head && stored.weight == arc.weight && result[keyPath: key].valid[j] & filter != 0 {
                result[keyPath: key].masks[j] |= bits
                return ~Int32(j)
            }
        }
        let (valid, firstExtra, secondExtra) = validity(g, rank: r, other: arc.head, via: arc.via, forward: forward)
        precondition(valid & filter != 0, "exclusion merge: a filter's arc passes a node it removes")
        append(arc, bits, valid, firstExtra, secondExtra, to: &result[keyPath: key])
        return ~Int32(result[keyPath: key].arcs.count - 1)
    }

    private func append(_ arc: CHArc, _ bits: UInt8, _ valid: UInt8, _ firstExtra: Int32, _ secondExtra: Int32,
                        to extras: inout ExclusionArrays.ExtraArcs) {
        extras.arcs.append(arc)
        extras.masks.append(bits)
        extras.valid.append(valid)
        extras.firstExtra.append(firstExtra)
        extras.secondExtra.append(secondExtra)
    }
}
