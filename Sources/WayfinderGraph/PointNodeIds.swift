/// The OSM node id of every shared point (`SharedRoads.points`), for OSRM's `nodes`
/// annotation, the stored direction of a road, and traffic updates, which name roads by
/// node ids. Absent in files written before it (then `isEmpty`, and the annotation is
/// refused).
///
/// The ids are delta-coded in blocks of `blockSize` points, because a way's nodes mostly
/// have close ids: each block keeps its first id and where its deltas start, and each later
/// point the zigzag varint of its id minus the one before. That is 1.6–2.2 bytes a point on
/// real extracts and the tilings, against the five bytes of the plain layout (files of
/// import revision 4 and before, still read: `pointNodeIdLow`/`High`).
///
/// Random access (`subscript`) decodes from its block's start; `ids(_:)` and `all()` decode
/// runs in one pass. Decoding never reads outside the sections: a damaged stream gives wrong
/// ids, not a crash (and the file's checksums catch the damage first).
public struct PointNodeIds: @unchecked Sendable {  // read-only views of an immutable mapping
    /// Points a block holds (the last may hold fewer).
    public static let blockSize = 128

    /// One block: its first point's id, the offset of its deltas, its point count.
    public struct Block: Sendable, Equatable, BitwiseCopyable {
        public var first: Int64
        public var offset: UInt32
        public var count: UInt32
    }

    let blocks: UnsafeBufferPointer<Block>
    let deltas: UnsafeBufferPointer<UInt8>
    /// The plain layout of older files (empty otherwise).
    let low: UnsafeBufferPointer<UInt32>
    let high: UnsafeBufferPointer<UInt8>
    /// Points with an id (the shared points' count, or 0).
    public let count: Int

    public init(file: GraphFile) {
        let none = (UnsafeBufferPointer<UInt32>(start: nil, count: 0), UnsafeBufferPointer<UInt8>(start: nil, count: 0))
        blocks = file.section(kind: SectionKind.pointNodeIdBlocks.rawValue, mode: 0, as: Block.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
        deltas = file.section(kind: SectionKind.pointNodeIdDeltas.rawValue, mode: 0, as: UInt8.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
        if let low = file.section(kind: SectionKind.pointNodeIdLow.rawValue, mode: 0, as: UInt32.self),
           let high = file.section(kind: SectionKind.pointNodeIdHigh.rawValue, mode: 0, as: UInt8.self), low.count == high.count {
            (self.low, self.high) = (low, high)
        } else {
            (low, high) = none
        }
        // The last block's count clamped, so that no point index leads past the table.
        count = !low.isEmpty ? low.count
            : blocks.isEmpty ? 0 : (blocks.count - 1) * Self.blockSize + min(max(Int(blocks.last!.count), 1), Self.blockSize)
    }

    public var isEmpty: Bool { count == 0 }

    /// What is wrong with the blocks, or nil: every block but the last full, the last not
    /// empty, offsets rising within the deltas, first ids within 40 bits, and as many points
    /// as the file has (`pointCount`). Linear in the blocks, not the points.
    public func validationError(pointCount: Int) -> String? {
        guard low.isEmpty, !blocks.isEmpty else { return nil }
        var previous: UInt32 = 0
        for (i, block) in blocks.enumerated() {
            let full = i < blocks.count - 1
            guard full ? block.count == UInt32(Self.blockSize) : block.count >= 1 && block.count <= UInt32(Self.blockSize) else {
                return "node id block \(i) holds \(block.count) points"
            }
            guard block.offset >= previous, Int(block.offset) <= deltas.count, block.first >= 0, block.first < 1 << 40 else {
                return "node id block \(i) is out of order or off its deltas"
            }
            previous = block.offset
        }
        return count == pointCount ? nil : "node ids for \(count) points, the file has \(pointCount)"
    }

    /// The node id of point `i` (`0 <= i < count`).
    public subscript(i: Int) -> Int64 {
        precondition(i >= 0 && i < count, "point \(i) out of range")
        if !low.isEmpty { return Int64(high[i]) << 32 | Int64(low[i]) }
        var id: Int64 = 0
        decode(from: i, through: i) { _, value in id = value }
        return id
    }

    /// The ids of points `range`, in order.
    public func ids(_ range: ClosedRange<Int>) -> [Int64] {
        var out: [Int64] = []
        out.reserveCapacity(range.count)
        decode(from: range.lowerBound, through: range.upperBound) { _, id in out.append(id) }
        return out
    }

    /// Every point's id, in point order (traffic updates read them all).
    public func all() -> [Int64] {
        isEmpty ? [] : ids(0...(count - 1))
    }

    /// Calls `body(point, id)` for points `first...last` in order, decoding each block from
    /// its start only where the run begins.
    private func decode(from first: Int, through last: Int, _ body: (Int, Int64) -> Void) {
        precondition(first >= 0 && first <= last && last < count, "points \(first)...\(last) out of range")
        if !low.isEmpty {
            for i in first...last { body(i, Int64(high[i]) << 32 | Int64(low[i])) }
            return
        }
        var b = first / Self.blockSize
        while b * Self.blockSize <= last {
            let block = blocks[b], start = b * Self.blockSize
            // Clamped: a damaged table must not send the reader past the deltas.
            let end = min(b + 1 < blocks.count ? Int(blocks[b + 1].offset) : deltas.count, deltas.count)
            var at = min(Int(block.offset), end), id = block.first
            for i in start..<min(start + Int(block.count), last + 1) {
                if i > start {
                    // A zigzag varint; one running past the block's bytes reads as 0.
                    var zigzag: UInt64 = 0, shift: UInt64 = 0
                    while at < end && shift < 64 {
                        let byte = deltas[at]
                        at += 1
                        zigzag |= UInt64(byte & 0x7F) << shift
                        shift += 7
                        if byte < 0x80 { break }
                    }
                    id &+= Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
                }
                if i >= first { body(i, id) }
            }
            b += 1
        }
    }

    /// Writes the ids, one per point in point order (ids must be in 0..<2^40).
    public static func add(_ ids: [Int64], to writer: inout GraphFileWriter) {
        precondition(ids.allSatisfy { $0 >= 0 && $0 < 1 << 40 }, "OSM node ids beyond 40 bits")
        let (blocks, deltas) = encode(ids)
        writer.add(kind: SectionKind.pointNodeIdBlocks.rawValue, blocks)
        writer.add(kind: SectionKind.pointNodeIdDeltas.rawValue, deltas)
    }

    /// The blocks and delta bytes of `ids`.
    static func encode(_ ids: [Int64]) -> (blocks: [Block], deltas: [UInt8]) {
        var blocks: [Block] = [], deltas: [UInt8] = []
        blocks.reserveCapacity((ids.count + blockSize - 1) / blockSize)
        deltas.reserveCapacity(ids.count * 2)
        for start in stride(from: 0, to: ids.count, by: blockSize) {
            let end = min(start + blockSize, ids.count)
            precondition(deltas.count < Int(UInt32.max), "node id deltas beyond 4 GiB")
            blocks.append(Block(first: ids[start], offset: UInt32(deltas.count), count: UInt32(end - start)))
            for i in (start + 1)..<end {
                let delta = ids[i] &- ids[i - 1]
                var zigzag = UInt64(bitPattern: (delta << 1) ^ (delta >> 63))
                while zigzag >= 0x80 {
                    deltas.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
                    zigzag >>= 7
                }
                deltas.append(UInt8(zigzag))
            }
        }
        return (blocks, deltas)
    }
}
