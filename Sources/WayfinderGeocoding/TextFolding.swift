import Foundation

/// The text normalisation shared by the index and the queries, so both sides compare the
/// same bytes: lower case, diacritics removed (Hämeentie → hameentie, São → sao,
/// Straße → strasse), split into words of letters and digits.
public enum TextFolding {
    /// The folded words of `text`, as UTF-8 bytes. Apostrophes and the Catalan middle dot
    /// join (McDonald's → mcdonalds, col·legi → collegi); every other character that is not
    /// a letter, digit or combining mark separates words.
    public static func tokens(_ text: some StringProtocol) -> [[UInt8]] {
        var tokens: [[UInt8]] = []
        forEachToken(text) { tokens.append(Array($0)) }
        return tokens
    }

    /// `tokens(text)` without an array per word: `body` sees each word in a reused buffer.
    public static func forEachToken(_ text: some StringProtocol, _ body: (ArraySlice<UInt8>) -> Void) {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        func close() {
            if !word.isEmpty { body(word[...]) }
            word.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                switch UInt8(v) {
                case 0x41...0x5A: word.append(UInt8(v) | 0x20)
                case 0x61...0x7A, 0x30...0x39: word.append(UInt8(v))
                case 0x27: continue
                default: close()
                }
            } else if let folded = fold(scalar) {
                word.append(contentsOf: folded)
            } else {
                close()
            }
        }
        close()
    }

    /// The folded words joined by single spaces: the key under which two spellings of a
    /// name count as the same name.
    public static func key(_ text: some StringProtocol) -> String {
        String(decoding: keyBytes(text), as: UTF8.self)
    }

    static func keyBytes(_ text: some StringProtocol) -> [UInt8] {
        var bytes: [UInt8] = []
        forEachToken(text) { word in
            if !bytes.isEmpty { bytes.append(0x20) }
            bytes.append(contentsOf: word)
        }
        return bytes
    }

    /// Bytes a non-ASCII scalar folds to (empty for joiners and combining marks), or nil
    /// for a separator.
    static func fold(_ scalar: Unicode.Scalar) -> [UInt8]? {
        let v = scalar.value
        if v >= 0xC0 && v < 0x250 { return latin[Int(v) - 0xC0] }
        switch v {
        case 0xB7, 0x2019, 0x02BC: return []  // middle dot, right single quote, modifier apostrophe
        default: break
        }
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark { return [] }
        guard properties.isAlphabetic || properties.numericType != nil else { return nil }
        return Array(String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }.map(String.init).joined().utf8)
    }

    /// Latin-1 Supplement and Latin Extended-A/B, folded once: the decomposition's base
    /// letter, or a spelled-out letter for those without one.
    private static let latin: [[UInt8]?] = (0xC0..<0x250).map { v -> [UInt8]? in
        let scalar = Unicode.Scalar(UInt32(v))!
        let special: [UInt32: String] = [0xDF: "ss", 0xE6: "ae", 0xC6: "ae", 0xF8: "o", 0xD8: "o", 0x153: "oe",
                                         0x152: "oe", 0x111: "d", 0x110: "d", 0xF0: "d", 0xD0: "d", 0x142: "l",
                                         0x141: "l", 0xFE: "th", 0xDE: "th", 0x131: "i", 0x127: "h", 0x126: "h",
                                         0x167: "t", 0x166: "t", 0x140: "l", 0x13F: "l", 0x14B: "n", 0x14A: "n"]
        if let s = special[UInt32(v)] { return Array(s.utf8) }
        guard scalar.properties.isAlphabetic else { return nil }
        let base = String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }
        return base.isEmpty ? Array(String(scalar).lowercased().utf8) : base.map { UInt8($0.value) }
    }

    /// Letters present in a word, one bit per letter (digits share six bits, other bytes
    /// one): each edit adds at most one bit on either side, so two words whose masks differ
    /// by more than `k` bits on one side are more than `k` edits apart.
    @inlinable
    public static func letterMask(_ word: some Sequence<UInt8>) -> UInt32 {
        var mask: UInt32 = 0
        for b in word {
            switch b {
            case 0x61...0x7A: mask |= 1 << UInt32(b - 0x61)
            case 0x30...0x39: mask |= 1 << (26 + UInt32(b - 0x30) % 5)
            default: mask |= 1 << 31
            }
        }
        return mask
    }

    /// Edits a word of `length` bytes may differ by and still match: none up to three
    /// letters (too many short words lie one edit apart), one up to seven, two beyond.
    @inlinable
    public static func allowedEdits(length: Int) -> Int { length < 4 ? 0 : length < 8 ? 1 : 2 }

    /// Optimal-string-alignment distance (insertions, deletions, substitutions and
    /// transpositions of neighbours each cost one) between `a` and `b`, or `limit + 1` as
    /// soon as it must exceed `limit`. Words longer than 63 bytes are never close.
    public static func editDistance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return max(n, m) }
        guard n < 64, m < 64 else { return limit + 1 }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows in
            // Three rows of the DP table: two back (for transpositions), previous, current.
            var back2 = 0, previous = m + 1, current = 2 * (m + 1)
            for j in 0...m { rows[previous + j] = j }
            for i in 1...n {
                rows[current] = i
                var rowMin = i
                for j in 1...m {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, rows[back2 + j - 2] + 1) }
                    rows[current + j] = d
                    rowMin = min(rowMin, d)
                }
                if rowMin > limit { return limit + 1 }
                (back2, previous, current) = (previous, current, back2)
            }
            return min(rows[previous + m], limit + 1)
        }
    }
}
