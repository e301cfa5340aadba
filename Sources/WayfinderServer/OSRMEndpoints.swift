import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// OSRM v5's URL scheme, `/{service}/v{version}/{profile}/{coordinates}[.json]?options`:
/// `/route`, `/nearest` and `/table`, answered like osrm-routed (same JSON, same error
/// codes, HTTP 400 for every error).
enum OSRMEndpoints {
    static let services = ["route", "nearest", "table"]

    /// OSRM's answer for a path shaped like its scheme but naming a service we do not
    /// have (`InvalidService`); nil for any other path.
    static func unknownService(_ path: String) -> HTTPResponse? {
        let parts = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[2].first == "v", parts[2].dropFirst().allSatisfy(\.isNumber),
              !services.contains(String(parts[1])) else { return nil }
        return .error("InvalidService", "Service \(parts[1]) not found!")
    }

    /// Runs a service body, turning its `OSRMError` into OSRM's error answer.
    private static func answer(_ body: () throws(OSRMError) -> HTTPResponse) -> HTTPResponse {
        do throws(OSRMError) {
            return try body()
        } catch {
            return error.response
        }
    }

    /// The router of the request's mode (every graph file holds both modes, but an old or
    /// partial one may not).
    private static func router(_ context: RequestContext, _ mode: TravelMode) throws(OSRMError) -> Router {
        guard let router = context.router(mode) else { throw OSRMError("InvalidValue", "This graph has no \(mode) profile") }
        return router
    }

    // MARK: /nearest

    /// `/nearest/v1/{profile}/{lon,lat}?number=N`: the N nearest roads (OSRM clamps N to its
    /// limit, and so does this), each as a waypoint.
    static func nearest(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer { () throws(OSRMError) in
            let osrm = try OSRMRequest(request, service: "nearest", serviceOptions: ["number"])
            guard osrm.coordinates.count == 1 else { throw OSRMError("InvalidOptions", "Only one input coordinate is supported") }
            let number = min(try osrm.count("number", default: 1), context.limits.maxResults)
            let graph = try router(context, osrm.mode).graph
            let radius = min(osrm.radiuses[0] ?? context.limits.maxSnapRadius, context.limits.maxSnapRadius)
            let found = NearestSegments(graph: graph).nearest(to: osrm.coordinates[0], count: number, maxDistance: radius)
            guard !found.isEmpty else { throw OSRMError("NoSegment", "Could not find a matching segments for coordinate") }
            let json = context.json()
            json.beginObject()
            json.key("code"); json.string("Ok")
            json.key("waypoints"); json.beginArray()
            for f in found {
                json.osrmWaypoint(location: f.location, distance: f.distance, name: graph.name(ofSegment: f.segment),
                                  hint: osrm.generateHints)
            }
            json.endArray()
            json.endObject()
            return .json(json)
        }
    }
}
