import WayfinderGraph

/// What a forward query asked, and how much of it a result explains: the confidence in
/// `GeocoderResult.score`, 0...1, with a meaning a caller can act on.
///
/// Each query word weighs by its rarity (`Geocoder.wordWeight`). A word is explained by
/// the result when it matched one of the result's names or its context (city, postcode,
/// street of a POI) in the index, at that match's quality (exact 1, prefix less, one typo
/// 0.8, two 0.65, context × 0.85); failing that, at 0.9 when it names the result's kind
/// ("cathedral" for a place of worship, "station" for `railway=station`, "city" for a
/// city) or an area it lies in (its country, state, county, city or suburb). The
/// confidence is the explained share of the query's weight, times 0.9 + 0.1 × the share of
/// the result's own name the query matched.
///
/// Numbers must be explained: a house number no address has is never answered by another
/// number. A street whose name explains the rest of the query is then returned with the
/// number marked as not found (`GeocoderResult.missingHousenumber`, confidence × 0.9);
/// any other result that leaves a number unexplained scores at most 0.5.
struct QueryExplanation {
    let words: [[UInt8]]
    let weights: [Float]
    let totalWeight: Float
    private let isNumber: [Bool]
    /// Per word, the categories it names on its own (`Categories.word`), in any order.
    private let categories: [[UInt8]]

    /// The score of a result kept although it leaves a number unexplained.
    static let unexplainedNumberCap: Float = 0.5

    init(words: [[UInt8]], weights: [Float]) {
        self.words = words
        self.weights = weights
        totalWeight = max(weights.reduce(0, +), .leastNormalMagnitude)
        isNumber = words.map { $0.contains { $0 >= 0x30 && $0 <= 0x39 } }
        categories = words.map { Categories.categories(namedBy: String(decoding: $0, as: UTF8.self)) }
    }

    /// The result's confidence and, for a street answering a query whose house number no
    /// address has, that number. `matched` has bit `w` set for each word the index
    /// matched and `matchedWeight` sums their weights times match quality.
    /// `result` is called only when a word is left unexplained by the index's matches.
    func explain(typeOf item: GeocoderItem, matched: UInt16, matchedWeight: Float, cover: Float,
                 result: () -> GeocoderResult) -> (confidence: Float, missingHousenumber: String?) {
        var explained = matchedWeight
        var missing: (word: Int, weight: Float)?
        var known: Set<[UInt8]>?  // words of the result's kind and areas, folded when first needed
        for w in words.indices where matched & (1 << UInt16(w)) == 0 {
            if categories[w].contains(item.category) && item.category != 0 {
                explained += 0.9 * weights[w]
                continue
            }
            if known == nil { known = Self.kindAndAreaWords(result()) }
            if known!.contains(words[w]) || known!.contains(Array(Categories.singularOf(String(decoding: words[w], as: UTF8.self)).utf8)) {
                explained += 0.9 * weights[w]
            } else if isNumber[w] {
                missing = (w, (missing?.weight ?? 0) + weights[w])
            }
        }
        let coverFactor = 0.9 + 0.1 * min(1, cover)
        guard let missing else { return (explained / totalWeight * coverFactor, nil) }
        if item.kind == GeocoderKind.street.rawValue, missing.weight < totalWeight {
            let rest = explained / (totalWeight - missing.weight)
            return (0.9 * rest * coverFactor, String(decoding: words[missing.word], as: UTF8.self))
        }
        return (min(Self.unexplainedNumberCap, explained / totalWeight * coverFactor), nil)
    }

    /// The weighted share of the query's words found in the result's own name, street,
    /// house number, postcode or city, rather than in another name of it.
    func ownNameShare(_ r: GeocoderResult) -> Float {
        var own = Set<[UInt8]>()
        for text in [r.name, r.street, r.housenumber, r.postcode, r.city].compactMap({ $0 }) {
            TextFolding.forEachToken(text) { own.insert(Array($0)) }
        }
        return words.indices.reduce(Float(0)) { $0 + (own.contains(words[$1]) ? weights[$1] : 0) } / totalWeight
    }

    /// Folded words of the result's main tag (`railway=station` → railway, station; an
    /// address counts as "house" and "address") and of the areas around it.
    private static func kindAndAreaWords(_ r: GeocoderResult) -> Set<[UInt8]> {
        var texts: [String] = [r.kind.description]
        if let type = r.type { texts.append(type) }  // "=" and "_" separate words
        if r.kind == .address { texts += ["house", "address"] }
        let a = r.areas
        texts += [r.city, r.postcode, a.country, a.countryCode, a.state, a.county, a.city, a.suburb, a.postcode].compactMap { $0 }
        var words = Set<[UInt8]>()
        for text in texts { TextFolding.forEachToken(text) { words.insert(Array($0)) } }
        return words
    }
}

/// The answer to a forward query: results that explain it, else suggestions that do not
/// quite ("did you mean"), never to be taken as the place asked for.
public struct ForwardAnswer: Sendable {
    /// Confidence ≥ `Geocoder.minimumConfidence`, best first.
    public var results: [GeocoderResult] = []
    /// The best candidates below the threshold, best first, when there is no result.
    public var suggestions: [GeocoderResult] = []
    public init(results: [GeocoderResult] = [], suggestions: [GeocoderResult] = []) {
        self.results = results
        self.suggestions = suggestions
    }
}
