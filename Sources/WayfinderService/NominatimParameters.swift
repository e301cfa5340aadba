import WayfinderGeocoding
import WayfinderGraph
import WayfinderOSRM

/// Reading Nominatim's query parameters. Unknown parameters are ignored, as Nominatim does;
/// a malformed value of a known one is a `Failure` (HTTP 400 with Nominatim's error shape).
extension NominatimEndpoints {
    struct Failure: Error {
        var message: String
        var status = 400
        init(_ message: String, status: Int = 400) {
            self.message = message
            self.status = status
        }
    }

    enum Format: String, CaseIterable {
        case xml, json, jsonv2, geojson, geocodejson
    }

    /// `format`, one of `allowed` (Nominatim's own default for /search and /reverse is
    /// jsonv2 here, as the answers have always been).
    static func format(_ request: HTTPRequest, default value: Format = .jsonv2,
                       allowed: [Format] = Format.allCases) throws(Failure) -> Format {
        guard let text = request["format"] else { return value }
        guard let format = Format(rawValue: text), allowed.contains(format) else {
            throw Failure("Parameter 'format' must be one of: \(allowed.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }

    /// What the place writers show, from `addressdetails`, `extratags`, `namedetails`,
    /// `polygon_geojson` and `accept-language` (else the `Accept-Language` header).
    struct Output {
        var format: Format
        var addressDetails: Bool
        var extraTags = false
        var nameDetails = false
        var polygonGeoJSON = false
        var languages = LanguagePreference()
        /// Where `polygon_geojson` finds a street's lines.
        var streetLines: GeocoderStreetLines?
        /// Where `polygon_geojson` finds an area's outline.
        var areas: Geocoder?

        /// The geometry `polygon_geojson` shows: a street's lines, else the point (as
        /// Nominatim shows a node).
        func geometry(_ r: GeocoderResult) -> [[FixedCoordinate]] {
            guard r.kind == .street, let lines = streetLines?.lines(r.item), !lines.isEmpty else { return [[r.location]] }
            return lines
        }
    }

    static func output(_ request: HTTPRequest, _ context: RequestContext, format: Format,
                       addressDetails defaultAddressDetails: Bool) throws(Failure) -> Output {
        var output = Output(format: format,
                            addressDetails: try flag(request, "addressdetails", default: defaultAddressDetails || format == .geocodejson))
        output.extraTags = try flag(request, "extratags")
        output.nameDetails = try flag(request, "namedetails")
        output.polygonGeoJSON = try flag(request, "polygon_geojson")
        if output.polygonGeoJSON { (output.streetLines, output.areas) = (context.graph.streetLines, context.geocoder) }
        for other in ["polygon_kml", "polygon_svg", "polygon_text"] { _ = try flag(request, other) }
        if let languages = request["accept-language"] ?? request.acceptLanguage {
            output.languages = LanguagePreference(header: languages)
        }
        return output
    }

    /// 0 or 1; also true/false and yes/no in any case (geopy sends `extratags=True`).
    static func flag(_ request: HTTPRequest, _ name: String, default value: Bool = false) throws(Failure) -> Bool {
        guard let text = request[name] else { return value }
        switch text.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw Failure("\(name) must be 0 or 1, got \"\(text.prefix(64))\"")
        }
    }

    static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ request: HTTPRequest, _ name: String, default value: T, range: ClosedRange<T>
    ) throws(Failure) -> T {
        guard let text = request[name] else { return value }
        guard let number = OSRMRequest.decimal(Substring(text)).map({ T($0) }), range.contains(number) else {
            throw Failure("\(name) must be a number in \(range.lowerBound)...\(range.upperBound), got \"\(text.prefix(64))\"")
        }
        return number
    }

    static func number(_ request: HTTPRequest, _ name: String, default value: Int, range: ClosedRange<Int>) throws(Failure) -> Int {
        guard let text = request[name] else { return value }
        guard let number = Int(text), text.allSatisfy(\.isASCII), range.contains(number) else {
            throw Failure("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got \"\(text.prefix(64))\"")
        }
        return number
    }

    /// `zoom`, an integer clamped to 0...18 as Nominatim does (map controls send the map's
    /// zoom, up to 19 or more).
    static func zoom(_ request: HTTPRequest) throws(Failure) -> Int {
        guard let text = request["zoom"] else { return 18 }
        guard let zoom = Int(text), text.allSatisfy(\.isASCII) else { throw Failure("zoom must be an integer, got \"\(text.prefix(64))\"") }
        return min(18, max(0, zoom))
    }

    /// `lat` and `lon`, in range.
    static func coordinate(_ request: HTTPRequest) throws(Failure) -> FixedCoordinate {
        guard let latText = request["lat"], let lonText = request["lon"] else { throw Failure("Need coordinates or OSM object to lookup.") }
        guard let lat = OSRMRequest.decimal(Substring(latText)), let lon = OSRMRequest.decimal(Substring(lonText)),
              (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw Failure("Invalid coordinates: lat must be -90...90 and lon -180...180")
        }
        return FixedCoordinate(latitude: lat, longitude: lon)
    }

    /// `lon1,lat1,lon2,lat2`, any two opposite corners.
    static func viewbox(_ text: String) throws(Failure) -> (min: FixedCoordinate, max: FixedCoordinate) {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { OSRMRequest.decimal($0) }
        guard numbers.count == 4, text.split(separator: ",", omittingEmptySubsequences: false).count == 4,
              [numbers[1], numbers[3]].allSatisfy({ (-90...90).contains($0) }),
              [numbers[0], numbers[2]].allSatisfy({ (-180...180).contains($0) }) else {
            throw Failure("Bad parameter 'viewbox': expects 4 coordinates lon1,lat1,lon2,lat2")
        }
        return (FixedCoordinate(latitude: min(numbers[1], numbers[3]), longitude: min(numbers[0], numbers[2])),
                FixedCoordinate(latitude: max(numbers[1], numbers[3]), longitude: max(numbers[0], numbers[2])))
    }

    /// `exclude_place_ids=12,34`: place ids (our item numbers) to leave out.
    static func excludedPlaces(_ request: HTTPRequest) throws(Failure) -> Set<Int32> {
        guard let text = request["exclude_place_ids"], !text.isEmpty else { return [] }
        var ids = Set<Int32>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let id = Int32(trimmed), id >= 0 else {
                throw Failure("Parameter 'exclude_place_ids' must be a comma-separated list of place ids, got \"\(text.prefix(64))\"")
            }
            ids.insert(id)
        }
        return ids
    }

    /// Nominatim's layers: what kind of thing a result is.
    enum Layer: String, CaseIterable {
        /// Places, streets and house addresses.
        case address
        /// Points of interest (shops, cafés, stops…) not in another layer.
        case poi
        case railway
        /// Waterways, peaks, woods…
        case natural
        /// Bridges, towers, other structures.
        case manmade
    }

    /// `layer=address,poi` (commas or `|`); nil when absent (every layer).
    static func layers(_ request: HTTPRequest) throws(Failure) -> Set<Layer>? {
        guard let text = request["layer"] else { return nil }
        var layers = Set<Layer>()
        for name in text.split(whereSeparator: { $0 == "," || $0 == "|" }) {
            guard let layer = Layer(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw Failure("Parameter 'layer' must be a list of: \(Layer.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            layers.insert(layer)
        }
        guard !layers.isEmpty else { throw Failure("Parameter 'layer' is empty") }
        return layers
    }

    /// Nominatim's `featureType`: only places of a level.
    enum FeatureType: String, CaseIterable {
        case country, state, city, settlement

        /// The `place=` values of each level: a city is a municipality (city, town, village);
        /// a settlement any populated place from a state down to a hamlet.
        var placeTypes: Set<String> {
            switch self {
            case .country: ["country"]
            case .state: ["state", "region", "province"]
            case .city: ["city", "town", "village", "municipality"]
            case .settlement: ["state", "region", "province", "county", "district", "municipality", "city", "town", "village",
                               "borough", "suburb", "quarter", "hamlet"]
            }
        }
    }

    static func featureType(_ request: HTTPRequest) throws(Failure) -> FeatureType? {
        guard let text = request["featureType"] ?? request["featuretype"] else { return nil }
        guard let type = FeatureType(rawValue: text.lowercased()) else {
            throw Failure("Parameter 'featureType' must be one of: \(FeatureType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return type
    }
}

extension GeocoderResult {
    /// The Nominatim layer the result belongs to, from its kind and main tag.
    var nominatimLayer: NominatimEndpoints.Layer {
        guard kind == .poi else { return .address }
        switch nominatimTag.0 {
        case "railway": return .railway
        case "natural", "waterway", "water", "landuse": return .natural
        case "man_made", "bridge", "tunnel", "power", "barrier": return .manmade
        default: return .poi
        }
    }
}
