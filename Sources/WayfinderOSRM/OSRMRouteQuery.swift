import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

/// A /route request in OSRM v5's grammar, parsed into the engine's `RouteRequest` and the
/// `ResponseOptions` of its answer: the one reading of /route's options, for the HTTP
/// endpoint (JSON and protobuf) and the C library's `wf_route_json` alike.
public struct OSRMRouteQuery {
    public let request: OSRMRequest
    public let route: RouteRequest
    public let options: ResponseOptions

    /// /route's own options (the shared ones are `OSRMRequest.sharedOptions`).
    public static let serviceOptions = Set(["steps", "geometries", "overview", "annotations", "alternatives",
                                            "continue_straight", "waypoints", "skip_waypoints", "exclude"])
        .union(navigationOptions)

    /// Parses `http`; `extraOptions` are a variant's own names (the endpoint's `format`).
    public init(_ http: HTTPRequest, limits: EngineLimits, extraOptions: Set<String> = []) throws(OSRMError) {
        let osrm = try OSRMRequest(http, service: "route", serviceOptions: Self.serviceOptions, extraOptions: extraOptions)
        var route = RouteRequest(mode: osrm.mode, coordinates: osrm.coordinates)
        route.radiuses = osrm.radiuses
        route.constraints = osrm.constraints
        var options = try osrm.routeResponseOptions()
        options.navigation = try Self.navigation(osrm, steps: options.steps)
        route.alternatives = try Self.alternatives(osrm.options["alternatives"])
        options.skipWaypoints = try osrm.flag("skip_waypoints", default: false)
        if osrm.options["continue_straight"] != nil { route.continueStraight = try osrm.flag("continue_straight", default: true) }
        if osrm.options["waypoints"] != nil { route.legEnds = try osrm.indices("waypoints") }
        route.excluding = try osrm.excludedClasses()
        do throws(EngineError) {
            try route.validate(limits: limits)
        } catch {
            throw OSRMError(error, osrm)
        }
        request = osrm
        self.route = route
        self.options = options
    }

    /// Routes the request with the calling thread's query objects; the answer and the
    /// directions builder that writes it.
    public func answer(_ queries: EngineQueries) throws(OSRMError) -> (answer: RouteAnswer, options: ResponseOptions, builder: DirectionsBuilder) {
        do throws(EngineError) {
            let graph = try queries.routingGraph(route.mode)
            var options = options
            try request.fitAnnotations(&options, to: graph)
            let answer = try route.answer(router: queries.router(route.mode)!, limits: queries.limits,
                                          stop: { queries.pastDeadline })
            return (answer, options, queries.directionsBuilder(route.mode)!)
        } catch {
            throw OSRMError(error, request, area: queries.graph.area, grid: queries.graph.graph(route.mode)?.snapGrid)
        }
    }

    /// How many alternatives `alternatives=` asks for: `true` one, `false` none, or a number
    /// (OSRM's `number_of_alternatives`; more than the policy's maximum is `TooBig`).
    private static func alternatives(_ text: String?) throws(OSRMError) -> Int {
        switch text {
        case nil, "false": return 0
        case "true": return 1
        case let text?:
            guard let count = Int(text), count >= 0 else { throw .badQuery("alternatives must be true, false or a number") }
            return count
        }
    }

    /// `true` (all), `false`, or a comma list of `distance`, `duration`, `speed`, `weight`,
    /// `datasources`, `nodes`.
    static func annotations(_ text: String?) throws(OSRMError) -> RouteAnnotations {
        guard let text else { return [] }
        guard let annotations = RouteAnnotations(osrmList: text) else {
            throw .badQuery("annotations must be true, false or a list of distance, duration, speed, weight, datasources, nodes")
        }
        return annotations
    }
}

extension OSRMRequest {
    /// A graph file written before node ids were kept has none to give: `annotations=nodes`
    /// is then an error; within `annotations=true`, the other annotations are given.
    public func fitAnnotations(_ options: inout ResponseOptions, to graph: RoutingGraph) throws(EngineError) {
        guard options.annotations.contains(.nodes) && graph.pointNodeIds.isEmpty else { return }
        guard self.options["annotations"] == "true" else {
            throw .invalidOptions("annotations=nodes needs a graph file with OSM node ids: rebuild it with this version")
        }
        options.annotations.remove(.nodes)
    }

    /// What /route and /trip write of each route: `steps`, `geometries`, `overview`,
    /// `annotations` and `generate_hints`.
    public func routeResponseOptions() throws(OSRMError) -> ResponseOptions {
        var options = ResponseOptions()
        options.steps = try flag("steps", default: false)
        options.geometry = try choice("geometries", GeometryFormat.allCases.map { ($0.rawValue, $0) }, default: .polyline)
        options.overview = try choice("overview", Overview.allCases.map { ($0.rawValue, $0) }, default: .simplified)
        options.annotations = try OSRMRouteQuery.annotations(self.options["annotations"])
        options.generateHints = generateHints
        return options
    }
}
