import WayfinderDirections
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
import WayfinderProtobuf
import WayfinderRouting

/// OSRM v5's URL scheme, `/{service}/v{version}/{profile}/{coordinates}[.json]?options`:
/// `/route`, `/nearest` and `/table`, answered like osrm-routed (same JSON, same error
/// codes, HTTP 400 for every error).
enum OSRMEndpoints {
    static let services = ["route", "nearest", "table", "trip"]

    /// OSRM's answer for a path shaped like its scheme but naming a service we do not
    /// have (`InvalidService`); nil for any other path.
    static func unknownService(_ path: String) -> HTTPResponse? {
        let parts = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[2].first == "v", parts[2].dropFirst().allSatisfy(\.isNumber),
              !services.contains(String(parts[1])) else { return nil }
        return .error("InvalidService", "Service \(parts[1]) not found!")
    }

    /// Runs a service body, turning its `OSRMError` into OSRM's error answer.
    static func answer(_ body: () throws(OSRMError) -> HTTPResponse) -> HTTPResponse {
        do throws(OSRMError) {
            return try body()
        } catch {
            return error.response
        }
    }

    /// The graph of the request's mode (every graph file holds both modes, but an old or
    /// partial one may not).
    static func graph(_ context: RequestContext, _ mode: TravelMode) throws(OSRMError) -> RoutingGraph {
        guard let graph = context.graph.graph(mode) else { throw OSRMError("InvalidValue", "This graph has no \(mode) profile") }
        return graph
    }

    // MARK: /nearest

    /// `/nearest/v1/{profile}/{lon,lat}?number=N`: the N nearest roads, each as a waypoint;
    /// N above the server's limit is `TooBig` (HTTP 400), as osrm-routed answers it.
    static func nearest(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer { () throws(OSRMError) in
            let osrm = try OSRMRequest(request, service: "nearest", serviceOptions: ["number", "exclude"])
            guard osrm.coordinates.count == 1 else { throw OSRMError("InvalidOptions", "Only one input coordinate is supported") }
            let number = try osrm.count("number", default: 1)
            guard number <= context.limits.maxResults else {  // osrm-routed's max-nearest-size
                throw OSRMError("TooBig", "Number of results \(number) is higher than current maximum (\(context.limits.maxResults))")
            }
            let excluded = try osrm.excludedClasses()
            let graph = try graph(context, osrm.mode)
            guard graph.serves(excluding: excluded) else { throw OSRMRequest.unsupportedExclusion }
            let radius = min(osrm.radiuses[0] ?? context.limits.maxSnapRadius, context.limits.maxSnapRadius)
            let found = Snapper(graph: graph).nearest(to: osrm.coordinates[0], count: number, maxDistance: radius,
                                                      bearing: osrm.constraints[0].bearing, excluding: excluded)
            guard !found.isEmpty else {
                let area = context.graph.area ?? GraphArea(grid: graph.snapGrid)
                let hint = area.hint(for: osrm.coordinates[0], order: .lonLat).map { "; " + $0 } ?? ""
                throw OSRMError("NoSegment", "Could not find a matching segments for coordinate" + hint)
            }
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

    // MARK: /route

    static let routeOptions = Set(["steps", "geometries", "overview", "annotations", "alternatives",
                                   "continue_straight", "waypoints", "skip_waypoints", "exclude"]).union(navigationOptions)

    /// `/route/v1/{profile}/{lon,lat;lon,lat[;…]}`: one route through every coordinate in
    /// order, a leg between each consecutive pair. With `format=pbf` (ours, for mobile
    /// clients) the same answer, errors included, is a protobuf `RouteResponse`
    /// (Sources/CWayfinderProto/wayfinder_route.proto); `format=json` is the default.
    static func route(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let binary = request["format"] == "pbf"
        do throws(OSRMError) {
            guard binary || request["format"] == nil || request["format"] == "json" else {
                throw .badQuery("format must be json or pbf, got \"\(request["format"]!)\"")
            }
            let route = try RouteQuery(request, context, extraOptions: ["format"])
            if binary {
                return .protobuf(RouteProtobuf.encode(routes: route.routes, inputs: route.inputs,
                                                      builder: route.builder, options: try route.protobufOptions()))
            }
            let json = context.json()
            OSRMRouteResponse.write(routes: route.routes, inputs: route.inputs, builder: route.builder,
                                    options: route.options, into: json)
            return .json(json)
        } catch {
            return binary ? .protobuf(RouteProtobuf.encodeError(code: error.code, message: error.message), status: 400) : error.response
        }
    }
}

extension HTTPResponse {
    /// A protobuf message's bytes (`format=pbf`).
    static func protobuf(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/x-protobuf", body: .bytes(bytes))
    }
}
