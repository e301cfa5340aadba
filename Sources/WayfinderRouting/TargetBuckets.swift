import WayfinderGraph

/// The backward search spaces of all targets of a table, grouped by rank: the bucket of rank
/// `v` lists, in target order, every target whose backward sweep visited `v`, with its distance
/// from `v` to that target and the rank below `v` on the way there (its search-tree parent).
///
/// Flat arrays only: per rank a stamp, the start and the size of its bucket (valid when the
/// stamp is the current one, so nothing is cleared between tables), and the entries of all
/// buckets back to back. Sweeps append to a log; `group()` sorts the log by rank in linear time.
final class TargetBuckets {
    struct Entry {
        var target: Int32
        var weight: Int32
    }

    private(set) var entries: [Entry] = []
    /// Parallel to `entries`: the search-tree parent rank, -1 where the target's own entry is.
    private(set) var parents: [Int32] = []
    private let stamp: UnsafeMutablePointer<UInt32>
    private let start: UnsafeMutablePointer<Int32>
    private let size: UnsafeMutablePointer<Int32>
    private var current: UInt32 = 0
    private let nodeCount: Int
    private var logRanks: [Int32] = []
    private var logEntries: [Entry] = []
    private var logParents: [Int32] = []
    private var touched: [Int32] = []

    init(nodeCount: Int) {
        self.nodeCount = nodeCount
        let n = max(nodeCount, 1)
        stamp = .allocate(capacity: n)
        stamp.initialize(repeating: 0, count: n)
        start = .allocate(capacity: n)
        size = .allocate(capacity: n)
    }

    deinit {
        stamp.deallocate()
        start.deallocate()
        size.deallocate()
    }

    /// Empties every bucket.
    func begin() {
        current &+= 1
        if current == 0 {  // wrapped: old stamps could alias
            stamp.update(repeating: 0, count: nodeCount)
            current = 1
        }
        logRanks.removeAll(keepingCapacity: true)
        logEntries.removeAll(keepingCapacity: true)
        logParents.removeAll(keepingCapacity: true)
        touched.removeAll(keepingCapacity: true)
    }

    /// Notes a visit of a target's sweep; targets must come in increasing order.
    @inline(__always)
    func record(rank: Int32, target: Int32, weight: Int32, parent: Int32) {
        logRanks.append(rank)
        logEntries.append(Entry(target: target, weight: weight))
        logParents.append(parent)
        if stamp[Int(rank)] != current {
            stamp[Int(rank)] = current
            size[Int(rank)] = 0
            touched.append(rank)
        }
        size[Int(rank)] += 1
    }

    /// Makes the buckets of everything recorded since `begin()` (a stable counting sort of
    /// the log by rank, so each bucket stays in target order).
    func group() {
        var offset: Int32 = 0
        for v in touched {
            offset += size[Int(v)]
            start[Int(v)] = offset  // end for now; placing counts it down to the start
        }
        let count = logRanks.count
        entries.removeAll(keepingCapacity: true)
        parents.removeAll(keepingCapacity: true)
        entries.append(contentsOf: repeatElement(Entry(target: 0, weight: 0), count: count))
        parents.append(contentsOf: repeatElement(0, count: count))
        for k in stride(from: count - 1, through: 0, by: -1) {
            let v = Int(logRanks[k])
            start[v] -= 1
            entries[Int(start[v])] = logEntries[k]
            parents[Int(start[v])] = logParents[k]
        }
    }

    /// Positions in `entries` of the bucket of a rank (empty if no sweep visited it).
    @inline(__always)
    func bucket(_ rank: Int32) -> Range<Int> {
        guard stamp[Int(rank)] == current else { return 0..<0 }
        let first = Int(start[Int(rank)])
        return first..<(first + Int(size[Int(rank)]))
    }

    /// Position in `entries` of a target's entry in the bucket of a rank its sweep visited.
    func position(of target: Int32, at rank: Int32) -> Int {
        var range = bucket(rank)
        while range.count > 1 {
            let middle = range.lowerBound + range.count / 2
            if entries[middle].target <= target { range = middle..<range.upperBound } else { range = range.lowerBound..<middle }
        }
        guard let k = range.first, entries[k].target == target else {
            fatalError("many-to-many: rank \(rank) is not in the search space of target \(target)")
        }
        return k
    }
}
