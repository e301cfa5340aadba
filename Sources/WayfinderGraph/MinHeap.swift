/// A lazy-deletion 4-ary min-heap of `(key, id)` pairs with non-negative `Int32` keys.
///
/// Each pair is packed into one `UInt64` (key in the high half), so comparing pairs is one
/// integer comparison and ties go to the smaller id (deterministic). There is no decrease-key:
/// a search pushes a node again when its distance improves and skips popped entries whose key
/// is above the node's current distance. That needs no per-node position array, which matters
/// for query objects over millions of nodes. `removeAll` keeps the storage for the next search.
public final class MinHeap {
    @usableFromInline var items: UnsafeMutablePointer<UInt64>
    @usableFromInline var storedCount = 0
    @usableFromInline var capacity: Int

    public init(capacity: Int = 64) {
        self.capacity = max(capacity, 4)
        items = .allocate(capacity: self.capacity)
    }

    deinit { items.deallocate() }

    @inlinable public var count: Int { storedCount }
    @inlinable public var isEmpty: Bool { storedCount == 0 }
    @inlinable public func removeAll() { storedCount = 0 }

    /// The smallest key; the heap must not be empty.
    @inlinable public var minKey: Int32 { Int32(truncatingIfNeeded: items[0] >> 32) }
    /// The id of the smallest entry; the heap must not be empty.
    @inlinable public var minID: Int32 { Int32(truncatingIfNeeded: items[0]) }

    /// Always inlined, as `pop`: the searches (WayfinderRouting, WayfinderContraction) are
    /// built without checks and this module with them, and an out-of-line copy here paid
    /// overflow and exclusivity checks on every operation (a query's search took 1.8x the
    /// instructions; BENCHMARKS.md, "Checked and unchecked modules").
    @inlinable @inline(__always)
    public func push(key: Int32, id: Int32) {
        if storedCount == capacity { grow() }
        let item = UInt64(UInt32(bitPattern: key)) << 32 | UInt64(UInt32(bitPattern: id))
        var i = storedCount
        storedCount += 1
        while i > 0 {
            let parent = (i - 1) >> 2
            let parentItem = items[parent]
            if parentItem <= item { break }
            items[i] = parentItem
            i = parent
        }
        items[i] = item
    }

    /// Removes and returns the smallest entry; the heap must not be empty.
    @inlinable @inline(__always)
    @discardableResult
    public func pop() -> (key: Int32, id: Int32) {
        let top = items[0]
        storedCount -= 1
        let n = storedCount
        if n > 0 {
            let last = items[n]
            var i = 0
            while true {
                let firstChild = 4 * i + 1
                if firstChild >= n { break }
                var best = firstChild
                var bestItem = items[firstChild]
                var child = firstChild + 1
                let end = min(firstChild + 4, n)
                while child < end {
                    let candidate = items[child]
                    if candidate < bestItem { best = child; bestItem = candidate }
                    child += 1
                }
                if bestItem >= last { break }
                items[i] = bestItem
                i = best
            }
            items[i] = last
        }
        return (Int32(truncatingIfNeeded: top >> 32), Int32(truncatingIfNeeded: top))
    }

    @usableFromInline
    func grow() {
        let newItems = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * capacity)
        newItems.update(from: items, count: storedCount)
        items.deallocate()
        items = newItems
        capacity *= 2
    }
}
