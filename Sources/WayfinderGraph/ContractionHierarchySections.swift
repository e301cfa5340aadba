/// How a contraction hierarchy is stored: one section per array, per mode.

extension ContractionHierarchy {
    /// Views `mode`'s hierarchy in place; the file owns it. Only element sizes are checked:
    /// run `validationError()` before following arcs of a file that might be damaged.
    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        func require<T: BitwiseCopyable>(_ kind: SectionKind, _ type: T.Type) throws(GraphFileError) -> UnsafeBufferPointer<T> {
            try file.require(kind, of: mode, as: type)
        }
        self.init(
            rankOfNode: try require(.chRankOfNode, Int32.self), nodeAtRank: try require(.chNodeAtRank, Int32.self),
            forwardFirst: try require(.chForwardFirst, Int32.self), forwardArcs: try require(.chForwardArcs, BaseArc.self),
            backwardFirst: try require(.chBackwardFirst, Int32.self), backwardArcs: try require(.chBackwardArcs, BaseArc.self),
            forwardShortcutArcs: ShortcutArcMap(bits: try require(.chForwardShortcutBits, UInt64.self),
                                                before: try require(.chForwardShortcutsBefore, UInt32.self)),
            backwardShortcutArcs: ShortcutArcMap(bits: try require(.chBackwardShortcutBits, UInt64.self),
                                                 before: try require(.chBackwardShortcutsBefore, UInt32.self)),
            shortcutArcIds: PackedInts(words: try require(.chShortcutArcIds, UInt64.self)), 
            originalPayloads: PackedInts(words: try require(.chOriginalPayloads, UInt64.self)),
            selfLoops: try require(.chSelfLoops, CHArc.self),
            shortcuts: try require(.chShortcuts, Shortcut.self),
            shortcutMiddles: file.rawSection(kind: SectionKind.chShortcutMiddles.rawValue, mode: mode.rawValue) == nil
                ? nil : try require(.chShortcutMiddles, Int32.self),
            coreDistances: try require(.chCoreDistances, Int32.self), coreNextHop: try require(.chCoreNextHop, UInt16.self),
            owner: file)
        if let filters = HierarchyFilters(file: file, mode: mode, hierarchy: self) {
            self = self.with(filters: filters)
        }
    }

    /// The same hierarchy with exclusion filters.
    public func with(filters: HierarchyFilters) -> ContractionHierarchy {
        ContractionHierarchy(rankOfNode: rankOfNode, nodeAtRank: nodeAtRank, forwardFirst: forwardFirst, forwardArcs: forwardArcs,
                             backwardFirst: backwardFirst, backwardArcs: backwardArcs,
                             forwardShortcutArcs: forwardShortcutArcs, backwardShortcutArcs: backwardShortcutArcs,
                             shortcutArcIds: shortcutArcIds, originalPayloads: originalPayloads, selfLoops: selfLoops,
                             shortcuts: shortcuts, shortcutMiddles: shortcutMiddles, coreDistances: coreDistances, coreNextHop: coreNextHop,
                             filters: filters, owner: owner)
    }

    /// Adds the hierarchy as `mode`'s sections.
    public func add(to writer: inout GraphFileWriter, mode: TravelMode) {
        let m = mode.rawValue
        writer.add(kind: SectionKind.chRankOfNode.rawValue, mode: m, Array(rankOfNode))
        writer.add(kind: SectionKind.chNodeAtRank.rawValue, mode: m, Array(nodeAtRank))
        writer.add(kind: SectionKind.chForwardFirst.rawValue, mode: m, Array(forwardFirst))
        writer.add(kind: SectionKind.chForwardArcs.rawValue, mode: m, Array(forwardArcs))
        writer.add(kind: SectionKind.chBackwardFirst.rawValue, mode: m, Array(backwardFirst))
        writer.add(kind: SectionKind.chBackwardArcs.rawValue, mode: m, Array(backwardArcs))
        writer.add(kind: SectionKind.chForwardShortcutBits.rawValue, mode: m, Array(forwardShortcutArcs.bits))
        writer.add(kind: SectionKind.chForwardShortcutsBefore.rawValue, mode: m, Array(forwardShortcutArcs.before))
        writer.add(kind: SectionKind.chBackwardShortcutBits.rawValue, mode: m, Array(backwardShortcutArcs.bits))
        writer.add(kind: SectionKind.chBackwardShortcutsBefore.rawValue, mode: m, Array(backwardShortcutArcs.before))
        writer.add(kind: SectionKind.chShortcutArcIds.rawValue, mode: m, Array(shortcutArcIds.words))
        writer.add(kind: SectionKind.chOriginalPayloads.rawValue, mode: m, Array(originalPayloads.words))
        writer.add(kind: SectionKind.chSelfLoops.rawValue, mode: m, Array(selfLoops))
        writer.add(kind: SectionKind.chShortcuts.rawValue, mode: m, Array(shortcuts))
        if let shortcutMiddles { writer.add(kind: SectionKind.chShortcutMiddles.rawValue, mode: m, Array(shortcutMiddles)) }
        writer.add(kind: SectionKind.chCoreDistances.rawValue, mode: m, Array(coreDistances))
        writer.add(kind: SectionKind.chCoreNextHop.rawValue, mode: m, Array(coreNextHop))
        filters?.add(to: &writer, mode: mode)
    }
}
