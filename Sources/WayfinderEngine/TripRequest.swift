import WayfinderGraph
import WayfinderRouting

/// The places visited in a short order (OSRM's `api::TripParameters`): a trip per group of
/// places that can all reach each other.
public struct TripRequest: Sendable {
    public var mode: TravelMode
    public var coordinates: [FixedCoordinate]
    /// Per coordinate: metres it may be snapped, nil for the engine's limit.
    public var radiuses: [Double?]
    public var constraints: [SnapConstraints]
    /// Back to the first place visited at the end.
    public var roundTrip = true
    /// The trip starts at the first coordinate (`source=first`).
    public var fromFirst = false
    /// The trip ends at the last coordinate (`destination=last`).
    public var toLast = false
    public var excluding: WayClasses = []

    public init(mode: TravelMode, coordinates: [FixedCoordinate]) {
        self.mode = mode
        self.coordinates = coordinates
        radiuses = Array(repeating: nil, count: coordinates.count)
        constraints = Array(repeating: SnapConstraints(), count: coordinates.count)
    }

    /// Checks the request's shape against `limits`: as many places as a route may have, and
    /// one of osrm-routed's supported combinations (a one-way trip needs a fixed end).
    public func validate(limits: EngineLimits) throws(EngineError) {
        guard coordinates.count >= 2 else { throw .invalidOptions("Number of coordinates needs to be at least two.") }
        guard coordinates.count <= limits.maxWaypoints else {
            throw .tooBig("Number of entries \(coordinates.count) is higher than current maximum (\(limits.maxWaypoints))")
        }
        guard roundTrip || fromFirst || toLast else { throw .notImplemented("This request is not supported") }
    }

    /// One trip through a group of places: its legs and the coordinates at its stops.
    public struct Trip {
        public var legs: [Route]
        public var inputs: [FixedCoordinate]
    }

    /// The trips, the snaps (one per coordinate), and for each coordinate its trip and its
    /// place in that trip. Places that cannot all reach each other make one round trip per
    /// group that can; with a fixed start or end, or without a round trip, that is `noTrips`.
    public func answer(_ queries: EngineQueries) throws(EngineError)
        -> (trips: [Trip], snaps: [Snap], tripOf: [Int], placeInTrip: [Int]) {
        let graph = try queries.routingGraph(mode)
        let snaps = try RouteRequest.snap(coordinates, radiuses: radiuses, constraints: constraints, excluding: excluding,
                                          graph: graph, limit: queries.limits.maxSnapRadius)
        let n = snaps.count
        let table = queries.tableQuery(mode)!.compute(sources: snaps, targets: snaps, distances: false, excluding: excluding)
        let groups = TripGroups(table)
        guard groups.members.count == 1 || (roundTrip && !fromFirst && !toLast) else { throw .noTrips }
        let router = queries.router(mode)!
        var trips: [Trip] = []
        var tripOf = [Int](repeating: 0, count: n), placeInTrip = [Int](repeating: 0, count: n)
        for (t, members) in groups.members.enumerated() {
            let order = groups.tour(members, table, roundTrip: roundTrip, fromFirst: fromFirst, toLast: toLast, last: n - 1)
            for (k, i) in order.enumerated() { (tripOf[i], placeInTrip[i]) = (t, k) }
            guard order.count > 1 else { continue }
            let stops = roundTrip ? order + [order[0]] : order
            // As osrm-routed's trips: a stop may be left the way one came.
            let found: [Route]?
            do throws(RouteError) {
                found = try router.legs(through: stops.map { snaps[$0] }, continueStraight: false, excluding: excluding,
                                        stop: { queries.pastDeadline })
            } catch {
                throw EngineError(error)
            }
            guard let legs = found else {
                throw .tooBig("The trip took longer than \(queries.limits.maxRequestTime) s to compute")
            }
            trips.append(Trip(legs: legs, inputs: stops.map { coordinates[$0] }))
        }
        return (trips, snaps, tripOf, placeInTrip)
    }
}
