import Foundation
import WayfinderDirections
import WayfinderEngine
import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

/// `route --from LAT,LON --to LAT,LON --mode driving|walking|cycling [--graph G] [--format text|json|geojson]`
/// and `route --graph G --mode M --batch IN.csv`.
public enum RouteCommand {
    public static let help = HelpPage(
        usage: ["route --from PLACE [--via PLACE ...] --to PLACE [--mode driving|walking|cycling] [--graph GRAPH]",
                "      [--format text|json|geojson] [--geometry polyline|polyline6|geojson] [--overview full|simplified|false]",
                "      [--continue-straight | --no-continue-straight] [--alternatives N] [--exclude motorway,toll,ferry]",
                "      [--voice-instructions] [--banner-instructions] [--voice-units imperial|metric]",
                "      [--roundabout-exits true|false]",
                "route --graph GRAPH --mode driving|walking|cycling --batch IN.csv [--format text|json] [--strict]",
                "      [--exclude CLASSES] [--max-snap-distance M]",
                "(also `wayfinder route …`, the same command)"],
        summary: """
        Finds the fastest route between two places. A place is a coordinate LAT,LON (decimal
        degrees, latitude first) or text that is geocoded: an address ("Mannerheimintie 5,
        Helsinki"), a POI, street or place name ("Kamppi"); the output says how it was understood.
        Without --graph, a graph built from the default extract in data/ is used (built on
        first use and cached in ~/.cache/wayfinder).

        Text output: where each end was snapped, the numbered instructions with their
        distances, one line of totals, and the route's encoded polyline (none with --overview false).
        """,
        options: """
          --from PLACE           start: LAT,LON or an address, POI, street or place name
          --to PLACE             destination, likewise (names near the start are preferred)
          --via PLACE            a stop on the way, likewise; repeat for several, in order (one leg
                                 between each two stops)
          --continue-straight    leave each --via stop the way you arrived (the default when driving,
                                 as OSRM's car profile); --no-continue-straight lets the route turn
                                 back at a stop when that is faster (the default when walking)
          --mode MODE            driving (default) or walking
          --graph GRAPH          graph file made by `wayfinder build`
          --format FORMAT        text (default: numbered instructions, distances, totals), json (an
                                 OSRM v5 route response with steps) or geojson (a FeatureCollection:
                                 the route's line and a point per maneuver with its instruction)
          --geometry FORMAT      lines in json: polyline (default, precision 5), polyline6 or geojson
          --overview MODE        the route's line: full (default), simplified or false (none)
          --alternatives N       also up to N (0-3) alternative routes: not much longer (at most
                                 1.25 times the fastest), mostly on other roads (at most 80% shared),
                                 without detours; text lists each route with its totals and the
                                 roads that set it apart, json has them all in "routes" (text or
                                 json, between two places: not with --via)
          --voice-instructions   json: each step's voiceInstructions (Mapbox Directions API extension)
          --banner-instructions  json: each step's bannerInstructions (likewise)
          --voice-units UNITS    distances spoken in imperial (default, as Mapbox) or metric units
          --roundabout-exits B   false: a roundabout is one step, entering and exiting (Mapbox's
                                 default); true or absent: an entry step and an exit step (OSRM's)
          --batch FILE           CSV rows from_lat,from_lon,to_lat,to_lon (a header on line 1 optional,
                                 blank lines skipped); prints code,distance_m,duration_s per row in
                                 input order, code being Ok, NoRoute, NoSegment, or BadInput for a
                                 malformed or out-of-range row (its file:line message on stderr; every
                                 other row is answered). --format json: one object a line instead,
                                 {"code":"Ok","distance_m":…,"duration_s":…} (null when not Ok) or
                                 {"line":N,"code":"BadInput","message":"…"}. Options for a single route
                                 (--from, --geometry, --overview, --alternatives…) are refused
          --strict               --batch: all or nothing, the first bad row refuses the file (exit 2,
                                 no output)
          --max-snap-distance M  metres an input may lie from the nearest usable road (default \(Int(RoutePolicy.snapRadius)))
          --exclude CLASSES      driving: avoid these roads entirely, a comma list of toll, motorway
                                 and ferry (as OSRM's exclude); no start or end on them either
        """,
        exitCodes: [(.ok, "route found (in --batch mode: every row answered, whatever its code, none BadInput)"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option, malformed or out-of-range coordinate, bad CSV row with --strict"),
                    (.fileError, "missing, unreadable or corrupt file (graph, batch file, or the default extract),\nor a graph of another format version"),
                    (.notFound, "no road near the start or destination (NoSegment)"),
                    (.noRoute, "no route between the two points (NoRoute)"),
                    (.placeNotFound, "a place name or address that cannot be found"),
                    (.partialBatch, "--batch: every row answered, but some were bad input (BadInput rows; messages on stderr)")],
        examples: ["route --graph monaco.wfg --from 43.7384,7.4246 --to 43.7311,7.4197",
                   "route --graph helsinki.wfg --from \"Mannerheimintie 5, Helsinki\" --to Kamppi --mode walking",
                   "route --from 42.5063,1.5218 --to 42.5425,1.7336 --format json --overview false",
                   "route --graph monaco.wfg --mode driving --batch data/examples/monaco-pairs.csv"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["from", "to", "via", "mode", "graph", "format", "batch", "max-snap-distance",
                                                     "geometry", "overview", "alternatives", "voice-units", "roundabout-exits", "exclude"])
            try args.allowOnly(flags: ["continue-straight", "no-continue-straight", "voice-instructions", "banner-instructions", "strict"])
            guard args.positional.isEmpty || args["batch"] != nil else {   // RouteBatch words its own
                throw .usage("unexpected argument \"\(args.positional[0])\": give places with --from and --to; see route --help")
            }
            guard let mode = TravelMode(name: args["mode"] ?? "driving") else {
                throw .usage("--mode must be driving, walking or cycling, got \"\(args["mode"]!)\"")
            }
            let format = args["format"] ?? "text"
            guard ["text", "json", "geojson"].contains(format) else {
                throw .usage("--format must be text, json or geojson, got \"\(format)\"")
            }
            var options = try outputOptions(args)
            var alternatives = 0
            if let text = args["alternatives"] {
                guard let count = Int(text), (0...3).contains(count) else {
                    throw .usage("--alternatives must be a whole number from 0 to 3, got \"\(text)\"")
                }
                guard count == 0 || format != "geojson" else { throw .usage("--alternatives works with --format text or json") }
                guard count == 0 || args["batch"] == nil else { throw .usage("--alternatives does not apply to --batch") }
                guard count == 0 || args.values("via").isEmpty else { throw .usage("--alternatives routes between two places: not with --via") }
                alternatives = count
            }
            let excluded = try ExcludeArgument.classes(args, mode: mode)
            if alternatives > 0 && !RoutePolicy.searchesAlternatives(waypoints: 2, excluding: excluded) {
                console.error("note: no alternatives are searched with --exclude: the best route only\n")
            }
            var maxSnap = RoutePolicy.snapRadius
            if let text = args["max-snap-distance"] {
                guard let value = Double(text), value.isFinite, value > 0 else {
                    throw .usage("--max-snap-distance must be a positive number of metres")
                }
                maxSnap = value
            }
            if let batch = args["batch"] {
                try RouteBatch.run(args, path: batch, mode: mode, format: format, maxSnap: maxSnap, excluding: excluded, console: console)
                return
            }
            guard !args.has("strict") else { throw .usage("--strict applies to --batch only") }
            guard let fromText = args["from"], let toText = args["to"] else {
                throw .usage("--from and --to are required (or --batch FILE); see route --help")
            }
            // Text that is not a coordinate is geocoded; the geocoder is opened only then.
            var opened: Geocoder?
            let geocoder = { () throws(CommandError) -> Geocoder in
                if let opened { return opened }
                let geocoder = try GeocodeCommands.openGeocoder(graph: args["graph"], console: console)
                opened = geocoder
                return geocoder
            }
            guard !(args.has("continue-straight") && args.has("no-continue-straight")) else {
                throw .usage("--continue-straight and --no-continue-straight contradict each other")
            }
            // Unsaid, the engine's policy decides (`RoutePolicy.continuesStraight`).
            let continueStraight: Bool? = args.has("continue-straight") ? true : args.has("no-continue-straight") ? false : nil
            // Each stop is geocoded near the one before it.
            var stops = [try resolveEndpoint(fromText, option: "--from", geocoder: geocoder)]
            for (i, text) in args.values("via").enumerated() {
                stops.append(try resolveEndpoint(text, option: "--via #\(i + 1)", near: stops.last!.coordinate, geocoder: geocoder))
            }
            stops.append(try resolveEndpoint(toText, option: "--to", near: stops.last!.coordinate, geocoder: geocoder))
            let points = stops.map(\.coordinate)
            if stops.contains(where: { $0.place != nil }) {
                // How each stop was understood: in the text output, else on stderr so JSON stays OSRM's.
                var understood = "start: \(stops[0].description)\n"
                for (i, via) in stops.dropFirst().dropLast().enumerated() { understood += "via #\(i + 1): \(via.description)\n" }
                understood += "destination: \(stops.last!.description)\n"
                if format == "text" { console.write(understood) } else { console.error(understood) }
            }
            // The geocoder's graph file, when one was opened, serves the route too (one
            // mapping, one checksum pass). One route does not pay for unpacking the core's
            // hops in advance (3 M segments at 10x10, to spare unpacking ~750).
            let router = try makeRouter(args, mode: mode, console: console, file: opened?.file, unpackCoreHops: false)
            try ExcludeArgument.check(excluded, router.graph)
            var request = RouteRequest(mode: mode, coordinates: points)
            request.continueStraight = continueStraight
            request.alternatives = alternatives
            request.excluding = excluded
            // The command line's own radius (`--max-snap-distance`, any size) and no cap on stops.
            var limits = EngineLimits()
            limits.maxSnapRadius = maxSnap
            limits.maxWaypoints = .max
            let legs: [Route]
            do throws(EngineError) {
                try request.validate(limits: limits)
                let answer = try request.answer(router: router, limits: limits)
                // With alternatives, `legs` are the routes between the two places, the best first.
                legs = alternatives > 0 ? answer.routes.map { $0[0] } : answer.legs
            } catch {
                // The arguments were checked above: only a snap or the search itself can fail here.
                guard let error = error.routeFailure else { throw .usage(error.description) }
                var wording = failureWording(stops: points.count)
                if case .noSegment = error {
                    wording = GeocodeCommands.routeWording(points, area: GeocodeCommands.area(file: router.graph.file, grid: router.graph.snapGrid))
                }
                if format != "text" { console.write(RouteResponse.error(error.osrm(wording)) + "\n") }
                throw CommandError(error, wording: wording)
            }
            options.destination = points.last
            if alternatives > 0 {   // `legs` are the routes between the two places, the best first
                console.write(format == "json" ? RouteResponse.json(legs, graph: router.graph, options: options) + "\n"
                                               : RouteResponse.text(legs, graph: router.graph, options: options))
                return
            }
            switch (format, legs.count) {
            case ("json", _): console.write(RouteResponse.json(legs: legs, inputs: points, graph: router.graph, options: options) + "\n")
            case ("geojson", 1): console.write(RouteResponse.geojson(legs[0], graph: router.graph, options: options) + "\n")
            case ("geojson", _): console.write(RouteResponse.geojson(Route(joining: legs[...]), graph: router.graph, options: options) + "\n")
            case (_, 1): console.write(RouteResponse.text(legs[0], graph: router.graph, options: options))
            default: console.write(RouteResponse.text(legs: legs, inputs: points, graph: router.graph, options: options))
            }
        }
    }

    /// `--geometry` and `--overview`, checked before any graph is opened.
    static func outputOptions(_ args: Arguments) throws(CommandError) -> ResponseOptions {
        let geometryText = args["geometry"] ?? "polyline", overviewText = args["overview"] ?? "full"
        guard let geometry = GeometryFormat(rawValue: geometryText) else {
            throw .usage("--geometry must be polyline, polyline6 or geojson, got \"\(geometryText)\"")
        }
        guard let overview = Overview(rawValue: overviewText) else {
            throw .usage("--overview must be full, simplified or false, got \"\(overviewText)\"")
        }
        var options = RouteResponse.defaultOptions
        options.geometry = geometry
        options.overview = overview
        options.navigation = try navigationOptions(args)
        return options
    }

    /// A router over `file` when one is already open, else over `--graph` (or the default graph).
    static func makeRouter(_ args: Arguments, mode: TravelMode, console: Console, file: GraphFile? = nil,
                           unpackCoreHops: Bool) throws(CommandError) -> Router {
        var path = args["graph"] ?? ""
        if file == nil && path.isEmpty { path = try GraphArgument.defaultPath(console: console) }
        do throws(GraphFileError) {
            let opened = if let file { file } else { try GraphFile(path: path) }
            return Router(graph: try RoutingGraph(file: opened, mode: mode, unpackCoreHops: unpackCoreHops))
        } catch {
            throw CommandError(error)
        }
    }

    /// Reads and validates every row first, all or nothing (as `--strict`): the benchmark's pairs.
    public static func readBatch(_ path: String) throws(CommandError) -> [(FixedCoordinate, FixedCoordinate)] {
        try CoordinateCSV.read(path, what: "batch file", columns: "from_lat,from_lon,to_lat,to_lon", names: ["from", "to"])
            .map { ($0.points[0], $0.points[1]) }
    }

    /// The command's words for a failed route (stderr, and the message of `--format json`):
    /// its two points are the `--from` and `--to` coordinates.
    static let failureWording = failureWording(stops: 2)

    /// The same for a route through `stops` points (the ones between are `--via` stops).
    static func failureWording(stops: Int) -> RouteFailureWording {
        RouteFailureWording(
            noSegment: { i in
                i == 0 ? "no start road found near the --from coordinate"
                    : i == stops - 1 ? "no destination road found near the --to coordinate"
                    : "no road found near the --via #\(i) coordinate"
            },
            noRoute: "no route between these points")
    }
}

func format1(_ value: Double) -> String { String(format: "%.1f", value) }
func format3(_ value: Double) -> String { String(format: "%.3f", value) }
