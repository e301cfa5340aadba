/// A per-slot record of `VersionStamps`: it belongs to the round whose number it carries.
protocol Stamped: BitwiseCopyable {
    var stamp: UInt32 { get }
    /// The record of a slot that no round has set (stamp 0: rounds are numbered from 1).
    static var unset: Self { get }
}

/// "Was slot `i` set in this round?" for a fixed number of slots, without clearing anything
/// between rounds: a slot is set when its record's stamp equals the round's number. Starting a
/// round is O(1), except once every 2^32 rounds, when every record is reset so that old
/// stamps cannot alias. The one definition of that rule for every search and table here.
///
/// A record is the stamp alone (`VersionStamps<UInt32>`: a set of slots, as the table's
/// buckets use) or a search's label with its stamp inside (`SearchLabels`), so that reading a
/// label and whether it is current costs one cache miss, not two.
/// The records are a `PagedArray`: memory for the pages a request's searches write, given
/// back between requests above `PagedArray.keptBetweenRequests` (`releaseBetweenRequests`).
/// A slot never written reads as all zero bits, which has stamp 0, as `unset` does.
/// A value type over memory its owner frees with `deallocate()`; hot loops copy it into a local.
struct VersionStamps<Record: Stamped> {
    private let records: PagedArray<Record>
    private(set) var current: UInt32 = 0

    init(count: Int) {
        records = PagedArray(count: count)
    }

    func deallocate() { records.deallocate() }

    /// Unsets every slot.
    mutating func nextRound() {
        current &+= 1
        if current == 0 {
            records.releaseAll()
            current = 1
        }
    }

    /// Gives the records' memory back if it is more than `bytes` (every slot is then unset,
    /// as after `nextRound`). For the owner to call as a request starts.
    func releaseBetweenRequests(keepingAtMost bytes: Int) { records.release(keepingAtMost: bytes) }

    /// `releaseBetweenRequests(keepingAtMost:)` with what a request thread keeps of an array.
    func releaseBetweenRequests() { records.release(keepingAtMost: PagedArray<Record>.keptBetweenRequests) }

    /// Bytes the records hold.
    var residentBytes: Int { records.residentBytes }

    @inline(__always) func isSet(_ i: Int) -> Bool { records[i].stamp == current }

    /// Slot `i`'s record, current or not (see `isSet`); a record written should carry `current`.
    @inline(__always) subscript(i: Int) -> Record {
        get { records[i] }
        nonmutating set { records[i] = newValue }
    }
}

extension UInt32: Stamped {
    var stamp: UInt32 { self }
    static var unset: UInt32 { 0 }
}

extension VersionStamps where Record == UInt32 {
    @inline(__always) func set(_ i: Int) { self[i] = current }
}
