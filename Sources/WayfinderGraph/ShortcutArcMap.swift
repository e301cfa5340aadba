/// Which of one direction's hierarchy arcs are shortcuts, and each arc's place among the
/// shortcut arcs or among the original ones: one bit per arc, and per 64 arcs the number of
/// shortcuts before them (a rank directory, 1.5 bits an arc).
///
/// Why: a search reads an arc's head and weight only; what the arc stands for is needed
/// when a path is unpacked, and then only a shortcut's id or, in walking, an original arc's
/// payload. With the map, the arcs are 8 bytes instead of 12, the ids are kept for the
/// shortcut arcs only (`ContractionHierarchy.shortcutArcIds`, at the arc's rank) and the
/// payloads only where they are not all 0. The searches read a third less memory, and the
/// turn-expanded modes' original arcs, which stood for nothing, cost 1.5 bits instead of 4
/// bytes.
public struct ShortcutArcMap: @unchecked Sendable {
    /// Bit `i % 64` of word `i / 64`: arc `i` is a shortcut. Bits past the last arc are 0.
    public let bits: UnsafeBufferPointer<UInt64>
    /// Per word: the shortcut arcs in the words before it.
    public let before: UnsafeBufferPointer<UInt32>

    public init(bits: UnsafeBufferPointer<UInt64>, before: UnsafeBufferPointer<UInt32>) {
        (self.bits, self.before) = (bits, before)
    }

    /// The words for `arcCount` arcs.
    @inlinable public static func wordCount(arcCount: Int) -> Int { (arcCount + 63) >> 6 }

    @inlinable public func isShortcut(_ arc: Int) -> Bool { bits[arc >> 6] >> UInt64(arc & 63) & 1 != 0 }

    /// The shortcut arcs before arc `arc`.
    @inlinable public func rank(_ arc: Int) -> Int {
        let word = arc >> 6, below = (UInt64(1) << UInt64(arc & 63)) &- 1
        return Int(before[word]) + (bits[word] & below).nonzeroBitCount
    }

    /// All shortcut arcs.
    public var count: Int { bits.isEmpty ? 0 : Int(before[bits.count - 1]) + bits[bits.count - 1].nonzeroBitCount }

    /// The words and counts for arcs whose shortcut flags are `isShortcut`.
    public static func arrays(arcCount: Int, isShortcut: (Int) -> Bool) -> (bits: [UInt64], before: [UInt32]) {
        var bits = [UInt64](repeating: 0, count: wordCount(arcCount: arcCount))
        var before = [UInt32](repeating: 0, count: bits.count)
        var seen: UInt32 = 0
        for word in 0..<bits.count {
            before[word] = seen
            for i in word << 6..<min(arcCount, (word + 1) << 6) where isShortcut(i) { bits[word] |= 1 << UInt64(i & 63) }
            seen += UInt32(bits[word].nonzeroBitCount)
        }
        return (bits, before)
    }

    /// Sizes, counts and the bits past the end, for `arcCount` arcs; nil when sound.
    public func validationError(arcCount: Int) -> String? {
        guard bits.count == Self.wordCount(arcCount: arcCount), before.count == bits.count else { return "sizes do not match the arcs" }
        var seen: UInt32 = 0
        for word in 0..<bits.count {
            guard before[word] == seen else { return "shortcut counts do not add up at word \(word)" }
            seen += UInt32(bits[word].nonzeroBitCount)
        }
        if arcCount & 63 != 0, let last = bits.last, last >> UInt64(arcCount & 63) != 0 { return "bits past the last arc" }
        return nil
    }
}
