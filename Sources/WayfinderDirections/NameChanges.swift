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

    /// Whether two different names differ only by a compass word before or after the same core.
    static func compassChange(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let cx = core(x), cy = core(y)
        // Without a compass word on either side the cores are the two different names.
        guard cx.count > 0, cx.count == cy.count, cx.count < x.count || cy.count < y.count else { return false }
        for i in 0..<cx.count where x[cx.lowerBound + i] != y[cy.lowerBound + i] { return false }
        return true
    }

    /// Whether one ref is contained in the other: as text ("A1" in "A1;E15"), or as lists
    /// whatever the spaces around their semicolons ("US 64; US 412" in "US 64;US 412;OK 151").
    static func refContained(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        if contains(x, y) || contains(y, x) { return true }
        // Lists only: two single refs that are not within one another are different roads.
        let semicolon = UInt8(ascii: ";")
        guard x.contains(semicolon) || y.contains(semicolon) else { return false }
        return refsWithin(x, y) || refsWithin(y, x)
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

    /// The range of `name` without a leading and a trailing compass word (index loops: this
    /// runs at every change of name along a route).
    static func core(_ name: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let space = UInt8(ascii: " ")
        var start = 0, end = name.count
        var i = 0
        while i < end && name[i] != space { i += 1 }
        if i < end && isCompassWord(name, 0..<i) { start = i + 1 }
        var j = end - 1
        while j >= start && name[j] != space { j -= 1 }
        if j >= start && isCompassWord(name, (j + 1)..<end) { end = j }
        return start..<max(start, end)
    }

    static func isCompassWord(_ name: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        // Every compass word begins with n, e, s or w: most words are out at the first byte.
        guard !word.isEmpty, word.count <= 5 else { return false }
        switch name[word.lowerBound] | 0x20 {
        case UInt8(ascii: "n"), UInt8(ascii: "e"), UInt8(ascii: "s"), UInt8(ascii: "w"): break
        default: return false
        }
        return compassWords.contains { w in
            w.count == word.count && w.indices.allSatisfy { w[$0] == name[word.lowerBound + $0] | 0x20 }
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
