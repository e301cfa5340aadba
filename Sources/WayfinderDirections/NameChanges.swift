import WayfinderGraph

/// When a change of street name is no change to a traveller, after OSRM's name announcement
/// rules (`requiresNameAnnounced`): "42 N" and "42 S", "West 42" and "East 42", "42" and
/// "42 N" name one street, and a ref that only appears or disappears ("A1" → "A1;E15",
/// "A1" → none) keeps the road. Works on the string table's bytes, without decoding.
enum NameChanges {
    /// Compass words that prefix or suffix a street's name in the US and elsewhere
    /// (car.lua's `suffix_list`), compared without case.
    static let compassWords: [[UInt8]] = ["n", "ne", "e", "se", "s", "sw", "w", "nw", "north", "south", "west",
                                           "east", "nor", "sou", "we", "ea"].map { Array($0.utf8) }

    /// Whether two different names are one street's: one begins with the other, or they
    /// differ only by a compass word before or after the same core.
    static func sameStreet(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        startsWith(x, y) || startsWith(y, x) || compassChange(x, y)
    }

    /// Whether two names differ only by a compass word before or after the same core.
    static func compassChange(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let cx = core(x), cy = core(y)
        return !cx.isEmpty && cx.elementsEqual(cy)
    }

    /// Whether one ref is contained in the other: as text ("A1" in "A1;E15"), or as lists
    /// whatever the spaces around their semicolons ("US 64; US 412" in "US 64;US 412;OK 151").
    static func refContained(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(x, y) || contains(y, x) || refsWithin(x, y) || refsWithin(y, x)
    }

    /// Whether every ref of the list `x` is one of the list `y`'s.
    static func refsWithin(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let semicolon = UInt8(ascii: ";")
        return x.split(separator: semicolon).allSatisfy { part in
            let ref = trimmed(part)
            return ref.isEmpty || y.split(separator: semicolon).contains { trimmed($0).elementsEqual(ref) }
        }
    }

    static func trimmed(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let space = UInt8(ascii: " ")
        guard let first = s.firstIndex(where: { $0 != space }), let last = s.lastIndex(where: { $0 != space }) else {
            return s[s.startIndex..<s.startIndex]
        }
        return s[first...last]
    }

    /// `name` without a leading and a trailing compass word.
    static func core(_ name: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var s = name[...]
        let space = UInt8(ascii: " ")
        if let first = s.firstIndex(of: space), isCompassWord(s[s.startIndex..<first]) { s = s[(first + 1)...] }
        if let last = s.lastIndex(of: space), isCompassWord(s[(last + 1)...]) { s = s[..<last] }
        return s
    }

    static func isCompassWord(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard word.count <= 5 else { return false }
        return compassWords.contains { w in
            w.count == word.count && zip(w, word).allSatisfy { $0 == $1 | 0x20 }
        }
    }

    static func startsWith(_ x: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        prefix.count <= x.count && x.prefix(prefix.count).elementsEqual(prefix)
    }

    static func contains(_ x: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !part.isEmpty, part.count <= x.count else { return part.isEmpty }
        for i in 0...(x.count - part.count) where x[i] == part[0] {
            if x[i..<(i + part.count)].elementsEqual(part) { return true }
        }
        return false
    }
}
