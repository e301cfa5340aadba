/// Immutable views of a contraction hierarchy and of the uncontracted graph it was built from.
///
/// Both are flat buffers of fixed-width integers so that they can be memory-mapped straight
/// from the graph file; `owner` keeps whatever backs the buffers alive (a `BufferOwner` for
/// arrays built in memory, or the mapped file).

/// A contraction hierarchy over dense node ids `0..<nodeCount`.
///
/// Nodes are renumbered by *rank* (0 = contracted first). Every arc, original or shortcut, is
/// stored once, at its lower-ranked end, so both query directions only ever climb in rank:
/// - `forwardArcs` at rank `u`: arcs `u -> v` (in the graph's direction) with `v > u`, head `v`;
/// - `backwardArcs` at rank `u`: arcs `v -> u` (in the graph's direction) with `v > u`, head `v`.
///
/// A shortcut `u -> v` has `via = m`, the rank of the node it bypasses; `m < u` and `m < v`, and
/// its halves are the arc `u -> m` (in `backwardArcs` at `m`, head `u`) and the arc `m -> v` (in
/// `forwardArcs` at `m`, head `v`), with weights summing to the shortcut's. Each rank has at
/// most one arc per head in each direction, so unpacking needs no further data.
///
/// `selfLoops[u]` is the cheapest cycle `u -> ... -> u` whose other nodes all rank below `u`
/// (or an original arc `u -> u`), head `u`, `weight == infiniteWeight` if there is none. It
/// unpacks like a shortcut (`via >= 0`) or is an original self-loop (`via < 0`). Queries need it
/// for "cheapest cycle through a node", which an up/down search cannot see otherwise.
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
    /// One entry per rank, see the type's documentation.
    public let selfLoops: UnsafeBufferPointer<CHArc>
    /// Keeps the memory behind the views alive.
    public let owner: AnyObject?

    public init(
        rankOfNode: UnsafeBufferPointer<Int32>, nodeAtRank: UnsafeBufferPointer<Int32>,
        forwardFirst: UnsafeBufferPointer<Int32>, forwardArcs: UnsafeBufferPointer<CHArc>,
        backwardFirst: UnsafeBufferPointer<Int32>, backwardArcs: UnsafeBufferPointer<CHArc>,
        selfLoops: UnsafeBufferPointer<CHArc>, owner: AnyObject?
    ) {
        self.rankOfNode = rankOfNode
        self.nodeAtRank = nodeAtRank
        self.forwardFirst = forwardFirst
        self.forwardArcs = forwardArcs
        self.backwardFirst = backwardFirst
        self.backwardArcs = backwardArcs
        self.selfLoops = selfLoops
        self.owner = owner
    }

    /// Copies the arrays into a new `BufferOwner` and views them.
    public init(
        owning rankOfNode: [Int32], nodeAtRank: [Int32],
        forwardFirst: [Int32], forwardArcs: [CHArc],
        backwardFirst: [Int32], backwardArcs: [CHArc], selfLoops: [CHArc]
    ) {
        let owner = BufferOwner()
        self.init(
            rankOfNode: owner.keep(rankOfNode), nodeAtRank: owner.keep(nodeAtRank),
            forwardFirst: owner.keep(forwardFirst), forwardArcs: owner.keep(forwardArcs),
            backwardFirst: owner.keep(backwardFirst), backwardArcs: owner.keep(backwardArcs),
            selfLoops: owner.keep(selfLoops), owner: owner)
    }

    @inlinable public var nodeCount: Int { rankOfNode.count }

    /// Checks, in time linear in the size, everything the queries rely on for memory safety
    /// (counts, offsets, ranges, rank order of heads and vias). Returns a description of the
    /// first problem, or nil. Meant for data read from a file.
    public func validationError() -> String? {
        let n = nodeCount
        guard nodeAtRank.count == n, selfLoops.count == n,
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
                    guard arc.head > Int32(rank), Int(arc.head) < n, arc.weight >= 0,
                          arc.via < Int32(rank)
                    else { return "contraction hierarchy: bad \(name) arc at rank \(rank)" }
                }
            }
        }
        for rank in 0..<n {
            let loop = selfLoops[rank]
            guard loop.head == Int32(rank), loop.weight >= 0, loop.via < Int32(rank)
            else { return "contraction hierarchy: bad self-loop at rank \(rank)" }
        }
        return nil
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
