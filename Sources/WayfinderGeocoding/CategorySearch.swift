import Foundation
import WayfinderGraph

/// What a category search asks for: POIs of some types (`key=value`, or `key=*` for any
/// value of the key), optionally only those serving a cuisine (`cuisine` is a `;`-list).
public struct CategoryQuery: Sendable, Equatable {
    /// What to call it in messages: the category's name or the phrase as asked.
    public var name: String
    /// A POI of any of these types matches; any POI when empty (a cuisine query).
    public var types: [String]
    /// When set, only POIs whose `cuisine` lists this value.
    public var cuisine: String?

    public init(name: String, types: [String], cuisine: String? = nil) {
        (self.name, self.types, self.cuisine) = (name, types, cuisine)
    }

    public init(_ category: Category) {
        self.init(name: category.name, types: category.tags)
    }

    /// Keys a raw `key=value` query may name: the POI keys, and cuisine.
    public static let keys = Set(poiKeys.map(\.key) + ["cuisine"])

    /// The keys that make a named object a POI, in order of precedence, each with the
    /// values that name a kind of place (empty: any value; not every `railway=*` or
    /// `natural=*` is one). The importer tags POIs by it (`GeocoderCollector.poiTag`).
    public static let poiKeys: [(key: String, values: Set<String>)] = [
        ("amenity", []), ("shop", []), ("tourism", []), ("leisure", []), ("office", []), ("healthcare", []),
        ("craft", []), ("emergency", []), ("railway", ["station", "halt", "tram_stop", "subway_entrance"]),
        ("public_transport", ["station", "platform"]), ("highway", ["bus_stop"]),
        ("aeroway", ["aerodrome", "terminal", "heliport"]), ("historic", []),
        ("natural", ["peak", "volcano", "beach", "cave_entrance", "spring"]),
        ("man_made", ["lighthouse", "windmill", "tower", "bridge"]), ("building", []),
    ]
}

/// Category search: a phrase resolved against the grouped `Categories`, the single-tag
/// `PoiVocabulary` and the types and cuisines present in the data, then the POIs of that
/// query within a radius.
///
/// Recall against the OSM data is measured by `scripts/category-recall` (pyosmium ground
/// truth, `wayfinder search KEY=VALUE` at random centres; see its header for figures).
extension Geocoder {
    /// The query a phrase asks for, nil when neither the vocabulary nor the data knows it.
    /// In order: a raw tag (`shop=books`, `amenity=*`, `cuisine=pizza`) of a POI key; the
    /// words of a grouped category ("cafes", "petrol station"); the words of one tag or
    /// cuisine ("bookshop", "pizza", "hostel"); a tag value or cuisine present in the data,
    /// in words, singular or plural ("florist", "benches", "ice cream" → `*=ice_cream`);
    /// a grouped category one typo away ("pharmcy").
    public func categoryQuery(_ phrase: String) -> CategoryQuery? {
        let trimmed = phrase.trimmingCharacters(in: .whitespaces).lowercased()
        if let eq = trimmed.firstIndex(of: "=") {
            let key = trimmed[..<eq].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard CategoryQuery.keys.contains(key), !value.isEmpty, !value.contains("=") else { return nil }
            let tag = key + "=" + value
            if key == "cuisine" { return value == "*" ? nil : CategoryQuery(name: tag, types: [], cuisine: value) }
            return CategoryQuery(name: tag, types: [tag])
        }
        if let category = Categories.exactly(matching: phrase) { return CategoryQuery(category) }
        let variants = Categories.variants(phrase)
        for variant in variants {
            guard let row = PoiVocabulary.byWords[variant] else { continue }
            let tags = PoiVocabulary.table[row].0.split(separator: "|").map(String.init)
            if let cuisine = tags.first, cuisine.hasPrefix("cuisine=") {
                return CategoryQuery(name: phrase, types: [], cuisine: String(cuisine.dropFirst("cuisine=".count)))
            }
            return CategoryQuery(name: phrase, types: tags)
        }
        for variant in variants {
            let value = variant.replacingOccurrences(of: " ", with: "_")
            let types = CategoryQuery.keys.subtracting(["cuisine"]).sorted().map { $0 + "=" + value }.filter(poi.hasSearchable)
            if !types.isEmpty { return CategoryQuery(name: phrase, types: types) }
            if poi.hasSearchable("cuisine=" + value) { return CategoryQuery(name: phrase, types: [], cuisine: value) }
        }
        return Categories.withTypo(matching: phrase).map(CategoryQuery.init)
    }

    /// POIs of `category` within `radius` metres, nearest first. A `key=*` category (shop,
    /// office) also takes POIs of more specific categories under that key.
    public func search(_ category: Category, near point: FixedCoordinate, radius: Double = 1000, limit: Int = 10) -> [GeocoderResult] {
        search(CategoryQuery(category), near: point, radius: radius, limit: limit)
    }

    /// POIs matching `query` within `radius` metres, nearest first, named or not: by their
    /// main type, or a second POI tag (a restaurant also tagged `shop=florist`). `inside`
    /// keeps only POIs in a box (a map's visible region: the circle around its centre
    /// through its corners, filtered before the limit so none in the box is lost).
    public func search(_ query: CategoryQuery, near point: FixedCoordinate, radius: Double = 1000, limit: Int = 10,
                       inside box: (min: FixedCoordinate, max: FixedCoordinate)? = nil) -> [GeocoderResult] {
        let exact = query.types.filter { !$0.hasSuffix("=*") }.map { Array($0.utf8) }
        let prefixes = query.types.filter { $0.hasSuffix("=*") }.map { Array($0.dropLast().utf8) }
        let cuisine = query.cuisine.map { Array($0.utf8) }
        var found: [(Int, Double)] = []
        forEachItem(around: point, radius: radius, LocalProjection(latitude: point.latitude)) { i, d in
            let item = items[i]
            guard d <= radius, item.kind == GeocoderKind.poi.rawValue else { return }
            if let box, !(box.min.lat...box.max.lat).contains(item.location.lat) || !(box.min.lon...box.max.lon).contains(item.location.lon) { return }
            if !query.types.isEmpty {
                func matches(_ type: some Collection<UInt8>) -> Bool {
                    exact.contains { type.elementsEqual($0) } || prefixes.contains { type.starts(with: $0) }
                }
                var second = false
                if !matches(strings.bytes(item.type)) {
                    poi.forEachSecondType(of: i) { key, value in second = second || matches(Array(key.utf8) + [UInt8(ascii: "=")] + value) }
                    guard second else { return }
                }
            }
            if let cuisine {
                guard let served = poi.value(of: i, key: PoiExtraTags.cuisine), Self.lists(served, cuisine) else { return }
            }
            found.append((i, d))
        }
        return found.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(max(0, limit))
            .map { result($0.0, score: max(0, 1 - $0.1 / radius), distance: $0.1) }
    }

    /// Whether the `;`-list `list` holds `value` (spaces around items and case ignored).
    static func lists(_ list: UnsafeBufferPointer<UInt8>, _ value: [UInt8]) -> Bool {
        var start = 0
        while start <= list.count {
            let end = list[start...].firstIndex(of: UInt8(ascii: ";")) ?? list.count
            var (a, b) = (start, end)
            while a < b, list[a] == 0x20 { a += 1 }
            while b > a, list[b - 1] == 0x20 { b -= 1 }
            if b - a == value.count, zip(list[a..<b], value).allSatisfy({ Self.lower($0) == $1 }) { return true }
            start = end + 1
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}
