import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

extension OSRMRequest {
    /// Snaps every coordinate to its nearest road within its radius (the server's limit for
    /// `unlimited` and larger radiuses) that its bearing, approach and snapping rule allow, by
    /// `Snapper.snap(_:maxDistance:constraints:)`.
    /// A point with no road near it that lies outside the graph's area (`area`, else the
    /// snapping grid's box) gets a hint (swapped LON,LAT, or the area) after osrm-routed's message.
    func snaps(_ graph: RoutingGraph, limit: Double, area: GraphArea? = nil, excluding: WayClasses = []) throws(OSRMError) -> [Snap] {
        guard graph.serves(excluding: excluding) else { throw Self.unsupportedExclusion }
        do {
            return try Snapper(graph: graph).snap(coordinates, maxDistance: { min(radiuses[$0] ?? limit, limit) },
                                                  constraints: { constraints[$0] }, excluding: excluding)
        } catch {
            var failure = OSRMError(error)
            if case .noSegment(let point) = error, point < coordinates.count,
               let hint = (area ?? GraphArea(grid: graph.snapGrid)).hint(for: coordinates[point], order: .lonLat) {
                failure.message += "; \(hint)"
            }
            throw failure
        }
    }
}

extension OSRMError {
    /// A failed route (or snap), answered in osrm-routed's words (`RouteError.osrm(_:)`).
    init(_ failure: RouteError) {
        let osrm = failure.osrm(.osrm)
        self.init(osrm.code, osrm.message)
    }
}
