import Foundation

/// Signposted limits as OSRM car.lua reads them (`WayHandlers.parse_maxspeed` and its tables).
enum Maxspeed {
    /// Zone codes whose limit differs from the usual one of their kind (`maxspeedDefaults`).
    static let zones: [String: Double] = [
        "at:rural": 100, "at:trunk": 100, "ar:urban": 40, "ar:rural": 110, "be:motorway": 120,
        "be-bru:rural": 70, "be-bru:urban": 30, "be-vlg:rural": 70, "bg:motorway": 140, "by:urban": 60,
        "by:motorway": 110, "ca-on:rural": 80, "ch:rural": 80, "ch:trunk": 100, "ch:motorway": 120,
        "de:living_street": 7, "de:rural": 100, "de:motorway": 0, "dk:rural": 80, "es:trunk": 90,
        "fr:rural": 80, "gb:nsl_single": 60 * 1609 / 1000, "gb:nsl_dual": 70 * 1609 / 1000,
        "gb:motorway": 70 * 1609 / 1000, "lv:living_street": 20, "nl:rural": 80, "nl:trunk": 100,
        "no:rural": 80, "no:motorway": 110, "ph:urban": 40, "ph:rural": 80, "ph:motorway": 100,
        "pl:rural": 100, "pl:expressway": 120, "pl:motorway": 140, "ro:trunk": 100, "ru:living_street": 20,
        "ru:urban": 60, "ru:motorway": 110, "uk:nsl_single": 60 * 1609 / 1000, "uk:nsl_dual": 70 * 1609 / 1000,
        "uk:motorway": 70 * 1609 / 1000, "za:urban": 60, "za:rural": 100, "none": 140,
    ]
    /// The usual limit of a kind of zone, for any country code not listed above.
    static let kindDefaults: [String: Double] = ["urban": 50, "rural": 90, "trunk": 110, "motorway": 130]

    /// Tags that give a limit, most specific first, each also as `:forward` / `:backward`.
    static let keys: DirectionalKeys = ["maxspeed:advisory", "maxspeed", "source:maxspeed", "maxspeed:type"]

    /// Free-flow traffic seldom reaches the limit: OSRM drives at 80% of it.
    static let reduction = 0.8

    /// The limit in km/h of each direction of a way; nil where no tag gives a usable one.
    static func limits(_ tags: OSMTags) -> (forward: Double?, backward: Double?) {
        let values = directionalValues(tags, keys)
        return (values.forward.flatMap(parse), values.backward.flatMap(parse))
    }

    /// km/h of one value: a number at the very start ("50", "30 mph"), else a zone code
    /// ("FR:urban", "none"); nil for anything else ("signals", "walk") and for 0 (`DE:motorway`:
    /// no limit, the road type's speed stays).
    static func parse(_ raw: String) -> Double? {
        let digits = raw.prefix { $0.isASCIIDigit }
        var limit: Double
        if !digits.isEmpty, let number = Double(digits) {
            limit = number
            // The bytes searched (`containsBytes`), neither Foundation's locale-aware
            // `contains` nor the standard library's generic one: each cost the reader more
            // than the rest of this function.
            if raw.containsBytes("mph") || raw.containsBytes("mp/h") { limit *= 1.609 }
        } else {
            let value = raw.lowercased()
            limit = zones[value] ?? zoneKind(value).flatMap { kindDefaults[$0] } ?? 0
        }
        return limit > 0 ? limit : nil
    }

    /// Lua's `%a%a:(%a+)`: the letters after the first colon that follows two letters.
    static func zoneKind(_ value: String) -> String? {
        let chars = Array(value)
        for i in chars.indices where chars[i] == ":" && i >= 2 && chars[i - 1].isLetter && chars[i - 2].isLetter {
            let kind = chars[(i + 1)...].prefix { $0.isLetter && $0.isASCII }
            if !kind.isEmpty { return String(kind) }
        }
        return nil
    }
}
