/// "Was slot `i` set in this round?" for a fixed number of slots, without clearing anything
/// between rounds: a slot is set when its stamp equals the round's number. Starting a round
/// is O(1), except once every 2^32 rounds, when the stamps are zeroed so old ones cannot alias.
/// A value type over memory its owner frees with `deallocate()`; hot loops copy it into a local.
struct VersionStamps {
    private let stamps: UnsafeMutablePointer<UInt32>
    private let count: Int
    private(set) var current: UInt32 = 0

    init(count: Int) {
        self.count = count
        stamps = .allocate(capacity: max(count, 1))
        stamps.initialize(repeating: 0, count: max(count, 1))
    }

    func deallocate() { stamps.deallocate() }

    /// Unsets every slot.
    mutating func nextRound() {
        current &+= 1
        if current == 0 {
            stamps.update(repeating: 0, count: count)
            current = 1
        }
    }

    @inline(__always) func isSet(_ i: Int) -> Bool { stamps[i] == current }
    @inline(__always) func set(_ i: Int) { stamps[i] = current }
}
