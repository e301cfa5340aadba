import Foundation
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM

/// Nominatim's `/lookup` (places by OSM id), `/details` (one place in full) and `/status`.
extension NominatimEndpoints {
    /// Nominatim's cap on the ids of one `/lookup`.
    static let maxLookupIds = 50

    /// `/lookup?osm_ids=N123,W456,R789`: the places of those OSM objects, in the order asked,
    /// objects the graph does not hold left out; the output parameters as for /search.
    static func lookup(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(request, context) { (geocoder) throws(Failure) in
            let format = try self.format(request)
            let output = try self.output(request, context, format: format, addressDetails: false)
            let ids = try osmIds(request["osm_ids"] ?? "")
            let index = context.graph.osmIndex
            var results: [GeocoderResult] = []
            for (type, id) in ids {
                guard let item = best(index?.items(type, id) ?? [], geocoder),
                      !results.contains(where: { $0.item == Int32(item) }) else { continue }
                results.append(geocoder.result(item, score: 1))
            }
            return respond(results, .lookup, output, request, context)
        }
    }

    /// `N123,W456,R789`, at most `maxLookupIds`.
    static func osmIds(_ text: String) throws(Failure) -> [(OSMObjectType, Int64)] {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count <= maxLookupIds else { throw Failure("Too many object IDs: at most \(maxLookupIds) in osm_ids") }
        var ids: [(OSMObjectType, Int64)] = []
        for part in parts {
            guard let type = osmType(String(part.prefix(1))), let id = Int64(part.dropFirst()), id > 0 else {
                throw Failure("Parameter 'osm_ids' must be a comma-separated list of OSM ids like N123,W456,R789, got \"\(part.prefix(64))\"")
            }
            ids.append((type, id))
        }
        return ids
    }

    /// N, W or R (either case).
    static func osmType(_ letter: String) -> OSMObjectType? {
        switch letter.uppercased() {
        case "N": .node
        case "W": .way
        case "R": .relation
        default: nil
        }
    }

    /// Of the items one OSM object became, the one Nominatim would show: the place, POI or
    /// street before a plain address.
    private static func best(_ items: [Int], _ geocoder: Geocoder) -> Int? {
        items.min { a, b in
            let ka = geocoder.result(a, score: 0).kind, kb = geocoder.result(b, score: 0).kind
            return (ka == .address ? 1 : 0, a) < (kb == .address ? 1 : 0, b)
        }
    }

    // MARK: /details

    /// `/details?osmtype=N&osmid=123` or `?place_id=…` (json only): Nominatim's details of
    /// one place: ids, class and type, names, the address tags, ranks, `extratags`,
    /// `centroid` and `geometry` (a Point), and with `addressdetails=1` the address lines as
    /// a list.
    static func details(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(request, context) { (geocoder) throws(Failure) in
            _ = try self.format(request, default: .json, allowed: [.json])
            let output = try self.output(request, context, format: .json, addressDetails: false)
            let item: Int
            if let text = request["place_id"] {
                guard let id = Int(text), id >= 0 else { throw Failure("Parameter 'place_id' must be a number, got \"\(text.prefix(64))\"") }
                guard id < geocoder.itemCount else { throw Failure("No place with that place_id found.", status: 404) }
                item = id
            } else if let typeText = request["osmtype"], let idText = request["osmid"] {
                guard let type = osmType(typeText), typeText.count == 1, let id = Int64(idText), id > 0 else {
                    throw Failure("Parameters 'osmtype' (N, W or R) and 'osmid' (a number) are malformed")
                }
                guard let found = best(context.graph.osmIndex?.items(type, id) ?? [], geocoder) else {
                    throw Failure("No place with that OSM ID found.", status: 404)
                }
                item = found
            } else {
                throw Failure("Missing ID parameter: place_id or osmtype/osmid")
            }
            let r = output.languages.localized(geocoder.result(item, score: 1))
            let (tagKey, tagValue) = r.nominatimTag
            let json = context.json()
            json.beginObject()
            json.key("place_id"); json.integer(Int(r.item))
            json.key("parent_place_id"); json.null()
            json.key("osm_type"); json.string(String(r.osmType.description.prefix(1)).uppercased())
            json.key("osm_id"); json.integer(Int(r.osmId))
            json.key("category"); json.string(tagKey)
            json.key("type"); json.string(tagValue)
            json.key("admin_level"); json.integer(15)
            json.key("localname"); json.string(r.kind == .address ? r.displayName : r.name)
            json.key("names"); json.tags(r.nameDetails)
            json.key("addresstags"); json.beginObject()
            let tags: [(StaticString, String?)] = [("housenumber", r.housenumber), ("street", r.street), ("postcode", r.postcode), ("city", r.city)]
            for (name, value) in tags { if let value { json.key(name); json.string(value) } }
            json.endObject()
            json.key("housenumber"); if let number = r.housenumber { json.string(number) } else { json.null() }
            json.key("calculated_postcode"); if let postcode = r.postcode ?? r.areas.postcode { json.string(postcode) } else { json.null() }
            json.key("country_code"); if let code = r.areas.countryCode { json.string(code) } else { json.null() }
            json.key("indexed_date"); if let built = context.graph.builtText { json.string(built) } else { json.null() }
            json.key("importance"); json.number(r.importance, decimals: 5)
            json.key("calculated_importance"); json.number(r.importance, decimals: 5)
            json.key("extratags"); json.tags(r.extraTags)
            json.key("calculated_wikipedia"); json.null()
            json.key("rank_address"); json.integer(r.addressRank)
            json.key("rank_search"); json.integer(r.placeRank)
            json.key("isarea"); json.bool(false)
            json.key("centroid"); json.point(r.location)
            json.key("geometry"); json.point(r.location)
            if output.addressDetails {
                json.key("address"); json.beginArray()
                for (i, line) in r.addressLines.enumerated() {
                    json.beginObject()
                    json.key("localname"); json.string(line.value)
                    json.key("type"); json.string(line.key)
                    json.key("isaddress"); json.bool(true)
                    if i == 0 && (r.kind == .poi || r.kind == .place) {
                        json.key("place_id"); json.integer(Int(r.item))
                        json.key("osm_type"); json.string(String(r.osmType.description.prefix(1)).uppercased())
                        json.key("osm_id"); json.integer(Int(r.osmId))
                    }
                    json.endObject()
                }
                json.endArray()
            }
            json.endObject()
            return .json(json)
        }
    }

    // MARK: /status

    /// `/status` (`format=text`, the default: "OK"; `format=json`: `status` 0, `message`,
    /// `data_updated` (when the graph was built), `software_version`, `database_version`
    /// (the graph format)). A graph without a geocoder index is not OK: HTTP 500.
    static func status(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let format = request["format"] ?? "text"
        guard format == "text" || format == "json" else {
            return answer(request, context) { (_) throws(Failure) in throw Failure("Parameter 'format' must be one of: text, json") }
        }
        let graph = context.graph
        let ok = graph.geocoder != nil
        let message = ok ? "OK" : "No geocoder index in this graph file"
        if format == "text" { return .text(ok ? "OK" : "ERROR: \(message)", status: ok ? 200 : 500) }
        let json = context.json()
        json.beginObject()
        json.key("status"); json.integer(ok ? 0 : 700)
        json.key("message"); json.string(message)
        if ok {
            json.key("data_updated")
            if let built = graph.builtAt {
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime]
                json.string(formatter.string(from: built).replacingOccurrences(of: "Z", with: "+00:00"))
            } else {
                json.null()
            }
            json.key("software_version"); json.string(graph.file.metadata["generator"] ?? "wayfinder")
            json.key("database_version"); json.string("\(GraphFile.formatVersion)")
        }
        json.endObject()
        return .json(json, status: ok ? 200 : 500)
    }
}
