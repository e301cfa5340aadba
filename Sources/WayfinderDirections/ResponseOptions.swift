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
    /// OSRM's `speed`: metres per second per stretch (distance / duration, one decimal).
    public static let speed = RouteAnnotations(rawValue: 4)
    /// OSRM's `weight`: the search weight per stretch (here the duration).
    public static let weight = RouteAnnotations(rawValue: 8)
    /// OSRM's `datasources`: which speed source each stretch used (always 0, the profile's),
    /// named by the response's `metadata.datasource_names`.
    public static let datasources = RouteAnnotations(rawValue: 16)
    /// OSRM's `nodes`: the OSM node id of every point of the line.
    public static let nodes = RouteAnnotations(rawValue: 32)
    /// Everything `annotations=true` asks for.
    public static let all: RouteAnnotations = [.distance, .duration, .speed, .weight, .datasources, .nodes]

    /// OSRM's spelling: `true` (all), `false` (none), or a comma list of `distance`,
    /// `duration`, `speed`, `weight`, `datasources`, `nodes`; nil for any other word. The
    /// one reading of it, for the URL option and the command line's flag.
    public init?(osrmList text: String) {
        switch text {
        case "false": self = []
        case "true": self = .all
        default:
            self = []
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                switch name {
                case "distance": insert(.distance)
                case "duration": insert(.duration)
                case "speed": insert(.speed)
                case "weight": insert(.weight)
                case "datasources": insert(.datasources)
                case "nodes": insert(.nodes)
                default: return nil
                }
            }
        }
    }
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
    /// The navigation SDKs' extensions (voice and banner instructions, …): `NavigationOptions`.
    public var navigation = NavigationOptions()

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
