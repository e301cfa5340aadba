import Foundation
import WayfinderDirections
import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

/// `route --from LAT,LON --to LAT,LON --mode driving|walking [--graph G] [--format text|json|geojson]`
/// and `route --graph G --mode M --batch IN.csv`.
public enum RouteCommand {
    public static let help = """
    usage: route --from PLACE [--via PLACE ...] --to PLACE [--mode driving|walking] [--graph GRAPH]
                 [--format text|json|geojson] [--geometry polyline|polyline6|geojson] [--overview full|simplified|false]
                 [--continue-straight | --no-continue-straight] [--alternatives N] [--exclude motorway,toll,ferry]
                 [--voice-instructions] [--banner-instructions] [--voice-units imperial|metric]
                 [--roundabout-exits true|false]
           route --graph GRAPH --mode driving|walking --batch IN.csv [--format text|json] [--strict]
                 [--exclude CLASSES] [--max-snap-distance M]

    Finds the fastest route between two places. A place is a coordinate LAT,LON (decimal
    degrees, latitude first) or text that is geocoded: an address ("Mannerheimintie 5,
    Helsinki"), a POI, street or place name ("Kamppi"); the output says how it was understood.
    Without --graph, a graph built from the default extract in data/ is used (built on
    first use and cached in ~/.cache/wayfinder).

    options:
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
      --max-snap-distance M  metres an input may lie from the nearest usable road (default 5000)
      --exclude CLASSES      driving: avoid these roads entirely, a comma list of toll, motorway
                             and ferry (as OSRM's exclude); no start or end on them either

    exit codes:
      0  route found (in --batch mode: every row answered, whatever its code, none BadInput)
      1  internal error
      2  bad input: unknown option, malformed or out-of-range coordinate, bad CSV row with --strict
      3  missing, unreadable or corrupt file (graph or extract), or a graph of another format version
      4  no road near the start or destination (NoSegment)
      5  no route between the two points (NoRoute)
      6  a place name or address that cannot be found
      10 --batch: every row answered, but some were bad input (BadInput rows; messages on stderr)

    """

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["from", "to", "via", "mode", "graph", "format", "batch", "max-snap-distance",
                                                     "geometry", "overview", "alternatives", "voice-units", "roundabout-exits", "exclude"])
            try args.allowOnly(flags: ["continue-straight", "no-continue-straight", "voice-instructions", "banner-instructions", "strict"])
            if args.has("help") {
                console.write(help)
                return
            }
            guard let mode = TravelMode(name: args["mode"] ?? "driving") else {
                throw .usage("--mode must be driving or walking, got \"\(args["mode"]!)\"")
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
            if alternatives > 0 && !excluded.isEmpty { console.error("note: no alternatives are searched with --exclude: the best route only\n") }
            var maxSnap = 5000.0
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
            let continueStraight = args.has("continue-straight") || (mode == .driving && !args.has("no-continue-straight"))
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
            let legs: [Route]
            do throws(RouteError) {
                let snaps = try Snapper(graph: router.graph).snap(points, maxDistance: { _ in maxSnap }, excluding: excluded)
                // Alternatives are searched on the plain hierarchy only (not yet under an exclusion).
                legs = alternatives > 0 && excluded.isEmpty ? try router.routes(from: snaps[0], to: snaps[1], alternatives: alternatives)
                                                            : try router.legs(through: snaps, continueStraight: continueStraight, excluding: excluded)!
            } catch {
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
        if file == nil && path.isEmpty { path = try DefaultGraph.path(console: console) }
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
