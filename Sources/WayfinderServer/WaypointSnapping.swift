import WayfinderGraph
import WayfinderRouting

extension OSRMRequest {
    /// Snaps every coordinate to its nearest road within its radius (the server's limit for
    /// `unlimited` and larger radiuses), by `Snapper.snap(_:maxDistance:)`.
    func snaps(_ graph: RoutingGraph, limit: Double) throws(OSRMError) -> [Snap] {
        do {
            return try Snapper(graph: graph).snap(coordinates) { min(radiuses[$0] ?? limit, limit) }
        } catch {
            throw OSRMError("NoSegment", "Could not find a matching segment for coordinate \(error.index)")
        }
    }
}

