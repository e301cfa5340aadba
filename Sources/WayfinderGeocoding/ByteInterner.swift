/// Interns byte strings: each distinct string stored once in one buffer and numbered in
/// order of arrival, found again through an open-addressing table of FNV-1a hashes. The
/// index build interns every text and word this way rather than in a `[String: Int32]`:
/// Swift hashes a `String` after Unicode normalisation, several times slower on the
/// accented names of real extracts, and a key per lookup would allocate.
struct ByteInterner {
    private(set) var bytes: [UInt8] = []
    /// End offset in `bytes` of each string.
    private(set) var ends: [Int] = []
    private var slots = [Int32](repeating: -1, count: 1 << 10)

    var count: Int { ends.count }

    subscript(id: Int32) -> ArraySlice<UInt8> { bytes[(id == 0 ? 0 : ends[Int(id) - 1])..<ends[Int(id)]] }

    /// The id of `string`, and whether it was new.
    mutating func intern(_ string: some Collection<UInt8>) -> (id: Int32, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Self.hash(string) & mask
        while slots[slot] >= 0 {
            if self[slots[slot]].elementsEqual(string) { return (slots[slot], false) }
            slot = (slot + 1) & mask
        }
        let id = Int32(ends.count)
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
        slots[slot] = id
        if ends.count * 2 > slots.count { rehash() }
        return (id, true)
    }

    /// `intern(text.utf8)`, reading a native string's bytes in place.
    mutating func intern(_ text: String) -> (id: Int32, isNew: Bool) {
        var text = text
        return text.withUTF8 { intern($0) }
    }

    private static func hash(_ string: some Collection<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in string { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    private mutating func rehash() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for id in 0..<Int32(ends.count) {
            var slot = Self.hash(self[id]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = id
        }
    }
}
