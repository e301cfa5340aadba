import WayfinderGeocoding
import WayfinderOSRM

/// Nominatim's structured search (`amenity`, `street`, `city`, `county`, `state`, `country`,
/// `postalcode`): the fields are searched as one text, and each field given must then agree
/// with the result's own field wherever the result has one, so `street=Main&city=A` does not
/// answer Main Street in town B.
struct NominatimStructuredQuery {
    static let fields = ["amenity", "street", "city", "county", "state", "country", "postalcode"]

    var amenity: String?, street: String?, city: String?, county: String?, state: String?, country: String?, postalcode: String?

    /// Nil when the request has none of the fields. With `q` as well: a `Failure`, as in Nominatim.
    init?(_ request: HTTPRequest) throws(NominatimEndpoints.Failure) {
        func field(_ name: String) -> String? {
            request[name].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        }
        guard Self.fields.contains(where: { field($0) != nil }) else { return nil }
        guard request["q"] == nil else {
            throw .init("Structured query parameters (amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter.")
        }
        (amenity, street, city, county, state, country, postalcode) =
            (field("amenity"), field("street"), field("city"), field("county"), field("state"), field("country"), field("postalcode"))
    }

    /// The texts to search for, tried in turn until one has answers that agree: the
    /// amenity, street, city and postcode; then without the postcode, then without the city
    /// (the index may not hold them as words: the fields still filter). County, state and
    /// country only filter, unless nothing more specific was given: an index holds few of
    /// their names, and an unexplained word would make every answer unsure.
    var texts: [String] {
        func joined(_ fields: [String?]) -> String? {
            let given = fields.compactMap { $0 }
            return given.isEmpty ? nil : given.joined(separator: ", ")
        }
        let attempts = [joined([amenity, street, city, postalcode]), joined([amenity, street, city]), joined([amenity, street])]
        var texts: [String] = []
        for case let text? in attempts where !texts.contains(text) { texts.append(text) }
        return texts.isEmpty ? [joined([county, state, country])!] : texts
    }

    /// The house number in `street` ("Mannerheimintie 5", "5 Main Street"): its words with a digit.
    private var streetParts: (words: [String], number: String?) {
        guard let street else { return ([], nil) }
        let words = street.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let numbers = words.filter { $0.contains(where: \.isNumber) }
        return (words.filter { !$0.contains(where: \.isNumber) }, numbers.first)
    }

    /// Whether `r` agrees with every field given.
    func accepts(_ r: GeocoderResult) -> Bool {
        func same(_ a: String?, _ b: String) -> Bool {
            guard let a else { return false }
            return TextFolding.key(a).replacingOccurrences(of: " ", with: "") == TextFolding.key(b).replacingOccurrences(of: " ", with: "")
        }
        /// Agrees when the result has none of `values`, or one of them is `given`.
        func agrees(_ given: String?, _ values: [String?]) -> Bool {
            guard let given else { return true }
            let known = values.compactMap { $0 }
            return known.isEmpty || known.contains { same($0, given) }
        }
        let placeName = r.kind == .place ? r.name : nil
        guard agrees(postalcode, [r.postcode ?? r.areas.postcode]),
              agrees(city, [r.city, r.areas.city, r.areas.suburb, placeName]),
              agrees(county, [r.areas.county]), agrees(state, [r.areas.state]),
              agrees(country, [r.areas.country, r.areas.countryCode]) else { return false }
        if amenity != nil && r.kind != .poi { return false }
        if street != nil {
            // The result must be on the street: a place has no street to agree with.
            guard let road = r.street ?? (r.kind == .street ? r.name : nil) else { return false }
            let roadWords = TextFolding.tokens(road)
            let (words, number) = streetParts
            for word in words.flatMap({ TextFolding.tokens($0) }) where !roadWords.contains(where: { $0.starts(with: word) }) {
                return false
            }
            if let number, let housenumber = r.housenumber, !same(housenumber, number) { return false }
        }
        return true
    }
}
