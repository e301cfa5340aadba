import WayfinderGraph
import WayfinderRouting

/// Why the engine could not answer a request, in its own terms. Each front end maps it to its
/// own codes and words: the OSRM dialect to osrm-routed's codes (`NoSegment`, `TooBig`, …) and
/// HTTP 400, the command line to its exit codes, the C library to `wf_status`.
public enum EngineError: Error, Equatable, CustomStringConvertible {
    /// No usable road within the snapping radius of waypoint `waypoint` (0 the first).
    case noSegment(waypoint: Int)
    /// The waypoints are on roads, but no route joins them.
    case noRoute
    /// The places of a trip cannot all be visited in one trip of the kind asked for.
    case noTrips
    /// No point of a trace has a road within its search radius.
    case noSegmentNearTrace
    /// A trace could not be matched to the roads as asked: `why` in osrm-routed's words.
    case noMatch(String)
    /// The request asks for more than the limits allow, or took longer than the time limit:
    /// `what` says which, in osrm-routed's words.
    case tooBig(String)
    /// The graph file holds no network of this mode.
    case noMode(TravelMode)
    /// The graph cannot avoid these classes of road (a walker's, or a file built without them).
    case unsupportedExclusion
    /// A value the request may send but that does not fit this request (osrm-routed's
    /// `InvalidOptions`), e.g. waypoints that are not increasing.
    case invalidOptions(String)
    /// A value outside what the request's kind takes (osrm-routed's `InvalidValue`).
    case invalidValue(String)
    /// A combination of options the engine does not answer (osrm-routed's `NotImplemented`).
    case notImplemented(String)

    /// A failed snap or route of the routing core.
    public init(_ failure: RouteError) {
        switch failure {
        case .noSegment(let point): self = .noSegment(waypoint: point)
        case .noRoute: self = .noRoute
        }
    }

    /// The routing core's failure behind this error, for front ends that word snaps and
    /// searches their own way (the command line); nil for the others.
    public var routeFailure: RouteError? {
        switch self {
        case .noSegment(let waypoint): .noSegment(point: waypoint)
        case .noRoute: .noRoute
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .noSegment(let waypoint): "no road found near waypoint \(waypoint)"
        case .noRoute: "no route between the waypoints"
        case .noTrips: "no trip visits every place"
        case .noSegmentNearTrace: "no point of the trace is near a road"
        case .noMatch(let why): why
        case .tooBig(let what), .invalidOptions(let what), .invalidValue(let what), .notImplemented(let what): what
        case .noMode(let mode): "this graph has no \(mode) network"
        case .unsupportedExclusion: "these classes of road cannot be avoided on this graph"
        }
    }
}
