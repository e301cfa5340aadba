import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM

/// Nominatim's `/search`, `/reverse`, `/lookup`, `/details` and `/status` (formats `json`,
/// `jsonv2`, `geojson`, `geocodejson`, `xml`; see `NominatimParameters.swift`), answered
/// from the geocoder index, and two endpoints of our own over the same index:
///
/// - `/category?q=cafe&lat=&lon=[&radius=1000][&limit=10]`: POIs of a category (a word or
///   phrase such as cafe, pharmacy, "bus stop") within `radius` metres, nearest first; or
///   `/category?q=cafe&viewbox=lon1,lat1,lon2,lat2`: those inside the box (a map's visible
///   region), nearest its centre first.
/// - `/places?lat=&lon=[&accuracy=20][&limit=5]`: the POIs a device located at lat,lon to
///   within `accuracy` metres is most likely at, with likelihoods in `score`.
///
/// Those two answer a JSON array of the objects `wayfinder search --format json` prints
/// (`JSONBuffer.geocoderResult`). Errors have Nominatim's shape,
/// `{"error":{"code":400,"message":"..."}}` (in XML for `format=xml`).
enum NominatimEndpoints {
    static let licence = "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"
    /// Nominatim's own cap on `limit`.
    static let maxLimit = 40

    /// Runs `body` with the geocoder, turning a `Failure` into Nominatim's error answer.
    static func answer(_ request: HTTPRequest, _ context: RequestContext,
                       _ body: (Geocoder) throws(Failure) -> HTTPResponse) -> HTTPResponse {
        do throws(Failure) {
            guard let geocoder = context.geocoder else {
                throw Failure("this graph file has no geocoder index; rebuild it with wayfinder build", status: 503)
            }
            return try body(geocoder)
        } catch {
            if request["format"] == "xml" {
                let text = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<error>\n  <code>\(error.status)</code>\n  <message>"
                    + NominatimXML.escape(error.message) + "</message>\n</error>\n"
                return .text(text, status: error.status, contentType: xmlType)
            }
            let json = context.json()
            json.beginObject()
            json.key("error"); json.beginObject()
            json.key("code"); json.integer(error.status)
            json.key("message"); json.string(error.message)
            json.endObject()
            json.endObject()
            return .json(json, status: error.status)
        }
    }

    static let xmlType = "text/xml; charset=utf-8"

    /// Which endpoint answers: names the XML root and says whether JSON is one place.
    enum Answer {
        case search(query: String, excluded: [Int32])
        case reverse(hint: String?)
        case lookup
    }

    /// `results` in the output's format, names localised to its languages.
    static func respond(_ found: [GeocoderResult], _ answer: Answer, _ output: Output,
                        _ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let results = found.map { output.languages.localized($0) }
        if output.format == .xml {
            var xml = NominatimXML()
            switch answer {
            case .search(_, let excluded):
                xml.open("searchresults", request, excluded: excluded)
                for r in results { xml.place(r, output) }
                xml.close("searchresults")
            case .lookup:
                xml.open("lookupresults", request)
                for r in results { xml.place(r, output) }
                xml.close("lookupresults")
            case .reverse:
                xml.open("reversegeocode", request)
                if let r = results.first { xml.reverseResult(r, output) } else { xml.error("Unable to geocode") }
                xml.close("reversegeocode")
            }
            return .text(xml.text, contentType: xmlType)
        }
        let json = context.json()
        if case .reverse(let hint) = answer, results.isEmpty {
            // Nominatim's answer (HTTP 200) for nothing there, in every JSON format.
            json.beginObject()
            json.key("error"); json.string("Unable to geocode")
            if let hint { json.key("hint"); json.string(hint) }
            json.endObject()
            return .json(json)
        }
        switch output.format {
        case .geojson, .geocodejson:
            json.beginObject()
            json.key("type"); json.string("FeatureCollection")
            if output.format == .geojson {
                json.key("licence"); json.string(licence)
            } else {
                json.key("geocoding"); json.beginObject()
                json.key("version"); json.string("0.1.0")
                json.key("attribution"); json.string(licence)
                json.key("licence"); json.string("ODbL")
                if case .search(let query, _) = answer { json.key("query"); json.string(query) }
                json.endObject()
            }
            json.key("features"); json.beginArray()
            for r in results {
                if output.format == .geojson { json.nominatimFeature(r, output) } else { json.geocodeJSONFeature(r, output) }
            }
            json.endArray()
            json.endObject()
        default:
            if case .reverse = answer {
                json.nominatimPlace(results[0], output)
            } else {
                json.beginArray()
                for r in results { json.nominatimPlace(r, output) }
                json.endArray()
            }
        }
        return .json(json)
    }

    // MARK: /search

    /// `/search?q=…` or the structured form (`street`, `city`, `postalcode`, …: each must
    /// agree with the result, see `NominatimStructuredQuery`), with `limit` (≤ 40),
    /// `viewbox`/`bounded` (the box favours results near its centre; bounded keeps only
    /// those inside), `exclude_place_ids`, `layer`, `featureType`, `dedupe` (1: near-duplicates
    /// shown once), `countrycodes` and the output parameters. `bounded` and `countrycodes`
    /// filter every candidate; the other filters the best `maxResults` matches.
    static func search(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(request, context) { (geocoder) throws(Failure) in
            let format = try self.format(request)
            let output = try self.output(request, context, format: format, addressDetails: false)
            let structured = try NominatimStructuredQuery(request)
            let texts = structured?.texts ?? [request["q"] ?? ""]
            let query = texts[0]
            guard !query.allSatisfy(\.isWhitespace) else { throw Failure("Nothing to search for (give q=…)") }
            let limit = min(try number(request, "limit", default: 10, range: 1...1_000_000), maxLimit)
            var box: (min: FixedCoordinate, max: FixedCoordinate)?
            if let text = request["viewbox"] { box = try viewbox(text) }
            let bounded = try flag(request, "bounded")
            guard !bounded || box != nil else { throw Failure("bounded=1 needs a viewbox") }
            let excluded = try excludedPlaces(request)
            let layers = try self.layers(request)
            let featureType = try self.featureType(request)
            let dedupe = try flag(request, "dedupe", default: true)
            let centre = box.map { FixedCoordinate(lat: Int32((Int64($0.min.lat) + Int64($0.max.lat)) / 2),
                                                   lon: Int32((Int64($0.min.lon) + Int64($0.max.lon)) / 2)) }
            // bounded and countrycodes also filter the candidates before ranking, so that a
            // result inside is never lost to better ones outside.
            let codes = Set((request["countrycodes"] ?? "").lowercased().split(separator: ",")
                .map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty })
            let inBox: ((FixedCoordinate) -> Bool)? = bounded ? box.map { box in
                { (box.min.lat...box.max.lat).contains($0.lat) && (box.min.lon...box.max.lon).contains($0.lon) }
            } : nil
            let accept: ((FixedCoordinate) -> Bool)? = inBox == nil && codes.isEmpty ? nil : { p in
                (inBox?(p) ?? true) && (codes.isEmpty || geocoder.countryCode(at: p).map(codes.contains) == true)
            }
            let filtered = bounded || !excluded.isEmpty || layers != nil || featureType != nil || structured != nil
            // Filtered: ask for more, then keep those that pass.
            var results: [GeocoderResult] = []
            for text in texts where results.isEmpty {
                results = geocoder.geocode(text, near: centre, limit: filtered ? context.limits.maxResults : limit, dedupe: dedupe,
                                           where: accept)
                guard filtered else { break }
                results = results.filter { r in
                    if bounded, let box, !((box.min.lat...box.max.lat).contains(r.location.lat)
                                            && (box.min.lon...box.max.lon).contains(r.location.lon)) { return false }
                    if excluded.contains(r.item) { return false }
                    if let layers, !layers.contains(r.nominatimLayer) { return false }
                    if let featureType, r.kind != .place || !featureType.placeTypes.contains(r.nominatimTag.1) { return false }
                    return structured?.accepts(r) ?? true
                }
            }
            return respond(Array(results.prefix(limit)), .search(query: query, excluded: excluded.sorted()), output, request, context)
        }
    }

    // MARK: /reverse

    /// `/reverse?lat=&lon=[&zoom=18]`: at zoom 18 (the default) the POI at the point, else
    /// the address, else the street; 16–17 the street, else the address; below 16 the area
    /// of that level (`Geocoder.reverse(_:zoom:)`: 10 the city, 3 the country). `zoom` is clamped
    /// to 0...18; `layer` keeps only results of those layers (`layer=poi` finds the POI at
    /// any zoom). Nothing near:
    /// `{"error":"Unable to geocode"}` (HTTP 200, as Nominatim), with a `hint` when the point
    /// is outside the graph's area or looks swapped.
    static func reverse(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(request, context) { (geocoder) throws(Failure) in
            let format = try self.format(request)
            let output = try self.output(request, context, format: format, addressDetails: true)
            let point = try coordinate(request)
            let zoom = try self.zoom(request)
            let layers = try self.layers(request)
            let found = geocoder.reverse(point)
            // A POI only at zoom 18, unless the poi layer was asked for by name.
            let poi = zoom >= 18 || layers?.contains(.poi) == true ? found.poi : nil
            let candidates = zoom >= 18 ? [poi, found.address, found.street] : [found.street, found.address, poi]
            var best = candidates.compactMap { $0 }.first { layers?.contains($0.nominatimLayer) ?? true }
            // Below 16 the area of the zoom's level (10 the city, 3 the country…), unless POIs were asked for.
            if zoom < 16 && layers?.contains(.poi) != true { best = geocoder.reverse(point, zoom: zoom).flatMap { layers?.contains($0.nominatimLayer) ?? true ? $0 : nil } }
            let hint = best == nil ? context.graph.area?.hint(for: point, order: .parameters) : nil
            return respond(best.map { [$0] } ?? [], .reverse(hint: hint), output, request, context)
        }
    }

    // MARK: Our own: /category and /places

    static func category(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(request, context) { (geocoder) throws(Failure) in
            guard let phrase = request["q"], !phrase.isEmpty else { throw Failure("give the category as q=…, e.g. q=cafe") }
            guard let category = geocoder.categoryQuery(phrase) else {
                throw Failure("unknown category \"\(phrase)\"; categories: \(Categories.all.map(\.name).joined(separator: ", "))")
            }
            let limit = try number(request, "limit", default: 10, range: 1...context.limits.maxResults)
            if let text = request["viewbox"] {
                let (low, high) = try viewbox(text)
                let centre = FixedCoordinate(lat: Int32((Int64(low.lat) + Int64(high.lat)) / 2), lon: Int32((Int64(low.lon) + Int64(high.lon)) / 2))
                let reach = Geo.distance(centre, high).rounded(.up) + 1
                guard reach <= context.limits.maxSearchRadius else {
                    throw Failure("viewbox is too large for a category search: its corners must lie within "
                                  + "\(Int(context.limits.maxSearchRadius / 1000)) km of its centre")
                }
                return results(geocoder.search(category, near: centre, radius: reach, limit: limit, inside: (low, high)), context)
            }
            let point = try coordinate(request)
            let radius = try number(request, "radius", default: 1000.0, range: 1...context.limits.maxSearchRadius)
            return results(geocoder.search(category, near: point, radius: radius, limit: limit), context)
        }
    }

    static func places(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(request, context) { (geocoder) throws(Failure) in
            let point = try coordinate(request)
            let accuracy = try number(request, "accuracy", default: 20.0, range: 1...5000)
            let limit = try number(request, "limit", default: 5, range: 1...context.limits.maxResults)
            return results(geocoder.likelyPlaces(at: point, accuracy: accuracy, limit: limit), context)
        }
    }

    private static func results(_ results: [GeocoderResult], _ context: RequestContext) -> HTTPResponse {
        let json = context.json()
        json.beginArray()
        for r in results { json.geocoderResult(r) }
        json.endArray()
        return .json(json)
    }
}
