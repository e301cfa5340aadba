import WayfinderGraph
import WayfinderRouting

/// The roads nearest one coordinate (OSRM's `api::NearestParameters`).
public struct NearestRequest: Sendable {
    public var mode: TravelMode
    public var coordinate: FixedCoordinate
    /// Metres the road may be from the coordinate; nil for the engine's limit.
    public var radius: Double?
    public var bearing: BearingRange?
    /// How many roads, nearest first.
    public var number = 1
    public var excluding: WayClasses = []

    public init(mode: TravelMode, coordinate: FixedCoordinate) {
        self.mode = mode
        self.coordinate = coordinate
    }

    /// Checks `number` against the engine's limit (osrm-routed's `max-nearest-size`).
    public func validate(limits: EngineLimits) throws(EngineError) {
        guard number <= limits.maxResults else {
            throw .tooBig("Number of results \(number) is higher than current maximum (\(limits.maxResults))")
        }
    }

    /// The nearest roads, each as the snap a route from the coordinate would start from;
    /// `noSegment` when no road is in reach.
    public func answer(_ queries: EngineQueries) throws(EngineError) -> (snaps: [Snap], graph: RoutingGraph) {
        let graph = try queries.routingGraph(mode)
        guard graph.serves(excluding: excluding) else { throw .unsupportedExclusion }
        let limit = queries.limits.maxSnapRadius
        let found = Snapper(graph: graph).nearest(to: coordinate, count: number, maxDistance: min(radius ?? limit, limit),
                                                 bearing: bearing, excluding: excluding)
        guard !found.isEmpty else { throw .noSegment(waypoint: 0) }
        return (found, graph)
    }
}
