/// The directed segments from whose end some road open to traffic may not be taken: a turn
/// restriction or a ring's flow closes that turn. The search graph says which turns are open
/// (its arcs); this bitset only says where to look, so that the directions, which list every
/// road's `entry`, read the arcs at the few nodes that close a turn and nowhere else.
///
/// A file written before the section existed has none: then every segment may close a turn.
public struct ClosedTurnOrigins: @unchecked Sendable {  // a read-only view of an immutable mapping
    public let bits: UnsafeBufferPointer<UInt64>

    /// `mode`'s bitset, empty when the file has none.
    public init(file: GraphFile, mode: TravelMode) {
        bits = file.section(kind: SectionKind.closedTurnOrigins.rawValue, mode: mode.rawValue, as: UInt64.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Whether a turn from the end of directed segment `a` may be closed (true without the
    /// section).
    @inlinable @inline(__always) public func mayClose(from a: Int32) -> Bool {
        bits.isEmpty || bits[Int(a) >> 6] & (1 << UInt64(a & 63)) != 0
    }

    /// A bitset over `count` directed segments with `origins` set.
    public static func bitset(_ origins: some Sequence<Int32>, count: Int) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (count + 63) / 64)
        for a in origins { bits[Int(a) >> 6] |= 1 << UInt64(a & 63) }
        return bits
    }

    /// Adds the section (a turn-expanded mode's, even with no bit set: then it says so).
    public static func add(_ bits: [UInt64], mode: TravelMode, to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.closedTurnOrigins.rawValue, mode: mode.rawValue, bits)
    }
}
