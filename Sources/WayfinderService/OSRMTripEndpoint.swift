import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM
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
            var trip = TripRequest(mode: osrm.mode, coordinates: osrm.coordinates)
            trip.radiuses = osrm.radiuses
            trip.constraints = osrm.constraints
            var options = try osrm.routeResponseOptions()
            trip.roundTrip = try osrm.flag("roundtrip", default: true)
            trip.fromFirst = try osrm.choice("source", [("any", false), ("first", true)], default: false)
            trip.toLast = try osrm.choice("destination", [("any", false), ("last", true)], default: false)
            trip.excluding = try osrm.excludedClasses()
            let (trips, snaps, tripOf, placeInTrip) = try OSRMError.mapping(osrm, context) { () throws(EngineError) in
                try trip.validate(limits: context.limits)
                try osrm.fitAnnotations(&options, to: try context.queries.routingGraph(osrm.mode))
                return try trip.answer(context.queries)
            }
            let graph = context.graph.graph(osrm.mode)!
            let builder = context.directionsBuilder(osrm.mode)!
            let n = snaps.count
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

