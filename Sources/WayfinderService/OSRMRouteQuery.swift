import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

extension OSRMEndpoints {
    /// A /route request parsed, checked and routed, ready to be written in any format.
    struct RouteQuery {
        let request: OSRMRequest
        let options: ResponseOptions
        /// One leg between each pair of consecutive waypoints (`waypoints`, every coordinate
        /// by default); the points between them are passed through.
        let legs: [Route]
        /// The route's legs, then each alternative's (`alternatives=`: one leg each, searched
        /// for two coordinates only, as OSRM).
        let routes: [[Route]]
        /// The coordinates asked for at the waypoints (`legs.count + 1`).
        let inputs: [FixedCoordinate]
        let builder: DirectionsBuilder

        init(_ http: HTTPRequest, _ context: RequestContext, extraOptions: Set<String> = []) throws(OSRMError) {
            let osrm = try OSRMRequest(http, service: "route", serviceOptions: routeOptions, extraOptions: extraOptions)
            try osrm.checkWaypointCount(limit: context.limits.maxWaypoints)
            var options = try osrm.routeResponseOptions()
            options.navigation = try Self.navigation(osrm, steps: options.steps)
            let alternatives = try Self.alternatives(osrm.options["alternatives"])
            options.skipWaypoints = try osrm.flag("skip_waypoints", default: false)
            // As the profiles of osrm-routed: a car passes a waypoint without turning back
            // there (car.lua's continue_straight_at_waypoint), a walker may turn back.
            let continueStraight = try osrm.flag("continue_straight", default: osrm.mode == .driving)
            let waypoints = try Self.waypoints(osrm)
            let excluded = try osrm.excludedClasses()
            let graph = try OSRMEndpoints.graph(context, osrm.mode)
            try osrm.fitAnnotations(&options, to: graph)
            let snaps = try osrm.snaps(graph, limit: context.limits.maxSnapRadius, area: context.graph.area, excluding: excluded)
            let router = context.router(osrm.mode)!
            let found: [Route]?
            do throws(RouteError) {
                found = try router.legs(through: snaps, continueStraight: continueStraight, excluding: excluded,
                                       stop: { context.pastDeadline })
            } catch {
                throw OSRMError(error)
            }
            guard let legs = found else {
                throw OSRMError("TooBig", "The route took longer than \(context.limits.maxRequestTime) s to compute")
            }
            request = osrm
            self.options = options
            self.legs = waypoints.count == snaps.count ? legs
                : (1..<waypoints.count).map { Route(joining: legs[waypoints[$0 - 1]..<waypoints[$0]]) }
            inputs = waypoints.map { osrm.coordinates[$0] }
            var routes = [self.legs]
            // Alternatives are searched on the plain hierarchy only: under an exclusion the
            // answer is the best route alone (alternatives are "up to N" in OSRM too).
            if alternatives > 0 && snaps.count == 2 && excluded.isEmpty {
                // The best route is the request's one leg: only the others are searched.
                routes += router.alternatives(to: legs[0], count: alternatives).map { [$0] }
            }
            self.routes = routes
            builder = context.directionsBuilder(osrm.mode)!
        }

        /// The most alternatives a request may ask for (osrm-routed's `--max-alternatives` default).
        static let maxAlternatives = 3

        /// How many alternatives `alternatives=` asks for: `true` one, `false` none, or a number
        /// (OSRM's `number_of_alternatives`); more than `maxAlternatives` is OSRM's `TooBig`.
        private static func alternatives(_ text: String?) throws(OSRMError) -> Int {
            switch text {
            case nil, "false": return 0
            case "true": return 1
            case let text?:
                guard let count = Int(text), count >= 0 else { throw .badQuery("alternatives must be true, false or a number") }
                guard count <= maxAlternatives else {
                    throw OSRMError("TooBig", "Requested number of alternatives is higher than current maximum (\(maxAlternatives))")
                }
                return count
            }
        }

        /// OSRM's `waypoints`: the indices of the coordinates that split the route into legs,
        /// increasing, the first and the last among them (every coordinate when absent).
        private static func waypoints(_ osrm: OSRMRequest) throws(OSRMError) -> [Int] {
            guard osrm.options["waypoints"] != nil else { return Array(osrm.coordinates.indices) }
            let indices = try osrm.indices("waypoints")
            guard zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw OSRMError("InvalidOptions", "waypoints must be increasing indices of the coordinates")
            }
            guard indices.first == 0, indices.last == osrm.coordinates.count - 1 else {
                throw OSRMError("InvalidValue", "First and last coordinates must be specified as waypoints.")
            }
            return indices
        }

        /// `true` (all), `false`, or a comma list of `distance`, `duration`, `speed`, `weight`,
        /// `datasources`, `nodes`.
        static func annotations(_ text: String?) throws(OSRMError) -> RouteAnnotations {
            switch text {
            case nil, "false": return []
            case "true": return .all
            case let list?:
                var annotations: RouteAnnotations = []
                for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                    switch name {
                    case "distance": annotations.insert(.distance)
                    case "duration": annotations.insert(.duration)
                    case "speed": annotations.insert(.speed)
                    case "weight": annotations.insert(.weight)
                    case "datasources": annotations.insert(.datasources)
                    case "nodes": annotations.insert(.nodes)
                    default: throw .badQuery("annotations must be true, false or a list of distance, duration, speed, weight, datasources, nodes")
                    }
                }
                return annotations
            }
        }
    }
}

extension OSRMRequest {
    /// At least two coordinates, at most `limit` (osrm-routed's words for both).
    func checkWaypointCount(limit: Int) throws(OSRMError) {
        guard coordinates.count >= 2 else { throw OSRMError("InvalidOptions", "Number of coordinates needs to be at least two.") }
        guard coordinates.count <= limit else {
            throw OSRMError("TooBig", "Number of entries \(coordinates.count) is higher than current maximum (\(limit))")
        }
    }

    /// A graph file written before node ids were kept has none to give: `annotations=nodes`
    /// is then an error; within `annotations=true`, the other annotations are given.
    func fitAnnotations(_ options: inout ResponseOptions, to graph: RoutingGraph) throws(OSRMError) {
        guard options.annotations.contains(.nodes) && graph.pointNodeIds.isEmpty else { return }
        guard self.options["annotations"] == "true" else {
            throw OSRMError("InvalidOptions", "annotations=nodes needs a graph file with OSM node ids: rebuild it with this version")
        }
        options.annotations.remove(.nodes)
    }

    /// What /route and /trip write of each route: `steps`, `geometries`, `overview`,
    /// `annotations` and `generate_hints`.
    func routeResponseOptions() throws(OSRMError) -> ResponseOptions {
        var options = ResponseOptions()
        options.steps = try flag("steps", default: false)
        options.geometry = try choice("geometries", GeometryFormat.allCases.map { ($0.rawValue, $0) }, default: .polyline)
        options.overview = try choice("overview", Overview.allCases.map { ($0.rawValue, $0) }, default: .simplified)
        options.annotations = try OSRMEndpoints.RouteQuery.annotations(self.options["annotations"])
        options.generateHints = generateHints
        return options
    }
}
