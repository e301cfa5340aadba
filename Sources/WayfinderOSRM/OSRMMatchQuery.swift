import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

/// A /match request in OSRM v5's grammar, parsed into the engine's `MatchRequest` and the
/// `ResponseOptions` of its matchings: the one reading of /match's options, for the HTTP
/// endpoint and the C library's `wf_match_json` alike.
public struct OSRMMatchQuery {
    public let request: OSRMRequest
    public let match: MatchRequest
    public let options: ResponseOptions

    /// /match's own options (the shared ones are `OSRMRequest.sharedOptions`).
    public static let serviceOptions: Set<String> = ["steps", "geometries", "overview", "annotations", "timestamps", "gaps",
                                                     "tidy", "waypoints", "exclude"]

    /// Parses `http`: `timestamps` (seconds, integer or decimal, one per coordinate),
    /// `radiuses` (each point's GPS accuracy in metres), `bearings`, `gaps=split|ignore`,
    /// `tidy`, `waypoints`, and what /route writes of a route. Approaches and `snapping` have
    /// no meaning for a trace and are refused.
    public init(_ http: HTTPRequest, limits: EngineLimits) throws(OSRMError) {
        let osrm = try OSRMRequest(http, service: "match", serviceOptions: Self.serviceOptions)
        for name in ["approaches", "snapping"] where osrm.options[name] != nil {
            throw OSRMError("InvalidOptions", "\(name) is not an option of /match")
        }
        var match = MatchRequest(mode: osrm.mode, coordinates: osrm.coordinates)
        match.radiuses = osrm.radiuses
        match.bearings = osrm.constraints.map(\.bearing)
        if let text = osrm.options["timestamps"] {
            match.timestamps = try osrm.list("timestamps", text) { (item) throws(OSRMError) -> Double? in
                guard let seconds = OSRMRequest.decimal(item), seconds >= 0 else {
                    throw .badQuery("timestamps must be seconds, got \"\(item)\"")
                }
                return seconds
            }.map { (seconds) throws(OSRMError) -> Double in
                guard let seconds else { throw .badQuery("timestamps must have a value for every coordinate") }
                return seconds
            }
        }
        match.splitsAtGaps = try osrm.choice("gaps", [("split", true), ("ignore", false)], default: true)
        match.tidy = try osrm.flag("tidy", default: false)
        if osrm.options["waypoints"] != nil { match.legEnds = try osrm.indices("waypoints") }
        match.excluding = try osrm.excludedClasses()
        let options = try osrm.routeResponseOptions()
        do throws(EngineError) {
            try match.validate(limits: limits)
        } catch {
            throw OSRMError(error, osrm)
        }
        request = osrm
        self.match = match
        self.options = options
    }

    /// Matches the trace with the calling thread's query objects; the answer and the
    /// directions builder that writes it.
    public func answer(_ queries: EngineQueries) throws(OSRMError) -> (answer: MatchAnswer, options: ResponseOptions, builder: DirectionsBuilder) {
        do throws(EngineError) {
            let graph = try queries.routingGraph(match.mode)
            var options = options
            try request.fitAnnotations(&options, to: graph)
            return (try match.answer(queries), options, queries.directionsBuilder(match.mode)!)
        } catch {
            throw OSRMError(error, request, area: queries.graph.area, grid: queries.graph.graph(match.mode)?.snapGrid)
        }
    }
}
