import Foundation
import WayfinderGeocoding

/// The names an object has besides `name`: in other languages (`name:en`, `name:sv`, …)
/// and the variants OSM keeps apart (`alt_name`, `old_name`, `official_name`,
/// `short_name`, `loc_name`, `int_name`, `reg_name`, `nat_name`). All are searchable, and
/// Nominatim's `namedetails` and `accept-language` show them.
enum OtherNames {
    static let variantKeys: Set<String> = [
        "alt_name", "old_name", "official_name", "short_name", "loc_name", "int_name", "reg_name", "nat_name",
    ]
    /// `alt_name:en` and the like: a variant in a language.
    static let variantPrefixes = variantKeys.map { $0 + ":" }

    /// The object's other names as tagged, in tag order. `name:xx` keys with a further
    /// colon (`name:etymology:wikidata`) are not names; nor is `name:prefix` or a value
    /// equal to `name` itself.
    static func of(_ tags: OSMTags, name: String?) -> [OSMTag] {
        var found: [OSMTag] = []
        for i in tags.indices {
            // Every key taken has "name" in it; the others (most tags) are passed over
            // before a string is made (this used to be a sixth of the reader's callbacks).
            let raw = tags.rawTag(i)
            guard raw.value[0] != 0, strstr(raw.key, "name") != nil else { continue }
            let (key, value) = (String(cString: raw.key), String(cString: raw.value))
            guard value != name else { continue }
            if variantKeys.contains(key) || variantPrefixes.contains(where: { key.hasPrefix($0) }) {
                found.append(OSMTag(key, value))
            } else if key.hasPrefix("name:") {
                let language = key.dropFirst(5)
                guard !language.isEmpty, !language.utf8.contains(UInt8(ascii: ":")), language != "prefix", language != "suffix",
                      language != "left", language != "right" else { continue }
                found.append(OSMTag(key, value))
            }
        }
        return found
    }
}
