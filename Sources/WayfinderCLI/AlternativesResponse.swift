import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// `route --alternatives N`: the best route and its alternatives, as text (each route's
/// totals and the roads where it leaves the best one, then its instructions) or as the
/// OSRM v5 response with several `routes`, as the HTTP service answers `alternatives=N`.
extension RouteResponse {
    /// Every route as `text(_:graph:options:)` gives it (its totals in the heading only), each headed by a line with its totals
    /// and how it differs from the best route: the longest roads it takes that the best does not.
    public static func text(_ routes: [Route], graph: RoutingGraph, options: ResponseOptions = defaultOptions) -> String {
        guard routes.count > 1 else { return routes.map { text($0, graph: graph, options: options) }.joined() }
        var out = "\(routes.count) routes (the fastest, then \(routes.count - 1) alternative\(routes.count > 2 ? "s" : ""))\n"
        for (i, route) in routes.enumerated() {
            let distance = graph.distance(of: route)
            var heading = "\nroute \(i + 1): \(minutes(route.duration)), \(distanceText(distance))"
            if i > 0 {
                let extra = route.duration - routes[0].duration
                heading += " (+\(minutes(max(0, extra))))"
                let roads = roadsNotOn(routes[0], route, graph: graph)
                heading += roads.isEmpty ? "" : ", by \(roads.joined(separator: ", "))"
            }
            out += heading + "\n" + text(route, graph: graph, options: options, totals: false)
        }
        return out
    }

    /// The OSRM v5 route response with every route, the best first.
    public static func json(_ routes: [Route], graph: RoutingGraph, options: ResponseOptions = defaultOptions) -> String {
        let builder = DirectionsBuilder(graph: graph)
        let directions = routes.map { [builder.directions(for: $0, destination: options.destination, annotated: !options.annotations.isEmpty)] }
        let points = directions.reduce(0) { $0 + $1[0].line.count }, steps = directions.reduce(0) { $0 + $1[0].steps.count }
        let json = JSONBuffer(capacity: 2048 + points * 16 + steps * 640)
        var options = options
        options.steps = true
        OSRMRouteResponse.write(routes: routes.map { [$0] }, directions: directions, graph: graph, options: options, into: json)
        return json.text
    }

    /// The names of the (at most two) longest named roads `route` travels off `best`, in
    /// the order it takes them: what tells an alternative apart.
    static func roadsNotOn(_ best: Route, _ route: Route, graph: RoutingGraph) -> [String] {
        let travelled = Set(best.pieces.map { 2 * $0.segment + ($0.forward ? 0 : 1) })
        var metres: [String: Double] = [:], order: [String] = []
        for piece in route.pieces where !travelled.contains(2 * piece.segment + (piece.forward ? 0 : 1)) {
            let name = graph.name(ofSegment: piece.segment)
            guard !name.isEmpty else { continue }
            if metres[name] == nil { order.append(name) }
            metres[name, default: 0] += graph.length(of: piece)
        }
        let longest = Set(order.sorted { metres[$0]! > metres[$1]! }.prefix(2))
        return order.filter { longest.contains($0) }
    }
}
