import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting
import WayfinderService

/// `wf_route_json`: builds the request a client would send the server,
/// `GET /route/v1/{driving|walking}/{lon,lat;…}?options`, and answers it through
/// `ServerState.answer` (URL checks, the endpoint table, a pooled request context, the
/// route handler), so the JSON is the server's byte for byte.
@_cdecl("wf_route_json")
public func wf_route_json(_ graph: OpaquePointer?, _ mode: Int32, _ points: UnsafePointer<Double>?, _ k: Int,
                          _ options: UnsafePointer<CChar>?, _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                          _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        guard let jsonOut else { throw CallError(.badInput, "json_out is NULL") }
        jsonOut.pointee = nil
        let opened = try OpenedGraph.from(graph)
        let mode = try travelMode(mode)
        guard opened.state.graph.graph(mode) != nil else { throw missingMode(mode) }
        guard k >= 0 else { throw CallError(.badInput, "k is negative (\(k))") }
        guard k == 0 || points != nil else { throw CallError(.badInput, "points is NULL") }
        var path = mode == .driving ? "/route/v1/driving/" : "/route/v1/walking/"
        for i in 0..<k {
            let lat = points![2 * i], lon = points![2 * i + 1]
            _ = try coordinate(lat, lon, "point \(i)")
            if i > 0 { path += ";" }
            path += "\(lon),\(lat)"  // shortest text that reads back as the same double
        }
        let query: [UInt8] = options.map { Array(String(cString: $0).utf8) } ?? []
        var answered = false, json = false
        let start = monotonicNanoseconds()
        var pathBytes = Array(path.utf8)
        pathBytes.withUnsafeBytes { rawPath in
            query.withUnsafeBytes { raw in
                let parameters = queryParameters(raw)
                _ = opened.state.answer(method: "GET", rawPath: rawPath, rawParameters: parameters, hasBody: false,
                                        start: start) { response in
                    json = response.contentType.hasPrefix("application/json")
                    guard json else { return }
                    answered = response.body.withUnsafeBytes { giveText($0, jsonOut, lengthOut) }
                }
            }
        }
        pathBytes.removeAll()
        guard json else { throw CallError(.badInput, "wf_route_json answers JSON only (format=pbf is for HTTP clients)") }
        guard answered else { throw CallError(.internal, "out of memory for the route JSON") }
    }
}

/// A query string's `name=value` items as libmicrohttpd hands them to the server: split at
/// `&` and the first `=`, escapes left for `HTTPRequest` to decode.
private func queryParameters(_ query: UnsafeRawBufferPointer) -> [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] {
    var parameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] = []
    var start = 0
    while start < query.count {
        var end = start
        while end < query.count && query[end] != UInt8(ascii: "&") { end += 1 }
        var equals = start
        while equals < end && query[equals] != UInt8(ascii: "=") { equals += 1 }
        let name = UnsafeRawBufferPointer(rebasing: query[start..<equals])
        let value = equals < end ? UnsafeRawBufferPointer(rebasing: query[(equals + 1)..<end]) : UnsafeRawBufferPointer(start: nil, count: 0)
        parameters.append((name, value))
        start = end + 1
    }
    return parameters
}

/// The graph's geocoder, or the error of a graph built without one.
private func geocoder(_ opened: OpenedGraph) throws(CallError) -> Geocoder {
    guard let geocoder = opened.state.graph.geocoder else { throw CallError(.noMode, "this graph has no geocoder index") }
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
