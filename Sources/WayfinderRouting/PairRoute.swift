import WayfinderGraph

extension Router {
    /// One origin–destination pair as `route --batch` and the C library's `wf_route_pairs`
    /// answer it: both ends snapped within `maxSnap` metres (`Snapper.snap(_:maxDistance:)`,
    /// as the server snaps a request's coordinates), then the route between the snaps.
    /// Shared here so that both front ends give the same numbers by construction.
    public func route(from: FixedCoordinate, to: FixedCoordinate, maxSnap: Double,
                      excluding: WayClasses = []) throws(RouteError) -> Route {
        let snaps = try snapper.snap([from, to], maxDistance: { _ in maxSnap }, excluding: excluding)
        return try route(from: snaps[0], to: snaps[1], excluding: excluding)
    }
}
