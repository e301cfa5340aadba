/// The languages a reader asked for, best first (Nominatim's `accept-language` parameter and
/// the HTTP `Accept-Language` header), and the name to show them: `name:xx` of the first
/// language the object has, else its `name`.
public struct LanguagePreference: Sendable, Equatable {
    /// Lower-case language tags ("fi", "en-gb", "en"), best first; never "*".
    public var languages: [String]

    public init(_ languages: [String] = []) { self.languages = languages }

    /// Parses `fi, en-GB;q=0.8, en;q=0.5, *;q=0.1`: entries sorted by q-value (1 when absent,
    /// ties keep their order), entries with q=0 or an unreadable q dropped. A regional tag
    /// is followed by its language ("en-gb" then "en") when the list does not name it, as
    /// Nominatim's locales do. Lenient like browsers and Nominatim: odd entries are skipped.
    public init(header: String) {
        var weighted: [(tag: String, q: Double, order: Int)] = []
        for (order, entry) in header.split(separator: ",").enumerated() {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased().replacingOccurrences(of: "_", with: "-"), !tag.isEmpty, tag != "*",
                  tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { continue }
            var q = 1.0
            if let qPart = parts.dropFirst().first(where: { $0.hasPrefix("q=") }) {
                guard let value = Double(qPart.dropFirst(2)), (0...1).contains(value) else { continue }
                q = value
            }
            if q > 0 { weighted.append((tag, q, order)) }
        }
        weighted.sort { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }
        var languages: [String] = []
        for (tag, _, _) in weighted where !languages.contains(tag) {
            languages.append(tag)
            if let dash = tag.firstIndex(of: "-") {
                let base = String(tag[..<dash])
                if !weighted.contains(where: { $0.tag == base }) && !languages.contains(base) { languages.append(base) }
            }
        }
        self.languages = languages
    }

    /// The name to display: `name:xx` of the first preferred language found among `names`
    /// (keys compared without case), else `name`.
    public func name(_ names: [OSMTag], default name: String) -> String {
        for language in languages {
            let key = "name:" + language
            if let tag = names.first(where: { $0.key.lowercased() == key }), !tag.value.isEmpty { return tag.value }
        }
        return name
    }

    /// `result` with its displayed name chosen by this preference (an address, which has
    /// no name of its own, stays as it is).
    public func localized(_ result: GeocoderResult) -> GeocoderResult {
        guard !languages.isEmpty, result.kind != .address else { return result }
        var copy = result
        copy.name = name(result.names, default: result.name)
        // The name as tagged stays in `names` (Nominatim's namedetails show it).
        if copy.name != result.name, !result.names.contains(where: { $0.key == "name" }) {
            copy.names.insert(OSMTag("name", result.name), at: 0)
        }
        return copy
    }
}
