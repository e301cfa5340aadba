import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON
import WayfinderRouting

/// `wayfinder isochrone --at LAT,LON --minutes 5,10,20 | --meters …` (issue 37): where one can
/// get to from a point, or come from (`--arrive`), within each limit, as the Mapbox Isochrone
/// API's GeoJSON or a text summary. The engine's `IsochroneRequest` owns every rule (limits,
/// snapping, the search, the contours) and `IsochroneGeoJSON` the answer's shape, so the
/// command prints what the server's /isochrone and `wf_isochrone_json` give for the same point.
public enum IsochroneCommand {
    public static let help = HelpPage(
        usage: ["wayfinder isochrone --at LAT,LON (--minutes LIST | --meters LIST) [--mode driving|walking|cycling] [--graph GRAPH]",
                "      [--arrive] [--format geojson|text] [--no-polygons] [--denoise F] [--generalize M]",
                "wayfinder isochrone LAT,LON --minutes LIST [options]      (the point without --at)"],
        summary: """
        Where one can get to from a point within some minutes or metres (an isochrone): one
        contour per limit around the roads reached, as the Mapbox Isochrone API answers. The
        point is snapped to the nearest road of the mode, as a route's start; with --arrive the
        contours hold where one can come from and reach the point in time. Without --graph, the
        default graph is used (as `route`).

        GeoJSON output (the default): a FeatureCollection, one Feature per contour, the largest
        first, with properties contour (the limit as given), metric (time or distance), color,
        fillColor and fill-opacity; Polygon or MultiPolygon geometries, [lon, lat] with 6
        decimals (LineString or MultiLineString with --no-polygons).

        Text output: the point the search started from, then per contour, in the order given,
        its limit, the number of polygons and holes (or lines), the area in km² and the
        bounding box (south,west,north,east).
        """,
        options: """
          --at LAT,LON           the point, decimal degrees, latitude first (or as the one positional word)
          --minutes LIST         the limits in minutes of travel, a comma list, e.g. 5,10,20 (at most
                                 \(EngineLimits().maxContours) contours of at most \(number(EngineLimits().maxContourMinutes)) min)
          --meters LIST          the limits in metres travelled instead (at most \(number(EngineLimits().maxContourMetres)) m);
                                 exactly one of --minutes and --meters
          --mode MODE            driving (default) or walking
          --graph GRAPH          graph file made by `wayfinder build`
          --arrive               where one can come from to reach the point within each limit
          --format FORMAT        geojson (default) or text
          --no-polygons          each contour's boundary lines rather than filled polygons
          --denoise F            0 to 1: drop the polygons of a contour smaller than this share of its
                                 largest (default 1: the largest only; 0 keeps every island)
          --generalize M         metres of simplification of the outlines (default: the grid's own)
        """,
        exitCodes: [(.ok, "the contours printed"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option, malformed or out-of-range coordinate, both or neither of\n"
                                + "--minutes and --meters, a limit that is not a positive number or is over the maximum,\n"
                                + "too many contours, --denoise outside 0..1, a negative --generalize"),
                    (.fileError, "missing, unreadable or corrupt graph, or a graph without the mode's network"),
                    (.notFound, "no road of the mode near the point (NoSegment)")],
        examples: ["wayfinder isochrone --graph monaco.wfg --mode walking --at 43.7384,7.4246 --minutes 5,10,20",
                   "wayfinder isochrone --graph monaco.wfg --at 43.7311,7.4197 --meters 1000,3000 --format text",
                   "wayfinder isochrone 43.7384,7.4246 --graph monaco.wfg --mode walking --minutes 10 --arrive --no-polygons"])

    static let valued: Set<String> = ["at", "minutes", "meters", "mode", "graph", "format", "denoise", "generalize"]
    static let flags: Set<String> = ["arrive", "no-polygons"]

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: valued)
            try args.allowOnly(flags: flags)
            let pointText = try GeocodeCommands.one(args, option: "at", what: "the point: LAT,LON or --at LAT,LON; see wayfinder isochrone --help")
            let point = try parseCoordinate(pointText, option: args["at"] == nil ? "LAT,LON" : "--at")
            guard let mode = TravelMode(name: args["mode"] ?? "driving") else {
                throw .usage("--mode must be driving, walking or cycling, got \"\(args["mode"]!)\"")
            }
            let format = args["format"] ?? "geojson"
            guard ["geojson", "text"].contains(format) else { throw .usage("--format must be geojson or text, got \"\(format)\"") }
            let request = try request(args, mode: mode, point: point)
            let limits = EngineLimits()
            do throws(EngineError) {
                try request.validate(limits: limits)
            } catch {
                throw .badInput(error.description)
            }
            let engine = try MatchCommand.openEngine(args, limits: limits, console: console)
            let output = try engine.withQueries { (queries) throws(CommandError) -> String in
                let answer: IsochroneAnswer
                do throws(EngineError) {
                    answer = try request.answer(queries)
                } catch {
                    throw failure(error, request: request, option: pointText, queries: queries)
                }
                if format == "text" { return IsochroneText.summary(answer, request: request, asked: point) }
                let json = queries.json()
                IsochroneGeoJSON.write(answer.contours, polygons: request.polygons, into: json)
                return json.text + "\n"
            }
            console.write(output)
        }
    }

    /// The engine's request from the arguments: the numbers parsed here, their ranges left to
    /// `IsochroneRequest.validate` (the one owner of the limits, shared with the server).
    static func request(_ args: Arguments, mode: TravelMode, point: FixedCoordinate) throws(CommandError) -> IsochroneRequest {
        let (option, metric): (String, ContourMetric)
        switch (args["minutes"], args["meters"]) {
        case (nil, nil): throw .usage("give the limits with --minutes LIST or --meters LIST; see wayfinder isochrone --help")
        case (_?, _?): throw .usage("give --minutes or --meters, not both: one isochrone measures time or distance")
        case (_?, nil): (option, metric) = ("minutes", .time)
        case (nil, _?): (option, metric) = ("meters", .distance)
        }
        let text = args[option]!
        let contours = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !contours.isEmpty, contours.allSatisfy({ $0 != nil }) else {
            throw .usage("--\(option) must be numbers separated by commas, e.g. 5,10,20; got \"\(text)\"")
        }
        var request = IsochroneRequest(mode: mode, location: point, contours: contours.map { $0! })
        request.metric = metric
        request.direction = args.has("arrive") ? .arrive : .depart
        request.polygons = !args.has("no-polygons")
        if let value = args["denoise"] {
            guard let denoise = Double(value) else { throw .usage("--denoise must be a number from 0 to 1, got \"\(value)\"") }
            request.denoise = denoise
        }
        if let value = args["generalize"] {
            guard let metres = Double(value) else { throw .usage("--generalize must be a number of metres, got \"\(value)\"") }
            request.generalize = metres
        }
        return request
    }

    /// The engine's error in the command's terms, as `route` and `match` map theirs: no road
    /// near the point is NoSegment (exit 4, with the hint of swapped coordinates or of a point
    /// off the graph's area), a graph without the mode is the file's fault (exit 3).
    static func failure(_ error: EngineError, request: IsochroneRequest, option: String, queries: EngineQueries) -> CommandError {
        switch error {
        case .noSegment:
            let radius = number(queries.limits.maxSnapRadius)
            var message = "no \(request.mode) road within \(radius) m of \(option) (NoSegment)"
            if let graph = try? queries.routingGraph(request.mode),
               let hint = GeocodeCommands.area(file: graph.file, grid: graph.snapGrid).hint(for: request.location, order: .latLon) {
                message += "; " + hint
            } else {
                message += "; is it on this graph's map?"
            }
            return .notFound(message)
        case .noMode: return .file(error.description)
        default: return .badInput(error.description)
        }
    }

    /// A limit as a person writes it: whole numbers without decimals.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
