import WayfinderGraph

/// Routes between two coordinates in one call: a thin layer over the two steps the CLI, the
/// server and the benchmark take themselves (a `Snapper` snaps, the `Router` routes between
/// the snaps), for tests and one-off callers. The router's own job stays routing between snaps.
extension Router {
    /// Snaps both ends (`snap(from:to:)`, off excluded roads), then routes between the snaps.
    public func route(from: FixedCoordinate, to: FixedCoordinate, excluding: WayClasses = []) throws(RouteError) -> Route {
        let (source, target) = try snap(from: from, to: to, excluding: excluding)
        return try route(from: source, to: target, excluding: excluding)
    }

    /// Where a route between two coordinates starts and ends, within `maxSnapDistance`:
    /// `Snapper.snap(_:maxDistance:)` of the two, with its island rule.
    public func snap(from: FixedCoordinate, to: FixedCoordinate,
                     excluding: WayClasses = []) throws(RouteError) -> (source: Snap, target: Snap) {
        let snaps = try snapper.snap([from, to], maxDistance: { _ in maxSnapDistance }, excluding: excluding)
        return (snaps[0], snaps[1])
    }
}
