import Foundation
import WayfinderGraph

/// Forward geocoding: every query word is looked up in the sorted token table (exactly,
/// as a prefix while typing, within the allowed edits), the postings of each match vote for
/// their items, and the items are ranked by how much of the query and of their own name
/// the words cover, then by importance and nearness to the focus point.
extension Geocoder {
    /// Words of a query beyond this many are ignored.
    public static let maxWords = 12
    /// A word found only in an item's context (its city, postcode, a POI's street) counts
    /// for less than one in its name: "Rua General Torres, Vila Nova de Gaia" must not tie
    /// with "Rua de General Torres" for the query "Rua de General Torres".
    static let contextWeight: Float = 0.85

    /// The best matches for `text`, best first. The last word counts as a prefix unless
    /// `text` ends in a space or punctuation (typing-as-you-go). An item must match at least
    /// one word in its name; its score is 0.6 × the query's words it matches (weighted by
    /// match quality) + 0.3 × the share of its name words matched + 0.1 × its importance,
    /// plus up to 0.1 near `near` (halved at 2 km), so nearness reorders only close matches.
    /// `dedupe: false` keeps near-duplicates (Nominatim's `dedupe=0`).
    public func geocode(_ text: String, near focus: FixedCoordinate? = nil, limit: Int = 5, dedupe: Bool = true) -> [GeocoderResult] {
        let words = Array(TextFolding.tokens(text).prefix(Self.maxWords))
        guard !words.isEmpty, limit > 0 else { return [] }
        let typing = text.last.map { $0.isLetter || $0.isNumber } ?? false
        var votes = Votes(itemCount: items.count)
        defer { votes.release() }
        for (w, word) in words.enumerated() {
            forEachMatch(of: word, asPrefix: typing && w == words.count - 1) { token, quality in
                for posting in postings[Int(postingOffsets[token])..<Int(postingOffsets[token + 1])] {
                    let isName = posting & 1 == 0
                    votes.offer(item: Int(posting >> 1), quality: isName ? quality : quality * Self.contextWeight, isName: isName)
                }
            }
            votes.closeWord()
        }
        let projection = focus.map { LocalProjection(latitude: $0.latitude) }
        var ranked = TopResults(limit: limit)
        ranked.dedupe = dedupe
        for candidate in votes.candidates where votes.nameWords[Int(candidate)] > 0 {
            let i = Int(candidate)
            let item = items[i]
            let matched = votes.total[i] / Float(words.count)
            let cover = min(1, Float(votes.nameWords[i]) / Float(max(1, item.nameTokens)))
            var score = 0.6 * matched + 0.3 * cover + 0.1 * Float(item.importance) / 255
            var distance: Double?
            if let focus, let projection {
                let (x, y) = projection.offset(item.location, from: focus)
                distance = (x * x + y * y).squareRoot()
                score += 0.1 / (1 + Float(distance! / 2000))
            }
            ranked.offer(Int32(i), score: score, importance: item.importance, distance: distance)
        }
        return ranked.results(self)
    }

    /// Calls `body` with each token matching `word` and the match quality: 1 exact, less
    /// for a prefix of a longer word, 0.8 or 0.65 for one or two edits (allowed by the
    /// length of the longer word: see `TextFolding.allowedEdits`).
    func forEachMatch(of word: [UInt8], asPrefix: Bool, _ body: (Int, Float) -> Void) {
        word.withUnsafeBufferPointer { word in
            let n = word.count
            var t = lowerBound(word)
            if asPrefix {
                while t < tokenMasks.count, token(t).starts(with: word) {
                    let length = token(t).count
                    body(t, length == n ? 1 : 0.7 + 0.25 * Float(n) / Float(length))
                    t += 1
                }
            } else if t < tokenMasks.count, token(t).elementsEqual(word) {
                body(t, 1)
            }
            // Numbers (house numbers, postcodes) must be typed right. The allowance goes by
            // the longer of the two words, so a letter dropped from a four-letter word counts.
            guard n >= 3, !word.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return }
            let mask = TextFolding.letterMask(word)
            let offsets = tokenOffsets, masks = tokenMasks  // locals: the loop reads no class fields
            for t in 0..<masks.count {
                let length = Int(offsets[t + 1] &- offsets[t])
                let edits = TextFolding.allowedEdits(length: max(length, n))
                guard edits > 0, abs(length - n) <= edits,
                      Self.atMost(edits, bitsOf: mask & ~masks[t]), Self.atMost(edits, bitsOf: masks[t] & ~mask) else { continue }
                let distance = TextFolding.editDistance(word, token(t), limit: edits)
                if distance > 0 && distance <= edits { body(t, distance == 1 ? 0.8 : 0.65) }
            }
        }
    }

    /// `bits.nonzeroBitCount <= k` for k of 1 or 2, without a popcount instruction (the
    /// default x86-64 target has none): each `x & (x - 1)` clears the lowest set bit.
    @inline(__always)
    static func atMost(_ k: Int, bitsOf bits: UInt32) -> Bool {
        let once = bits & (bits &- 1)
        return k == 1 ? once == 0 : once & (once &- 1) == 0
    }

    func token(_ t: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: tokenBytes[Int(tokenOffsets[t])..<Int(tokenOffsets[t + 1])])
    }

    /// The first token not ordered before `word`.
    func lowerBound(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        partitionPoint(tokenMasks.count) { token($0).lexicographicallyPrecedes(word) }
    }
}

/// Per-item tallies of one forward query: for each word its best match quality, summed
/// over words, and how many words matched a name field. Plain buffers (freed by `release`),
/// as the postings loop updates them millions of times a second.
struct Votes {
    /// This word's best quality per item (0: none yet), and whether it came from a name field.
    private let best: UnsafeMutableBufferPointer<Float>
    private let bestIsName: UnsafeMutableBufferPointer<Bool>
    let total: UnsafeMutableBufferPointer<Float>
    let nameWords: UnsafeMutableBufferPointer<UInt8>
    private var touched: [Int32] = []
    /// Items any word matched, in first-match order.
    private(set) var candidates: [Int32] = []

    init(itemCount: Int) {
        func zeroed<T: BitwiseCopyable>(_ value: T) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, itemCount))
            buffer.initialize(repeating: value)
            return buffer
        }
        (best, bestIsName, total, nameWords) = (zeroed(0), zeroed(false), zeroed(0), zeroed(0))
    }

    func release() {
        best.deallocate()
        bestIsName.deallocate()
        total.deallocate()
        nameWords.deallocate()
    }

    @inline(__always)
    mutating func offer(item: Int, quality: Float, isName: Bool) {
        let current = best[item]
        if current == 0 { touched.append(Int32(item)) }
        if quality > current || (quality == current && isName) {
            best[item] = quality
            bestIsName[item] = isName
        }
    }

    mutating func closeWord() {
        for t in touched {
            let i = Int(t)
            if total[i] == 0 { candidates.append(t) }
            total[i] += best[i]
            if bestIsName[i] { nameWords[i] &+= 1 }
            best[i] = 0
        }
        touched.removeAll(keepingCapacity: true)
    }
}

/// The best few scored items, ties broken by importance then item order; near-duplicates
/// (same kind and label within `duplicateDistance`) are shown once.
struct TopResults {
    let limit: Int
    /// Keeps spares so dropped duplicates can be replaced.
    private var kept: [(item: Int32, score: Float, importance: UInt8, distance: Double?)] = []
    static let duplicateDistance = 100.0
    var dedupe = true

    init(limit: Int) { self.limit = limit }

    private var capacity: Int { limit + 8 }

    mutating func offer(_ item: Int32, score: Float, importance: UInt8, distance: Double?) {
        func before(_ a: (item: Int32, score: Float, importance: UInt8, distance: Double?), _ b: (Int32, Float, UInt8)) -> Bool {
            a.score != b.1 ? a.score > b.1 : a.importance != b.2 ? a.importance > b.2 : a.item < b.0
        }
        if kept.count == capacity, let last = kept.last, !before((item, score, importance, distance), (last.item, last.score, last.importance)) { return }
        let at = kept.firstIndex { !before($0, (item, score, importance)) } ?? kept.count
        kept.insert((item, score, importance, distance), at: at)
        if kept.count > capacity { kept.removeLast() }
    }

    func results(_ geocoder: Geocoder) -> [GeocoderResult] {
        var out: [GeocoderResult] = []
        for k in kept where out.count < limit {
            let result = geocoder.result(Int(k.item), score: Double(min(1, k.score)), distance: k.distance)
            let duplicate = dedupe && out.contains {
                $0.kind == result.kind && $0.label == result.label && Geo.distance($0.location, result.location) < Self.duplicateDistance
            }
            if !duplicate { out.append(result) }
        }
        return out
    }
}
