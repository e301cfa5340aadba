import WayfinderDirections
import WayfinderEngine
import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

extension OSRMError {
    /// The engine's error in osrm-routed's codes and words. A coordinate with no road near it
    /// that lies outside the graph's area (`area`, else the snapping grid's box) gets a hint
    /// (swapped LON,LAT, or the area) after osrm-routed's message.
    /// /nearest words a coordinate without a road in reach as osrm-routed's nearest plugin
    /// does (no index: it has one coordinate).
    public init(_ failure: EngineError, _ request: OSRMRequest, area: GraphArea? = nil, grid: SnapGrid? = nil,
                service: Service = .other) {
        self.init(failure, coordinates: request.coordinates, area: area, grid: grid, service: service)
    }

    /// The same for a request whose coordinates came another way than OSRM's URL grammar
    /// (the Mapbox Isochrone API's single `{lon},{lat}`).
    public init(_ failure: EngineError, coordinates: [FixedCoordinate], area: GraphArea? = nil, grid: SnapGrid? = nil,
                service: Service = .other) {
        switch failure {
        case .noSegment(let point):
            self = RouteError.noSegment(point: point).osrm(service == .nearest ? .osrmNearest : .osrm)
            let covered = area ?? grid.map { GraphArea(grid: $0) }
            if point < coordinates.count, let hint = covered?.hint(for: coordinates[point], order: .lonLat) {
                message += "; \(hint)"
            }
        case .noRoute: self.init(RouteError.noRoute)
        case .noTrips: self.init("NoTrips", "No trip visiting all destinations possible.")
        case .noSegmentNearTrace: self.init("NoSegment", "Could not find a matching segment for any coordinate.")
        case .noMatch(let why): self.init("NoMatch", why)
        case .tooBig(let what): self.init("TooBig", what)
        case .noMode(let mode): self.init("InvalidValue", "This graph has no \(mode) profile")
        case .unsupportedExclusion: self = OSRMRequest.unsupportedExclusion
        case .invalidOptions(let what): self.init("InvalidOptions", what)
        case .invalidValue(let what): self.init("InvalidValue", what)
        case .notImplemented(let what): self.init("NotImplemented", what)
        }
    }

    /// Services whose errors osrm-routed words their own way.
    public enum Service: Sendable { case nearest, other }

    /// A failed route (or snap), answered in osrm-routed's words (`RouteError.osrm(_:)`).
    public init(_ failure: RouteError) {
        self = failure.osrm(.osrm)
    }
}

extension OSRMRequest {
    /// Snaps every coordinate as a route request does (`RouteRequest.snap`): within its radius
    /// (`limit` for `unlimited` and larger radiuses), as its bearing, approach and snapping
    /// rule allow, off `excluding`'s roads.
    public func snaps(_ graph: RoutingGraph, limit: Double, area: GraphArea? = nil,
                      excluding: WayClasses = []) throws(OSRMError) -> [Snap] {
        do throws(EngineError) {
            return try RouteRequest.snap(coordinates, radiuses: radiuses, constraints: constraints, excluding: excluding,
                                         graph: graph, limit: limit)
        } catch {
            throw OSRMError(error, self, area: area, grid: graph.snapGrid)
        }
    }
}
