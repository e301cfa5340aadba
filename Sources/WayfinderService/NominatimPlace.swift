import WayfinderGeocoding
import WayfinderGraph

/// What every Nominatim format says of one result, worked out once: class and type, ranks,
/// the address lines and the display name. Formats only differ in how they write these.
extension GeocoderResult {
    /// Nominatim's class and type: the main tag split at "=" (`amenity`, `cafe`), or
    /// `place`, `house` for an address point.
    var nominatimTag: (String, String) {
        guard let type, let eq = type.firstIndex(of: "=") else { return ("place", "house") }
        return (String(type[..<eq]), String(type[type.index(after: eq)...]))
    }

    /// Nominatim's search rank (`place_rank`): 30 for houses and POIs, 26 for streets,
    /// 4…22 for places by type.
    var placeRank: Int {
        switch kind {
        case .address, .poi: return 30
        case .street: return 26
        case .place:
            switch nominatimTag.1 {
            case "country": return 4
            case "state", "region", "province": return 8
            case "county": return 12
            case "city", "municipality": return 16
            case "town": return 18
            case "village": return 19
            case "hamlet", "suburb", "borough", "quarter": return 20
            default: return 22
            }
        }
    }

    /// Nominatim's address rank: towns and villages are municipalities like cities (16).
    var addressRank: Int {
        switch placeRank {
        case 18, 19: 16
        default: placeRank
        }
    }

    /// Nominatim's `addresstype`: the address level the result itself fills (`road`,
    /// `city`, `amenity`…), also the key of its own line in `address`.
    var addressType: String {
        switch kind {
        case .street: "road"
        case .address: "building"
        case .place: nominatimTag.1 == "municipality" ? "city" : nominatimTag.1
        case .poi: nominatimTag.0
        }
    }

    /// Nominatim's `address` lines, most specific first: the object itself under its
    /// address type, house number, road, suburb, city, county, state, postcode, country,
    /// country code. A key is written once.
    var addressLines: [(key: String, value: String)] {
        var lines: [(key: String, value: String)] = []
        func add(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty, !lines.contains(where: { $0.key == key }) else { return }
            lines.append((key, value))
        }
        if kind == .poi || kind == .place { add(addressType, name) }
        add("house_number", housenumber)
        add("road", street ?? (kind == .street ? name : nil))
        add("suburb", areas.suburb)
        if kind != .place || !["city", "town", "village"].contains(addressType) { add("city", areas.city ?? city) }
        add("county", areas.county)
        add("state", areas.state)
        add("postcode", postcode ?? areas.postcode)
        add("country", areas.country)
        add("country_code", areas.countryCode)
        return lines
    }

    /// Comma-separated, most specific first, as Nominatim writes it: the address lines'
    /// values without the country code, each once.
    var displayName: String {
        var parts: [String] = []
        for line in addressLines where line.key != "country_code" && !parts.contains(line.value) { parts.append(line.value) }
        if kind == .street || kind == .address, parts.isEmpty { parts.append(name) }
        return parts.joined(separator: ", ")
    }

    /// The name Nominatim shows in `name`: empty for a plain address.
    var nominatimName: String { kind == .address ? "" : name }

    /// `namedetails`: `name` itself (as tagged, also when a language chose another to
    /// display), then the other names.
    var nameDetails: [OSMTag] {
        let own = names.contains { $0.key == "name" } || kind == .address || name.isEmpty ? [] : [OSMTag("name", name)]
        return own + names
    }

    /// The point widened by a size typical of the kind (a house, a street, a town), as
    /// `[minLat, maxLat, minLon, maxLon]`: the index keeps one point per object.
    var boundingBox: [Int32] {
        let half: Int32 = switch kind {
        case .address, .poi: 500   // 1e-7 degrees: ~5 m
        case .street: 5000
        case .place: 100_000
        }
        return [location.lat - half, location.lat + half, location.lon - half, location.lon + half]
    }
}

/// Fixed-point degrees as Nominatim writes them in strings: "60.1699000".
func nominatimDegrees(_ fixed: Int32) -> String {
    let sign = fixed < 0 ? "-" : ""
    let magnitude = Int(fixed.magnitude)
    let fraction = String(magnitude % 10_000_000)
    return "\(sign)\(magnitude / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
}
