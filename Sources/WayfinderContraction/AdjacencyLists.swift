import WayfinderGraph

/// An arc of the graph during contraction, as seen from one of its ends.
struct DynamicArc {
    /// The other end: the head in an out-list, the tail in an in-list (input node id).
    var other: Int32
    var weight: Int32
    /// `>= 0`: a shortcut through this input node id; `< 0`: an original arc with payload `~via`.
    var via: Int32
    /// How many original arcs the arc stands for; only the node ordering uses it.
    var hops: Int32
}

/// One adjacency list per node (one direction), all in one flat pool, so that millions of
/// nodes cost no per-node allocation. A list lives in a slot `pool[start..<start + capacity]`;
/// one that outgrows its slot moves to the end of the pool with twice the capacity, and the pool
/// is compacted when abandoned slots make up more than half of it (and outnumber the nodes).
///
/// Reads are safe from several threads as long as no thread mutates.
final class AdjacencyLists: @unchecked Sendable {
    private(set) var start: UnsafeMutablePointer<Int>
    private(set) var count: UnsafeMutablePointer<Int32>
    private var capacity: UnsafeMutablePointer<Int32>
    private(set) var pool: UnsafeMutablePointer<DynamicArc>
    private var poolUsed = 0
    private var poolCapacity: Int
    /// Sum of the capacities of all slots still in use.
    private var liveCapacity = 0
    let nodeCount: Int

    /// Empty lists with room for `degree[x] + slack` arcs each (lists gain shortcuts later).
    init(degrees: [Int32], slack: Int32) {
        nodeCount = degrees.count
        start = .allocate(capacity: max(nodeCount, 1))
        count = .allocate(capacity: max(nodeCount, 1))
        capacity = .allocate(capacity: max(nodeCount, 1))
        var total = 0
        for x in 0..<nodeCount {
            start[x] = total
            count[x] = 0
            capacity[x] = degrees[x] + slack
            total += Int(degrees[x] + slack)
        }
        poolCapacity = max(total + total / 2, 16)
        pool = .allocate(capacity: poolCapacity)
        poolUsed = total
        liveCapacity = total
    }

    deinit {
        start.deallocate()
        count.deallocate()
        capacity.deallocate()
        pool.deallocate()
    }

    /// The arcs of `x`, valid until the next mutation.
    @inline(__always)
    func arcs(_ x: Int32) -> UnsafeMutableBufferPointer<DynamicArc> {
        UnsafeMutableBufferPointer(start: pool + start[Int(x)], count: Int(count[Int(x)]))
    }

    /// Adds an arc without looking for one to the same node.
    func append(_ x: Int32, _ arc: DynamicArc) {
        let i = Int(x)
        if count[i] == capacity[i] { grow(i) }
        pool[start[i] + Int(count[i])] = arc
        count[i] += 1
    }

    /// Keeps at most one arc per other end: replaces an existing arc to `arc.other` if `arc` is
    /// cheaper, else appends. Returns false if an arc at least as cheap was already there.
    @discardableResult
    func insertOrImprove(_ x: Int32, _ arc: DynamicArc) -> Bool {
        let list = arcs(x)
        for k in list.indices where list[k].other == arc.other {
            if list[k].weight <= arc.weight { return false }
            list[k] = arc
            return true
        }
        append(x, arc)
        return true
    }

    /// Removes the arc to `other` (order within a list does not matter).
    func remove(_ x: Int32, other: Int32) {
        let list = arcs(x)
        for k in list.indices where list[k].other == other {
            list[k] = list[list.count - 1]
            count[Int(x)] -= 1
            return
        }
    }

    /// Gives up the list of a contracted node.
    func release(_ x: Int32) {
        let i = Int(x)
        liveCapacity -= Int(capacity[i])
        count[i] = 0
        capacity[i] = 0
        if worthCompacting { compact() }
    }

    /// Frees the pool and the per-node arrays once every node is contracted: all lists are
    /// empty then, but the pool keeps its largest size (freeing both directions' took the
    /// 20x20 three-mode build's peak down by 209 MiB). The lists must not be used afterwards.
    func freeStorage() {
        for pointer in [UnsafeMutableRawPointer(start), UnsafeMutableRawPointer(count),
                        UnsafeMutableRawPointer(capacity), UnsafeMutableRawPointer(pool)] { pointer.deallocate() }
        // One element each, so that `deinit` has something to free.
        start = .allocate(capacity: 1)
        count = .allocate(capacity: 1)
        capacity = .allocate(capacity: 1)
        pool = .allocate(capacity: 1)
        (poolUsed, poolCapacity, liveCapacity) = (0, 1, 0)
    }

    private func grow(_ i: Int) {
        let newCapacity = max(4, 2 * Int(capacity[i]))
        if poolUsed + newCapacity > poolCapacity {
            if worthCompacting { compact() }
            if poolUsed + newCapacity > poolCapacity {
                reallocatePool(max(2 * poolCapacity, poolUsed + newCapacity))
            }
        }
        (pool + poolUsed).update(from: pool + start[i], count: Int(count[i]))
        start[i] = poolUsed
        poolUsed += newCapacity
        liveCapacity += newCapacity - Int(capacity[i])
        capacity[i] = Int32(newCapacity)
    }

    private func reallocatePool(_ newCapacity: Int) {
        let newPool = UnsafeMutablePointer<DynamicArc>.allocate(capacity: newCapacity)
        newPool.update(from: pool, count: poolUsed)
        pool.deallocate()
        pool = newPool
        poolCapacity = newCapacity
    }

    /// Compaction visits every node, so it waits until the garbage outweighs both the live
    /// slots and the node count: its cost is then paid for by the garbage it frees.
    private var worthCompacting: Bool {
        let garbage = poolUsed - liveCapacity
        return garbage > liveCapacity && garbage > nodeCount + 4096
    }

    /// Moves all live slots to the front, in node order, keeping their capacities.
    private func compact() {
        let newPool = UnsafeMutablePointer<DynamicArc>.allocate(capacity: poolCapacity)
        var used = 0
        for x in 0..<nodeCount where capacity[x] > 0 {
            (newPool + used).update(from: pool + start[x], count: Int(count[x]))
            start[x] = used
            used += Int(capacity[x])
        }
        pool.deallocate()
        pool = newPool
        poolUsed = used
    }
}
