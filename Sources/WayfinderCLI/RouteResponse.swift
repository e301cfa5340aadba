import Foundation
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// Renders a route as text, as an OSRM v5 route response, or as a GeoJSON FeatureCollection.
public enum RouteResponse {
    /// The command's options unless it is told otherwise: steps (its outputs always have
    /// them) and the whole line.
    public static let defaultOptions = ResponseOptions(steps: true, overview: .full)

    /// Numbered instructions with their distances, then the totals (one line; `totals: false`
    /// leaves it to a heading that has them already) and the line unless `--overview false`.
    public static func text(_ route: Route, graph: RoutingGraph, options: ResponseOptions = defaultOptions,
                            totals: Bool = true) -> String {
        let directions = Directions(route: route, graph: graph, destination: options.destination)
        func end(_ label: String, _ snap: Snap) -> String {
            let name = graph.name(ofSegment: snap.segment)
            return "\(label): \(String(format: "%.6f,%.6f", snap.location.latitude, snap.location.longitude))"
                + (name.isEmpty ? "" : " (\(name))") + ", \(format1(snap.distance)) m from the input\n"
        }
        var out = end("from", route.source) + end("to", route.target) + "mode: \(graph.mode)\n"
        let width = min(64, directions.steps.map(\.instruction.count).max() ?? 0)
        let digits = String(directions.steps.count).count
        for (i, step) in directions.steps.enumerated() {
            let number = String(repeating: " ", count: digits - String(i + 1).count) + "\(i + 1). "
            guard step.maneuver.type != .arrive else {
                out += number + step.instruction + "\n"
                continue
            }
            let padding = String(repeating: " ", count: max(1, width - step.instruction.count + 2))
            out += number + step.instruction + padding + distanceText(step.distance) + "\n"
        }
        if totals { out += total(directions.distance, route.duration) }
        return out + polyline(directions.overview(options.overview) ?? [], options)
    }

    /// The one line of totals, "total: 2.3 km, 3 min 32 s": in the form of the steps' and
    /// legs' figures (the exact ones are in `--format json`).
    static func total(_ metres: Double, _ seconds: Double) -> String {
        "total: \(distanceText(metres)), \(minutes(seconds))\n"
    }

    /// "polyline: …" of `line`; nothing at all with `--overview false`.
    static func polyline(_ line: [FixedCoordinate], _ options: ResponseOptions) -> String {
        guard options.overview != .none else { return "" }
        return "polyline: \(Polyline.encode(line, precision: options.geometry == .polyline6 ? 6 : 5))\n"
    }

    /// A route through several stops (`legs.count + 1` inputs): each leg's instructions under
    /// a heading, its arrival at an intermediate stop worded as such, then the totals.
    public static func text(legs: [Route], inputs: [FixedCoordinate], graph: RoutingGraph,
                            options: ResponseOptions = defaultOptions) -> String {
        let builder = DirectionsBuilder(graph: graph)
        var out = "mode: \(graph.mode)\n"
        var distance = 0.0, duration = 0.0, line: [FixedCoordinate] = []
        for (i, leg) in legs.enumerated() {
            let directions = builder.directions(for: leg, destination: inputs[i + 1], waypoint: i + 1 < legs.count ? i + 1 : nil)
            let name = graph.name(ofSegment: leg.target.segment)
            out += "leg \(i + 1) to \(String(format: "%.6f,%.6f", leg.target.location.latitude, leg.target.location.longitude))"
                + (name.isEmpty ? "" : " (\(name))") + ": \(distanceText(directions.distance)), \(minutes(leg.duration))\n"
            for (k, step) in directions.steps.enumerated() {
                out += "  \(k + 1). " + step.instruction + (step.maneuver.type == .arrive ? "" : "  " + distanceText(step.distance)) + "\n"
            }
            distance += directions.distance
            duration += leg.duration
            line.append(contentsOf: directions.line.first == line.last ? directions.line.dropFirst() : directions.line[...])
        }
        let geometry = options.overview == .simplified ? Overview.simplified.line(of: line) ?? line : line
        return out + total(distance, duration) + polyline(geometry, options)
    }

    /// The OSRM v5 response of a route through several stops, as the server writes it.
    public static func json(legs: [Route], inputs: [FixedCoordinate], graph: RoutingGraph, options: ResponseOptions = defaultOptions) -> String {
        var options = options
        options.steps = true
        let directions = OSRMRouteResponse.directions(legs: legs, inputs: inputs, builder: DirectionsBuilder(graph: graph), options: options)
        let points = directions.reduce(0) { $0 + $1.line.count }, steps = directions.reduce(0) { $0 + $1.steps.count }
        let json = JSONBuffer(capacity: 2048 + points * 16 + steps * 640)
        OSRMRouteResponse.write(legs: legs, directions: directions, graph: graph, options: options, into: json)
        return json.text
    }

    /// The OSRM v5 route response: `code`, `routes` (with legs and steps) and `waypoints`.
    public static func json(_ route: Route, graph: RoutingGraph, options: ResponseOptions = defaultOptions) -> String {
        let directions = DirectionsBuilder(graph: graph).directions(for: route, destination: options.destination,
                                                                    annotated: !options.annotations.isEmpty)
            .withRingExits(options.navigation.roundaboutExits)
        return json(route, directions: directions, graph: graph, options: options)
    }

    /// The same from directions already built (e.g. by a reused `DirectionsBuilder`, with
    /// `annotated: true` when annotations are asked for), through the one OSRM writer, with
    /// steps whatever `options.steps` says (the command's output always has them).
    public static func json(_ route: Route, directions: Directions, graph: RoutingGraph, options: ResponseOptions) -> String {
        // Room for the steps' lines and the overview (~5 bytes a point each) and ~500 bytes a step.
        let json = JSONBuffer(capacity: 2048 + directions.line.count * 16 + directions.steps.count * 640)
        var options = options
        options.steps = true
        OSRMRouteResponse.write(legs: [route], directions: [directions], graph: graph, options: options, into: json)
        return json.text
    }

    /// A FeatureCollection: the route's line, then a point per maneuver with its instruction.
    public static func geojson(_ route: Route, graph: RoutingGraph, options: ResponseOptions = defaultOptions) -> String {
        let directions = Directions(route: route, graph: graph, destination: options.destination)
        let json = JSONBuffer(capacity: 1024 + directions.line.count * 24)
        directions.writeFeatureCollection(into: json, overview: options.overview)
        return json.text
    }

    /// OSRM's error object: `{"code": "NoRoute", "message": "..."}`.
    public static func error(_ failure: OSRMError) -> String {
        let json = JSONBuffer(capacity: 128)
        json.osrmError(code: failure.code, message: failure.message)
        return json.text
    }

    static func minutes(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? "\(total / 3600) h \(total % 3600 / 60) min" : "\(total / 60) min \(total % 60) s"
    }

    /// "35 m", "350 m", "1.2 km", "23.4 km".
    static func distanceText(_ metres: Double) -> String {
        if metres < 100 { return "\(Int(metres.rounded())) m" }
        if metres < 995 { return "\(Int((metres / 10).rounded()) * 10) m" }
        return String(format: "%.1f km", metres / 1000)
    }
}
