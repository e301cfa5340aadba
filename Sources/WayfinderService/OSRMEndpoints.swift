import WayfinderDirections
import WayfinderEngine
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM
import WayfinderProtobuf
import WayfinderRouting

/// OSRM v5's URL scheme, `/{service}/v{version}/{profile}/{coordinates}[.json]?options`:
/// `/route`, `/nearest` and `/table`, answered like osrm-routed (same JSON, same error
/// codes, HTTP 400 for every error).
enum OSRMEndpoints {
    static let services = ["route", "nearest", "table", "trip", "match"]

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

    // MARK: /nearest

    /// `/nearest/v1/{profile}/{lon,lat}?number=N`: the N nearest roads, each as a waypoint;
    /// N above the server's limit is `TooBig` (HTTP 400), as osrm-routed answers it.
    static func nearest(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer { () throws(OSRMError) in
            let osrm = try OSRMRequest(request, service: "nearest", serviceOptions: ["number", "exclude"])
            guard osrm.coordinates.count == 1 else { throw OSRMError("InvalidOptions", "Only one input coordinate is supported") }
            var nearest = NearestRequest(mode: osrm.mode, coordinate: osrm.coordinates[0])
            nearest.number = try osrm.count("number", default: 1)
            nearest.radius = osrm.radiuses[0]
            nearest.bearing = osrm.constraints[0].bearing
            try OSRMError.mapping(osrm, context) { () throws(EngineError) in try nearest.validate(limits: context.limits) }
            nearest.excluding = try osrm.excludedClasses()
            let (found, graph) = try OSRMError.mapping(osrm, context, service: .nearest) { () throws(EngineError) in
                try nearest.answer(context.queries)
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
            let query = try OSRMRouteQuery(request, limits: context.limits, extraOptions: ["format"])
            let (answer, options, builder) = try query.answer(context.queries)
            if binary {
                return .protobuf(RouteProtobuf.encode(routes: answer.routes, inputs: answer.inputs,
                                                      builder: builder, options: try query.protobufOptions(),
                                                      waypoints: answer.snaps))
            }
            let json = context.json()
            OSRMRouteResponse.write(routes: answer.routes, inputs: answer.inputs, builder: builder, options: options,
                                    waypoints: answer.snaps, into: json)
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
