import Testing
import WayfinderGraph

/// `ContractionHierarchy.validationError()` on damaged arrays, as a graph file's mutated bytes
/// give them: it must name the damage, never trap or read out of bounds.
@Suite struct HierarchyValidationTests {
    /// A hierarchy of three nodes over the given offsets and arcs, every other array sound.
    static func validate(forwardFirst: [Int32], forwardArcs: [CHArc]) -> String? {
        let identity: [Int32] = [0, 1, 2], none: [Int32] = [0, 0, 0, 0]
        return identity.withUnsafeBufferPointer { ranks in
            forwardFirst.withUnsafeBufferPointer { first in
                forwardArcs.withUnsafeBufferPointer { arcs in
                    none.withUnsafeBufferPointer { backwardFirst in
                        ContractionHierarchy(rankOfNode: ranks, nodeAtRank: ranks, forwardFirst: first, forwardArcs: arcs,
                                             backwardFirst: backwardFirst, backwardArcs: .init(start: nil, count: 0),
                                             selfLoops: .init(start: nil, count: 0), shortcuts: .init(start: nil, count: 0),
                                             coreDistances: .init(start: nil, count: 0), coreNextHop: .init(start: nil, count: 0),
                                             owner: nil).validationError()
                    }
                }
            }
        }
    }

    @Test func soundOffsetsPass() {
        #expect(Self.validate(forwardFirst: [0, 1, 1, 1], forwardArcs: [CHArc(head: 1, weight: 5, via: -1)]) == nil)
    }

    /// Found by `scripts/fuzz` (graph-file): offsets that rise past the arcs' end and fall
    /// back to it there sliced the arcs out of bounds, a trap in a checked build.
    @Test func anOffsetPastTheArcsIsDamageNotATrap() {
        let error = Self.validate(forwardFirst: [0, 5, 1, 1], forwardArcs: [CHArc(head: 1, weight: 5, via: -1)])
        #expect(error == "contraction hierarchy: forward offsets out of order at rank 0")
    }
}
