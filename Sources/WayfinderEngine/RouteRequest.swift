import WayfinderGraph
import WayfinderRouting

/// A route through coordinates in order, as every front end asks for it (OSRM's
/// `api::RouteParameters`): parsed once by the dialect or the command line, then carried
/// through snapping, search and alternatives by `RouteRequest.answer(router:limits:stop:)`.
/// What it leaves unsaid is decided by `RoutePolicy`.
public struct RouteRequest: Sendable {
    public var mode: TravelMode
    public var coordinates: [FixedCoordinate]
    /// Per coordinate: metres it may be snapped, nil for the engine's limit.
    public var radiuses: [Double?]
    /// Per coordinate: its bearing, approach and snapping rule.
    public var constraints: [SnapConstraints]
    /// The indices of the coordinates that split the route into legs, increasing, the first
    /// and the last among them (OSRM's `waypoints`); nil for every coordinate. The others are
    /// passed through.
    public var legEnds: [Int]?
    /// Whether the route keeps going the way it came at each waypoint; nil for
    /// `RoutePolicy.continuesStraight(mode)`.
    public var continueStraight: Bool?
    /// How many alternatives to search besides the best route (0...`RoutePolicy.maxAlternatives`).
    public var alternatives = 0
    /// Classes of road the route may not use (driving only).
    public var excluding: WayClasses = []

    public init(mode: TravelMode, coordinates: [FixedCoordinate]) {
        self.mode = mode
        self.coordinates = coordinates
        radiuses = Array(repeating: nil, count: coordinates.count)
        constraints = Array(repeating: SnapConstraints(), count: coordinates.count)
    }
}

/// A route request answered: what every writer (OSRM JSON, protobuf, the command line's
/// text and GeoJSON) reads.
public struct RouteAnswer {
    /// The request's coordinates, snapped.
    public var snaps: [Snap]
    /// One leg between each pair of consecutive leg ends; the points between them passed through.
    public var legs: [Route]
    /// The route's legs, then each alternative's (one leg each).
    public var routes: [[Route]]
    /// The coordinates asked for at the leg ends (`legs.count + 1`).
    public var inputs: [FixedCoordinate]
}

extension RouteRequest {
    /// Checks the request's shape against `limits` and the policy, before any graph is read.
    public func validate(limits: EngineLimits) throws(EngineError) {
        guard coordinates.count >= 2 else { throw .invalidOptions("Number of coordinates needs to be at least two.") }
        guard coordinates.count <= limits.maxWaypoints else {
            throw .tooBig("Number of entries \(coordinates.count) is higher than current maximum (\(limits.maxWaypoints))")
        }
        guard (0...RoutePolicy.maxAlternatives).contains(alternatives) else {
            throw .tooBig("Requested number of alternatives is higher than current maximum (\(RoutePolicy.maxAlternatives))")
        }
        if let legEnds {
            guard zip(legEnds, legEnds.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .invalidOptions("waypoints must be increasing indices of the coordinates")
            }
            guard legEnds.first == 0, legEnds.last == coordinates.count - 1 else {
                throw .invalidValue("First and last coordinates must be specified as waypoints.")
            }
        }
    }

    /// Snaps the coordinates (each within its radius, the limit for none or a larger one, as
    /// its constraints allow) and routes through them with `router` (the calling thread's);
    /// `stop` is asked between legs and cuts a request past its time limit short (`tooBig`).
    public func answer(router: Router, limits: EngineLimits, stop: () -> Bool = { false }) throws(EngineError) -> RouteAnswer {
        let snaps = try Self.snap(coordinates, radiuses: radiuses, constraints: constraints, excluding: excluding,
                                  graph: router.graph, limit: limits.maxSnapRadius, snapper: router.snapper)
        let found: [Route]?
        do throws(RouteError) {
            found = try router.legs(through: snaps, continueStraight: continueStraight ?? RoutePolicy.continuesStraight(mode),
                                    excluding: excluding, stop: stop)
        } catch {
            throw EngineError(error)
        }
        guard let legs = found else {
            throw .tooBig("The route took longer than \(limits.maxRequestTime) s to compute")
        }
        let ends = legEnds ?? Array(coordinates.indices)
        let joined = ends.count == snaps.count ? legs : (1..<ends.count).map { Route(joining: legs[ends[$0 - 1]..<ends[$0]]) }
        var routes = [joined]
        if alternatives > 0 && RoutePolicy.searchesAlternatives(waypoints: snaps.count, excluding: excluding) {
            // The best route is the request's one leg: only the others are searched.
            routes += router.alternatives(to: legs[0], count: alternatives).map { [$0] }
        }
        return RouteAnswer(snaps: snaps, legs: joined, routes: routes, inputs: ends.map { coordinates[$0] })
    }

    /// Every coordinate snapped to its nearest road within its radius (the limit for nil or
    /// a larger one) that its constraints allow, off `excluding`'s roads
    /// (`Snapper.snap(_:maxDistance:constraints:excluding:)` with its island rule).
    public static func snap(_ coordinates: [FixedCoordinate], radiuses: [Double?], constraints: [SnapConstraints],
                            excluding: WayClasses, graph: RoutingGraph, limit: Double,
                            snapper: Snapper? = nil) throws(EngineError) -> [Snap] {
        guard graph.serves(excluding: excluding) else { throw .unsupportedExclusion }
        do throws(RouteError) {
            return try (snapper ?? Snapper(graph: graph)).snap(coordinates, maxDistance: { min(radiuses[$0] ?? limit, limit) },
                                                                constraints: { constraints[$0] }, excluding: excluding)
        } catch {
            throw EngineError(error)
        }
    }
}
