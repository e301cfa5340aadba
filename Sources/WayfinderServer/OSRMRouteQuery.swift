import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

extension OSRMEndpoints {
    /// A /route request parsed, checked and routed, ready to be written in any format.
    struct RouteQuery {
        let request: OSRMRequest
        let options: ResponseOptions
        let legs: [Route]
        let builder: DirectionsBuilder

        init(_ http: HTTPRequest, _ context: RequestContext, extraOptions: Set<String> = []) throws(OSRMError) {
            let osrm = try OSRMRequest(http, service: "route", serviceOptions: routeOptions, extraOptions: extraOptions)
            guard osrm.coordinates.count >= 2 else { throw OSRMError("InvalidOptions", "Number of coordinates needs to be at least two.") }
            let cap = context.limits.maxWaypoints
            guard osrm.coordinates.count <= cap else {
                throw OSRMError("TooBig", "Number of entries \(osrm.coordinates.count) is higher than current maximum (\(cap))")
            }
            var options = ResponseOptions()
            options.steps = try osrm.flag("steps", default: false)
            options.geometry = try osrm.choice("geometries", GeometryFormat.allCases.map { ($0.rawValue, $0) }, default: .polyline)
            options.overview = try osrm.choice("overview", Overview.allCases.map { ($0.rawValue, $0) }, default: .simplified)
            options.annotations = try Self.annotations(osrm.options["annotations"])
            options.generateHints = osrm.generateHints
            // Accepted as OSRM does; answered with the one (fastest) route.
            if let alternatives = osrm.options["alternatives"], alternatives != "true", alternatives != "false",
               Int(alternatives).map({ $0 < 0 }) ?? true {
                throw .badQuery("alternatives must be true, false or a number")
            }
            // Accepted: each leg is routed on its own, so a route may turn back at a via
            // point where that is fastest (OSRM's continue_straight=false).
            _ = try osrm.flag("continue_straight", default: false)
            let excluded = try osrm.excludedClasses()
            let graph = try OSRMEndpoints.graph(context, osrm.mode)
            let snaps = try osrm.snaps(graph, limit: context.limits.maxSnapRadius, area: context.graph.area, excluding: excluded)
            let router = context.router(osrm.mode)!
            var legs: [Route] = []
            legs.reserveCapacity(snaps.count - 1)
            for i in 1..<snaps.count {
                guard !context.pastDeadline else {
                    throw OSRMError("TooBig", "The route took longer than \(context.limits.maxRequestTime) s to compute")
                }
                do throws(RouteError) {
                    legs.append(try router.route(from: snaps[i - 1], to: snaps[i], excluding: excluded))
                } catch {
                    throw OSRMError(error)
                }
            }
            request = osrm
            self.options = options
            self.legs = legs
            builder = context.directionsBuilder(osrm.mode)!
        }

        /// `true` (both), `false`, or a comma list of `distance` and `duration`.
        private static func annotations(_ text: String?) throws(OSRMError) -> RouteAnnotations {
            switch text {
            case nil, "false": return []
            case "true": return [.distance, .duration]
            case let list?:
                var annotations: RouteAnnotations = []
                for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                    switch name {
                    case "distance": annotations.insert(.distance)
                    case "duration": annotations.insert(.duration)
                    case "nodes", "datasources", "weight", "speed":
                        throw OSRMError("InvalidOptions", "annotations=\(name) is not supported by this server: use distance and duration")
                    default: throw .badQuery("annotations must be true, false or a list of distance, duration")
                    }
                }
                return annotations
            }
        }
    }
}
