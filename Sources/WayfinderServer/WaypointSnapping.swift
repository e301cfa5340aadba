import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

extension OSRMRequest {
    /// Snaps every coordinate to its nearest road within its radius (the server's limit for
    /// `unlimited` and larger radiuses). As `Router.route(from:to:)` does for two points:
    /// when the snaps are not all on one connected piece of network, those on small
    /// islands move to the main network, so that the legs between them exist.
    func snaps(_ router: Router, limit: Double) throws(OSRMError) -> [Snap] {
        var found: [(any: Snap, main: Snap?)] = []
        found.reserveCapacity(coordinates.count)
        for (i, coordinate) in coordinates.enumerated() {
            let radius = min(radiuses[i] ?? limit, limit)
            guard let snap = router.snapper.nearest(to: coordinate, maxDistance: radius) else {
                throw OSRMError("NoSegment", "Could not find a matching segment for coordinate \(i)")
            }
            found.append(snap)
        }
        let components = router.graph.segmentComponent
        let component = components[Int(found[0].any.segment)]
        if found.allSatisfy({ components[Int($0.any.segment)] == component }) { return found.map(\.any) }
        return found.map { $0.main ?? $0.any }
    }
}

