import Foundation
import Glibc
import WayfinderGeocoding
import WayfinderJSON
import WayfinderOSRM

/// Nominatim's `format=xml`: `<searchresults>` and `<lookupresults>` hold one `<place>` per
/// result (address lines as child elements); `<reversegeocode>` holds one `<result>`, then
/// `<addressparts>`. Every text and attribute is escaped.
struct NominatimXML {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"

    /// `&`, `<`, `>`, `"` and `'` as entities; other control characters (not allowed in
    /// XML 1.0) dropped.
    static func escape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// The root element's attributes: `timestamp` (RFC 822, as Nominatim), `attribution`,
    /// `querystring` (the request's parameters), and `exclude_place_ids` for a search.
    mutating func open(_ root: String, _ request: HTTPRequest, excluded: [Int32] = []) {
        let query = request.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        text += "<\(root) timestamp=\"\(Self.timestamp())\" attribution=\"\(Self.escape(NominatimEndpoints.licence))\""
        text += " querystring=\"\(Self.escape(query))\""
        if !excluded.isEmpty { text += " exclude_place_ids=\"\(excluded.map(String.init).joined(separator: ","))\"" }
        text += ">\n"
    }

    mutating func close(_ root: String) { text += "</\(root)>\n" }

    /// `<error>message</error>` inside the root (reverse: "Unable to geocode").
    mutating func error(_ message: String) { text += "<error>\(Self.escape(message))</error>\n" }

    /// One `<place>` of a search or lookup.
    mutating func place(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        let (tagKey, tagValue) = r.nominatimTag
        text += "<place"
        attributes(r, output)
        text += attribute("display_name", r.displayName) + attribute("class", tagKey) + attribute("type", tagValue)
        text += attribute("importance", String(format: "%.5f", r.importance))
        text += ">"
        if output.addressDetails {
            for line in r.addressLines { element(line.key, line.value) }
        }
        details(r, output)
        text += "</place>\n"
    }

    /// The `<result>` of a reverse answer and its `<addressparts>`.
    mutating func reverseResult(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        text += "<result"
        attributes(r, output)
        if !r.nominatimName.isEmpty { text += attribute("ref", r.nominatimName) }
        text += ">\(Self.escape(r.displayName))</result>\n"
        if output.addressDetails {
            text += "<addressparts>"
            for line in r.addressLines { element(line.key, line.value) }
            text += "</addressparts>\n"
        }
        details(r, output)
    }

    private mutating func attributes(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        text += attribute("place_id", String(r.item)) + attribute("osm_type", r.osmType.description) + attribute("osm_id", String(r.osmId))
        text += attribute("place_rank", String(r.placeRank)) + attribute("address_rank", String(r.addressRank))
        text += attribute("boundingbox", r.boundingBox.map(nominatimDegrees).joined(separator: ","))
        text += attribute("lat", nominatimDegrees(r.location.lat)) + attribute("lon", nominatimDegrees(r.location.lon))
        if output.polygonGeoJSON {
            let json = JSONBuffer(capacity: 256)
            json.geometry(r, output)
            text += attribute("geojson", json.text)
        }
    }

    /// `<extratags><tag key= value=/>…` and `<namedetails><name desc=>…` on request.
    private mutating func details(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        if output.extraTags {
            text += "<extratags>"
            for tag in r.extraTags { text += "<tag" + attribute("key", tag.key) + attribute("value", tag.value) + "/>" }
            text += "</extratags>"
        }
        if output.nameDetails {
            text += "<namedetails>"
            for tag in r.nameDetails { text += "<name" + attribute("desc", tag.key) + ">\(Self.escape(tag.value))</name>" }
            text += "</namedetails>"
        }
    }

    /// An address line: its key as the element name (keys are Nominatim's own words,
    /// letters and underscores; anything else would not be a valid name and is skipped).
    private mutating func element(_ name: String, _ value: String) {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)) })
        else { return }
        text += "<\(name)>\(Self.escape(value))</\(name)>"
    }

    private func attribute(_ name: String, _ value: String) -> String { " \(name)=\"\(Self.escape(value))\"" }

    /// Now as "Tue, 02 Dec 26 04:10:00 +0000".
    static func timestamp() -> String {
        var now = time(nil), parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %y %H:%M:%S +0000", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
