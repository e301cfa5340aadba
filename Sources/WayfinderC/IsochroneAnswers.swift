import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON

/// `wf_isochrone_json`: the engine's `IsochroneRequest` checked against the engine's limits
/// (the server's) and answered, its contours written by `IsochroneGeoJSON`, so the text is
/// what `wayfinder isochrone --format geojson` prints for the same point and options.
///
/// Unlike wf_route_json and wf_match_json, which hand back osrm-routed's error JSON because a
/// client of those services expects it, an isochrone's failures are statuses: the Mapbox and
/// Valhalla answers have no error body worth mimicking, and a caller looping over origins
/// (the Dask function) tells a point off the roads (`WF_ERR_NO_SEGMENT`, a row's outcome)
/// from bad input (a bug in the call) by the status alone.
@_cdecl("wf_isochrone_json")
public func wf_isochrone_json(_ graph: OpaquePointer?, _ mode: Int32, _ lat: Double, _ lon: Double,
                              _ contours: UnsafePointer<Double>?, _ count: Int, _ metric: Int32, _ arrive: Int32,
                              _ polygons: Int32, _ denoise: Double, _ generalize: Double,
                              _ jsonOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ lengthOut: UnsafeMutablePointer<Int>?) -> Int32 {
    call { () throws(CallError) in
        let (opened, mode, jsonOut) = try modeAnswer(graph, mode, jsonOut)
        let point = try coordinate(lat, lon, "isochrone")
        guard count >= 0 else { throw CallError(.badInput, "count is negative (\(count))") }
        guard count == 0 || contours != nil else { throw CallError(.badInput, "contours is NULL") }
        var request = IsochroneRequest(mode: mode, location: point, contours: (0..<count).map { contours![$0] })
        switch metric {
        case 0: request.metric = .time
        case 1: request.metric = .distance
        default: throw CallError(.badInput, "unknown metric \(metric): WF_CONTOUR_MINUTES (0) or WF_CONTOUR_METRES (1)")
        }
        request.direction = arrive != 0 ? .arrive : .depart
        request.polygons = polygons != 0
        // Negative: the engine's default; NaN is not negative and is refused by validate.
        if !(denoise < 0) { request.denoise = denoise }
        if !(generalize < 0) { request.generalize = generalize }
        do throws(EngineError) {
            try request.validate(limits: opened.engine.limits)
        } catch {
            throw CallError(.badInput, error.description)
        }
        let answered = try opened.engine.withQueries { queries throws(CallError) -> Bool in
            let answer: IsochroneAnswer
            do throws(EngineError) {
                answer = try request.answer(queries)
            } catch {
                throw isochroneFailure(error, request: request)
            }
            let json = queries.json()
            IsochroneGeoJSON.write(answer.contours, polygons: request.polygons, into: json)
            return json.withUnsafeBytes { giveText($0, jsonOut, lengthOut) }
        }
        guard answered else { throw CallError(.internal, "out of memory for the isochrone JSON") }
    }
}

/// The engine's error as a status: no road near the point is `WF_ERR_NO_SEGMENT`, a graph
/// without the mode `WF_ERR_NO_MODE` (checked before, kept for a graph reloaded between), the
/// request's values `WF_ERR_BAD_INPUT`.
private func isochroneFailure(_ error: EngineError, request: IsochroneRequest) -> CallError {
    switch error {
    case .noSegment:
        let p = request.location
        return CallError(.noSegment, "no \(request.mode) road near \(p.latitude),\(p.longitude) (NoSegment)")
    case .noMode(let mode): return missingMode(mode)
    case .tooBig, .invalidValue, .invalidOptions: return CallError(.badInput, error.description)
    default: return CallError(.internal, error.description)
    }
}
