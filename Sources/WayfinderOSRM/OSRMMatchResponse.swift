import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The /match answer as osrm-routed writes it: `matchings` (route objects with their
/// `confidence`) and `tracepoints`, one per trace point in input order (`null` for a point
/// dropped), each a waypoint object with `matchings_index`, `waypoint_index` and
/// `alternatives_count`. Written by the server, the command line and the C library alike.
public enum OSRMMatchResponse {
    public static func write(_ answer: MatchAnswer, builder: DirectionsBuilder, options: ResponseOptions,
                             graph: RoutingGraph, hints: Bool, into json: JSONBuffer) {
        json.beginObject()
        json.key("code"); json.string("Ok")
        json.key("matchings"); json.beginArray()
        for matching in answer.matchings {
            let directions = OSRMRouteResponse.directions(legs: matching.legs, inputs: matching.inputs, builder: builder,
                                                          options: options)
            OSRMRouteResponse.writeRoute(legs: matching.legs, directions: directions, options: options,
                                         confidence: matching.confidence, into: json)
        }
        json.endArray()
        json.key("tracepoints"); json.beginArray()
        for tracepoint in answer.tracepoints {
            guard let point = tracepoint else {
                json.null()
                continue
            }
            json.osrmWaypoint(location: point.snap.location, distance: point.snap.distance,
                              name: graph.name(ofSegment: point.snap.segment), hint: hints) {
                json.key("matchings_index"); json.integer(point.matching)
                json.key("waypoint_index")
                if let waypoint = point.waypoint { json.integer(waypoint) } else { json.null() }
                json.key("alternatives_count"); json.integer(point.alternatives)
            }
        }
        json.endArray()
        json.endObject()
    }
}
