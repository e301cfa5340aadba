import WayfinderGraph

/// Routes through several waypoints: one leg between each consecutive pair, and how the route
/// passes a waypoint on the way (OSRM's `continue_straight`), and waypoints that split no leg
/// (OSRM's `waypoints`).
extension Router {
    /// The legs of the fastest route through `snaps` in order (`snaps.count - 1` legs).
    ///
    /// Without `continueStraight` each leg is the fastest on its own, so the route may turn
    /// back at a waypoint where that is fastest. With it, the route leaves every intermediate
    /// waypoint the way it arrived (it may still turn at the next intersection, paying for the
    /// turn): each waypoint has a state per direction along its segment, the best way to each
    /// state is kept, and every leg is searched from each state of its start to each of its end
    /// (at most four searches a leg), as osrm-routed's search without U-turns at waypoints.
    ///
    /// `stop` is asked before each search; when it answers true the routing gives up and
    /// answers nil (a server's deadline). Throws `noRoute` when a leg has no route. Every leg
    /// avoids the `excluding` classes (`route(from:to:excluding:)`).
    public func legs(through snaps: [Snap], continueStraight: Bool, excluding: WayClasses = [],
                     stop: () -> Bool = { false }) throws(RouteError) -> [Route]? {
        precondition(snaps.count >= 2, "a route has at least two waypoints")
        if !continueStraight || snaps.count == 2 {
            var legs: [Route] = []
            legs.reserveCapacity(snaps.count - 1)
            for i in 1..<snaps.count {
                if stop() { return nil }
                legs.append(try route(from: snaps[i - 1], to: snaps[i], excluding: excluding))
            }
            return legs
        }
        // The best route so far to each state of the waypoint reached: its total weight and legs.
        var reached: [(directions: SnapDirections, weight: Int64, legs: [Route])] = [(snaps[0].directions, 0, [])]
        for i in 1..<snaps.count {
            let isLast = i == snaps.count - 1
            var next: [(directions: SnapDirections, weight: Int64, legs: [Route])] = []
            for arrival in isLast ? [snaps[i].directions] : states(of: snaps[i]) {
                var best: (weight: Int64, legs: [Route])?
                for state in reached {
                    if stop() { return nil }
                    var source = snaps[i - 1], target = snaps[i]
                    source.directions = state.directions
                    target.directions = arrival
                    // A waypoint passed straight through keeps to its segment, every road of
                    // its intersection narrowed or not.
                    if i > 1 { source.roadsAtNode = NodeRoads() }
                    if !isLast { target.roadsAtNode = NodeRoads() }
                    guard let leg = try? route(from: source, to: target, excluding: excluding) else { continue }
                    let total = state.weight + Int64(leg.weight)
                    if best == nil || total < best!.weight { best = (total, state.legs + [leg]) }
                }
                if let best { next.append((arrival, best.weight, best.legs)) }
            }
            guard !next.isEmpty else { throw .noRoute }
            reached = next
        }
        return reached.min { $0.weight < $1.weight }!.legs
    }

    /// A waypoint's states when passed straight through: each direction it allows alone.
    private func states(of snap: Snap) -> [SnapDirections] {
        [SnapDirections.forward, .backward].filter {
            snap.directions.contains($0) && graph.segments[Int(snap.segment)].weight(forward: $0 == .forward) >= 0
        }
    }
}

extension Route {
    /// One route made of consecutive legs (each starting where the one before ended): the
    /// legs between two waypoints when the points between them are only passed through
    /// (OSRM's `waypoints`, which names the points that split legs).
    public init(joining legs: ArraySlice<Route>) {
        precondition(!legs.isEmpty, "joining no legs")
        var pieces: [RoutePiece] = []
        pieces.reserveCapacity(legs.reduce(0) { $0 + $1.pieces.count })
        var weight: Int32 = 0
        for leg in legs {
            pieces.append(contentsOf: leg.pieces)
            weight += leg.weight
        }
        self.init(weight: weight, source: legs.first!.source, target: legs.last!.target, pieces: pieces)
    }
}
