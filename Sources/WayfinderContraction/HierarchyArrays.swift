import WayfinderGraph

/// A hierarchy's arrays before its shortcuts are numbered, as contraction produces them: a
/// shortcut's `via` is its middle rank, and `selfLoops` has one entry per rank
/// (`weight == infiniteWeight` for none).
struct HierarchyArrays {
    var rankOfNode: [Int32], nodeAtRank: [Int32]
    var forwardFirst: [Int32], forwardArcs: [CHArc]
    var backwardFirst: [Int32], backwardArcs: [CHArc]
    var selfLoops: [CHArc]
    /// How many of the last ranks are in contraction order (all of them until renumbered):
    /// the core may not be larger.
    var contractionOrderTail: Int
    /// What exclusion filters add (`ExclusionMerge`), if any.
    var exclusion: ExclusionArrays? = nil
    /// The shortcut table's original arc halves name their heads, not their payloads, which
    /// are all 0, and no middles are kept (`ContractionOptions.leavesNameHeads`).
    var leavesNameHeads = false

    /// Finishes the hierarchy: finds each shortcut's halves and numbers the shortcuts (see
    /// `ContractionHierarchy`), tabulates the core (`coreSize` ranks, by default
    /// `CoreTable.defaultSize`, at most `contractionOrderTail`: they must be the last
    /// contracted, in order), keeps only the self-loops there are, and keeps everything in a
    /// new `BufferOwner`.
    mutating func hierarchy(coreSize: Int? = nil) -> ContractionHierarchy {
        var laps = Laps()
        return hierarchy(coreSize: coreSize, laps: &laps)
    }

    /// As `hierarchy(coreSize:)`, ending the running step of `laps` as "core table" once the
    /// core is tabulated (its searches grow with the square of the core's size).
    /// Leaves `self` empty: the shortcuts are numbered in place, and each array goes once it
    /// is copied to the hierarchy's storage. Numbering copies of them, while `self` still held
    /// the originals, kept three of each arc array at once: at 20x20, cycling's arrays step
    /// was the build's peak.
    mutating func hierarchy(coreSize: Int? = nil, laps: inout Laps) -> ContractionHierarchy {
        let size = min(coreSize ?? CoreTable.defaultSize(nodeCount: rankOfNode.count), contractionOrderTail, CoreTable.maximumSize)
        // The core's searches read heads and weights only, which numbering leaves alone.
        let core = CoreTable.build(size: size, forwardFirst: forwardFirst, forwardArcs: forwardArcs,
                                   backwardFirst: backwardFirst, backwardArcs: backwardArcs)
        laps.lap("core table")
        let shortcuts = ShortcutNumbering.number(nodeAtRank: nodeAtRank, forwardFirst: forwardFirst, forwardArcs: &forwardArcs,
                                                 backwardFirst: backwardFirst, backwardArcs: &backwardArcs,
                                                 selfLoops: &selfLoops, exclusion: &exclusion, leavesNameHeads: leavesNameHeads)
        selfLoops.removeAll { $0.weight >= infiniteWeight }
        let owner = BufferOwner()
        let payloads = PackedInts.words(Self.originalPayloads(forwardArcs, backwardArcs))
        var forward = Self.stored(taking: &forwardArcs)
        var backward = Self.stored(taking: &backwardArcs)
        let ids = PackedInts.words(forward.ids + backward.ids)
        (forward.ids, backward.ids) = ([], [])
        return ContractionHierarchy(
            rankOfNode: owner.keep(taking: &rankOfNode), nodeAtRank: owner.keep(taking: &nodeAtRank),
            forwardFirst: owner.keep(taking: &forwardFirst), forwardArcs: owner.keep(taking: &forward.arcs),
            backwardFirst: owner.keep(taking: &backwardFirst), backwardArcs: owner.keep(taking: &backward.arcs),
            forwardShortcutArcs: ShortcutArcMap(bits: owner.keep(taking: &forward.bits), before: owner.keep(taking: &forward.before)),
            backwardShortcutArcs: ShortcutArcMap(bits: owner.keep(taking: &backward.bits), before: owner.keep(taking: &backward.before)),
            shortcutArcIds: PackedInts(words: owner.keep(ids)), originalPayloads: PackedInts(words: owner.keep(payloads)),
            selfLoops: owner.keep(taking: &selfLoops), shortcuts: owner.keep(shortcuts.table),
            shortcutMiddles: shortcuts.middles.map { owner.keep($0) },
            coreDistances: owner.keep(core.distances), coreNextHop: owner.keep(core.nextHop),
            filters: exclusion.map { e in
                HierarchyFilters(rankFilters: owner.keep(e.rankFilters), coreMasks: owner.keep(e.coreForwardMasks + e.coreBackwardMasks),
                                 extraFirst: owner.keep(e.forward.first + e.backward.first),
                                 extraForwardArcs: owner.keep(e.forward.arcs), extraBackwardArcs: owner.keep(e.backward.arcs),
                                 extraMasks: owner.keep(e.forward.masks + e.backward.masks),
                                 extraLoops: owner.keep(e.loops.arcs), extraLoopMasks: owner.keep(e.loops.masks),
                                 forwardCoreArcs: e.coreForwardMasks.count)
            },
            owner: owner)
    }
}

extension HierarchyArrays {
    /// The original arcs' payloads, forward then backward, in arc order; empty when all are 0.
    static func originalPayloads(_ forward: [CHArc], _ backward: [CHArc]) -> [Int32] {
        guard forward.contains(where: { $0.via < -1 }) || backward.contains(where: { $0.via < -1 }) else { return [] }
        return forward.compactMap { $0.via < 0 ? ~$0.via : nil } + backward.compactMap { $0.via < 0 ? ~$0.via : nil }
    }

    /// Numbered arcs as stored: heads and weights, which are shortcuts, and the shortcut
    /// arcs' ids in arc order. The 12-byte arcs go as soon as they are copied, so that only
    /// one copy of the larger array is held.
    static func stored(taking arcs: inout [CHArc]) -> (arcs: [BaseArc], bits: [UInt64], before: [UInt32], ids: [Int32]) {
        let map = ShortcutArcMap.arrays(arcCount: arcs.count) { arcs[$0].via >= 0 }
        let stored = arcs.map { BaseArc(head: $0.head, weight: $0.weight) }
        let ids = arcs.compactMap { $0.via >= 0 ? $0.via : nil }
        arcs = []
        return (stored, map.bits, map.before, ids)
    }
}

/// A finished hierarchy taken back to the form `HierarchyArrays` holds, to renumber it.
extension ContractionHierarchy {
    /// The arcs with what each stands for (`forwardArc(_:)`), as contraction builds them.
    var forwardArcsWithVias: [CHArc] { (0..<forwardArcs.count).map(forwardArc) }
    var backwardArcsWithVias: [CHArc] { (0..<backwardArcs.count).map(backwardArc) }

    /// One self-loop entry per rank, `weight == infiniteWeight` where there is none.
    var denseSelfLoops: [CHArc] {
        var dense = (0..<Int32(nodeCount)).map { CHArc(head: $0, weight: infiniteWeight, via: -1) }
        for loop in selfLoops { dense[Int(loop.head)] = loop }
        return dense
    }

    /// The middle rank of a shortcut arc, or the arc's `via` unchanged for an original arc.
    func middleForm(_ arc: CHArc) -> CHArc {
        arc.via >= 0 ? CHArc(head: arc.head, weight: arc.weight, via: rankOfNode[Int(middle(ofShortcut: Int(arc.via)))]) : arc
    }
}
