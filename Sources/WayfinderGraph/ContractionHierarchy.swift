/// Immutable views of a contraction hierarchy and of the uncontracted graph it was built from.
///
/// Both are flat buffers of fixed-width integers so that they can be memory-mapped straight
/// from the graph file; `owner` keeps whatever backs the buffers alive (a `BufferOwner` for
/// arrays built in memory, or the mapped file).

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
/// head `v`), with weights summing to the shortcut's. Its `via` indexes `shortcuts`, which
/// names `m` and both halves, so unpacking a path reads one small record per shortcut and
/// never touches the arc arrays. Shortcut records are in depth-first pre-order from the
/// deepest ones (a shortcut, then the tree of its first half, then of its second), so
/// unpacking reads mostly forwards through memory.
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
    public let forwardArcs: UnsafeBufferPointer<CHArc>
    /// `nodeCount + 1` offsets into `backwardArcs`, indexed by rank.
    public let backwardFirst: UnsafeBufferPointer<Int32>
    public let backwardArcs: UnsafeBufferPointer<CHArc>
    /// The cycles at ranks that have one, by increasing head (see the type's documentation).
    public let selfLoops: UnsafeBufferPointer<CHArc>
    /// What each shortcut (arc or self-loop with `via >= 0`) stands for.
    public let shortcuts: UnsafeBufferPointer<Shortcut>
    /// `coreSize * coreSize` distances and next hops between the top `coreSize` ranks.
    public let coreDistances: UnsafeBufferPointer<Int32>
    public let coreNextHop: UnsafeBufferPointer<UInt16>
    /// The number of core ranks (0: none); the core is `coreStart..<nodeCount`.
    public let coreSize: Int
    /// Keeps the memory behind the views alive.
    public let owner: AnyObject?

    public init(
        rankOfNode: UnsafeBufferPointer<Int32>, nodeAtRank: UnsafeBufferPointer<Int32>,
        forwardFirst: UnsafeBufferPointer<Int32>, forwardArcs: UnsafeBufferPointer<CHArc>,
        backwardFirst: UnsafeBufferPointer<Int32>, backwardArcs: UnsafeBufferPointer<CHArc>,
        selfLoops: UnsafeBufferPointer<CHArc>, shortcuts: UnsafeBufferPointer<Shortcut>,
        coreDistances: UnsafeBufferPointer<Int32>, coreNextHop: UnsafeBufferPointer<UInt16>,
        owner: AnyObject?
    ) {
        self.rankOfNode = rankOfNode
        self.nodeAtRank = nodeAtRank
        self.forwardFirst = forwardFirst
        self.forwardArcs = forwardArcs
        self.backwardFirst = backwardFirst
        self.backwardArcs = backwardArcs
        self.selfLoops = selfLoops
        self.shortcuts = shortcuts
        self.coreDistances = coreDistances
        self.coreNextHop = coreNextHop
        var size = 0  // the integer square root; validation rejects non-squares
        while (size + 1) * (size + 1) <= coreDistances.count { size += 1 }
        coreSize = size
        self.owner = owner
    }

    /// Builds the hierarchy from arrays whose shortcuts still name their middle rank in `via`
    /// and with one self-loop entry per rank (`weight == infiniteWeight` for none), as
    /// contraction produces them: finds each shortcut's halves, numbers the shortcuts (see the
    /// type's documentation), tabulates the top `coreSize` ranks (they must be the last
    /// contracted, in order), and keeps everything in a new `BufferOwner`.
    public init(
        owning rankOfNode: [Int32], nodeAtRank: [Int32],
        forwardFirst: [Int32], forwardArcs: [CHArc],
        backwardFirst: [Int32], backwardArcs: [CHArc], selfLoops: [CHArc], coreSize: Int? = nil
    ) {
        var forwardArcs = forwardArcs, backwardArcs = backwardArcs, selfLoops = selfLoops
        let shortcuts = ShortcutNumbering.number(nodeAtRank: nodeAtRank, forwardFirst: forwardFirst, forwardArcs: &forwardArcs,
                                                 backwardFirst: backwardFirst, backwardArcs: &backwardArcs,
                                                 selfLoops: &selfLoops)
        let core = CoreTable.build(size: coreSize ?? CoreTable.defaultSize(nodeCount: rankOfNode.count),
                                   forwardFirst: forwardFirst, forwardArcs: forwardArcs,
                                   backwardFirst: backwardFirst, backwardArcs: backwardArcs)
        let owner = BufferOwner()
        self.init(
            rankOfNode: owner.keep(rankOfNode), nodeAtRank: owner.keep(nodeAtRank),
            forwardFirst: owner.keep(forwardFirst), forwardArcs: owner.keep(forwardArcs),
            backwardFirst: owner.keep(backwardFirst), backwardArcs: owner.keep(backwardArcs),
            selfLoops: owner.keep(selfLoops.filter { $0.weight < infiniteWeight }), shortcuts: owner.keep(shortcuts),
            coreDistances: owner.keep(core.distances), coreNextHop: owner.keep(core.nextHop), owner: owner)
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

    /// One self-loop entry per rank, `weight == infiniteWeight` where there is none: the
    /// form `init(owning:...)` takes.
    public var denseSelfLoops: [CHArc] {
        var dense = (0..<Int32(nodeCount)).map { CHArc(head: $0, weight: infiniteWeight, via: -1) }
        for loop in selfLoops { dense[Int(loop.head)] = loop }
        return dense
    }

    /// The middle rank of a shortcut arc, or the arc's `via` unchanged for an original arc:
    /// the form `init(owning:...)` takes.
    @inlinable public func middleForm(_ arc: CHArc) -> CHArc {
        arc.via >= 0 ? CHArc(head: arc.head, weight: arc.weight, via: rankOfNode[Int(shortcuts[Int(arc.via)].middle)]) : arc
    }

    @inlinable public var nodeCount: Int { rankOfNode.count }

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
                guard first[rank] <= first[rank + 1]
                else { return "contraction hierarchy: \(name) offsets decrease at rank \(rank)" }
                for arc in arcs[Int(first[rank])..<Int(first[rank + 1])] {
                    guard arc.head >= 0, Int(arc.head) < n, arc.head != Int32(rank), arc.weight >= 0,
                          Int(arc.via) < shortcuts.count
                    else { return "contraction hierarchy: bad \(name) arc at rank \(rank)" }
                }
            }
        }
        // Halves have larger ids, so unpacking always terminates.
        for (id, shortcut) in shortcuts.enumerated() {
            guard shortcut.middle >= 0, Int(shortcut.middle) < n,
                  shortcut.first < 0 || (Int(shortcut.first) > id && Int(shortcut.first) < shortcuts.count),
                  shortcut.second < 0 || (Int(shortcut.second) > id && Int(shortcut.second) < shortcuts.count)
            else { return "contraction hierarchy: bad shortcut \(id)" }
        }
        for (i, loop) in selfLoops.enumerated() {
            guard loop.head >= 0, Int(loop.head) < n, i == 0 || selfLoops[i - 1].head < loop.head,
                  loop.weight >= 0, loop.weight < infiniteWeight, Int(loop.via) < shortcuts.count
            else { return "contraction hierarchy: bad self-loop \(i)" }
        }
        return coreValidationError()
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

/// Numbers the shortcuts of a freshly built (or renumbered) hierarchy; see `ContractionHierarchy`.
enum ShortcutNumbering {
    /// Rewrites every shortcut's `via` from its middle rank to its id and returns the table.
    /// Arc indices are one space: forward arcs, then backward arcs, then self-loops.
    static func number(nodeAtRank: [Int32], forwardFirst: [Int32], forwardArcs: inout [CHArc],
                       backwardFirst: [Int32], backwardArcs: inout [CHArc], selfLoops: inout [CHArc]) -> [Shortcut] {
        let f = forwardArcs.count, b = backwardArcs.count, total = f + b + selfLoops.count
        func arc(_ i: Int) -> CHArc { i < f ? forwardArcs[i] : i < f + b ? backwardArcs[i - f] : selfLoops[i - f - b] }
        func find(_ first: [Int32], _ arcs: [CHArc], at rank: Int32, head: Int32) -> Int32 {
            for i in Int(first[Int(rank)])..<Int(first[Int(rank) + 1]) where arcs[i].head == head { return Int32(i) }
            fatalError("contraction hierarchy: half of a shortcut is missing")
        }
        // Halves as arc indices in the one space (-1 for original arcs).
        var firstHalf = [Int32](repeating: -1, count: total), secondHalf = [Int32](repeating: -1, count: total)
        for rank in 0..<max(0, forwardFirst.count - 1) {
            for i in Int(forwardFirst[rank])..<Int(forwardFirst[rank + 1]) where forwardArcs[i].via >= 0 {
                let m = forwardArcs[i].via
                firstHalf[i] = Int32(f) + find(backwardFirst, backwardArcs, at: m, head: Int32(rank))
                secondHalf[i] = find(forwardFirst, forwardArcs, at: m, head: forwardArcs[i].head)
            }
            for i in Int(backwardFirst[rank])..<Int(backwardFirst[rank + 1]) where backwardArcs[i].via >= 0 {
                let m = backwardArcs[i].via
                firstHalf[f + i] = Int32(f) + find(backwardFirst, backwardArcs, at: m, head: backwardArcs[i].head)
                secondHalf[f + i] = find(forwardFirst, forwardArcs, at: m, head: Int32(rank))
            }
            if selfLoops[rank].via >= 0 {
                let m = selfLoops[rank].via
                firstHalf[f + b + rank] = Int32(f) + find(backwardFirst, backwardArcs, at: m, head: Int32(rank))
                secondHalf[f + b + rank] = find(forwardFirst, forwardArcs, at: m, head: Int32(rank))
            }
        }
        // Depth: 0 for original arcs, 1 + the deeper half for shortcuts (halves are acyclic).
        var depth = [Int32](repeating: -1, count: total)
        var stack: [Int32] = []
        for start in 0..<total where depth[start] < 0 {
            stack.append(Int32(start))
            while let i = stack.last.map(Int.init) {
                if depth[i] >= 0 { stack.removeLast(); continue }
                guard firstHalf[i] >= 0 else { depth[i] = 0; stack.removeLast(); continue }
                let x = Int(firstHalf[i]), y = Int(secondHalf[i])
                if depth[x] < 0 { stack.append(Int32(x)); continue }
                if depth[y] < 0 { stack.append(Int32(y)); continue }
                depth[i] = 1 + max(depth[x], depth[y])
                stack.removeLast()
            }
        }
        // Reverse depth-first post-order from the deepest shortcuts: a topological order (a
        // shortcut before its halves, even halves shared with other shortcuts) in which a
        // shortcut is followed by the tree of its first half, then that of its second half, so
        // unpacking a path mostly reads forwards through memory.
        var roots = (0..<total).filter { firstHalf[$0] >= 0 }
        roots.sort { x, y in
            depth[x] != depth[y] ? depth[x] > depth[y] : arc(x).via != arc(y).via ? arc(x).via < arc(y).via : x < y
        }
        var visited = [Bool](repeating: false, count: total)
        var postOrder: [Int] = []
        postOrder.reserveCapacity(roots.count)
        // Stack entries: arc index, or ~index once its halves have been pushed.
        var pending: [Int] = []
        for root in roots where !visited[root] {
            pending.append(root)
            while let top = pending.popLast() {
                if top < 0 { postOrder.append(~top); continue }
                guard firstHalf[top] >= 0, !visited[top] else { continue }
                visited[top] = true
                pending.append(~top)
                pending.append(Int(firstHalf[top]))   // popped after the second half: emitted later
                pending.append(Int(secondHalf[top]))
            }
        }
        let order = Array(postOrder.reversed())
        var id = [Int32](repeating: -1, count: total)
        for (k, i) in order.enumerated() { id[i] = Int32(k) }
        func code(_ half: Int32) -> Int32 { id[Int(half)] >= 0 ? id[Int(half)] : arc(Int(half)).via }
        let table = order.map { i in
            Shortcut(middle: nodeAtRank[Int(arc(i).via)], first: code(firstHalf[i]), second: code(secondHalf[i]))
        }
        for i in order {
            if i < f { forwardArcs[i].via = id[i] } else if i < f + b { backwardArcs[i - f].via = id[i] } else { selfLoops[i - f - b].via = id[i] }
        }
        return table
    }
}

/// The uncontracted input graph in compressed-sparse-row form: the arcs leaving node `u` are
/// `arcs[first[u]..<first[u + 1]]`. Parallel arcs and self-loops are kept as given.
public struct BaseGraph: @unchecked Sendable {
    /// `nodeCount + 1` offsets into `arcs`.
    public let first: UnsafeBufferPointer<Int32>
    public let arcs: UnsafeBufferPointer<BaseArc>
    /// Keeps the memory behind the views alive.
    public let owner: AnyObject?

    public init(first: UnsafeBufferPointer<Int32>, arcs: UnsafeBufferPointer<BaseArc>, owner: AnyObject?) {
        self.first = first
        self.arcs = arcs
        self.owner = owner
    }

    /// Builds the CSR form (a stable counting sort by tail) and owns it.
    public init(nodeCount: Int, arcs input: [WeightedArc]) {
        var first = [Int32](repeating: 0, count: nodeCount + 1)
        for arc in input {
            if arc.tail < 0 || Int(arc.tail) >= nodeCount || arc.head < 0 || Int(arc.head) >= nodeCount {
                fatalError("BaseGraph: arc endpoint out of range 0..<\(nodeCount)")
            }
            first[Int(arc.tail) + 1] += 1
        }
        for u in 0..<nodeCount { first[u + 1] += first[u] }
        var next = first
        var arcs = [BaseArc](repeating: BaseArc(head: 0, weight: 0, payload: 0), count: input.count)
        for arc in input {
            arcs[Int(next[Int(arc.tail)])] = BaseArc(head: arc.head, weight: arc.weight, payload: arc.payload)
            next[Int(arc.tail)] += 1
        }
        let owner = BufferOwner()
        self.init(first: owner.keep(first), arcs: owner.keep(arcs), owner: owner)
    }

    @inlinable public var nodeCount: Int { first.count - 1 }
}
