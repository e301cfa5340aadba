import Foundation
import WayfinderDirections
import WayfinderGeocoding
import WayfinderGraph

/// A route end as the user gave it, understood.
public struct ResolvedEndpoint: Sendable {
    public var coordinate: FixedCoordinate
    /// The geocoded address, POI, street or place; nil when the text was a coordinate.
    public var place: GeocoderResult?
    /// How the text was understood, one line: `"Mannerheimintie 5, 00100 Helsinki" (address,
    /// node 317574802) at 60.169443,24.939773`, or `coordinate 42.506300,1.521800`.
    public var description: String
}

/// Resolves a `route --from/--to` value: a coordinate stays a coordinate, anything else is
/// geocoded (best match, favouring results near `near`).
///
/// Text without letters ("42.5", "42.5,1.5,3") or two comma-separated numbers ("42.5,nan")
/// is taken as a coordinate and checked by `parseCoordinate` (bad input, exit 2).
/// `geocoder` is called only for text, so routes between coordinates never open the index.
/// Throws `.placeNotFound` (exit 6) when nothing matches well enough.
public func resolveEndpoint(_ text: String, option: String, near: FixedCoordinate? = nil,
                            geocoder: () throws(CommandError) -> Geocoder) throws(CommandError) -> ResolvedEndpoint {
    if looksLikeCoordinate(text) {
        let coordinate = try parseCoordinate(text, option: option)
        return ResolvedEndpoint(coordinate: coordinate, place: nil, description: "coordinate " + GeocodeCommands.format(coordinate))
    }
    guard let best = try geocoder().geocode(text, near: near, limit: 1).first, best.score >= GeocodeCommands.minimumRouteScore else {
        throw .placeNotFound("\(option): no address, place or POI matches \"\(text)\" (see wayfinder geocode --help)")
    }
    return ResolvedEndpoint(coordinate: best.location, place: best,
                            description: "\"\(best.label)\" (\(best.kind), \(best.osmType) \(best.osmId)) at " + GeocodeCommands.format(best.location))
}

/// See `resolveEndpoint`.
func looksLikeCoordinate(_ text: String) -> Bool {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    if parts.count == 2, parts.allSatisfy({ Double($0.trimmingCharacters(in: .whitespaces)) != nil }) { return true }
    return !text.contains { $0.isLetter }
}

extension GeocodeCommands {
    /// A route end must match at least this well: most of its words, in a name.
    public static let minimumRouteScore = 0.6

    static func format(_ c: FixedCoordinate) -> String { String(format: "%.6f,%.6f", c.latitude, c.longitude) }

    static func text(_ results: [GeocoderResult]) -> String {
        results.map { r in
            var line = "\(r.label) (\(r.kind)" + (r.category.map { ", \($0)" } ?? "") + ") at \(format(r.location))"
            line += ", \(r.osmType) \(r.osmId), score \(String(format: "%.2f", r.score))"
            if let d = r.distance { line += String(format: ", %.0f m", d) }
            return line + "\n"
        }.joined()
    }

    static func json(_ results: [GeocoderResult]) -> String {
        let json = JSONBuffer()
        json.beginArray()
        for r in results { write(r, to: json) }
        json.endArray()
        return json.text
    }

    /// The best answer with the POI at the point under "poi"; `{}` when nothing is near.
    static func json(_ answer: ReverseGeocode) -> String {
        let json = JSONBuffer()
        guard let best = answer.best else { return "{}" }
        write(best, to: json) { json in
            json.key("poi")
            if let poi = answer.poi { write(poi, to: json) } else { json.null() }
        }
        return json.text
    }

    static func write(_ r: GeocoderResult, to json: JSONBuffer, extra: (JSONBuffer) -> Void = { _ in }) {
        func string(_ key: StaticString, _ value: String?) {
            json.key(key)
            if let value { json.string(value) } else { json.null() }
        }
        json.beginObject()
        json.key("lat"); json.number(r.location.latitude, decimals: 7)
        json.key("lon"); json.number(r.location.longitude, decimals: 7)
        string("name", r.name)
        string("kind", r.kind.description)
        string("category", r.category)
        json.key("address"); json.beginObject()
        string("housenumber", r.housenumber)
        string("street", r.street)
        string("postcode", r.postcode)
        string("city", r.city)
        json.endObject()
        string("osm_type", r.osmType.description)
        json.key("osm_id"); json.integer(Int(r.osmId))
        json.key("score"); json.number(r.score, decimals: 4)
        if let d = r.distance { json.key("distance_m"); json.number(d, decimals: 1) }
        string("label", r.label)
        let optional: [(StaticString, String?)] = [("type", r.type), ("phone", r.phone), ("website", r.website),
                                                   ("opening_hours", r.openingHours)]
        for (key, value) in optional {
            if let value { string(key, value) }
        }
        extra(json)
        json.endObject()
    }
}
