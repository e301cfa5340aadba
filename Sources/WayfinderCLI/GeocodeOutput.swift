import Foundation
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON

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
    let answer = try geocoder().lookup(text, near: near, limit: 1)
    guard let best = answer.results.first else {
        throw .placeNotFound("\(option): " + GeocodeCommands.notFound(text, answer) + " (see wayfinder geocode --help)")
    }
    if let number = best.missingHousenumber {
        throw .placeNotFound("\(option): \(best.name) has no house number \(number) in the data; give another number or the street alone")
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
    /// "no address, place or POI matches "TEXT"", with the suggestions as "did you mean".
    static func notFound(_ text: String, _ answer: ForwardAnswer) -> String {
        let message = "no address, place or POI matches \"\(text)\""
        guard !answer.suggestions.isEmpty else { return message }
        return message + "; did you mean " + answer.suggestions.map {
            "\"\($0.label)\" (\($0.kind), score \(String(format: "%.2f", $0.score)))"
        }.joined(separator: " or ") + "?"
    }

    static func format(_ c: FixedCoordinate) -> String { String(format: "%.6f,%.6f", c.latitude, c.longitude) }

    /// One line a result: label, kind, coordinate, OSM object, score, and (when the query
    /// had a point) the distance from that point to the coordinate printed, worded by `from`
    /// ("away", "from --near").
    static func text(_ results: [GeocoderResult], from: String) -> String {
        results.map { line($0, from: from) }.joined()
    }

    static func line(_ r: GeocoderResult, at: FixedCoordinate? = nil, from: String) -> String {
        var line = "\(r.label) (\(r.kind)" + (r.category.map { ", \($0)" } ?? "")
            + (r.missingHousenumber.map { "; number \($0) not found" } ?? "") + ")"
            + (at == nil ? " at \(format(r.location))" : " nearest point \(format(at!))")
        line += ", \(r.osmType) \(r.osmId), score \(String(format: "%.2f", r.score))"
        if let d = r.distance { line += String(format: ", %.0f m ", d) + from }
        return line + "\n"
    }

    /// The answer of `reverse`, then the POI at the point. A street's distance is to its
    /// line, so its line shows the point of the street nearest the query, not the street's
    /// own point (which may lie hundreds of metres away).
    static func text(_ answer: ReverseGeocode) -> String {
        var out = ""
        if let address = answer.address {
            out += line(address, from: "away")
        } else if let street = answer.street {
            out += line(street, at: answer.streetPoint, from: "away")
        }
        if let poi = answer.poi { out += line(poi, from: "away") }
        return out
    }

    static func json(_ results: [GeocoderResult]) -> String { GeocoderAnswerJSON.results(results) }

    /// The best answer with the POI at the point under "poi"; `{}` when nothing is near.
    static func json(_ answer: ReverseGeocode) -> String { GeocoderAnswerJSON.reverse(answer) }
}
