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

    /// Whether two different names differ only by compass words around what they share, as
    /// OSRM decomposes them: their longest common substring, and what is left before and
    /// after it in each (spaces trimmed, case ignored) nothing or a word of `compassWords`.
    /// "42 N"/"42 S", "West 42"/"East 42", "North Capitol Northeast"/"North Capitol
    /// Northwest" (left: "east", "west"). Names whose lengths differ by more than two compass
    /// words and spaces can't qualify and are not compared (this runs at every name change).
    static func compassChange(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard abs(x.count - y.count) <= 12, x.count <= 128, y.count <= 128 else { return false }
        let (xStart, length) = longestCommonSubstring(x, y)
        guard length > 0 else { return compassOrEmpty(x, 0..<x.count) && compassOrEmpty(y, 0..<y.count) }
        guard let yStart = firstIndex(of: x[xStart..<(xStart + length)], in: y) else { return false }
        return compassOrEmpty(x, 0..<xStart) && compassOrEmpty(x, (xStart + length)..<x.count)
            && compassOrEmpty(y, 0..<yStart) && compassOrEmpty(y, (yStart + length)..<y.count)
    }

    /// The start in `x` and the length of the first longest run of bytes both names contain.
    static func longestCommonSubstring(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        guard !x.isEmpty, !y.isEmpty else { return (0, 0) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * (y.count + 1)) { rows in
            rows.initialize(repeating: 0)
            var previous = 0, current = y.count + 1, best = 0, bestEnd = 0
            for i in 0..<x.count {
                for j in 0..<y.count {
                    let run = x[i] == y[j] ? rows[previous + j] &+ 1 : 0
                    rows[current + j + 1] = run
                    if Int(run) > best { best = Int(run); bestEnd = i + 1 }
                }
                swap(&previous, &current)
            }
            return (bestEnd - best, best)
        }
    }

    /// Where `part` first occurs in `y`.
    static func firstIndex(of part: Slice<UnsafeBufferPointer<UInt8>>, in y: UnsafeBufferPointer<UInt8>) -> Int? {
        guard part.count <= y.count else { return nil }
        for i in 0...(y.count - part.count) where y[i..<(i + part.count)].elementsEqual(part) { return i }
        return nil
    }

    /// Whether `name[range]`, spaces trimmed, is empty or a compass word.
    static func compassOrEmpty(_ name: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let space = UInt8(ascii: " ")
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && name[lower] == space { lower += 1 }
        while upper > lower && name[upper - 1] == space { upper -= 1 }
        return lower == upper || isCompassWord(name, lower..<upper)
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
