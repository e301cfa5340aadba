/// What a contraction hierarchy adds so that searches can exclude roads (`ExclusionFilter`)
/// at hierarchy speed, with one hierarchy for all filters (built by WayfinderContraction's
/// `ExclusionContraction.swift`).
///
/// All filters share the ranks. Below `coreStart` every filter's hierarchy is the main one:
/// an arc there serves the filters that keep its head (`rankFilters`). The core ranks (the
/// nodes some filter removes, at the top, in contraction order) were contracted once per
/// filter: each main arc stored there has a byte of the filters it serves (`forwardMasks`,
/// `backwardMasks`, indexed from `forwardFirst[coreStart]`), and the arcs and cycles some
/// filters need that the main hierarchy lacks are extra arcs (`extraForward…`, per core rank
/// `extra…First[rank - coreStart]`, each with its filters), unpacked through the same
/// shortcut table. A plain search reads none of it; a filtered one climbs only what has
/// its filter's bit, and never the core table (built for the plain metric).
///
/// Sections (kinds 60–67, driving only; absent in files built before exclusions: then no
/// filter is served):
/// 60 `rankFilters` (`UInt8` per rank); 61 the masks of main core arcs (forward, then
/// backward); 62 the extra arcs' offsets (forward `k + 1`, then backward `k + 1`, `k` core
/// ranks); 63, 64 the extra forward and backward arcs; 65 their masks (forward, then
/// backward); 66 the extra cycles by increasing head; 67 their masks.
public struct HierarchyFilters: @unchecked Sendable {
    public let rankFilters: UnsafeBufferPointer<UInt8>
    public let coreStart: Int32
    public let forwardMasks: UnsafeBufferPointer<UInt8>
    public let backwardMasks: UnsafeBufferPointer<UInt8>
    public let extraForwardFirst: UnsafeBufferPointer<Int32>
    public let extraBackwardFirst: UnsafeBufferPointer<Int32>
    public let extraForwardArcs: UnsafeBufferPointer<CHArc>
    public let extraBackwardArcs: UnsafeBufferPointer<CHArc>
    public let extraForwardMasks: UnsafeBufferPointer<UInt8>
    public let extraBackwardMasks: UnsafeBufferPointer<UInt8>
    public let extraLoops: UnsafeBufferPointer<CHArc>
    public let extraLoopMasks: UnsafeBufferPointer<UInt8>
    /// The filters that remove no node at all (they search as plain searches do).
    public let removingNothing: UInt8

    /// Views over the concatenated forms the file stores (see the type's documentation).
    public init(rankFilters: UnsafeBufferPointer<UInt8>, coreMasks: UnsafeBufferPointer<UInt8>,
                extraFirst: UnsafeBufferPointer<Int32>, extraForwardArcs: UnsafeBufferPointer<CHArc>,
                extraBackwardArcs: UnsafeBufferPointer<CHArc>, extraMasks: UnsafeBufferPointer<UInt8>,
                extraLoops: UnsafeBufferPointer<CHArc>, extraLoopMasks: UnsafeBufferPointer<UInt8>,
                forwardCoreArcs: Int) {
        self.rankFilters = rankFilters
        let k = max(0, extraFirst.count / 2 - 1)
        coreStart = Int32(rankFilters.count - k)
        // Clamped: a damaged file's counts must still make views; `validationError` rejects them.
        let split = min(max(0, forwardCoreArcs), coreMasks.count)
        forwardMasks = UnsafeBufferPointer(rebasing: coreMasks[0..<split])
        backwardMasks = UnsafeBufferPointer(rebasing: coreMasks[split...])
        extraForwardFirst = UnsafeBufferPointer(rebasing: extraFirst[0..<min(k + 1, extraFirst.count)])
        extraBackwardFirst = UnsafeBufferPointer(rebasing: extraFirst[min(k + 1, extraFirst.count)...])
        self.extraForwardArcs = extraForwardArcs
        self.extraBackwardArcs = extraBackwardArcs
        let extraSplit = min(extraForwardArcs.count, extraMasks.count)
        extraForwardMasks = UnsafeBufferPointer(rebasing: extraMasks[0..<extraSplit])
        extraBackwardMasks = UnsafeBufferPointer(rebasing: extraMasks[extraSplit...])
        self.extraLoops = extraLoops
        self.extraLoopMasks = extraLoopMasks
        var all = ExclusionFilter.allFilters
        for bits in rankFilters { all &= bits }
        removingNothing = all
    }

    /// The extra arcs stored at core rank `rank` in one direction (indices into its arrays).
    @inlinable public func extraRange(forward: Bool, at rank: Int32) -> Range<Int> {
        let first = forward ? extraForwardFirst : extraBackwardFirst
        let local = Int(rank - coreStart)
        return Int(first[local])..<Int(first[local + 1])
    }

    /// The cheapest cycle at core rank `rank` serving filter bit `filter`, if any.
    public func extraLoop(at rank: Int32, filter: UInt8) -> CHArc? {
        var low = 0, high = extraLoops.count
        while low < high {
            let middle = (low + high) >> 1
            if extraLoops[middle].head < rank { low = middle + 1 } else { high = middle }
        }
        var best: CHArc?
        while low < extraLoops.count && extraLoops[low].head == rank {
            if extraLoopMasks[low] & filter != 0 && (best == nil || extraLoops[low].weight < best!.weight) { best = extraLoops[low] }
            low += 1
        }
        return best
    }

    /// Checks sizes, offsets and ranges against `hierarchy`'s (memory safety for data read from a file).
    func validationError(_ h: ContractionHierarchy) -> String? {
        let n = h.nodeCount, start = Int(coreStart), k = n - start
        guard rankFilters.count == n, start >= 0, start <= n,
              extraForwardFirst.count == k + 1, extraBackwardFirst.count == k + 1,
              forwardMasks.count == h.forwardArcs.count - Int(h.forwardFirst[start]),
              backwardMasks.count == h.backwardArcs.count - Int(h.backwardFirst[start]),
              extraForwardMasks.count == extraForwardArcs.count, extraBackwardMasks.count == extraBackwardArcs.count,
              extraLoopMasks.count == extraLoops.count
        else { return "exclusion filters: inconsistent section sizes" }
        for (first, arcs) in [(extraForwardFirst, extraForwardArcs), (extraBackwardFirst, extraBackwardArcs)] {
            guard first[0] == 0, Int(first[k]) == arcs.count else { return "exclusion filters: offsets do not span the arcs" }
            for local in 0..<k {
                // Each offset within the arcs too, not only the last (as the hierarchy's own).
                guard first[local] <= first[local + 1], Int(first[local + 1]) <= arcs.count
                else { return "exclusion filters: offsets out of order" }
                for arc in arcs[Int(first[local])..<Int(first[local + 1])] {
                    guard Int(arc.head) > start + local, Int(arc.head) < n, arc.weight >= 0, Int(arc.via) < h.shortcuts.count
                    else { return "exclusion filters: bad extra arc at rank \(start + local)" }
                }
            }
        }
        for (i, loop) in extraLoops.enumerated() {
            guard Int(loop.head) >= start, Int(loop.head) < n, i == 0 || extraLoops[i - 1].head <= loop.head,
                  loop.weight >= 0, loop.weight < infiniteWeight, Int(loop.via) < h.shortcuts.count
            else { return "exclusion filters: bad cycle \(i)" }
        }
        return nil
    }
}

extension HierarchyFilters {
    /// `mode`'s filters in `file`, nil when the file has none (built before exclusions, or a
    /// mode without excludable roads' data).
    public init?(file: GraphFile, mode: TravelMode, hierarchy: ContractionHierarchy) {
        func view<T: BitwiseCopyable>(_ kind: SectionKind, _ type: T.Type) -> UnsafeBufferPointer<T>? {
            file.section(kind: kind.rawValue, mode: mode.rawValue, as: type)
        }
        guard let rankFilters = view(.rankFilters, UInt8.self), let coreMasks = view(.coreMasks, UInt8.self),
              let extraFirst = view(.extraFirst, Int32.self),
              let extraForwardArcs = view(.extraForwardArcs, CHArc.self), let extraBackwardArcs = view(.extraBackwardArcs, CHArc.self),
              let extraMasks = view(.extraMasks, UInt8.self), let extraLoops = view(.extraLoops, CHArc.self),
              let extraLoopMasks = view(.extraLoopMasks, UInt8.self),
              rankFilters.count == hierarchy.nodeCount, extraFirst.count >= 2, extraFirst.count / 2 - 1 <= hierarchy.nodeCount
        else { return nil }
        let coreStart = hierarchy.nodeCount - (extraFirst.count / 2 - 1)
        // The hierarchy is not validated yet: read its offsets only where they exist.
        let coreFirst = coreStart < hierarchy.forwardFirst.count ? Int(hierarchy.forwardFirst[coreStart]) : 0
        let forwardCoreArcs = hierarchy.forwardArcs.count - coreFirst
        self.init(rankFilters: rankFilters, coreMasks: coreMasks, extraFirst: extraFirst, extraForwardArcs: extraForwardArcs,
                  extraBackwardArcs: extraBackwardArcs, extraMasks: extraMasks, extraLoops: extraLoops,
                  extraLoopMasks: extraLoopMasks, forwardCoreArcs: forwardCoreArcs)
    }

    /// Adds the filters as `mode`'s sections.
    public func add(to writer: inout GraphFileWriter, mode: TravelMode) {
        let m = mode.rawValue
        writer.add(kind: SectionKind.rankFilters.rawValue, mode: m, Array(rankFilters))
        writer.add(kind: SectionKind.coreMasks.rawValue, mode: m, Array(forwardMasks) + Array(backwardMasks))
        writer.add(kind: SectionKind.extraFirst.rawValue, mode: m, Array(extraForwardFirst) + Array(extraBackwardFirst))
        writer.add(kind: SectionKind.extraForwardArcs.rawValue, mode: m, Array(extraForwardArcs))
        writer.add(kind: SectionKind.extraBackwardArcs.rawValue, mode: m, Array(extraBackwardArcs))
        writer.add(kind: SectionKind.extraMasks.rawValue, mode: m, Array(extraForwardMasks) + Array(extraBackwardMasks))
        writer.add(kind: SectionKind.extraLoops.rawValue, mode: m, Array(extraLoops))
        writer.add(kind: SectionKind.extraLoopMasks.rawValue, mode: m, Array(extraLoopMasks))
    }
}
