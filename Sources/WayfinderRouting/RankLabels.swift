/// The labels of one direction of an upward search, in an open-addressing hash table keyed
/// by rank: memory for what one search reaches, not one record per rank of the graph.
///
/// A record per rank (`SearchLabels`, 16 bytes) made every request thread hold 32 bytes per
/// search node of each mode it had answered, both directions, all of it touched: at the 20x20
/// tiling 1.2 GiB of a two-thread server's anonymous memory once all three modes had been
/// asked (cycling alone 425 MB), and at the planet's ~700 million search nodes over 20 GB per
/// thread. An upward search reaches a few hundred to a few thousand ranks, so the table keeps
/// to its first 4096 slots (80 KB, in the caches) unless one search needs more; it then
/// doubles, and stays that large for the searches after it.
///
/// Like `VersionStamps`, nothing is cleared between searches: a slot belongs to this search
/// when its label's stamp is the search's number. Within a search no entry is ever removed,
/// so linear probing can stop at the first slot of an older search (`slot(of:)`).
final class RankLabels: UpwardLabels {
    private struct Entry {
        var rank: Int32
        var label: Label
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var mask: Int
    /// 32 − log2 of the capacity: a multiplicative hash keeps the product's top bits.
    private var shift: UInt32
    /// Entries of this search.
    private var count = 0
    /// Starts at 1, above the stamp (0) of the slots no search has used.
    private(set) var current: UInt32 = 1

    static let initialCapacity = 4096

    /// `rankCount` plays no part: the table follows the searches.
    init(rankCount: Int = 0) {
        entries = .allocate(capacity: Self.initialCapacity)
        entries.initialize(repeating: Entry(rank: -1, label: .unset), count: Self.initialCapacity)
        mask = Self.initialCapacity - 1
        shift = 32 - UInt32(Self.initialCapacity.trailingZeroBitCount)
    }

    deinit { entries.deallocate() }

    func deallocate() {}  // `deinit` frees the table

    func releaseBetweenRequests() {}  // the table is as large as the largest search needed

    /// Starts a new search: every rank unlabelled.
    func nextRound() {
        current &+= 1
        count = 0
        if current == 0 {  // wrapped: old stamps could alias
            entries.update(repeating: Entry(rank: -1, label: .unset), count: mask + 1)
            current = 1
        }
    }

    /// The slot holding `rank`'s label in this search, or the free slot where it would go.
    @inline(__always)
    private func slot(of rank: Int32) -> (index: Int, found: Bool) {
        var i = Int((UInt32(bitPattern: rank) &* 0x9E37_79B1) >> shift)
        while true {
            let entry = entries[i]
            if entry.label.stamp != current { return (i, false) }
            if entry.rank == rank { return (i, true) }
            i = (i &+ 1) & mask
        }
    }

    /// Whether `v` has a label in this search.
    @inline(__always) func reached(_ v: Int32) -> Bool { slot(of: v).found }
    @inline(__always) func isSet(_ i: Int) -> Bool { slot(of: Int32(truncatingIfNeeded: i)).found }

    /// Rank `i`'s label in this search, or one whose stamp is not `current` when it has none.
    @inline(__always) subscript(i: Int) -> Label {
        let (index, found) = slot(of: Int32(truncatingIfNeeded: i))
        return found ? entries[index].label : .unset
    }

    /// Whether rank `w` has a label in this search that, plus `weight`, is below `key`:
    /// stall-on-demand's test, one probe.
    @inline(__always) func reaches(_ w: Int32, plus weight: Int32, below key: Int32) -> Bool {
        let (index, found) = slot(of: w)
        return found && Int64(entries[index].label.dist) + Int64(weight) < Int64(key)
    }

    /// Labels `v` with `dist`, set by arc `parentArc` from `parent` (-1, -1 for an initial
    /// label), unless it already has a label in this search that is no longer. Returns whether
    /// it did, for the caller to queue `v` (the queue has no decrease-key, see `MinHeap`).
    @inline(__always)
    func improve(_ v: Int, to dist: Int32, parent: Int32, parentArc: Int32) -> Bool {
        let rank = Int32(truncatingIfNeeded: v)
        let (index, found) = slot(of: rank)
        if found && dist >= entries[index].label.dist { return false }
        entries[index] = Entry(rank: rank, label: Label(dist: dist, stamp: current, parent: parent, parentArc: parentArc))
        if !found {
            count += 1
            if 2 * count > mask + 1 { grow() }
        }
        return true
    }

    /// Doubles the table, moving this search's entries (older ones are dropped).
    private func grow() {
        let old = entries, oldCapacity = mask + 1
        let capacity = 2 * oldCapacity
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(rank: -1, label: .unset), count: capacity)
        mask = capacity - 1
        shift -= 1
        for k in 0..<oldCapacity where old[k].label.stamp == current {
            let (index, _) = slot(of: old[k].rank)
            entries[index] = old[k]
        }
        old.deallocate()
    }
}
