import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The OSRM v5 `/route` response, written straight into a `JSONBuffer`: the one writer
/// behind `route --format json` and the HTTP service.
public enum OSRMRouteResponse {
    /// {"code":"Ok","routes":[one route with legs.count legs],"waypoints":[legs.count + 1]} for a
    /// route through legs.count + 1 waypoints (leg i ends where leg i+1 starts). `inputs` are the
    /// requested coordinates (legs.count + 1), used for arrival sides and waypoint distances.
    public static func write(legs: [Route], inputs: [FixedCoordinate], builder: DirectionsBuilder,
                             options: ResponseOptions, into json: JSONBuffer) {
        write(routes: [legs], inputs: inputs, builder: builder, options: options, into: json)
    }

    /// The same with several routes through the same waypoints (the best first, then its
    /// alternatives: `routes[i]` are route i's legs), each with its own legs, steps and line;
    /// the waypoints are `waypoints` (every coordinate as snapped, the ones passed through
    /// included, as osrm-routed lists them), else the first route's snaps (all routes share them).
    public static func write(routes: [[Route]], inputs: [FixedCoordinate], builder: DirectionsBuilder,
                             options: ResponseOptions, waypoints: [Snap]? = nil, into json: JSONBuffer) {
        precondition(routes.allSatisfy { !$0.isEmpty && inputs.count == $0.count + 1 }, "a route of n legs has n + 1 inputs")
        if !options.steps && options.overview == .none && options.annotations.isEmpty {
            return writeTotalsOnly(routes: routes, graph: builder.graph, options: options, waypoints: waypoints, into: json)
        }
        write(routes: routes, directions: routes.map { directions(legs: $0, inputs: inputs, builder: builder, options: options) },
              graph: builder.graph, options: options, waypoints: waypoints, into: json)
    }

    /// The directions of each leg as a response needs them: every arrival but the last is at
    /// an intermediate waypoint ("your 1st destination"), annotated when annotations are asked for.
    public static func directions(legs: [Route], inputs: [FixedCoordinate], builder: DirectionsBuilder,
                                  options: ResponseOptions) -> [Directions] {
        legs.indices.map { i in
            builder.directions(for: legs[i], destination: inputs[i + 1], waypoint: i + 1 < legs.count ? i + 1 : nil,
                               annotated: !options.annotations.isEmpty, allIntersections: options.steps)
                .withRingExits(options.navigation.roundaboutExits)
        }
    }

    /// The same from directions already built, one per leg (with `annotated: true` when
    /// annotations are asked for). The waypoints' distances are the snaps' (`Snap.distance`:
    /// metres from the input to the road).
    public static func write(legs: [Route], directions: [Directions], graph: RoutingGraph,
                             options: ResponseOptions, into json: JSONBuffer) {
        write(routes: [legs], directions: [directions], graph: graph, options: options, into: json)
    }

    /// The same for several routes through the same waypoints, `directions[i]` of `routes[i]`
    /// (the best first, then its alternatives), with the first route's waypoints.
    public static func write(routes: [[Route]], directions: [[Directions]], graph: RoutingGraph,
                             options: ResponseOptions, waypoints: [Snap]? = nil, into json: JSONBuffer) {
        precondition(!routes.isEmpty && directions.count == routes.count, "one list of Directions per route")
        json.beginObject()
        json.key("code"); json.string("Ok")
        json.key("routes"); json.beginArray()
        for (legs, directions) in zip(routes, directions) { writeRoute(legs: legs, directions: directions, options: options, into: json) }
        json.endArray()
        if !options.skipWaypoints {
            json.key("waypoints")
            writeWaypoints(waypoints ?? snaps(of: routes[0]), graph: graph, hints: options.generateHints, into: json)
        }
        json.endObject()
    }

    /// One OSRM route object (`legs`, totals, `geometry`): an element of /route's `routes`,
    /// of /trip's `trips` and of /match's `matchings`.
    /// `confidence`: a /match matching's, written first; then the overview repeats a leg's
    /// start where it lies at the end of the road it was reached by, as osrm-routed's
    /// matchings do (`wholeLine(_:repeatingArrivals:)`).
    public static func writeRoute(legs: [Route], directions: [Directions], options: ResponseOptions, confidence: Double? = nil,
                                  into json: JSONBuffer) {
        let figures = RouteFigures(legs: legs, directions: directions, options: options)
        json.beginObject()
        if let confidence {
            json.key("confidence"); json.number(confidence, decimals: 6)
        }
        json.key("legs"); json.beginArray()
        // A full polyline overview is joined from the steps' polylines, not encoded twice: it
        // needs every step's line but the arrivals' (a doubled point) to have a length, and
        // each leg to start where the previous one ended.
        var joinable = options.steps && options.overview == .full && options.geometry != .geojson
        var stepLines: [Range<Int>] = []
        for (i, (leg, legFigures)) in zip(directions, figures.legs).enumerated() {
            json.beginObject()
            json.key("steps")
            if options.steps {
                let before = stepLines.count
                leg.writeSteps(into: json, format: options.geometry, figures: legFigures, lines: &stepLines,
                               navigation: options.navigation)
                joinable = joinable && stepLines.count - before == leg.steps.count
                    && leg.steps.dropLast().allSatisfy { $0.geometry.count > 1 }
                    && (i == 0 || directions[i - 1].line.last == leg.line.first)
                if stepLines.count > before { stepLines.removeLast() }   // the arrival's doubled point
            } else {
                json.beginArray()
                json.endArray()
            }
            json.key("summary"); json.string(legFigures.summary)
            writeTotals(duration: legFigures.duration, distance: legFigures.distance, into: json)
            if !options.annotations.isEmpty {
                json.key("annotation"); writeAnnotation(of: leg, legFigures, options.annotations, into: json)
            }
            json.endObject()
        }
        json.endArray()
        json.key("weight_name"); json.string("duration")
        writeTotals(duration: figures.duration, distance: figures.distance, into: json)
        if options.overview != .none {
            json.key("geometry")
            if joinable {
                json.joinedPolylines(stepLines)
            } else {
                let line = confidence == nil ? wholeLine(directions) : wholeLine(directions, repeatingArrivals: legs)
                json.line((options.overview.line(of: line) ?? line)[...], format: options.geometry)
            }
        }
        json.endObject()
    }

    /// The response when neither steps, a line nor annotations are asked for (the common
    /// "how far, how long" request): the same bytes `write(legs:directions:...)` gives, without
    /// building directions. Distances are summed piece by piece as `DirectionsBuilder` does.
    private static func writeTotalsOnly(routes: [[Route]], graph: RoutingGraph, options: ResponseOptions, waypoints: [Snap]?,
                                        into json: JSONBuffer) {
        json.beginObject()
        json.key("code"); json.string("Ok")
        json.key("routes"); json.beginArray()
        for legs in routes { writeTotalsOnlyRoute(legs: legs, graph: graph, into: json) }
        json.endArray()
        if !options.skipWaypoints {
            json.key("waypoints")
            writeWaypoints(waypoints ?? snaps(of: routes[0]), graph: graph, hints: options.generateHints, into: json)
        }
        json.endObject()
    }

    private static func writeTotalsOnlyRoute(legs: [Route], graph: RoutingGraph, into json: JSONBuffer) {
        let figures = RouteFigures(totalsOf: legs, graph: graph)
        json.beginObject()
        json.key("legs"); json.beginArray()
        for leg in figures.legs {
            json.beginObject()
            json.key("steps"); json.beginArray(); json.endArray()
            json.key("summary"); json.string(leg.summary)
            writeTotals(duration: leg.duration, distance: leg.distance, into: json)
            json.endObject()
        }
        json.endArray()
        json.key("weight_name"); json.string("duration")
        writeTotals(duration: figures.duration, distance: figures.distance, into: json)
        json.endObject()
    }

    /// The snaps a route through `legs` starts, stops and ends at.
    public static func snaps(of legs: [Route]) -> [Snap] { legs.isEmpty ? [] : [legs[0].source] + legs.map(\.target) }

    /// OSRM's `waypoints`: where each input was snapped, how far from it, on which road;
    /// with an empty `hint` when `hints` (`generate_hints`).
    public static func writeWaypoints(_ snaps: [Snap], graph: RoutingGraph, hints: Bool, into json: JSONBuffer) {
        json.beginArray()
        for snap in snaps {
            json.osrmWaypoint(location: snap.location, distance: snap.distance, name: graph.name(ofSegment: snap.segment), hint: hints)
        }
        json.endArray()
    }

    /// Weight (the travel time), duration and distance: thousandths of seconds, tenths of metres.
    private static func writeTotals(duration: Int64, distance: Int64, into json: JSONBuffer) {
        json.key("weight"); json.number(scaled: duration, decimals: 3)
        json.key("duration"); json.number(scaled: duration, decimals: 3)
        json.key("distance"); json.number(scaled: distance, decimals: 1)
    }

    /// {"distance": [...], "duration": [...], ...}: per stretch of the leg's line.
    private static func writeAnnotation(of leg: Directions, _ figures: RouteFigures.Leg, _ kinds: RouteAnnotations,
                                        into json: JSONBuffer) {
        let annotation = leg.annotation!   // there: `RouteFigures` checked it
        json.beginObject()
        if kinds.contains(.distance) { json.key("distance"); json.tenths(figures.stretchDistances) }
        if kinds.contains(.duration) { json.key("duration"); json.tenths(figures.stretchDurations) }
        writeExtraAnnotations(of: annotation, figures, kinds, into: json)
        json.endObject()
    }

    /// The legs' lines end to end, without repeating the point where one leg meets the next.
    /// The legs' lines joined, as `wholeLine(_:)`, except that a leg starting at the very end
    /// of its segment (the road it arrived by, a matched point on an intersection) keeps its
    /// first point though the leg before ended there: osrm-routed's leg line starts with the
    /// matched point and then the node it lies on.
    public static func wholeLine(_ directions: [Directions], repeatingArrivals legs: [Route]) -> [FixedCoordinate] {
        var line: [FixedCoordinate] = []
        for (leg, route) in zip(directions, legs) {
            let s = route.source
            let arrived = (s.directions == .forward && s.fraction == 1) || (s.directions == .backward && s.fraction == 0)
            let repeats = !line.isEmpty && arrived && leg.line.count > 1
            line.append(contentsOf: leg.line.first == line.last && !repeats ? leg.line.dropFirst() : leg.line[...])
        }
        return line
    }

    public static func wholeLine(_ directions: [Directions]) -> [FixedCoordinate] {
        if directions.count == 1 { return directions[0].line }
        var line: [FixedCoordinate] = []
        line.reserveCapacity(directions.reduce(0) { $0 + $1.line.count })
        for leg in directions {
            line.append(contentsOf: leg.line.first == line.last ? leg.line.dropFirst() : leg.line[...])
        }
        return line
    }
}

extension JSONBuffer {
    /// An array of numbers given in tenths.
    func tenths(_ values: [Int64]) {
        beginArray()
        for value in values { number(scaled: value, decimals: 1) }
        endArray()
    }
}
