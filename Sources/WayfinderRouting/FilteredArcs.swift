import WayfinderGraph

/// The arcs of one direction of an upward search under an exclusion filter (see
/// `HierarchyFilters`): the main arcs, each checked for the filter's bit (below the core by its
/// head's filters, in the core by its own mask), and at core ranks the filter's extra arcs.
/// Extra arcs are labelled with indices after the main ones (`ContractionHierarchy.forwardArc`).
/// Plain searches never come here: `UpwardArcs` reads no mask.
struct FilteredUpwardArcs {
    let plain: UpwardArcs
    let rankFilters: UnsafeBufferPointer<UInt8>
    let coreStart: Int32
    let masks: UnsafeBufferPointer<UInt8>, maskBase: Int
    let extraFirst: UnsafeBufferPointer<Int32>, extraArcs: UnsafeBufferPointer<CHArc>, extraMasks: UnsafeBufferPointer<UInt8>
    let stallMasks: UnsafeBufferPointer<UInt8>, stallMaskBase: Int
    let stallExtraFirst: UnsafeBufferPointer<Int32>, stallExtraArcs: UnsafeBufferPointer<CHArc>
    let stallExtraMasks: UnsafeBufferPointer<UInt8>

    init?(_ hierarchy: ContractionHierarchy, forward: Bool) {
        guard let f = hierarchy.filters else { return nil }
        plain = UpwardArcs(hierarchy, forward: forward)
        rankFilters = f.rankFilters
        coreStart = f.coreStart
        let core = Int(f.coreStart)
        (masks, maskBase) = forward ? (f.forwardMasks, Int(hierarchy.forwardFirst[core]))
                                    : (f.backwardMasks, Int(hierarchy.backwardFirst[core]))
        (stallMasks, stallMaskBase) = forward ? (f.backwardMasks, Int(hierarchy.backwardFirst[core]))
                                              : (f.forwardMasks, Int(hierarchy.forwardFirst[core]))
        (extraFirst, extraArcs, extraMasks) = forward ? (f.extraForwardFirst, f.extraForwardArcs, f.extraForwardMasks)
                                                      : (f.extraBackwardFirst, f.extraBackwardArcs, f.extraBackwardMasks)
        (stallExtraFirst, stallExtraArcs, stallExtraMasks) = forward
            ? (f.extraBackwardFirst, f.extraBackwardArcs, f.extraBackwardMasks)
            : (f.extraForwardFirst, f.extraForwardArcs, f.extraForwardMasks)
    }

    /// Whether a search under `filter` may stand on rank `v` at all.
    @inline(__always)
    func keeps(_ v: Int32, filter: UInt8) -> Bool { rankFilters[Int(v)] & filter != 0 }

    /// `UpwardArcs.isStalled` over the arcs the filter keeps.
    @inline(__always)
    func isStalled<Labels: UpwardLabels>(_ v: Int32, at key: Int32, _ labels: Labels, filter: UInt8) -> Bool {
        let inCore = v >= coreStart
        for i in Int(plain.stallFirst[Int(v)])..<Int(plain.stallFirst[Int(v) + 1]) {
            let arc = plain.stallArcs[i]
            let kept = inCore ? stallMasks[i - stallMaskBase] & filter != 0 : rankFilters[Int(arc.head)] & filter != 0
            if kept && labels.reaches(arc.head, plus: arc.weight, below: key) { return true }
        }
        guard inCore else { return false }
        let local = Int(v - coreStart)
        for j in Int(stallExtraFirst[local])..<Int(stallExtraFirst[local + 1]) where stallExtraMasks[j] & filter != 0 {
            let arc = stallExtraArcs[j]
            if labels.reaches(arc.head, plus: arc.weight, below: key) { return true }
        }
        return false
    }

    /// `UpwardArcs.relax` over the arcs the filter keeps.
    @inline(__always)
    func relax<Labels: UpwardLabels>(from v: Int32, at key: Int32, below bound: Int32, _ labels: Labels, _ heap: MinHeap, filter: UInt8) {
        let inCore = v >= coreStart
        for i in Int(plain.first[Int(v)])..<Int(plain.first[Int(v) + 1]) {
            let arc = plain.arcs[i]
            guard inCore ? masks[i - maskBase] & filter != 0 : rankFilters[Int(arc.head)] & filter != 0 else { continue }
            let d = Int64(key) + Int64(arc.weight)
            if d >= Int64(bound) { continue }
            if labels.improve(Int(arc.head), to: Int32(truncatingIfNeeded: d), parent: v, parentArc: Int32(i)) {
                heap.push(key: Int32(truncatingIfNeeded: d), id: arc.head)
            }
        }
        guard inCore else { return }
        let local = Int(v - coreStart), mainCount = plain.arcs.count
        for j in Int(extraFirst[local])..<Int(extraFirst[local + 1]) where extraMasks[j] & filter != 0 {
            let arc = extraArcs[j]
            let d = Int64(key) + Int64(arc.weight)
            if d >= Int64(bound) { continue }
            if labels.improve(Int(arc.head), to: Int32(truncatingIfNeeded: d), parent: v, parentArc: Int32(mainCount + j)) {
                heap.push(key: Int32(truncatingIfNeeded: d), id: arc.head)
            }
        }
    }
}

extension ContractionHierarchy {
    /// The bit a search that excludes `classes` climbs by: 1 (plain) when they remove no
    /// road of this graph. Stops when this hierarchy has no filters and the classes would
    /// matter: callers ask `servesExclusions` first.
    func filterBit(excluding classes: WayClasses) -> UInt8 {
        let index = ExclusionFilter.index(excluding: classes)
        guard index != 0 else { return 1 }
        guard let filters else { fatalError("this graph file has no exclusion data: rebuild it to exclude roads") }
        let bit = UInt8(1) << UInt8(index)
        return filters.removingNothing & bit != 0 ? 1 : bit
    }

    /// Whether searches can exclude roads (files built before exclusions cannot).
    public var servesExclusions: Bool { filters != nil }
}

extension UpwardSweep {
    /// An initial label, unless the filter removes the rank (`filter` 1: plain).
    @inline(__always)
    func add(_ rank: Int32, _ weight: Int32, filter: UInt8) {
        if filter == 1 || search.filtered!.keeps(rank, filter: filter) { add(rank, weight) }
    }

    /// `sweep(_:)` over the arcs the filter keeps (`filter` 1: plain, the same sweep).
    @inline(__always)
    func sweep(filter: UInt8, _ visit: (_ rank: Int32, _ dist: Int32) -> Void) {
        guard filter != 1 else { return sweep(visit) }
        let heap = search.heap, labels = search.labels, arcs = search.filtered!
        while !heap.isEmpty {
            let (key, v) = heap.pop()
            if key > labels[Int(v)].dist { continue }  // superseded entry (lazy deletion)
            if arcs.isStalled(v, at: key, labels, filter: filter) { continue }
            visit(v, key)
            arcs.relax(from: v, at: key, below: infiniteWeight, labels, heap, filter: filter)
        }
    }
}
