import WayfinderGraph

/// The backward search spaces of all targets of a table, grouped by rank: the bucket of rank
/// `v` lists, in target order, every target whose backward sweep visited `v`, with its distance
/// from `v` to that target (and, for distances, the metres of that path).
///
/// Flat arrays only: per rank a stamp, the start and the size of its bucket (valid when the
/// stamp is the current one, so nothing is cleared between tables; paged, so that only the
/// ranks the sweeps reach take memory), and the entries of all buckets back to back. Sweeps
/// append to a log; `group()` sorts the log by rank in linear time.
final class TargetBuckets {
    struct Entry {
        var target: Int32
        var weight: Int32
    }

    /// A rank's bucket: `start..<start + size` in `entries` (while grouping, `start` counts
    /// down from the bucket's end).
    struct Slot: Stamped {
        var stamp: UInt32
        var start: Int32
        var size: Int32

        static var unset: Slot { Slot(stamp: 0, start: 0, size: 0) }
    }

    private(set) var entries: [Entry] = []
    /// Parallel to `entries`: metres of the path from the rank to the target (0 without distances).
    private(set) var metres: [Double] = []
    /// Parallel to `entries`: restricted-road entries on that path (`ArcCharges`; 0 where not counted).
    private(set) var charges: [Int32] = []
    private var slots: VersionStamps<Slot>
    private var logRanks: [Int32] = []
    private var logEntries: [Entry] = []
    private var logMetres: [Double] = []
    private var logCharges: [Int32] = []
    private var touched: [Int32] = []

    init(nodeCount: Int) {
        slots = VersionStamps(count: nodeCount)
    }

    deinit { slots.deallocate() }

    /// Empties every bucket (and gives back what a larger table before needed).
    func begin() {
        slots.releaseBetweenRequests()
        slots.nextRound()
        logRanks.removeAll(keepingCapacity: true)
        logEntries.removeAll(keepingCapacity: true)
        logMetres.removeAll(keepingCapacity: true)
        logCharges.removeAll(keepingCapacity: true)
        touched.removeAll(keepingCapacity: true)
    }

    /// Notes a visit of a target's sweep; targets must come in increasing order.
    @inline(__always)
    func record(rank: Int32, target: Int32, weight: Int32, metres: Double, charges: Int32) {
        logRanks.append(rank)
        logEntries.append(Entry(target: target, weight: weight))
        logMetres.append(metres)
        logCharges.append(charges)
        var slot = slots[Int(rank)]
        if slot.stamp != slots.current {
            slot = Slot(stamp: slots.current, start: 0, size: 0)
            touched.append(rank)
        }
        slot.size += 1
        slots[Int(rank)] = slot
    }

    /// Makes the buckets of everything recorded since `begin()` (a stable counting sort of
    /// the log by rank, so each bucket stays in target order).
    func group() {
        var offset: Int32 = 0
        for v in touched {
            offset += slots[Int(v)].size
            slots[Int(v)].start = offset  // end for now; placing counts it down to the start
        }
        let count = logRanks.count
        entries.removeAll(keepingCapacity: true)
        metres.removeAll(keepingCapacity: true)
        charges.removeAll(keepingCapacity: true)
        entries.append(contentsOf: repeatElement(Entry(target: 0, weight: 0), count: count))
        metres.append(contentsOf: repeatElement(0, count: count))
        charges.append(contentsOf: repeatElement(0, count: count))
        for k in stride(from: count - 1, through: 0, by: -1) {
            let v = Int(logRanks[k])
            slots[v].start -= 1
            let at = Int(slots[v].start)
            entries[at] = logEntries[k]
            metres[at] = logMetres[k]
            charges[at] = logCharges[k]
        }
    }

    /// Positions in `entries` of the bucket of a rank (empty if no sweep visited it).
    @inline(__always)
    func bucket(_ rank: Int32) -> Range<Int> {
        let slot = slots[Int(rank)]
        guard slot.stamp == slots.current else { return 0..<0 }
        return Int(slot.start)..<Int(slot.start + slot.size)
    }
}
