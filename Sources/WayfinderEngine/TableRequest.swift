import WayfinderGraph
import WayfinderRouting

/// Durations (and distances) from each source to each destination (OSRM's
/// `api::TableParameters`).
public struct TableRequest: Sendable {
    public var mode: TravelMode
    public var coordinates: [FixedCoordinate]
    /// Per coordinate: metres it may be snapped, nil for the engine's limit.
    public var radiuses: [Double?]
    public var constraints: [SnapConstraints]
    /// Indices into `coordinates`.
    public var sources: [Int]
    public var destinations: [Int]
    /// Whether distances are computed besides durations.
    public var distances = false
    public var excluding: WayClasses = []

    public init(mode: TravelMode, coordinates: [FixedCoordinate]) {
        self.mode = mode
        self.coordinates = coordinates
        radiuses = Array(repeating: nil, count: coordinates.count)
        constraints = Array(repeating: SnapConstraints(), count: coordinates.count)
        sources = Array(coordinates.indices)
        destinations = Array(coordinates.indices)
    }

    /// Checks the request's size against `limits`, before any graph is read.
    public func validate(limits: EngineLimits) throws(EngineError) {
        guard coordinates.count >= 2 else { throw .invalidOptions("Number of coordinates needs to be at least two.") }
        guard coordinates.count <= limits.maxTableCoordinates, sources.count * destinations.count <= limits.maxTableCells else {
            throw .tooBig("Too many table coordinates")
        }
    }

    /// Snaps every coordinate as a route does and fills the table with the calling thread's
    /// `TableQuery`: the snaps (one per coordinate) and the cells.
    public func answer(_ queries: EngineQueries) throws(EngineError) -> (snaps: [Snap], table: RouteTable, graph: RoutingGraph) {
        let graph = try queries.routingGraph(mode)
        let snaps = try RouteRequest.snap(coordinates, radiuses: radiuses, constraints: constraints, excluding: excluding,
                                          graph: graph, limit: queries.limits.maxSnapRadius)
        let table = queries.tableQuery(mode)!.compute(sources: sources.map { snaps[$0] }, targets: destinations.map { snaps[$0] },
                                                       distances: distances, excluding: excluding)
        return (snaps, table, graph)
    }
}
