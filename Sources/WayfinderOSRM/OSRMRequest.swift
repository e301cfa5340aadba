import WayfinderGraph
import WayfinderRouting

/// The parts of an OSRM v5 request every service shares: profile, coordinates, and the
/// general options (`radiuses`, `generate_hints`, `hints`). Each service reads its own
/// options through `options`, which rejects the ones nobody read.
public struct OSRMRequest {
    public var mode: TravelMode
    public var coordinates: [FixedCoordinate]
    /// Per coordinate: metres it may be snapped, nil for the server's limit (`unlimited`).
    public var radiuses: [Double?]
    public var generateHints = true
    /// Per coordinate: its bearing, approach and snapping rule (`bearings`, `approaches`, `snapping`).
    public var constraints: [SnapConstraints]
    /// The service's own options, by name (after the shared ones are taken out).
    public private(set) var options: [String: String] = [:]

    /// Options every OSRM service accepts. `hints` are accepted and ignored: they only
    /// speed up osrm-routed's snapping, and snapping here is exact without them.
    static let sharedOptions: Set<String> = ["radiuses", "generate_hints", "hints", "bearings", "approaches", "snapping"]
    /// OSRM options this server does not implement: a clear error, not a silent default.
    static let unsupportedOptions: Set<String> = []

    /// Parses `/{service}/v1/{profile}/{coordinates}[.json]`, then the shared options and
    /// the names of `serviceOptions` and `extraOptions` (a variant's own, e.g. `format`).
    public init(_ request: HTTPRequest, service: String, serviceOptions: Set<String>,
         extraOptions: Set<String> = []) throws(OSRMError) {
        // "/route/" has matched; what follows is "v1/{profile}/{coordinates}".
        let rest = request.path.utf8.dropFirst(service.utf8.count + 2)
        let parts = rest.split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw OSRMError("InvalidUrl", "URL string malformed: expected /\(service)/v1/{profile}/{coordinates}")
        }
        guard parts[0].elementsEqual("v1".utf8) else { throw OSRMError("InvalidVersion", "Service \(service) not found!") }
        let profile = String(decoding: parts[1], as: UTF8.self)
        guard let mode = TravelMode(name: profile) else {
            throw OSRMError("InvalidValue", "Unknown profile \"\(profile)\": use driving (car), walking (foot) or cycling (bike)")
        }
        self.mode = mode
        var coordinateText = Substring(String(decoding: parts[2], as: UTF8.self))
        if coordinateText.hasSuffix(".json") { coordinateText = coordinateText.dropLast(5) }
        coordinates = try Self.coordinates(coordinateText)
        radiuses = Array(repeating: nil, count: coordinates.count)
        constraints = Array(repeating: SnapConstraints(), count: coordinates.count)

        for parameter in request.parameters {
            let name = parameter.name
            if Self.unsupportedOptions.contains(name) {
                throw OSRMError("InvalidOptions", "\(name) is not supported by this server")
            }
            guard Self.sharedOptions.contains(name) || serviceOptions.contains(name) || extraOptions.contains(name) else {
                throw OSRMError.badQuery("unknown option \"\(name)\"")
            }
            options[name] = parameter.value
        }
        if let text = options["radiuses"] { radiuses = try list("radiuses", text) { (item) throws(OSRMError) in try Self.radius(item) } }
        generateHints = try flag("generate_hints", default: true)
        try readSnapConstraints()
    }

    /// `bearings=value,range;…`, `approaches=curb|opposite|unrestricted;…` (an empty element
    /// asks nothing of its coordinate) and `snapping=default|any`.
    private mutating func readSnapConstraints() throws(OSRMError) {
        if let text = options["bearings"] {
            let bearings = try list("bearings", text) { (item) throws(OSRMError) in try Self.bearing(item) }
            for (i, bearing) in bearings.enumerated() { constraints[i].bearing = bearing }
        }
        if let text = options["approaches"] {
            let approaches = try list("approaches", text) { (item) throws(OSRMError) -> Approach? in
                guard let approach = Approach(rawValue: String(item)) else {
                    throw .badQuery("approaches must be curb, opposite or unrestricted, got \"\(item)\"")
                }
                return approach
            }
            for (i, approach) in approaches.enumerated() { constraints[i].approach = approach ?? .unrestricted }
        }
        if try choice("snapping", [("default", false), ("any", true)], default: false) {
            for i in constraints.indices { constraints[i].anyRoad = true }
        }
    }

    /// One `bearings` element: `value,range`, whole degrees, value 0–360 and range 0–180.
    private static func bearing(_ text: Substring) throws(OSRMError) -> BearingRange {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let value = Int(parts[0]), let range = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else {
            throw .badQuery("bearings must be value,range in whole degrees, got \"\(text)\"")
        }
        guard (0...360).contains(value), (0...180).contains(range) else {
            throw OSRMError("InvalidOptions", "Bearing \(value),\(range) is out of range: the value must be 0–360 and the range 0–180 degrees")
        }
        return BearingRange(degrees: Double(value), range: Double(range))
    }

    // MARK: Option values

    public func flag(_ name: String, default value: Bool) throws(OSRMError) -> Bool {
        switch options[name] {
        case nil: return value
        case "true": return true
        case "false": return false
        case let other?: throw .badQuery("\(name) must be true or false, got \"\(other)\"")
        }
    }

    /// One of `choices`, by its OSRM name.
    public func choice<T>(_ name: String, _ choices: [(String, T)], default value: T) throws(OSRMError) -> T {
        guard let text = options[name] else { return value }
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw .badQuery("\(name) must be one of \(choices.map(\.0).joined(separator: ", ")), got \"\(text)\"")
        }
        return match.1
    }

    /// A `;`-separated list with one element per coordinate; an empty element means the default.
    public func list<T>(_ name: String, _ text: String, _ element: (Substring) throws(OSRMError) -> T?) throws(OSRMError) -> [T?] {
        let items = text.split(separator: ";", omittingEmptySubsequences: false)
        guard items.count == coordinates.count else {
            throw OSRMError("InvalidOptions", "Number of elements in \(name) size \(items.count) does not match coordinate size \(coordinates.count)")
        }
        var values: [T?] = []
        for item in items { values.append(item.isEmpty ? nil : try element(item)) }
        return values
    }

    /// `all`, or `;`-separated indices into the coordinates (`sources`, `destinations`).
    public func indices(_ name: String) throws(OSRMError) -> [Int] {
        guard let text = options[name], text != "all" else { return Array(coordinates.indices) }
        var result: [Int] = []
        for item in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let index = Int(item), item.allSatisfy(\.isASCII) else { throw .badQuery("\(name) must be all or indices separated by ;") }
            guard coordinates.indices.contains(index) else {
                throw OSRMError("InvalidOptions", "\(name) index \(index) is out of range (\(coordinates.count) coordinates)")
            }
            result.append(index)
        }
        return result
    }

    /// A positive integer option (`number`).
    public func count(_ name: String, default value: Int) throws(OSRMError) -> Int {
        guard let text = options[name] else { return value }
        guard let number = Int(text), text.allSatisfy(\.isASCII) else { throw .badQuery("\(name) must be an integer, got \"\(text)\"") }
        guard number >= 1 else { throw OSRMError("InvalidOptions", "\(name) must be at least 1") }
        return number
    }

    /// A number above zero (`fallback_speed`, `scale_factor`), nil when absent.
    public func positive(_ name: String) throws(OSRMError) -> Double? {
        guard let text = options[name] else { return nil }
        guard let value = Self.decimal(Substring(text)) else { throw .badQuery("\(name) must be a number, got \"\(text)\"") }
        guard value > 0 else { throw OSRMError("InvalidValue", "\(name) must be > 0") }
        return value
    }

    private static func radius(_ text: Substring) throws(OSRMError) -> Double? {
        if text == "unlimited" { return nil }
        guard let metres = decimal(text) else { throw .badQuery("radiuses must be metres or unlimited, got \"\(text)\"") }
        guard metres >= 0 else { throw OSRMError("InvalidOptions", "radiuses must not be negative") }
        return metres
    }

    // MARK: Coordinates

    /// `lon,lat;lon,lat…`, or `polyline(…)` / `polyline6(…)` (an encoded line of lat,lon).
    static func coordinates(_ text: Substring) throws(OSRMError) -> [FixedCoordinate] {
        for (prefix, precision) in [("polyline(", 5), ("polyline6(", 6)] where text.hasPrefix(prefix) {
            guard text.hasSuffix(")") else { throw OSRMError("InvalidUrl", "URL string malformed: unclosed \(prefix)") }
            guard let line = decodePolyline(text.dropFirst(prefix.count).dropLast(), precision: precision), !line.isEmpty else {
                throw OSRMError("InvalidUrl", "URL string malformed: not an encoded polyline")
            }
            return line
        }
        // On bytes, without intermediate strings: this runs for every request.
        var result: [FixedCoordinate] = []
        for (i, pair) in text.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).enumerated() {
            guard let comma = pair.firstIndex(of: UInt8(ascii: ",")),
                  let lon = fixedPoint(pair[..<comma]), let lat = fixedPoint(pair[pair.index(after: comma)...]) else {
                throw OSRMError("InvalidUrl", "URL string malformed: coordinate \(i) is not lon,lat: \"\(String(decoding: pair.prefix(64), as: UTF8.self))\"")
            }
            guard abs(lat) <= 900_000_000, abs(lon) <= 1_800_000_000 else {
                throw OSRMError("InvalidValue", "Invalid coordinate value.")
            }
            result.append(FixedCoordinate(lat: Int32(lat), lon: Int32(lon)))
        }
        return result
    }

    /// A plain decimal number of degrees in units of 1e-7 degree (`FixedCoordinate`'s),
    /// rounded half away from zero; nil unless it is sign, digits, point, digits, or when it
    /// is too large for that unit.
    static func fixedPoint(_ bytes: Substring.UTF8View.SubSequence) -> Int64? {
        var value: Int64 = 0, digits = 0, decimals = -1, negative = false, roundUp = false
        for (i, c) in zip(0..., bytes) {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if decimals < 7 {
                    guard value < 1 << 40 else { return nil }
                    value = value * 10 + Int64(c - UInt8(ascii: "0"))
                    if decimals >= 0 { decimals += 1 }
                } else if decimals == 7 {
                    roundUp = c >= UInt8(ascii: "5")
                    decimals = 8
                }
            case UInt8(ascii: "."):
                guard decimals < 0 else { return nil }
                decimals = 0
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard i == 0 else { return nil }
                negative = c == UInt8(ascii: "-")
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        for _ in min(7, max(0, decimals))..<7 {
            // 13 digits before the point pass the loop's bound but not this one (found by
            // fuzzing: -Ounchecked wrapped them into a coordinate, checked code trapped).
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = scaled
        }
        if roundUp { value += 1 }
        return negative ? -value : value
    }

    /// A plain decimal number (`-1.5`, `42`, `.5`): no exponent, no nan, inf or hex, which
    /// `Double(_:)` would also take.
    public static func decimal(_ text: Substring) -> Double? {
        var digits = 0, dots = 0
        for (i, c) in text.utf8.enumerated() {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if i != 0 { return nil }
            default: return nil
            }
        }
        guard digits > 0, dots <= 1, digits <= 40 else { return nil }
        return Double(text)
    }

    /// Google's encoded polyline (latitude first), nil when malformed or out of range.
    public static func decodePolyline(_ text: Substring, precision: Int) -> [FixedCoordinate]? {
        // At most 6 chunks (30 bits) per value: real coordinates never need more, and
        // bounded values cannot overflow the decoder's running sums.
        var run = 0
        for byte in text.utf8 {
            run = byte >= 95 ? run + 1 : 0
            if run > 5 { return nil }
        }
        guard let line = Polyline.decode(String(text), precision: precision) else { return nil }
        var result: [FixedCoordinate] = []
        for (lat, lon) in line {
            guard abs(lat) <= 90, abs(lon) <= 180 else { return nil }
            result.append(FixedCoordinate(latitude: lat, longitude: lon))
        }
        return result
    }
}
