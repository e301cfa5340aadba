/// Why a route could not be made, in the routing core's terms: points are named by their
/// index in the route (0 its start). `Snapper.snap(_:maxDistance:)` throws `noSegment`,
/// `Router.route(from:to:)` between snaps `noRoute`. Each interface words these its own way,
/// with OSRM's code for each (`RouteError.osrm(_:)`, RouteError+OSRM.swift).
public enum RouteError: Error, Equatable, CustomStringConvertible {
    /// No usable road within the snapping radius of point `point`.
    case noSegment(point: Int)
    /// The points are on roads, but no route leads from one to the next.
    case noRoute

    /// `noSegment` for a route between two points: its source (point 0) or its target.
    public static func noSegment(isSource: Bool) -> RouteError { .noSegment(point: isSource ? 0 : 1) }

    public var description: String {
        switch self {
        case .noSegment(let point): return "no road found near point \(point)"
        case .noRoute: return "no route between the points"
        }
    }
}
