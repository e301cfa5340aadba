import WayfinderGraph

/// A path's hierarchy arcs unpacked in two passes.
///
/// Since graph format 6 a stored arc is its head and weight only; what it stands for is
/// looked up in the direction's `ShortcutArcMap` and `shortcutArcIds` (`forwardArc(_:)`),
/// two or three cache lines the search never touched. Looked up one arc at a time, between
/// unpackings whose loads each wait on the one before, those misses added up: unpacking took
/// about a third longer at 10x10. Looked up for all the path's arcs first, they do not depend
/// on one another, and the processor overlaps them.
extension PathBuilder {
    /// One hierarchy arc of the path: its index in a search's labels (main arcs, then the
    /// filters' extra ones), its direction, and the rank it ends at in path order.
    struct Step {
        var arc: Int32
        var forward: Bool
        var end: Int32
    }

    /// Unpacks `steps` in order: their codes first, then each.
    mutating func expand(_ steps: [Step], _ h: ContractionHierarchy) {
        codes.removeAll(keepingCapacity: true)
        for step in steps { codes.append(step.forward ? h.forwardArc(Int(step.arc)).via : h.backwardArc(Int(step.arc)).via) }
        for (k, step) in steps.enumerated() {
            expand(to: h.nodeAtRank[Int(step.end)], code: codes[k], shortcuts: h.shortcuts, middles: h.shortcutMiddles)
        }
    }
}
