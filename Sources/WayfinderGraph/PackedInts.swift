/// Non-negative integers stored in as few bits each as the largest needs. Ids into arrays of
/// a few million (a shortcut arc's shortcut, walking's original arcs' payloads, the snapping
/// index's segments, each segment's component, the geocoder's street grid) take 20–25 bits
/// of the 32 an `Int32` has: 27.5 MB less in the 10x10 tiling's file (format 7). None is
/// read while a search relaxes arcs; each is read once per unpacked arc, table label,
/// snapped or reverse-geocoded cell, where a shift and a mask add little to the load.
///
/// Layout, in 64-bit little-endian words: word 0 holds the count (low 32 bits) and the
/// width in bits (next 8, 1 to 31); value `i` is the `width` bits from bit `i × width` of
/// the words after it, and one word of zeros follows them, so that a value is read with one
/// unaligned 8-byte load (its first byte, shifted by at most 7, leaves 57 bits) and never
/// past the end. An empty buffer holds no values.
public struct PackedInts: @unchecked Sendable {  // a read-only view; `words`' owner keeps it alive
    public let words: UnsafeBufferPointer<UInt64>
    /// How many values there are, and their width (0 when there are none).
    public let count: Int, width: Int
    @usableFromInline let mask: UInt64

    public init(words: UnsafeBufferPointer<UInt64>) {
        self.words = words
        let header = words.first ?? 0
        (count, width) = (Int(header & 0xFFFF_FFFF), Int(header >> 32 & 0xFF))
        mask = width >= 64 ? ~0 : (UInt64(1) << UInt64(width)) &- 1
    }

    public var isEmpty: Bool { count == 0 }

    /// The words for `count` values of `width` bits, header and trailing word included.
    public static func wordCount(count: Int, width: Int) -> Int { count == 0 ? 0 : 2 + (count * width + 63) / 64 }

    /// Value `i`; `i < count` (as a buffer's subscript, checked only in debug builds).
    @inlinable public subscript(i: Int) -> Int32 {
        let bit = i &* width
        let raw = UnsafeRawPointer(words.baseAddress!) + 8 + (bit >> 3)
        let word = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        return Int32(truncatingIfNeeded: word >> UInt64(bit & 7) & mask)
    }

    /// The words for `values` (each in `0...Int32.max`), in the fewest bits the largest needs.
    public static func words(_ values: [Int32]) -> [UInt64] {
        guard !values.isEmpty else { return [] }
        precondition(values.count <= Int(UInt32.max) && values.allSatisfy { $0 >= 0 }, "packs non-negative values only")
        let width = max(1, Int32.bitWidth - (values.max() ?? 0).leadingZeroBitCount)
        var words = [UInt64](repeating: 0, count: wordCount(count: values.count, width: width))
        words[0] = UInt64(values.count) | UInt64(width) << 32
        for (i, value) in values.enumerated() {
            let bit = i * width, word = 1 + bit >> 6, shift = bit & 63
            words[word] |= UInt64(value) << UInt64(shift)
            if shift + width > 64 { words[word + 1] |= UInt64(value) >> UInt64(64 - shift) }
        }
        return words
    }

    /// The first value at or above `limit` (an id naming nothing), nil when all are below.
    /// Widths stop at 31 bits, so no value of a header that fits is negative.
    public func firstIndex(notBelow limit: Int) -> Int? {
        (0..<count).first { Int(self[$0]) >= limit }
    }

    /// What is wrong with the header against the words' count, nil when it fits.
    public var validationError: String? {
        guard !words.isEmpty else { return nil }
        guard (1...31).contains(width), words[0] >> 40 == 0, words.count == Self.wordCount(count: count, width: width)
        else { return "packed integers: a header of \(count) values of \(width) bits does not fit \(words.count) words" }
        return nil
    }
}
