import WayfinderGraph
import WayfinderRouting

/// Routes between two coordinates in one call: a thin layer over the two steps the front ends
/// take themselves (a `Snapper` snaps, the `Router` routes between the snaps), for tests and
/// one-off callers, snapping within the engine's radius unless told otherwise. The router's
/// own job stays routing between snaps.
extension Router {
    /// Snaps both ends (`snap(from:to:)`, off excluded roads), then routes between the snaps:
    /// one origin–destination pair as `route --batch` and the C library's `wf_route_pairs`
    /// answer it, so that both give the same numbers by construction.
    public func route(from: FixedCoordinate, to: FixedCoordinate, maxSnap: Double = RoutePolicy.snapRadius,
                      excluding: WayClasses = []) throws(RouteError) -> Route {
        let (source, target) = try snap(from: from, to: to, maxSnap: maxSnap, excluding: excluding)
        return try route(from: source, to: target, excluding: excluding)
    }

    /// Where a route between two coordinates starts and ends, within `maxSnap` metres:
    /// `Snapper.snap(_:maxDistance:)` of the two, with its island rule.
    public func snap(from: FixedCoordinate, to: FixedCoordinate, maxSnap: Double = RoutePolicy.snapRadius,
                     excluding: WayClasses = []) throws(RouteError) -> (source: Snap, target: Snap) {
        let snaps = try snapper.snap([from, to], maxDistance: { _ in maxSnap }, excluding: excluding)
        return (snaps[0], snaps[1])
    }
}
