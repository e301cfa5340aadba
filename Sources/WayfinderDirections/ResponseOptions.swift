import WayfinderGraph

/// How lines are written in JSON: OSRM's `geometries` parameter.
public enum GeometryFormat: String, Sendable, CaseIterable {
    /// Google's encoded polyline at precision 5, or 6.
    case polyline, polyline6
    /// A GeoJSON LineString object.
    case geojson
}

/// Which route line goes into the response: OSRM's `overview` parameter.
public enum Overview: String, Sendable, CaseIterable {
    case full, simplified
    case none = "false"

    /// The line written for a route whose whole line is `line`: itself, simplified, or nil
    /// (then `line` is not worked out at all).
    public func line(of line: @autoclosure () -> [FixedCoordinate]) -> [FixedCoordinate]? {
        switch self {
        case .full: return line()
        case .none: return nil
        case .simplified:
            let line = line()
            return LineSimplifier.simplify(line, tolerance: LineSimplifier.tolerance(for: line))
        }
    }
}

/// OSRM's `annotations` parameter: which measures each leg gives per stretch of its line.
public struct RouteAnnotations: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let distance = RouteAnnotations(rawValue: 1)
    public static let duration = RouteAnnotations(rawValue: 2)
}

/// What a route response holds and how it is written: the one set of options of every
/// writer of a route (the OSRM v5 JSON of `OSRMRouteResponse`, its protobuf twin, and the
/// `route` command's text, JSON and GeoJSON). Defaults are OSRM's server defaults.
public struct ResponseOptions: Sendable {
    /// OSRM's `steps`: turn-by-turn steps in each leg.
    public var steps: Bool = false
    /// OSRM's `geometries`.
    public var geometry: GeometryFormat = .polyline
    /// OSRM's `overview`.
    public var overview: Overview = .simplified
    /// OSRM's `annotations`.
    public var annotations: RouteAnnotations = []
    /// OSRM's `generate_hints`: whether each waypoint has a `hint` (always empty here, as
    /// hints are accepted and not read).
    public var generateHints: Bool = true
    /// The coordinate asked for as destination, so that the arrival says on which side it
    /// lies. Read by the writers given one route and no inputs (the `route` command's); the
    /// OSRM writers take each leg's from their `inputs`.
    public var destination: FixedCoordinate?
    /// OSRM's `skip_waypoints`: leave the `waypoints` array out of the response (clients that
    /// only draw the route save its bytes).
    public var skipWaypoints: Bool = false

    public init(steps: Bool = false, geometry: GeometryFormat = .polyline, overview: Overview = .simplified,
                annotations: RouteAnnotations = [], generateHints: Bool = true, destination: FixedCoordinate? = nil) {
        self.steps = steps
        self.geometry = geometry
        self.overview = overview
        self.annotations = annotations
        self.generateHints = generateHints
        self.destination = destination
    }
}
