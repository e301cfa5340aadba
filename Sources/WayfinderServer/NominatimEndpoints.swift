import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON

/// Nominatim's `/search` and `/reverse` (formats `jsonv2` and `json`), answered from the
/// geocoder index, and two endpoints of our own over the same index:
///
/// - `/category?q=cafe&lat=&lon=[&radius=1000][&limit=10]`: POIs of a category (a word or
///   phrase such as cafe, pharmacy, "bus stop") within `radius` metres, nearest first.
/// - `/places?lat=&lon=[&accuracy=20][&limit=5]`: the POIs a device located at lat,lon to
///   within `accuracy` metres is most likely at, with likelihoods in `score`.
///
/// Both answer a JSON array of the objects `wayfinder search --format json` prints
/// (`JSONBuffer.geocoderResult`). Errors have Nominatim's shape,
/// `{"error":{"code":400,"message":"..."}}`.
enum NominatimEndpoints {
    static let licence = "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"
    /// Nominatim's own cap on `limit`.
    static let maxLimit = 40

    struct Failure: Error {
        var message: String
        var status = 400
        init(_ message: String, status: Int = 400) {
            self.message = message
            self.status = status
        }
    }

    private static func answer(_ context: RequestContext, _ body: (Geocoder) throws(Failure) -> HTTPResponse) -> HTTPResponse {
        do throws(Failure) {
            guard let geocoder = context.geocoder else {
                throw Failure("this graph file has no geocoder index; rebuild it with wayfinder build", status: 503)
            }
            return try body(geocoder)
        } catch {
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

    // MARK: /search

    /// `/search?q=…[&format=jsonv2|json][&limit=10][&viewbox=lon1,lat1,lon2,lat2][&bounded=0|1]
    /// [&addressdetails=0|1]`, or the structured form (`street`, `city`, `postalcode`, …,
    /// joined into one query). The viewbox favours results near its centre; `bounded=1`
    /// keeps only results inside it.
    static func search(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(context) { (geocoder) throws(Failure) in
            let format = try self.format(request)
            let structured = ["amenity", "street", "city", "county", "state", "country", "postalcode"].compactMap { request[$0] }
            let query = request["q"] ?? structured.joined(separator: " ")
            guard !query.allSatisfy(\.isWhitespace) else { throw Failure("Nothing to search for (give q=…)") }
            let limit = min(try number(request, "limit", default: 10, range: 1...1_000_000), maxLimit)
            var box: (min: FixedCoordinate, max: FixedCoordinate)?
            if let text = request["viewbox"] { box = try viewbox(text) }
            let bounded = try flag(request, "bounded")
            let addressDetails = try flag(request, "addressdetails")
            let extraTags = try flag(request, "extratags")
            guard !bounded || box != nil else { throw Failure("bounded=1 needs a viewbox") }
            let centre = box.map { FixedCoordinate(lat: Int32((Int64($0.min.lat) + Int64($0.max.lat)) / 2),
                                                   lon: Int32((Int64($0.min.lon) + Int64($0.max.lon)) / 2)) }
            // Bounded: ask for more, then keep those inside the box.
            var results = geocoder.geocode(query, near: centre, limit: bounded ? context.limits.maxResults : limit)
            if bounded, let box {
                results = results.filter {
                    (box.min.lat...box.max.lat).contains($0.location.lat) && (box.min.lon...box.max.lon).contains($0.location.lon)
                }
            }
            let json = context.json()
            json.beginArray()
            for r in results.prefix(limit) { json.nominatimPlace(r, format: format, addressDetails: addressDetails, extraTags: extraTags) }
            json.endArray()
            return .json(json)
        }
    }

    // MARK: /reverse

    /// `/reverse?lat=&lon=[&format=jsonv2|json][&zoom=18][&addressdetails=1]`: at zoom 18
    /// (the default) the POI at the point, else the address, else the street; below 18 the
    /// street, else the address. Nothing near: `{"error":"Unable to geocode"}` (HTTP 200,
    /// as Nominatim).
    static func reverse(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(context) { (geocoder) throws(Failure) in
            let format = try self.format(request)
            let point = try coordinate(request)
            let zoom = try number(request, "zoom", default: 18, range: 0...18)
            let addressDetails = try flag(request, "addressdetails", default: true)
            let extraTags = try flag(request, "extratags")
            let found = geocoder.reverse(point)
            let json = context.json()
            if let best = zoom >= 18 ? found.poi ?? found.address ?? found.street : found.street ?? found.address {
                json.nominatimPlace(best, format: format, addressDetails: addressDetails, extraTags: extraTags)
            } else {
                json.beginObject()
                json.key("error"); json.string("Unable to geocode")
                json.endObject()
            }
            return .json(json)
        }
    }

    // MARK: Our own: /category and /places

    static func category(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(context) { (geocoder) throws(Failure) in
            guard let phrase = request["q"], !phrase.isEmpty else { throw Failure("give the category as q=…, e.g. q=cafe") }
            guard let category = geocoder.categoryQuery(phrase) else {
                throw Failure("unknown category \"\(phrase)\"; categories: \(Categories.all.map(\.name).joined(separator: ", "))")
            }
            let point = try coordinate(request)
            let radius = try number(request, "radius", default: 1000.0, range: 1...context.limits.maxSearchRadius)
            let limit = try number(request, "limit", default: 10, range: 1...context.limits.maxResults)
            return results(geocoder.search(category, near: point, radius: radius, limit: limit), context)
        }
    }

    static func places(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer(context) { (geocoder) throws(Failure) in
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

    // MARK: Parameters

    enum Format { case jsonv2, json }

    private static func format(_ request: HTTPRequest) throws(Failure) -> Format {
        switch request["format"] {
        case nil, "jsonv2": return .jsonv2
        case "json": return .json
        case let other?: throw Failure("format \"\(other)\" is not supported here: use jsonv2 or json")
        }
    }

    private static func flag(_ request: HTTPRequest, _ name: String, default value: Bool = false) throws(Failure) -> Bool {
        switch request[name] {
        case nil: return value
        case "1", "true": return true
        case "0", "false": return false
        case let other?: throw Failure("\(name) must be 0 or 1, got \"\(other)\"")
        }
    }

    private static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ request: HTTPRequest, _ name: String, default value: T, range: ClosedRange<T>
    ) throws(Failure) -> T {
        guard let text = request[name] else { return value }
        guard let number = OSRMRequest.decimal(Substring(text)).map({ T($0) }), range.contains(number) else {
            throw Failure("\(name) must be a number in \(range.lowerBound)...\(range.upperBound), got \"\(text.prefix(64))\"")
        }
        return number
    }

    private static func number(_ request: HTTPRequest, _ name: String, default value: Int, range: ClosedRange<Int>) throws(Failure) -> Int {
        guard let text = request[name] else { return value }
        guard let number = Int(text), text.allSatisfy(\.isASCII), range.contains(number) else {
            throw Failure("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got \"\(text.prefix(64))\"")
        }
        return number
    }

    /// `lat` and `lon`, in range.
    private static func coordinate(_ request: HTTPRequest) throws(Failure) -> FixedCoordinate {
        guard let latText = request["lat"], let lonText = request["lon"] else { throw Failure("Need coordinates or OSM object to lookup.") }
        guard let lat = OSRMRequest.decimal(Substring(latText)), let lon = OSRMRequest.decimal(Substring(lonText)),
              (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw Failure("Invalid coordinates: lat must be -90...90 and lon -180...180")
        }
        return FixedCoordinate(latitude: lat, longitude: lon)
    }

    /// `lon1,lat1,lon2,lat2`, any two opposite corners.
    private static func viewbox(_ text: String) throws(Failure) -> (min: FixedCoordinate, max: FixedCoordinate) {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { OSRMRequest.decimal($0) }
        guard numbers.count == 4, text.split(separator: ",", omittingEmptySubsequences: false).count == 4,
              [numbers[1], numbers[3]].allSatisfy({ (-90...90).contains($0) }),
              [numbers[0], numbers[2]].allSatisfy({ (-180...180).contains($0) }) else {
            throw Failure("Bad parameter 'viewbox': expects 4 coordinates lon1,lat1,lon2,lat2")
        }
        return (FixedCoordinate(latitude: min(numbers[1], numbers[3]), longitude: min(numbers[0], numbers[2])),
                FixedCoordinate(latitude: max(numbers[1], numbers[3]), longitude: max(numbers[0], numbers[2])))
    }
}

extension JSONBuffer {
    /// One Nominatim place: `place_id` (the item's index in this graph's geocoder),
    /// `licence`, `osm_type`, `osm_id`, `lat`/`lon` as strings, `category` (`class` in the
    /// `json` format) and `type` from the main OSM tag, `place_rank`, `addresstype` and
    /// `name` (jsonv2), `importance`, `display_name`, `address` (with `addressDetails`) and
    /// `boundingbox`, and with `extraTags` Nominatim's `extratags` object (`{}` when none
    /// are kept: wikidata, cuisine, opening_hours… see `PoiExtraTags`). The index keeps a point per object, so the box is that point widened
    /// by a size typical of its kind (a house, a street, a town).
    func nominatimPlace(_ r: GeocoderResult, format: NominatimEndpoints.Format, addressDetails: Bool, extraTags: Bool = false) {
        let (tagKey, tagValue) = r.nominatimTag
        beginObject()
        key("place_id"); integer(Int(r.item))
        key("licence"); string(NominatimEndpoints.licence)
        key("osm_type"); string(r.osmType.description)
        key("osm_id"); integer(Int(r.osmId))
        key("lat"); string(degrees(r.location.lat))
        key("lon"); string(degrees(r.location.lon))
        if format == .jsonv2 {
            key("category"); string(tagKey)
        } else {
            key("class"); string(tagKey)
        }
        key("type"); string(tagValue)
        if format == .jsonv2 {
            key("place_rank"); integer(r.placeRank)
        }
        key("importance"); number(r.importance, decimals: 5)
        if format == .jsonv2 {
            key("addresstype"); string(r.kind == .street ? "road" : r.kind == .address ? "place" : tagKey == "place" ? tagValue : tagKey)
            key("name"); string(r.kind == .address ? "" : r.name)
        }
        key("display_name"); string(r.displayName)
        if addressDetails {
            key("address"); beginObject()
            if r.kind == .poi || r.kind == .place { key("name"); string(r.name) }
            if let number = r.housenumber { key("house_number"); string(number) }
            if let road = r.street ?? (r.kind == .street ? r.name : nil) { key("road"); string(road) }
            if let city = r.city { key("city"); string(city) }
            if let postcode = r.postcode { key("postcode"); string(postcode) }
            endObject()
        }
        if extraTags {
            key("extratags"); beginObject()
            for tag in r.extraTags { key(text: tag.key); string(tag.value) }
            endObject()
        }
        let half: Int32 = switch r.kind {
        case .address, .poi: 500   // 1e-7 degrees: ~5 m
        case .street: 5000
        case .place: 100_000
        }
        key("boundingbox"); beginArray()
        for value in [r.location.lat - half, r.location.lat + half, r.location.lon - half, r.location.lon + half] {
            string(degrees(value))
        }
        endArray()
        endObject()
    }

    private func degrees(_ fixed: Int32) -> String {
        let sign = fixed < 0 ? "-" : ""
        let magnitude = Int(fixed.magnitude)
        let fraction = String(magnitude % 10_000_000)
        return "\(sign)\(magnitude / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
    }
}

extension GeocoderResult {
    /// Nominatim's class and type: the main tag split at "=" (`amenity`, `cafe`), or
    /// `place`, `house` for an address point.
    var nominatimTag: (String, String) {
        guard let type, let eq = type.firstIndex(of: "=") else { return ("place", "house") }
        return (String(type[..<eq]), String(type[type.index(after: eq)...]))
    }

    /// Nominatim's place rank: 30 for houses and POIs, 26 for streets, 8…22 for places by type.
    var placeRank: Int {
        switch kind {
        case .address, .poi: return 30
        case .street: return 26
        case .place:
            switch nominatimTag.1 {
            case "country": return 4
            case "state", "region": return 8
            case "county": return 12
            case "city": return 16
            case "town": return 18
            case "village": return 19
            case "hamlet", "suburb", "quarter": return 20
            default: return 22
            }
        }
    }

    /// Comma-separated, most specific first, as Nominatim writes it: name, house number,
    /// street, city, postcode (each once).
    var displayName: String {
        var parts: [String] = []
        for part in [kind == .address ? nil : name, housenumber, street, city, postcode] {
            if let part, !part.isEmpty, !parts.contains(part) { parts.append(part) }
        }
        return parts.joined(separator: ", ")
    }
}
