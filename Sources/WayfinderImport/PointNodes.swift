/// The OSM node behind each collected point: its id, and a dense number shared by every point
/// of the same node, so that per-node data lives in flat arrays. The modes' networks are cut
/// from it (`RoadNetwork`) in the build's network phase, after which it goes; the ids are
/// written to the file beside it (`PointNodeIds`).
struct PointNodes {
    /// Per point, the OSM node id.
    let ids: [Int64]
    /// Per point, its node's number, `0..<denseCount`, in OSM id order.
    let dense: [Int32]
    let denseCount: Int

    init(ids: [Int64]) {
        self.ids = ids
        var dense = [Int32](repeating: 0, count: ids.count)
        var count = -1
        var previous = Int64.min
        /// The next point in id order: a new number when its id is not the last one's.
        func number(_ point: Int, _ id: Int64) {
            if count < 0 || id != previous { (count, previous) = (count + 1, id) }
            dense[point] = Int32(count)
        }
        if let (keys, shift, lowest) = Self.packedInIdOrder(ids) {
            let mask = (UInt64(1) << UInt64(shift)) - 1
            for key in keys { number(Int(key & mask), Int64(bitPattern: (key >> UInt64(shift)) &+ lowest)) }
        } else {
            var order = ids.enumerated().map { (id: $1, point: Int32($0)) }
            order.sort { $0.id < $1.id }
            for (id, point) in order { number(Int(point), id) }
        }
        self.dense = dense
        denseCount = count + 1
    }

    /// The points in id order as `(id − lowest) << shift | point`, sorted by a radix sort,
    /// when both fit in 64 bits (any extract up to a continent; not the planet's 13-billion id
    /// range with its 8 billion points, which takes the comparison sort). At 10x10 the
    /// comparison sort of (id, point) pairs took a second, on the network phase's longer
    /// worker, and twice the pairs' bytes.
    static func packedInIdOrder(_ ids: [Int64]) -> (keys: [UInt64], shift: Int, lowest: UInt64)? {
        guard let low = ids.min(), let high = ids.max() else { return ([], 0, 0) }
        let lowest = UInt64(bitPattern: low)
        let range = UInt64(bitPattern: high) &- lowest
        let idBits = 64 - range.leadingZeroBitCount
        let shift = 64 - UInt64(ids.count - 1).leadingZeroBitCount
        guard idBits + shift <= 64 else { return nil }
        var keys = [UInt64](unsafeUninitializedCapacity: ids.count) { keys, initialized in
            for (point, id) in ids.enumerated() {
                keys[point] = (UInt64(bitPattern: id) &- lowest) << UInt64(shift) | UInt64(point)
            }
            initialized = ids.count
        }
        radixSort(&keys, bits: idBits + shift)
        return (keys, shift, lowest)
    }

    /// Sorts `keys`, all below `2^bits`, by their digits of 11 bits from the lowest up: each
    /// pass a stable counting sort. A pass where every key has the same digit is skipped.
    static func radixSort(_ keys: inout [UInt64], bits: Int) {
        let digitBits = 11, buckets = 1 << digitBits
        guard keys.count > 1 else { return }
        var scratch = [UInt64](repeating: 0, count: keys.count)
        var starts = [Int](repeating: 0, count: buckets)
        for shift in stride(from: 0, to: bits, by: digitBits) {
            let moved = keys.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    starts.withUnsafeMutableBufferPointer { start -> Bool in
                        func digit(_ key: UInt64) -> Int { Int((key >> UInt64(shift)) & UInt64(buckets - 1)) }
                        start.update(repeating: 0)
                        for key in source { start[digit(key)] += 1 }
                        if start.contains(source.count) { return false }
                        var sum = 0
                        for b in 0..<buckets { (start[b], sum) = (sum, sum + start[b]) }
                        for key in source {
                            let b = digit(key)
                            target[start[b]] = key
                            start[b] += 1
                        }
                        return true
                    }
                }
            }
            if moved { swap(&keys, &scratch) }
        }
    }
}
