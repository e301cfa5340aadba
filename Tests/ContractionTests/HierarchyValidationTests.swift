import Testing
import WayfinderGraph

/// `ContractionHierarchy.validationError()` on damaged arrays, as a graph file's mutated bytes
/// give them: it must name the damage, never trap or read out of bounds.
@Suite struct HierarchyValidationTests {
    /// A hierarchy of three nodes over the given offsets and arcs, every other array sound.
    /// `shortcutBits`: the forward arcs' `ShortcutArcMap` words (none marked by default).
    static func validate(forwardFirst: [Int32], forwardArcs: [BaseArc], shortcutBits: [UInt64]? = nil,
                         shortcutsBefore: [UInt32]? = nil) -> String? {
        let identity: [Int32] = [0, 1, 2], none: [Int32] = [0, 0, 0, 0]
        let owner = BufferOwner()
        let words = ShortcutArcMap.wordCount(arcCount: forwardArcs.count)
        let forwardMap = ShortcutArcMap(bits: owner.keep(shortcutBits ?? Array(repeating: 0, count: words)),
                                        before: owner.keep(shortcutsBefore ?? Array(repeating: 0, count: words)))
        let noArcs = ShortcutArcMap(bits: .init(start: nil, count: 0), before: .init(start: nil, count: 0))
        return identity.withUnsafeBufferPointer { ranks in
            forwardFirst.withUnsafeBufferPointer { first in
                forwardArcs.withUnsafeBufferPointer { arcs in
                    none.withUnsafeBufferPointer { backwardFirst in
                        ContractionHierarchy(rankOfNode: ranks, nodeAtRank: ranks, forwardFirst: first, forwardArcs: arcs,
                                             backwardFirst: backwardFirst, backwardArcs: .init(start: nil, count: 0),
                                             forwardShortcutArcs: forwardMap, backwardShortcutArcs: noArcs,
                                             shortcutArcIds: PackedInts(words: .init(start: nil, count: 0)), originalPayloads: PackedInts(words: .init(start: nil, count: 0)),
                                             selfLoops: .init(start: nil, count: 0), shortcuts: .init(start: nil, count: 0), shortcutMiddles: nil,
                                             coreDistances: .init(start: nil, count: 0), coreNextHop: .init(start: nil, count: 0),
                                             owner: nil).validationError()
                    }
                }
            }
        }
    }

    @Test func soundOffsetsPass() {
        #expect(Self.validate(forwardFirst: [0, 1, 1, 1], forwardArcs: [BaseArc(head: 1, weight: 5)]) == nil)
    }

    /// A shortcut map that marks an arc no id is kept for, counts wrongly, or is sized for
    /// other arcs: each is named, before any arc is unpacked through it.
    @Test func shortcutMapsMustMatchArcsAndTable() {
        let arcs = [BaseArc(head: 1, weight: 5)]
        #expect(Self.validate(forwardFirst: [0, 1, 1, 1], forwardArcs: arcs, shortcutBits: [1], shortcutsBefore: [0])
            == "contraction hierarchy: the shortcut arcs do not match their ids or payloads")
        #expect(Self.validate(forwardFirst: [0, 1, 1, 1], forwardArcs: arcs, shortcutBits: [0], shortcutsBefore: [3])
            == "contraction hierarchy: forward shortcut arcs: shortcut counts do not add up at word 0")
        #expect(Self.validate(forwardFirst: [0, 1, 1, 1], forwardArcs: arcs, shortcutBits: [2], shortcutsBefore: [0])
            == "contraction hierarchy: forward shortcut arcs: bits past the last arc")
        #expect(Self.validate(forwardFirst: [0, 1, 1, 1], forwardArcs: arcs, shortcutBits: [], shortcutsBefore: [])
            == "contraction hierarchy: forward shortcut arcs: sizes do not match the arcs")
    }

    /// Found by `scripts/fuzz` (graph-file): offsets that rise past the arcs' end and fall
    /// back to it there sliced the arcs out of bounds, a trap in a checked build.
    @Test func anOffsetPastTheArcsIsDamageNotATrap() {
        let error = Self.validate(forwardFirst: [0, 5, 1, 1], forwardArcs: [BaseArc(head: 1, weight: 5)])
        #expect(error == "contraction hierarchy: forward offsets out of order at rank 0")
    }

    /// Found by `scripts/fuzz` (graph-file, in CI): a file whose hierarchy offsets run past its
    /// arcs gave the exclusion filters a negative count of core arcs, and viewing their masks
    /// trapped before any validation could say so. The views are clamped; the damage is named.
    @Test func filtersOverOffsetsPastTheArcsAreDamageNotATrap() {
        let rankFilters: [UInt8] = [0, 0, 0], masks: [UInt8] = [1, 1], extraFirst: [Int32] = [0, 0, 0, 0]
        let error: String? = rankFilters.withUnsafeBufferPointer { ranks in
            masks.withUnsafeBufferPointer { masks in
                extraFirst.withUnsafeBufferPointer { extraFirst in
                    let filters = HierarchyFilters(rankFilters: ranks, coreMasks: masks, extraFirst: extraFirst,
                                                   extraForwardArcs: .init(start: nil, count: 0),
                                                   extraBackwardArcs: .init(start: nil, count: 0), extraMasks: .init(start: nil, count: 0),
                                                   extraLoops: .init(start: nil, count: 0), extraLoopMasks: .init(start: nil, count: 0),
                                                   forwardCoreArcs: -4)
                    #expect(filters.forwardMasks.count == 0 && filters.backwardMasks.count == 2)
                    let identity: [Int32] = [0, 1, 2], first: [Int32] = [0, 0, 0, 0]
                    let noArcs = ShortcutArcMap(bits: .init(start: nil, count: 0), before: .init(start: nil, count: 0))
                    return identity.withUnsafeBufferPointer { ranks in
                        first.withUnsafeBufferPointer { first in
                            ContractionHierarchy(rankOfNode: ranks, nodeAtRank: ranks, forwardFirst: first, forwardArcs: .init(start: nil, count: 0),
                                                 backwardFirst: first, backwardArcs: .init(start: nil, count: 0),
                                                 forwardShortcutArcs: noArcs, backwardShortcutArcs: noArcs,
                                                 shortcutArcIds: PackedInts(words: .init(start: nil, count: 0)), originalPayloads: PackedInts(words: .init(start: nil, count: 0)),
                                                 selfLoops: .init(start: nil, count: 0), shortcuts: .init(start: nil, count: 0), shortcutMiddles: nil,
                                                 coreDistances: .init(start: nil, count: 0), coreNextHop: .init(start: nil, count: 0),
                                                 owner: nil).with(filters: filters).validationError()
                        }
                    }
                }
            }
        }
        #expect(error == "exclusion filters: inconsistent section sizes")
    }
}
