import WayfinderEngine
import WayfinderJSON
import WayfinderOSRM
import WayfinderRouting

/// `wf_match_json`: the request a client would send the server,
/// `GET /match/v1/{driving|walking|cycling}/{lon,lat;…}?options&timestamps=…&radiuses=…`, read by the
/// same OSRM grammar (`OSRMMatchQuery`) with the server's limits, answered by the engine and
/// written by the same writer, so the JSON is the server's byte for byte. Only the trace's own
/// checks come first, as errors of the call: its coordinates, timestamps and radiuses, and
/// its size (the server's limit of points).
@_cdecl("wf_match_json")
public func wf_match_json(_ graph: OpaquePointer?, _ mode: Int32, _ points: UnsafePointer<Double>?, _ n: Int,
                          _ timestamps: UnsafePointer<Double>?, _ radiuses: UnsafePointer<Double>?,
                          _ options: UnsafePointer<CChar>?, _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                          _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        let (opened, mode, jsonOut) = try modeAnswer(graph, mode, jsonOut)
        guard n >= 0 else { throw CallError(.badInput, "n is negative (\(n))") }
        let limits = opened.engine.limits
        guard n <= limits.maxMatchingSize else {
            throw CallError(.badInput, "a trace of \(n) points: at most \(limits.maxMatchingSize) are matched in one call")
        }
        let path = try clientPath("match", mode, points, n)
        var query: [UInt8] = options.map { Array(String(cString: $0).utf8) } ?? []
        if let timestamps {
            try appendOption("timestamps", to: &query)
            var previous = -Double.infinity
            for i in 0..<n {
                let t = timestamps[i]
                guard t.isFinite, t >= 0 else {
                    throw CallError(.badInput, "timestamp \(i) is \(t): timestamps are seconds, finite and not negative")
                }
                guard t >= previous else {
                    throw CallError(.badInput, "timestamp \(i) (\(t)) is earlier than timestamp \(i - 1) (\(previous)): timestamps must not decrease")
                }
                previous = t
                if i > 0 { query.append(UInt8(ascii: ";")) }
                // Whole seconds as a client writes them; others in the shortest text that
                // reads back as the same double.
                query += (t < 1e15 && t == t.rounded() ? String(Int64(t)) : "\(t)").utf8
            }
        }
        if let radiuses {
            try appendOption("radiuses", to: &query)
            for i in 0..<n {
                let r = radiuses[i]
                guard r.isNaN || (r.isFinite && r >= 0) else {
                    throw CallError(.badInput, "radius \(i) is \(r): radiuses are metres, finite and not negative (NaN for the default)")
                }
                if i > 0 { query.append(UInt8(ascii: ";")) }
                if r.isNaN { continue }                      // an empty item: the default radius
                query += "\(r)".utf8
            }
        }
        let answered = try opened.engine.withQueries { queries throws(CallError) -> Bool in
            let json = try matchJSON(path: path, query: query, queries)
            return json.withUnsafeBytes { giveText($0, jsonOut, lengthOut) }
        }
        guard answered else { throw CallError(.internal, "out of memory for the match JSON") }
    }
}

/// Starts `name=` at the end of `query`, unless the caller's options already give `name` (it
/// would then come twice).
private func appendOption(_ name: String, to query: inout [UInt8]) throws(CallError) {
    let given = query.withUnsafeBytes { raw in
        HTTPRequest.queryItems(raw).contains { item in item.name.elementsEqual(name.utf8) }
    }
    guard !given else {
        throw CallError(.badInput, "\(name) given twice: in the \(name) argument and in options")
    }
    if !query.isEmpty { query.append(UInt8(ascii: "&")) }
    query += name.utf8
    query.append(UInt8(ascii: "="))
}

/// The /match answer to `path` and `query`, errors as the server's JSON (`{"code":…}`), after
/// the server's own checks of a /match request's URL (its length, its escapes).
private func matchJSON(path: String, query: [UInt8], _ queries: EngineQueries) throws(CallError) -> JSONBuffer {
    let json = queries.json()
    let request: HTTPRequest
    let maxURLBytes = Array(path.utf8).withUnsafeBytes { queries.limits.maxURLBytes(path: $0) }
    switch clientRequest(path: path, query: query, maxURLBytes: maxURLBytes) {
    case .success(let decoded): request = decoded
    case .failure(let error):
        json.osrmError(code: error.code, message: error.message)
        return json
    }
    do throws(OSRMError) {
        let match = try OSRMMatchQuery(request, limits: queries.limits)
        let (answer, options, builder) = try match.answer(queries)
        OSRMMatchResponse.write(answer, builder: builder, options: options, graph: queries.graph.graph(match.match.mode)!,
                                hints: match.request.generateHints, into: json)
    } catch {
        json.reset()
        json.osrmError(code: error.code, message: error.message)
    }
    return json
}
