import WayfinderGraph
import WayfinderMatching

/// The engine's rules for what a request may ask and what it gets when it does not say:
/// the one place each of them is written, so the server, the command line and the C library
/// cannot drift apart.
public enum RoutePolicy {
    /// Metres: the farthest a coordinate is snapped when a request names no radius, and the
    /// most any request may name (OSRM's `radiuses=unlimited` means this). A point farther
    /// from every road is `NoSegment`, not a route from somewhere else.
    public static let snapRadius = 5000.0

    /// Whether a route through waypoints keeps going the way it came at each one when the
    /// request does not say (OSRM's `continue_straight`): as the profiles of osrm-routed, a car
    /// passes a waypoint without turning back there (car.lua's
    /// `continue_straight_at_waypoint`), a walker may turn back.
    public static func continuesStraight(_ mode: TravelMode) -> Bool { mode == .driving }

    /// The most alternatives a request may ask for (osrm-routed's `--max-alternatives` default).
    public static let maxAlternatives = 3

    /// Whether alternatives are searched for a route through `waypoints` coordinates avoiding
    /// `excluding`: between two coordinates only (as OSRM), and on the plain hierarchy only, so
    /// under an exclusion the answer is the best route alone (alternatives are "up to N" in
    /// OSRM too).
    public static func searchesAlternatives(waypoints: Int, excluding: WayClasses) -> Bool {
        waypoints == 2 && excluding.isEmpty
    }
}

/// Caps that keep the work of one request bounded, whichever front end it came through.
public struct EngineLimits: Sendable {
    /// Waypoints of one route or trip request.
    public var maxWaypoints = 100
    /// Sources × destinations of one table request (100 × 100).
    public var maxTableCells = 10_000
    /// Coordinates of one table request.
    public var maxTableCoordinates = 200
    /// Results of nearest (`number`) and of the geocoder's searches (`limit`).
    public var maxResults = 100
    /// Metres: the farthest a coordinate may be snapped (`RoutePolicy.snapRadius` unless an
    /// operator sets another).
    public var maxSnapRadius = RoutePolicy.snapRadius
    /// Metres: the largest category-search radius.
    public var maxSearchRadius = 50_000.0
    /// Bytes of path plus query; longer URLs get 414.
    public var maxURLBytes = 8192
    /// Points of one trace to match (osrm-routed's `--max-matching-size`).
    public var maxMatchingSize = 10_000
    /// Bytes of path plus query of a /match URL: a trace of `maxMatchingSize` points with
    /// timestamps, radiuses and bearings runs to several hundred kilobytes.
    public var maxMatchURLBytes = EngineLimits.matchURLBytes(points: 10_000)

    /// The URL bytes a trace of `points` points may need: 100 a point (a coordinate with
    /// decimals, an epoch timestamp, a radius and a bearing take about 60).
    public static func matchURLBytes(points: Int) -> Int { 100 * points + 8192 }
    /// Contours of one isochrone request (the Mapbox API's 4).
    public var maxContours = 4
    /// The largest time contour, minutes (the Mapbox API's 60).
    public var maxContourMinutes = 60.0
    /// The largest distance contour, metres (the Mapbox API's 100 km).
    public var maxContourMetres = 100_000.0
    /// Seconds one request may compute before it is cut short (checked between legs).
    public var maxRequestTime = 5.0
    /// Seconds an idle connection is kept open.
    public var connectionTimeout = 30

    public init() {}

    /// The longest URL a request to `path` (raw, before decoding) may have: /match's limit
    /// for traces, `maxURLBytes` for every other service.
    public func maxURLBytes(path: UnsafeRawBufferPointer) -> Int {
        path.starts(with: "/match/".utf8) ? max(maxURLBytes, maxMatchURLBytes) : maxURLBytes
    }
}

/// The engine's rules for matching a trace where the request does not say.
public enum MatchPolicy {
    /// Metres: the GPS accuracy of a point whose request names none (osrm-routed's 5 m).
    public static let gpsAccuracy = MatchProbabilities.defaultAccuracy

    /// m/s: the fastest the mode moves, which bounds how far a step between two timestamped
    /// points may route (the profiles' `max_speed_for_map_matching`: 180 km/h for a car,
    /// 40 km/h on foot, which covers a runner and a jump in the fixes, and on a bicycle).
    public static func maxSpeed(_ mode: TravelMode) -> Double {
        switch mode {
        case .driving: 180 / 3.6
        case .walking, .cycling: 40 / 3.6
        }
    }
}
