/// The immutable view of a contraction hierarchy that queries read.
///
/// It is flat buffers of fixed-width integers so that it can be memory-mapped straight from
/// the graph file (`ContractionHierarchySections.swift`); `owner` keeps whatever backs the
/// buffers alive (a `BufferOwner` for arrays built in memory, or the mapped file). Building
/// one (contraction, shortcut numbering, the core table) is WayfinderContraction's work.

/// A contraction hierarchy over dense node ids `0..<nodeCount`.
///
/// Nodes are contracted one by one; every arc, original or shortcut, is stored once, at its
/// end contracted first, so both query directions only ever climb in contraction order:
/// - `forwardArcs` at `u`: arcs `u -> v` (in the graph's direction) with `v` contracted after `u`;
/// - `backwardArcs` at `u`: arcs `v -> u` (in the graph's direction) with `v` contracted after `u`.
///
/// Arrays are indexed by *rank*, a node's position in storage. It need not follow the
/// contraction order: the importer renumbers ranks so that nodes close on the map are close in
/// memory (`ContractionOptions.storageKeys`; `StorageOrder` in WayfinderContraction), and only
/// the top nodes keep contraction order.
///
/// A shortcut `u -> v` bypasses a node `m` contracted before both; its halves are the arc
/// `u -> m` (in `backwardArcs` at `m`, head `u`) and the arc `m -> v` (in `forwardArcs` at `m`,
/// head `v`), with weights summing to the shortcut's. Its id indexes `shortcuts`, which
/// names both halves, so unpacking a path reads one small record per shortcut and never
/// touches the arc arrays. Stored arcs are head and weight only, the 8 bytes a search reads:
/// which are shortcuts is in a `ShortcutArcMap` per direction, a shortcut arc's id in
/// `shortcutArcIds` at its rank among the shortcut arcs, and an original arc's payload in
/// `originalPayloads` at its rank among the original ones, or 0 where that is empty.
/// `forwardArc(_:)` puts them together.
///
/// The input node `m` is in `shortcutMiddles`, beside the table, or (`shortcutMiddles ==
/// nil`) named by the original arc at the bottom of the first half:
/// where every payload is 0, as in turn-expanded modes, an original arc half is stored as
/// `~head` (the input id it ends at) instead of `~payload`, which saves a third of the
/// table; `middle(ofShortcut:)` walks down to `m` when it is needed. Shortcut records are in
/// depth-first pre-order from the deepest ones (a shortcut, then the tree of its first half,
/// then of its second), so unpacking reads mostly forwards through memory. (Numbered in arc
/// order instead, a shortcut arc's id would be its rank and need no `shortcutArcIds`, 21 MB
/// less at 10x10; but unpacking then jumps through the table at every half, and took 60–80 %
/// longer: search + unpack p50 +25 % at 20x20.)
///
/// `selfLoops` lists, by increasing head, the ranks `u` that have a cycle `u -> ... -> u`
/// whose other nodes were all contracted before `u` (or an original arc `u -> u`): the
/// cheapest one, head `u` (`selfLoop(at:)` finds it). It unpacks like a shortcut (`via >= 0`)
/// or is an original self-loop (`via < 0`). Queries need it for "cheapest cycle through a
/// node", which an up/down search cannot see. Few nodes have one, so only those are stored.
///
/// `coreDistances` and `coreNextHop` tabulate the top `coreSize` ranks (see `CoreTable`);
/// both are empty when there is no core.
public struct ContractionHierarchy: @unchecked Sendable {
    /// Input node id -> rank.
    public let rankOfNode: UnsafeBufferPointer<Int32>
    /// Rank -> input node id.
    public let nodeAtRank: UnsafeBufferPointer<Int32>
    /// `nodeCount + 1` offsets into `forwardArcs`, indexed by rank.
    public let forwardFirst: UnsafeBufferPointer<Int32>
    public let forwardArcs: UnsafeBufferPointer<BaseArc>
    /// `nodeCount + 1` offsets into `backwardArcs`, indexed by rank.
    public let backwardFirst: UnsafeBufferPointer<Int32>
    public let backwardArcs: UnsafeBufferPointer<BaseArc>
    /// Which forward and backward arcs are shortcuts (see the type's documentation).
    public let forwardShortcutArcs: ShortcutArcMap
    public let backwardShortcutArcs: ShortcutArcMap
    /// The shortcut arcs' ids, forward arcs' then backward arcs', in arc order, in as many
    /// bits as the shortcuts' count needs.
    public let shortcutArcIds: PackedInts
    /// The original arcs' payloads, forward arcs' then backward arcs', in arc order (packed
    /// as the ids are); empty
    /// where every payload is 0 (the turn-expanded modes).
    public let originalPayloads: PackedInts
    /// Where the backward arcs start in `shortcutArcIds` and in `originalPayloads`.
    public let forwardShortcutCount: Int, forwardOriginalCount: Int
    /// The cycles at ranks that have one, by increasing head (see the type's documentation).
    public let selfLoops: UnsafeBufferPointer<CHArc>
    /// What each shortcut (arc or self-loop with `via >= 0`) stands for.
    public let shortcuts: UnsafeBufferPointer<Shortcut>
    /// The input node each shortcut bypasses, where original arc halves are `~payload`; nil
    /// where they are `~head` (see the type's documentation).
    public let shortcutMiddles: UnsafeBufferPointer<Int32>?
    /// `coreSize * coreSize` distances and next hops between the top `coreSize` ranks.
    public let coreDistances: UnsafeBufferPointer<Int32>
    public let coreNextHop: UnsafeBufferPointer<UInt16>
    /// The number of core ranks (0: none); the core is `coreStart..<nodeCount`.
    public let coreSize: Int
    /// What exclusion filters add (`HierarchyFilters`); nil when no road can be excluded.
    public let filters: HierarchyFilters?
    /// Keeps the memory behind the views alive.
    public let owner: AnyObject?

    public init(
        rankOfNode: UnsafeBufferPointer<Int32>, nodeAtRank: UnsafeBufferPointer<Int32>,
        forwardFirst: UnsafeBufferPointer<Int32>, forwardArcs: UnsafeBufferPointer<BaseArc>,
        backwardFirst: UnsafeBufferPointer<Int32>, backwardArcs: UnsafeBufferPointer<BaseArc>,
        forwardShortcutArcs: ShortcutArcMap, backwardShortcutArcs: ShortcutArcMap,
        shortcutArcIds: PackedInts, originalPayloads: PackedInts,
        selfLoops: UnsafeBufferPointer<CHArc>, shortcuts: UnsafeBufferPointer<Shortcut>,
        shortcutMiddles: UnsafeBufferPointer<Int32>?,
        coreDistances: UnsafeBufferPointer<Int32>, coreNextHop: UnsafeBufferPointer<UInt16>,
        filters: HierarchyFilters? = nil, owner: AnyObject?
    ) {
        self.rankOfNode = rankOfNode
        self.nodeAtRank = nodeAtRank
        self.forwardFirst = forwardFirst
        self.forwardArcs = forwardArcs
        self.backwardFirst = backwardFirst
        self.backwardArcs = backwardArcs
        self.forwardShortcutArcs = forwardShortcutArcs
        self.backwardShortcutArcs = backwardShortcutArcs
        self.shortcutArcIds = shortcutArcIds
        self.originalPayloads = originalPayloads
        // A damaged map (mismatched sizes) counts as none here; validation names it.
        forwardShortcutCount = forwardShortcutArcs.bits.count == ShortcutArcMap.wordCount(arcCount: forwardArcs.count)
            && forwardShortcutArcs.before.count == forwardShortcutArcs.bits.count ? forwardShortcutArcs.count : 0
        forwardOriginalCount = forwardArcs.count - forwardShortcutCount
        self.selfLoops = selfLoops
        self.shortcuts = shortcuts
        self.shortcutMiddles = shortcutMiddles
        self.coreDistances = coreDistances
        self.coreNextHop = coreNextHop
        var size = 0  // the integer square root; validation rejects non-squares
        while (size + 1) * (size + 1) <= coreDistances.count { size += 1 }
        coreSize = size
        self.filters = filters
        self.owner = owner
    }

    /// A forward arc by its index in a search's labels, with what it stands for: main arcs,
    /// then `filters`' extra ones. (The rank is counted only where it is read: a table's
    /// sweeps ask this at every settled label, and a turn-expanded mode's original arc needs
    /// only its bit.)
    @inlinable public func forwardArc(_ i: Int) -> CHArc {
        guard i < forwardArcs.count else { return filters!.extraForwardArcs[i - forwardArcs.count] }
        let arc = forwardArcs[i]
        let via = forwardShortcutArcs.isShortcut(i) ? shortcutArcIds[forwardShortcutArcs.rank(i)]
            : originalPayloads.isEmpty ? ~0 : ~originalPayloads[i - forwardShortcutArcs.rank(i)]
        return CHArc(head: arc.head, weight: arc.weight, via: via)
    }

    /// A backward arc by its index in a search's labels, as `forwardArc(_:)`.
    @inlinable public func backwardArc(_ i: Int) -> CHArc {
        guard i < backwardArcs.count else { return filters!.extraBackwardArcs[i - backwardArcs.count] }
        let arc = backwardArcs[i]
        let via = backwardShortcutArcs.isShortcut(i) ? shortcutArcIds[forwardShortcutCount + backwardShortcutArcs.rank(i)]
            : originalPayloads.isEmpty ? ~0 : ~originalPayloads[forwardOriginalCount + i - backwardShortcutArcs.rank(i)]
        return CHArc(head: arc.head, weight: arc.weight, via: via)
    }

    /// The cheapest cycle at `rank` for a search under filter bit `filter` (1: plain).
    public func selfLoop(at rank: Int32, filter: UInt8) -> CHArc? {
        guard filter != 1, let filters, rank >= filters.coreStart else { return selfLoop(at: rank) }
        return filters.extraLoop(at: rank, filter: filter)
    }

    /// The first core rank (`nodeCount` when there is no core).
    @inlinable public var coreStart: Int32 { Int32(nodeCount - coreSize) }

    /// The cheapest cycle stored at `rank`, if any (binary search over `selfLoops`).
    public func selfLoop(at rank: Int32) -> CHArc? {
        var low = 0, high = selfLoops.count
        while low < high {
            let middle = (low + high) >> 1
            if selfLoops[middle].head < rank { low = middle + 1 } else { high = middle }
        }
        return low < selfLoops.count && selfLoops[low].head == rank ? selfLoops[low] : nil
    }

    @inlinable public var nodeCount: Int { rankOfNode.count }

    /// The input node shortcut `id` bypasses. Without `shortcutMiddles`: the end of its first
    /// half, found by following second halves down to an original arc (`~head`).
    public func middle(ofShortcut id: Int) -> Int32 {
        if let shortcutMiddles { return shortcutMiddles[id] }
        var half = shortcuts[id].first
        while half >= 0 { half = shortcuts[Int(half)].second }
        return ~half
    }

    /// Checks, in time linear in the size, everything the queries rely on for memory safety
    /// (counts, offsets, ranges, rank order of heads and vias). Returns a description of the
    /// first problem, or nil. Meant for data read from a file.
    public func validationError() -> String? {
        let n = nodeCount
        guard nodeAtRank.count == n,
              forwardFirst.count == n + 1, backwardFirst.count == n + 1
        else { return "contraction hierarchy: inconsistent array sizes" }
        for rank in 0..<n {
            let node = Int(nodeAtRank[rank])
            guard node >= 0, node < n, Int(rankOfNode[node]) == rank
            else { return "contraction hierarchy: rank permutation broken at rank \(rank)" }
        }
        for (first, arcs, name) in [(forwardFirst, forwardArcs, "forward"), (backwardFirst, backwardArcs, "backward")] {
            guard first[0] == 0, Int(first[n]) == arcs.count
            else { return "contraction hierarchy: \(name) offsets do not span the arcs" }
            for rank in 0..<n {
                // Rising offsets end at the arcs' count only if none overshoots it on the
                // way (found by fuzzing: an offset past the end, then a fall back to it).
                guard first[rank] <= first[rank + 1], Int(first[rank + 1]) <= arcs.count
                else { return "contraction hierarchy: \(name) offsets out of order at rank \(rank)" }
                for arc in arcs[Int(first[rank])..<Int(first[rank + 1])] {
                    guard arc.head >= 0, Int(arc.head) < n, arc.head != Int32(rank), arc.weight >= 0
                    else { return "contraction hierarchy: bad \(name) arc at rank \(rank)" }
                }
            }
        }
        for (map, arcs, name) in [(forwardShortcutArcs, forwardArcs, "forward"), (backwardShortcutArcs, backwardArcs, "backward")] {
            if let problem = map.validationError(arcCount: arcs.count) { return "contraction hierarchy: \(name) shortcut arcs: \(problem)" }
        }
        let arcShortcuts = forwardShortcutArcs.count + backwardShortcutArcs.count
        guard forwardShortcutCount == forwardShortcutArcs.count, shortcutArcIds.count == arcShortcuts,
              originalPayloads.isEmpty || originalPayloads.count == forwardArcs.count + backwardArcs.count - arcShortcuts
        else { return "contraction hierarchy: the shortcut arcs do not match their ids or payloads" }
        if let problem = originalPayloads.validationError { return "contraction hierarchy: the original arcs' payloads: \(problem)" }
        if let problem = shortcutArcIds.validationError { return "contraction hierarchy: the shortcut arcs' ids: \(problem)" }
        if let i = shortcutArcIds.firstIndex(notBelow: shortcuts.count) {
            return "contraction hierarchy: shortcut arc \(i) names no shortcut"
        }
        // Halves have larger ids, so unpacking always terminates. Every node a path can be
        // unpacked to (a middle, or an original arc's head) is an input node id.
        if let shortcutMiddles {
            guard shortcutMiddles.count == shortcuts.count
            else { return "contraction hierarchy: the shortcuts' middles do not match the shortcuts" }
            if let id = shortcutMiddles.firstIndex(where: { $0 < 0 || Int($0) >= n }) { return "contraction hierarchy: bad shortcut \(id)" }
        }
        let leavesNameHeads = shortcutMiddles == nil, count = shortcuts.count
        for id in 0..<count {
            let (first, second) = (Int(shortcuts[id].first), Int(shortcuts[id].second))
            guard first < 0 ? !leavesNameHeads || ~first < n : first > id && first < count,
                  second < 0 ? !leavesNameHeads || ~second < n : second > id && second < count
            else { return "contraction hierarchy: bad shortcut \(id)" }
        }
        for (i, loop) in selfLoops.enumerated() {
            guard loop.head >= 0, Int(loop.head) < n, i == 0 || selfLoops[i - 1].head < loop.head,
                  loop.weight >= 0, loop.weight < infiniteWeight, Int(loop.via) < shortcuts.count
            else { return "contraction hierarchy: bad self-loop \(i)" }
        }
        return coreValidationError() ?? filters?.validationError(self)
    }

    /// The core's part of `validationError()`: square tables, next hops in range, and the
    /// core upward closed (the query leaves the core only through the table).
    private func coreValidationError() -> String? {
        let n = nodeCount, k = coreSize, start = Int(coreStart)
        guard coreDistances.count == k * k, coreNextHop.count == k * k, k <= n, k <= Int(CoreTable.noHop)
        else { return "contraction hierarchy: core tables are not square or too large" }
        for (first, arcs) in [(forwardFirst, forwardArcs), (backwardFirst, backwardArcs)] {
            for arc in arcs[Int(first[start])..<Int(first[n])] where Int(arc.head) < start {
                return "contraction hierarchy: an arc leaves the core"
            }
        }
        for hop in coreNextHop where hop != CoreTable.noHop && Int(hop) >= k {
            return "contraction hierarchy: core next hop out of range"
        }
        return nil
    }
}
