import Foundation
import WayfinderGraph

/// Forward geocoding: every query word is looked up in the sorted token table (exactly,
/// as a prefix while typing, within the allowed edits), the postings of each match vote for
/// their items, and the items are ranked by how much of the query and of their own name
/// the words cover, then by importance and nearness to the focus point. The best are then
/// scored by `QueryExplanation`: the share of the query they explain, which decides
/// whether they are an answer at all (`minimumConfidence`).
extension Geocoder {
    /// Words of a query beyond this many are ignored.
    public static let maxWords = 12
    /// A word found only in an item's context (its city, postcode, a POI's street) counts
    /// for less than one in its name: "Rua General Torres, Vila Nova de Gaia" must not tie
    /// with "Rua de General Torres" for the query "Rua de General Torres".
    static let contextWeight: Float = 0.85
    /// Results whose confidence (`GeocoderResult.score`) is below this are no answer:
    /// `geocode` leaves them out, `lookup` offers the best as suggestions. A query
    /// explained word for word with one typo scores about 0.8; one with a rare word that
    /// the result does not explain ("Casa da Música" answered by "Casa da Câmara") under 0.6.
    public static let minimumConfidence = 0.7
    /// Candidates ranked before the confidence is worked out, beyond the limit.
    static let spareCandidates = 24

    /// The answers for `text`, best first: `lookup(text, near:limit:dedupe:where:).results`.
    public func geocode(_ text: String, near focus: FixedCoordinate? = nil, limit: Int = 5, dedupe: Bool = true,
                        where accept: ((FixedCoordinate) -> Bool)? = nil) -> [GeocoderResult] {
        lookup(text, near: focus, limit: limit, dedupe: dedupe, where: accept).results
    }

    /// The results that explain `text` well enough (confidence ≥ `minimumConfidence`),
    /// best first, and else up to three suggestions that do not ("did you mean").
    ///
    /// An item must match at least one word in a name field. Words weigh by their rarity
    /// in the index (`wordWeight`), so a rare word left unexplained sinks an answer while
    /// a "da" or "rua" hardly counts. Candidates are first ranked by 0.6 × the weighted
    /// share of the query matched + 0.3 × the share of their name words matched + 0.1 ×
    /// importance, plus up to 0.1 near `near` (halved at 2 km); the best then get their
    /// confidence (`QueryExplanation`). The last word counts as a prefix unless `text`
    /// ends in a space or punctuation (typing-as-you-go); numbers always match exactly.
    /// `dedupe: false` keeps near-duplicates (Nominatim's `dedupe=0`). `accept`, when given,
    /// keeps only items at locations it accepts, before any ranking (a filter such as
    /// Nominatim's `bounded` or `countrycodes`, never a cut of the top N).
    public func lookup(_ text: String, near focus: FixedCoordinate? = nil, limit: Int = 5, dedupe: Bool = true,
                       where accept: ((FixedCoordinate) -> Bool)? = nil) -> ForwardAnswer {
        let words = Array(TextFolding.tokens(text).prefix(Self.maxWords))
        guard !words.isEmpty, limit > 0 else { return ForwardAnswer() }
        let typing = text.last.map { $0.isLetter || $0.isNumber } ?? false
        var votes = Votes(itemCount: items.count)
        defer { votes.release() }
        var weights: [Float] = []
        for (w, word) in words.enumerated() {
            var exactCount = -1, widestCount = 0
            forEachMatch(of: word, asPrefix: typing && w == words.count - 1) { token, quality in
                let postings = postings[Int(postingOffsets[token])..<Int(postingOffsets[token + 1])]
                if quality == 1 { exactCount = postings.count }
                widestCount = max(widestCount, postings.count)
                for posting in postings {
                    let isName = posting & 1 == 0
                    votes.offer(item: Int(posting >> 1), quality: isName ? quality : quality * Self.contextWeight, isName: isName)
                }
            }
            weights.append(wordWeight(itemsHolding: exactCount >= 0 ? exactCount : widestCount))
            votes.closeWord(w, weight: weights[w])
        }
        let totalWeight = weights.reduce(0, +)
        let projection = focus.map { LocalProjection(latitude: $0.latitude) }
        var ranked = TopCandidates(capacity: limit + Self.spareCandidates)
        for candidate in votes.candidates where votes.nameWords[Int(candidate)] > 0 {
            let i = Int(candidate)
            let item = items[i]
            if let accept, !accept(item.location) { continue }
            let rank = 0.6 * votes.total[i] / totalWeight + 0.3 * cover(i, votes) + 0.1 * Float(item.importance) / 255
            var distance: Double?
            if let focus, let projection {
                let (x, y) = projection.offset(item.location, from: focus)
                distance = (x * x + y * y).squareRoot()
            }
            ranked.offer((Int32(i), rank + nearness(distance), item.importance, distance))
        }
        let query = QueryExplanation(words: words, weights: weights)
        // Results are made only where a word is left to explain, and for the answer.
        var scored: [(entry: TopCandidates.Entry, result: GeocoderResult?, confidence: Float, missing: String?, rank: Float)] =
            ranked.kept.map { entry in
                let i = Int(entry.item)
                var result: GeocoderResult?
                let explained = query.explain(typeOf: items[i], matched: votes.matched[i], matchedWeight: votes.total[i],
                                              cover: cover(i, votes)) {
                    if result == nil { result = self.result(i, score: 0, distance: entry.distance) }
                    return result!
                }
                let rank = 0.6 * explained.confidence + 0.3 * cover(i, votes) + 0.1 * Float(items[i].importance) / 255
                return (entry, result, explained.confidence, explained.missingHousenumber, rank + nearness(entry.distance))
            }
        scored.sort { $0.rank != $1.rank ? $0.rank > $1.rank : $0.entry.item < $1.entry.item }
        let confident = scored.filter { $0.confidence >= Float(Self.minimumConfidence) }
        let shown = confident.isEmpty ? Array(scored.prefix(3 + 8)) : Array(confident.prefix(limit + 8))
        // Among the shown, a result whose own name says what the query says goes before one
        // found by another name ("Rua de Santa Catarina 68" before the Rua das Flores 68 of
        // the street's official "Rua de Santa Catarina das Flores").
        var reranked: [(result: GeocoderResult, rank: Float)] = []
        for s in shown {
            var result = s.result ?? self.result(Int(s.entry.item), score: 0, distance: s.entry.distance)
            result.score = Double(s.confidence)
            result.missingHousenumber = s.missing
            let rank: Float = s.rank + 0.05 * query.ownNameShare(result)
            reranked.append((result, rank))
        }
        reranked.sort { $0.rank != $1.rank ? $0.rank > $1.rank : $0.result.item < $1.result.item }
        let results = reranked.map(\.result)
        return confident.isEmpty ? ForwardAnswer(suggestions: results.distinct(limit: min(limit, 3)))
                                 : ForwardAnswer(results: dedupe ? results.distinct(limit: limit) : Array(results.prefix(limit)))
    }

    /// The share of the item's own name words the query matched.
    private func cover(_ i: Int, _ votes: Votes) -> Float {
        min(1, Float(votes.nameWords[i]) / Float(max(1, items[i].nameTokens)))
    }

    /// Up to 0.1 for a result at the focus point, halved at 2 km.
    private func nearness(_ distance: Double?) -> Float {
        distance.map { 0.1 / (1 + Float($0 / 2000)) } ?? 0
    }

    /// How much a word says: the rarer in the index, the more (inverse document
    /// frequency, plus one so that even a word on every item counts a little). A word no
    /// item holds weighs most.
    func wordWeight(itemsHolding count: Int) -> Float {
        log(Float(items.count + 1) / Float(count + 1)) + 1
    }

    /// Calls `body` with each token matching `word` and the match quality: 1 exact, less
    /// for a prefix of a longer word, 0.8 or 0.65 for one or two edits (allowed by the
    /// length of the longer word: see `TextFolding.allowedEdits`). Words with a digit
    /// (house numbers, postcodes) match only exactly.
    func forEachMatch(of word: [UInt8], asPrefix: Bool, _ body: (Int, Float) -> Void) {
        let hasDigit = word.contains { $0 >= 0x30 && $0 <= 0x39 }
        word.withUnsafeBufferPointer { word in
            let n = word.count
            var t = lowerBound(word)
            if asPrefix && !hasDigit {  // "2" is not house number 24
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
            guard n >= 3, !hasDigit else { return }
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

