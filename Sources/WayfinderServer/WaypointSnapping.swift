import WayfinderGraph
import WayfinderRouting

extension OSRMRequest {
    /// Snaps every coordinate to its nearest road within its radius (the server's limit for
    /// `unlimited` and larger radiuses), by `Snapper.snap(_:maxDistance:)`.
    func snaps(_ graph: RoutingGraph, limit: Double) throws(OSRMError) -> [Snap] {
        do {
            return try Snapper(graph: graph).snap(coordinates) { min(radiuses[$0] ?? limit, limit) }
        } catch {
            throw OSRMError(error)
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
