import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderRouting

/// A request in the Mapbox Isochrone API's dialect,
/// `/isochrone/v1/{profile}/{lon},{lat}?contours_minutes=5,10,15`, read into the engine's
/// `IsochroneRequest`; errors in osrm-routed's codes and shape, as every other URL service of
/// this server answers them (Mapbox's own errors are `{"message": …}` with 422, which no
/// OSRM-speaking client reads).
///
/// Profiles: Mapbox's `mapbox/driving`, `mapbox/driving-traffic` (driving: the graph has no
/// live traffic), `mapbox/walking`, `mapbox/cycling`, and the same without `mapbox/`; OSRM's
/// names (`car`, `foot`) as the route services take them. A mode the graph lacks (cycling) is
/// the unknown profile osrm-routed answers with `InvalidValue`.
public struct MapboxIsochroneQuery {
    public let isochrone: IsochroneRequest

    /// The options read; any other is `InvalidQuery`, as OSRM answers an unknown option.
    /// `access_token` is read and ignored: every Mapbox client sends one (routingpy's
    /// MapboxOSRM among them), and this server has no accounts.
    public static let options: Set<String> = ["contours_minutes", "contours_meters", "contours_colors", "polygons",
                                              "denoise", "generalize", "direction", "access_token"]

    /// Parses `http` (a path under `/isochrone/`) and checks it against `limits`: exactly one
    /// coordinate; exactly one of `contours_minutes` and `contours_meters` (a comma list of
    /// numbers); `contours_colors` (a comma list of hex colours without '#', one per contour);
    /// `polygons` (default false, as Mapbox: the contours' lines); `denoise` (0...1, default 1);
    /// `generalize` (metres); `direction=depart|arrive` (ours: where one can get to, or come from).
    public init(_ http: HTTPRequest, limits: EngineLimits) throws(OSRMError) {
        let (mode, location) = try Self.profileAndLocation(http.path)
        for parameter in http.parameters where !Self.options.contains(parameter.name) {
            throw .badQuery("unknown option \"\(parameter.name)\"")
        }
        let minutes = http["contours_minutes"], metres = http["contours_meters"]
        guard (minutes == nil) != (metres == nil) else {
            throw OSRMError("InvalidOptions", minutes == nil ? "contours_minutes or contours_meters is required"
                                                             : "give contours_minutes or contours_meters, not both")
        }
        var isochrone = IsochroneRequest(mode: mode, location: location,
                                         contours: try Self.numbers(minutes ?? metres!, name: minutes == nil ? "contours_meters" : "contours_minutes"))
        isochrone.metric = minutes == nil ? .distance : .time
        if let colors = http["contours_colors"] {
            isochrone.colors = colors.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        }
        isochrone.polygons = try Self.flag(http, "polygons", default: false)
        if let text = http["denoise"] { isochrone.denoise = try Self.number(text, name: "denoise") }
        if let text = http["generalize"] { isochrone.generalize = try Self.number(text, name: "generalize") }
        switch http["direction"] {
        case nil, "depart": isochrone.direction = .depart
        case "arrive": isochrone.direction = .arrive
        case let other?: throw .badQuery("direction must be one of depart, arrive, got \"\(other)\"")
        }
        do throws(EngineError) {
            try isochrone.validate(limits: limits)
        } catch {
            throw OSRMError(error, coordinates: [location])
        }
        self.isochrone = isochrone
    }

    /// The contours, drawn with the calling thread's query objects; a point with no road in
    /// reach is `NoSegment`, with osrm-routed's words and the hint of a point outside `area`.
    public func answer(_ queries: EngineQueries) throws(OSRMError) -> IsochroneAnswer {
        do throws(EngineError) {
            return try isochrone.answer(queries)
        } catch {
            throw OSRMError(error, coordinates: [isochrone.location], area: queries.graph.area,
                            grid: queries.graph.graph(isochrone.mode)?.snapGrid)
        }
    }

    /// `/isochrone/v1/[mapbox/]{profile}/{lon},{lat}`: the travel mode and the one coordinate.
    static func profileAndLocation(_ path: String) throws(OSRMError) -> (TravelMode, FixedCoordinate) {
        var parts = path.utf8.dropFirst("/isochrone/".utf8.count)
            .split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard parts.first == "v1" else { throw OSRMError("InvalidVersion", "Service isochrone not found!") }
        if parts.count == 4 && parts[1] == "mapbox" { parts[1...2] = ["mapbox/" + parts[2]] }
        guard parts.count == 3 else {
            throw OSRMError("InvalidUrl", "URL string malformed: expected /isochrone/v1/{profile}/{lon},{lat}")
        }
        let profile = parts[1]
        guard let mode = TravelMode(name: Self.osrmName(profile)) else {
            throw OSRMError("InvalidValue", "Unknown profile \"\(profile)\": use driving (car), walking (foot) or cycling (bike)")
        }
        var coordinateText = Substring(parts[2])
        if coordinateText.hasSuffix(".json") { coordinateText = coordinateText.dropLast(5) }
        let coordinates = try OSRMRequest.coordinates(coordinateText)
        guard coordinates.count == 1 else { throw OSRMError("InvalidOptions", "Only one input coordinate is supported") }
        return (mode, coordinates[0])
    }

    /// A Mapbox profile as the route services name it: `mapbox/` dropped, `driving-traffic`
    /// driven on the graph's own speeds.
    static func osrmName(_ profile: String) -> String {
        let name = profile.hasPrefix("mapbox/") ? String(profile.dropFirst("mapbox/".count)) : profile
        return name == "driving-traffic" ? "driving" : name
    }

    /// `true` or `false`; Python's `True` and `False` too, which routingpy's Mapbox client
    /// sends for a Python bool (it URL-encodes the value as it prints).
    static func flag(_ http: HTTPRequest, _ name: String, default value: Bool) throws(OSRMError) -> Bool {
        switch http[name] {
        case nil: return value
        case "true", "True": return true
        case "false", "False": return false
        case let other?: throw .badQuery("\(name) must be true or false, got \"\(other)\"")
        }
    }

    static func number(_ text: some StringProtocol, name: String) throws(OSRMError) -> Double {
        guard let value = OSRMRequest.decimal(Substring(text)) else {
            throw .badQuery("\(name) must be a number, got \"\(String(text.prefix(64)))\"")
        }
        return value
    }

    /// A comma list of numbers; the engine checks their count and range.
    static func numbers(_ text: String, name: String) throws(OSRMError) -> [Double] {
        var values: [Double] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            values.append(try number(item, name: name))
        }
        return values
    }
}
