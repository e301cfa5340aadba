import WayfinderEngine
import WayfinderOSRM
import WayfinderRouting

extension OSRMEndpoints {
    /// `/match/v1/{profile}/{coordinates}?timestamps=…&radiuses=…&gaps=split|ignore&tidy=…`:
    /// the trace matched to the roads driven or walked (`MatchRequest`), as osrm-routed
    /// answers it: `matchings` (route objects with `confidence`) and `tracepoints` (one per
    /// point, `null` for a point dropped). URLs may be as long as a trace of
    /// `EngineLimits.maxMatchingSize` points needs (`maxMatchURLBytes`).
    static func match(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer { () throws(OSRMError) in
            let query = try OSRMMatchQuery(request, limits: context.limits)
            let (answer, options, builder) = try query.answer(context.queries)
            let json = context.json()
            OSRMMatchResponse.write(answer, builder: builder, options: options, graph: context.graph.graph(query.match.mode)!,
                                    hints: query.request.generateHints, into: json)
            return .json(json)
        }
    }
}
