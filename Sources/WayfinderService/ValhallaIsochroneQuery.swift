import Foundation
import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderRouting

/// Valhalla's refusal of a request, as its HTTP API words it (valhalla/exceptions.cc):
/// `{"error_code": 171, "error": "No suitable edges near location", "status_code": 400,
/// "status": "Bad Request"}`. Clients written for Valhalla (routingpy, its own web app) read
/// `error_code` and `error`; the codes are Valhalla's for the same fault.
struct ValhallaError: Error, Equatable {
    var code: Int
    var message: String
    /// The HTTP status: 400 for every refusal of an isochrone request.
    var status = 400

    /// Valhalla's error `code` with its own words, and `detail` after them as Valhalla appends
    /// what it knows ("Exceeded max contours: 4").
    init(_ code: Int, _ detail: String? = nil) {
        self.code = code
        let words = Self.words[code] ?? "Unknown"
        message = detail.map { "\(words): \($0)" } ?? words
    }

    /// The codes an isochrone request can get, with Valhalla's words.
    static let words: [Int: String] = [
        100: "Failed to parse json request",
        110: "Insufficiently specified required parameter 'locations'",
        111: "Insufficiently specified required parameter 'time'",
        113: "Insufficiently specified required parameter 'contours'",
        120: "Insufficient number of locations provided",
        124: "No edge/node costing provided",
        125: "No costing method found",
        130: "Failed to parse location",
        150: "Exceeded max locations",
        151: "Exceeded max time",
        152: "Exceeded max contours",
        166: "Exceeded max distance",
        171: "No suitable edges near location",
    ]
}

/// A request to Valhalla's `/isochrone` (its JSON: POSTed, or GET `?json=`), read into the
/// engine's `IsochroneRequest`s with Valhalla's defaults and Valhalla's error codes.
///
/// Read: `locations` (exactly one `{lat, lon}`), `costing` (`auto` driving, `pedestrian`
/// walking, `bicycle` cycling; any other, `motor_scooter` among them, is Valhalla's unknown
/// costing), `contours` (`{"time": minutes}` or `{"distance": km}`, each
/// with an optional `"color": "ff0000"`; both kinds may be mixed as in Valhalla), `polygons`
/// (default false), `denoise` (default 1, clamped to 0...1 as Valhalla does), `generalize`
/// (metres; below 0 is none), `reverse` (true: where one can come from), `show_locations`
/// and `id` (echoed). Other keys (`costing_options`, `date_time`, `format`…) are ignored, as
/// Valhalla ignores what an action does not read. A wrong type is error 100: Valhalla's
/// reader would silently take the default, which hides the client's mistake.
struct ValhallaIsochroneQuery {
    /// `id` as sent, a string or a number, written back in the answer and in errors.
    enum Identifier: Equatable {
        case text(String)
        case number(Double)
    }

    struct ContourAsked {
        /// Minutes (`time`) or kilometres (`distance`), as asked: the answer's `contour`.
        var value: Double
        var metric: ContourMetric
        /// Six hex digits without '#', nil for Valhalla's default colour.
        var color: String?
    }

    var id: Identifier?
    var costing = ""
    var mode = TravelMode.driving
    var location = FixedCoordinate(lat: 0, lon: 0)
    var contours: [ContourAsked] = []
    var polygons = false
    var denoise = 1.0
    var generalize: Double?
    var reverse = false
    var showLocations = false

    /// Reads the id alone, for an error answer about a body that parses but is otherwise wrong.
    static func identifier(_ json: [UInt8]) -> Identifier? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] else { return nil }
        return identifier(object["id"])
    }

    /// Parses and checks the JSON `body` against `limits` (Valhalla's service limits become
    /// the engine's: `maxContours`, `maxContourMinutes`, `maxContourMetres`).
    init(json body: [UInt8], limits: EngineLimits) throws(ValhallaError) {
        // Foundation's parser refuses numbers past Double's range and nesting past 512 levels
        // with an error, not a trap; the server bounds the body's size.
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(body)), let object = parsed as? [String: Any] else {
            throw ValhallaError(100)
        }
        id = Self.identifier(object["id"])
        try readLocation(object["locations"])
        try readCosting(object["costing"])
        try readContours(object["contours"], limits: limits)
        polygons = try Self.bool(object["polygons"], "polygons") ?? false
        denoise = min(1, max(0, try Self.number(object["denoise"], "denoise") ?? 1))
        generalize = try Self.number(object["generalize"], "generalize").map { max(0, $0) }
        reverse = try Self.bool(object["reverse"], "reverse") ?? false
        showLocations = try Self.bool(object["show_locations"], "show_locations") ?? false
    }

    private mutating func readLocation(_ value: Any?) throws(ValhallaError) {
        guard let locations = value as? [Any] else { throw ValhallaError(110) }
        guard !locations.isEmpty else { throw ValhallaError(120) }
        guard locations.count == 1 else { throw ValhallaError(150, "1") }
        guard let place = locations[0] as? [String: Any], let lat = Self.numberValue(place["lat"]),
              let lon = Self.numberValue(place["lon"]) else {
            throw ValhallaError(130, "lat and lon must be numbers")
        }
        guard abs(lat) <= 90, abs(lon) <= 180 else {
            throw ValhallaError(130, "latitude must be in -90...90 and longitude in -180...180 degrees")
        }
        location = FixedCoordinate(latitude: lat, longitude: lon)
    }

    private mutating func readCosting(_ value: Any?) throws(ValhallaError) {
        guard let name = value as? String else { throw ValhallaError(124) }
        costing = name
        switch name {
        case "auto": mode = .driving
        case "pedestrian": mode = .walking
        case "bicycle": mode = .cycling
        default: throw ValhallaError(125, "'\(name.prefix(64))'")
        }
    }

    private mutating func readContours(_ value: Any?, limits: EngineLimits) throws(ValhallaError) {
        guard let list = value as? [Any], !list.isEmpty else { throw ValhallaError(113) }
        guard list.count <= limits.maxContours else { throw ValhallaError(152, "\(limits.maxContours)") }
        for item in list {
            guard let contour = item as? [String: Any] else { throw ValhallaError(113, "each contour must be an object") }
            let time = try Self.number(contour["time"], "time"), distance = try Self.number(contour["distance"], "distance")
            let asked: ContourAsked
            switch (time, distance) {
            case (let minutes?, nil):
                guard minutes > 0 else { throw ValhallaError(111, "time must be more than 0 minutes") }
                guard minutes <= limits.maxContourMinutes else { throw ValhallaError(151, Self.written(limits.maxContourMinutes)) }
                asked = ContourAsked(value: minutes, metric: .time)
            case (nil, let km?):
                guard km > 0 else { throw ValhallaError(113, "distance must be more than 0 km") }
                guard km * 1000 <= limits.maxContourMetres else { throw ValhallaError(166, Self.written(limits.maxContourMetres / 1000)) }
                asked = ContourAsked(value: km, metric: .distance)
            case (nil, nil): throw ValhallaError(111)
            case (_?, _?): throw ValhallaError(113, "a contour has time or distance, not both")
            }
            contours.append(asked)
            if let color = contour["color"] {
                guard var hex = color as? String else { throw ValhallaError(100, "color must be a string") }
                if hex.hasPrefix("#") { hex.removeFirst() }  // Valhalla would write "##…"; the colour is meant
                guard hex.utf8.count == 6, hex.utf8.allSatisfy({ $0 < 128 && Character(Unicode.Scalar($0)).isHexDigit }) else {
                    throw ValhallaError(113, "color must be 6 hex digits, got \"\(hex.prefix(16))\"")
                }
                contours[contours.count - 1].color = hex
            }
        }
    }

    /// The engine's requests: one per metric asked, time first (Valhalla writes time contours
    /// before distance ones), each with the positions of its contours in `contours`.
    func requests() -> [(request: IsochroneRequest, positions: [Int])] {
        [ContourMetric.time, .distance].compactMap { metric in
            let positions = contours.indices.filter { contours[$0].metric == metric }
            guard !positions.isEmpty else { return nil }
            var request = IsochroneRequest(mode: mode, location: location,
                                           contours: positions.map { contours[$0].value * (metric == .distance ? 1000 : 1) })
            request.metric = metric
            request.direction = reverse ? .arrive : .depart
            request.polygons = polygons
            request.denoise = denoise
            request.generalize = generalize
            request.colors = positions.map { contours[$0].color }
            return (request, positions)
        }
    }

    // MARK: JSON values

    private static func identifier(_ value: Any?) -> Identifier? {
        if let text = value as? String { return .text(text) }
        if let number = numberValue(value), number.isFinite { return .number(number) }
        return nil
    }

    /// A JSON number (not a bool, which Foundation also hands over as an NSNumber).
    static func numberValue(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBool(number) else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    private static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    /// An optional number: nil when absent or null, error 100 when of another type.
    private static func number(_ value: Any?, _ name: String) throws(ValhallaError) -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        guard let number = numberValue(value) else { throw ValhallaError(100, "\(name) must be a number") }
        return number
    }

    private static func bool(_ value: Any?, _ name: String) throws(ValhallaError) -> Bool? {
        guard let value, !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, isBool(number) else { throw ValhallaError(100, "\(name) must be true or false") }
        return number.boolValue
    }

    private static func written(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
