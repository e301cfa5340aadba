import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

extension OSRMEndpoints {
    static let tripOptions: Set<String> = ["steps", "geometries", "overview", "annotations", "roundtrip", "source", "destination",
                                           "exclude"]

    /// `/trip/v1/{profile}/{coordinates}?roundtrip=true&source=any|first&destination=any|last`:
    /// the places visited in a short order (`TripTour` over the durations between every two of
    /// them), as osrm-routed answers it: `trips` (route objects whose legs join the places in
    /// visiting order, back to the start on a round trip) and `waypoints` in input order, each
    /// with `trips_index` (its trip) and `waypoint_index` (its place in the trip). Places that
    /// cannot all reach each other make one round trip per group that can; with a fixed start
    /// or end, or without a round trip, that is `NoTrips`.
    static func trip(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer { () throws(OSRMError) in
            let osrm = try OSRMRequest(request, service: "trip", serviceOptions: tripOptions)
            try osrm.checkWaypointCount(limit: context.limits.maxWaypoints)
            var options = try osrm.routeResponseOptions()
            let roundTrip = try osrm.flag("roundtrip", default: true)
            let fromFirst = try osrm.choice("source", [("any", false), ("first", true)], default: false)
            let toLast = try osrm.choice("destination", [("any", false), ("last", true)], default: false)
            // osrm-routed's supported combinations: a one-way trip needs a fixed end.
            guard roundTrip || fromFirst || toLast else { throw OSRMError("NotImplemented", "This request is not supported") }
            let excluded = try osrm.excludedClasses()
            let graph = try OSRMEndpoints.graph(context, osrm.mode)
            try osrm.fitAnnotations(&options, to: graph)
            let snaps = try osrm.snaps(graph, limit: context.limits.maxSnapRadius, area: context.graph.area, excluding: excluded)
            let n = snaps.count
            let table = context.tableQuery(osrm.mode)!.compute(sources: snaps, targets: snaps, distances: false, excluding: excluded)
            let groups = TripGroups(table)
            guard groups.members.count == 1 || (roundTrip && !fromFirst && !toLast) else {
                throw OSRMError("NoTrips", "No trip visiting all destinations possible.")
            }
            let router = context.router(osrm.mode)!
            let builder = context.directionsBuilder(osrm.mode)!
            var trips: [(legs: [Route], inputs: [FixedCoordinate])] = []
            var tripOf = [Int](repeating: 0, count: n), placeInTrip = [Int](repeating: 0, count: n)
            for (t, members) in groups.members.enumerated() {
                let order = groups.tour(members, table, roundTrip: roundTrip, fromFirst: fromFirst, toLast: toLast, last: n - 1)
                for (k, i) in order.enumerated() { (tripOf[i], placeInTrip[i]) = (t, k) }
                guard order.count > 1 else { continue }
                let stops = roundTrip ? order + [order[0]] : order
                // As osrm-routed's trips: a stop may be left the way one came.
                let found: [Route]?
                do throws(RouteError) {
                    found = try router.legs(through: stops.map { snaps[$0] }, continueStraight: false, excluding: excluded,
                                            stop: { context.pastDeadline })
                } catch {
                    throw OSRMError(error)
                }
                guard let legs = found else {
                    throw OSRMError("TooBig", "The trip took longer than \(context.limits.maxRequestTime) s to compute")
                }
                trips.append((legs, stops.map { osrm.coordinates[$0] }))
            }
            let json = context.json()
            json.beginObject()
            json.key("code"); json.string("Ok")
            json.key("trips"); json.beginArray()
            for trip in trips {
                let directions = OSRMRouteResponse.directions(legs: trip.legs, inputs: trip.inputs, builder: builder, options: options)
                OSRMRouteResponse.writeRoute(legs: trip.legs, directions: directions, options: options, into: json)
            }
            json.endArray()
            json.key("waypoints"); json.beginArray()
            for i in 0..<n {
                json.osrmWaypoint(location: snaps[i].location, distance: snaps[i].distance,
                                  name: graph.name(ofSegment: snaps[i].segment), hint: osrm.generateHints) {
                    json.key("waypoint_index"); json.integer(placeInTrip[i])
                    json.key("trips_index"); json.integer(tripOf[i])
                }
            }
            json.endArray()
            json.endObject()
            return .json(json)
        }
    }
}

/// The places of a trip split into groups that can all reach each other (strongly connected
/// components of "has a route to" in the table), each visited by a trip of its own.
struct TripGroups {
    /// The places of each group, increasing.
    var members: [[Int]]

    init(_ table: DurationTable) {
        let n = table.sourceCount
        // Tarjan's algorithm over the table's reachability (n is at most a few hundred).
        var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n), stack: [Int] = [], next = 0
        var groups: [[Int]] = []
        func visit(_ v: Int) {
            index[v] = next; low[v] = next; next += 1
            stack.append(v); onStack[v] = true
            for w in 0..<n where w != v && table.duration(source: v, target: w) != nil {
                if index[w] < 0 { visit(w); low[v] = min(low[v], low[w]) } else if onStack[w] { low[v] = min(low[v], index[w]) }
            }
            if low[v] == index[v] {
                var group: [Int] = []
                while true {
                    let w = stack.removeLast()
                    onStack[w] = false
                    group.append(w)
                    if w == v { break }
                }
                groups.append(group.sorted())
            }
        }
        for v in 0..<n where index[v] < 0 { visit(v) }
        members = groups.sorted { $0[0] < $1[0] }
    }

    /// The visiting order of one group's places (input indices), its first place first.
    func tour(_ places: [Int], _ table: DurationTable, roundTrip: Bool, fromFirst: Bool, toLast: Bool, last: Int) -> [Int] {
        let k = places.count
        var durations = [Int32](repeating: 0, count: k * k)
        for a in 0..<k { for b in 0..<k where a != b { durations[a * k + b] = table.duration(source: places[a], target: places[b])! } }
        // The group is the whole trip whenever an end is fixed: place 0 and `last` are its first and last.
        let order = TripTour(durations: durations, count: k, roundTrip: roundTrip,
                             startsAtFirst: fromFirst, endsAtLast: toLast && places.last == last).solve()
        return order.map { places[$0] }
    }
}
