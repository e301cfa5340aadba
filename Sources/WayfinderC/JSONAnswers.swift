import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting
import WayfinderDirections
import WayfinderEngine
import WayfinderJSON
import WayfinderOSRM

/// `wf_route_json`: the request a client would send the server,
/// `GET /route/v1/{driving|walking|cycling}/{lon,lat;…}?options`, read by the same OSRM grammar
/// (`OSRMRouteQuery`) with the server's limits, answered by the engine and written by the
/// same writer, so the JSON is the server's byte for byte.
@_cdecl("wf_route_json")
public func wf_route_json(_ graph: OpaquePointer?, _ mode: Int32, _ points: UnsafePointer<Double>?, _ k: Int,
                          _ options: UnsafePointer<CChar>?, _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                          _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        let (opened, mode, jsonOut) = try modeAnswer(graph, mode, jsonOut)
        guard k >= 0 else { throw CallError(.badInput, "k is negative (\(k))") }
        let path = try clientPath("route", mode, points, k)
        let query: [UInt8] = options.map { Array(String(cString: $0).utf8) } ?? []
        let answered = try opened.engine.withQueries { queries throws(CallError) -> Bool in
            let json = try routeJSON(path: path, query: query, queries)
            return json.withUnsafeBytes { giveText($0, jsonOut, lengthOut) }
        }
        guard answered else { throw CallError(.internal, "out of memory for the route JSON") }
    }
}

/// The /route answer to `path` and `query`, errors as the server's JSON (`{"code":…}`), after
/// the server's own checks of a request's URL (its length, its escapes).
private func routeJSON(path: String, query: [UInt8], _ queries: EngineQueries) throws(CallError) -> JSONBuffer {
    let json = queries.json()
    let request: HTTPRequest
    switch clientRequest(path: path, query: query, maxURLBytes: queries.limits.maxURLBytes) {
    case .success(let decoded): request = decoded
    case .failure(let error):
        json.osrmError(code: error.code, message: error.message)
        return json
    }
    if request["format"] == "pbf" { throw CallError(.badInput, "wf_route_json answers JSON only (format=pbf is for HTTP clients)") }
    do throws(OSRMError) {
        guard request["format"] == nil || request["format"] == "json" else {
            throw OSRMError.badQuery("format must be json or pbf, got \"\(request["format"]!)\"")
        }
        let route = try OSRMRouteQuery(request, limits: queries.limits, extraOptions: ["format"])
        let (answer, options, builder) = try route.answer(queries)
        OSRMRouteResponse.write(routes: answer.routes, inputs: answer.inputs, builder: builder, options: options,
                                waypoints: answer.snaps, into: json)
    } catch {
        json.reset()
        json.osrmError(code: error.code, message: error.message)
    }
    return json
}

/// The request the server would read from `path` and the raw query string `query`: the
/// server's checks of a URL (at most `maxURLBytes` of path and query, valid escapes, UTF-8),
/// failing with the server's OSRM error.
func clientRequest(path: String, query: [UInt8], maxURLBytes: Int) -> Result<HTTPRequest, OSRMError> {
    let pathBytes = Array(path.utf8)
    return pathBytes.withUnsafeBytes { rawPath in
        query.withUnsafeBytes { raw -> Result<HTTPRequest, OSRMError> in
            let parameters = HTTPRequest.queryItems(raw)
            let length = rawPath.count + parameters.reduce(0) { $0 + $1.name.count + $1.value.count + 2 }
            guard length <= maxURLBytes else {
                return .failure(OSRMError("InvalidUrl", "URL longer than \(maxURLBytes) bytes"))
            }
            do throws(MalformedURL) {
                return .success(try HTTPRequest(method: "GET", rawPath: rawPath, rawParameters: parameters))
            } catch {
                return .failure(OSRMError("InvalidUrl", "URL string malformed: \(error.reason)"))
            }
        }
    }
}

/// The graph's geocoder, or the error of a graph built without one.
private func geocoder(_ opened: OpenedGraph) throws(CallError) -> Geocoder {
    guard let geocoder = opened.engine.graph.geocoder else { throw CallError(.noMode, "this graph has no geocoder index") }
    return geocoder
}

@_cdecl("wf_geocode_json")
public func wf_geocode_json(_ graph: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ limit: Int32,
                            _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        guard let jsonOut else { throw CallError(.badInput, "json_out is NULL") }
        jsonOut.pointee = nil
        let opened = try OpenedGraph.from(graph)
        guard let text else { throw CallError(.badInput, "text is NULL") }
        guard let string = String(validatingCString: text) else { throw CallError(.badInput, "text is not UTF-8") }
        guard limit >= 1 else { throw CallError(.badInput, "limit must be at least 1, got \(limit)") }
        let answer = try geocoder(opened).lookup(string, limit: Int(limit))
        try giveText(GeocoderAnswerJSON.results(answer.results), jsonOut, lengthOut)
    }
}

@_cdecl("wf_reverse_json")
public func wf_reverse_json(_ graph: OpaquePointer?, _ lat: Double, _ lon: Double,
                            _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                            _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        guard let jsonOut else { throw CallError(.badInput, "json_out is NULL") }
        jsonOut.pointee = nil
        let opened = try OpenedGraph.from(graph)
        let point = try coordinate(lat, lon, "reverse")
        try giveText(GeocoderAnswerJSON.reverse(try geocoder(opened).reverse(point)), jsonOut, lengthOut)
    }
}

/// `/{service}/v1/{driving|walking|cycling}/{lon,lat;…}` through `count` points (`points`: lat, lon
/// pairs), each checked: the path a client of the server would send.
func clientPath(_ service: String, _ mode: TravelMode, _ points: UnsafePointer<Double>?, _ count: Int) throws(CallError) -> String {
    guard count == 0 || points != nil else { throw CallError(.badInput, "points is NULL") }
    var path = "/\(service)/v1/\(mode)/"
    path.reserveCapacity(path.utf8.count + count * 24)
    for i in 0..<count {
        let lat = points![2 * i], lon = points![2 * i + 1]
        _ = try coordinate(lat, lon, "point \(i)")
        if i > 0 { path += ";" }
        path += "\(lon),\(lat)"  // shortest text that reads back as the same double
    }
    return path
}

/// What every JSON answer of one mode checks first: somewhere to put the text (emptied), an
/// open graph, and the mode in it.
func modeAnswer(_ graph: OpaquePointer?, _ mode: Int32, _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
    throws(CallError) -> (OpenedGraph, TravelMode, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
    guard let jsonOut else { throw CallError(.badInput, "json_out is NULL") }
    jsonOut.pointee = nil
    let opened = try OpenedGraph.from(graph)
    let travel = try travelMode(mode)
    guard opened.engine.graph.graph(travel) != nil else { throw missingMode(travel) }
    return (opened, travel, jsonOut)
}

/// `wf_metadata_json`: the graph file's metadata (source, built, version, and after
/// `wayfinder customize` metric_version, customized…) as one JSON object of strings.
@_cdecl("wf_metadata_json")
public func wf_metadata_json(_ graph: OpaquePointer?, _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        guard let jsonOut else { throw CallError(.badInput, "json_out is NULL") }
        jsonOut.pointee = nil
        let metadata = try OpenedGraph.from(graph).engine.graph.file.metadata
        let json = JSONBuffer()
        json.beginObject()
        for key in metadata.keys.sorted() {
            json.key(text: key)
            json.string(metadata[key]!)
        }
        json.endObject()
        guard json.withUnsafeBytes({ giveText($0, jsonOut, lengthOut) }) else { throw CallError(.internal, "out of memory for the metadata") }
    }
}
