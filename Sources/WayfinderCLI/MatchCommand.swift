import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

/// `wayfinder match --trace FILE` (one trace, or many by trace_id) and `--batch DIR`: GPS
/// traces matched to the roads travelled (issue 36), as osrm-routed's /match.
public enum MatchCommand {
    public static let help = HelpPage(
        usage: ["wayfinder match --trace FILE [--graph GRAPH] [--mode driving|walking|cycling] [--format text|json|geojson]",
                "      [--gaps split|ignore] [--tidy] [--steps] [--geometry polyline|polyline6|geojson]",
                "      [--overview simplified|full|false] [--annotations LIST] [--radius M] [--waypoints I;J;…]",
                "      [--exclude motorway,toll,ferry]",
                "wayfinder match --batch DIR [options]      (or --trace FILE with a trace_id column)"],
        summary: """
        Matches a GPS trace to the roads it was recorded on (map matching, OSRM's /match): where
        each point was, the route between them, and how sure the match is. A trace is a CSV
        file, rows lat,lon[,timestamp[,radius]] (a header optional; with one, columns by name:
        lat, lon, timestamp, radius, trace_id), or a GPX 1.1 file (every <trkpt> of every
        track segment, with its <time>), told apart by content. Timestamps are seconds (integer
        or decimal, small or epoch) or ISO 8601 times; a radius is the point's GPS accuracy in
        metres. Without --graph, the default graph is used (as `route`).

        Text output: the points matched and the matchings (a break where the trace cannot
        be followed: a jump in time or place), each with its length, time and confidence, the
        points skipped (1-based, with their file lines), and each matching's line, or with
        --steps its instructions as `route` prints them.
        """,
        options: """
          --trace FILE           the trace (CSV or GPX); a CSV with a trace_id column holds many
                                 traces and is answered as --batch
          --batch DIR            every *.csv and *.gpx file in DIR, by name, each a trace (named
                                 after its file) or, with a trace_id column, several
          --mode MODE            driving (default) or walking
          --graph GRAPH          graph file made by `wayfinder build`
          --format FORMAT        text (default), json (osrm-routed's /match response: matchings,
                                 tracepoints with null for each point skipped) or geojson (a
                                 FeatureCollection: a line per matching, the raw trace, the matched
                                 points)
          --gaps MODE            split (default): a new matching where the timestamps jump;
                                 ignore: one matching across them
          --tidy                 drop points too close to the one before first (OSRM's tidy)
          --steps                each matching's turn-by-turn steps (json, text)
          --geometry FORMAT      lines in json: polyline (default), polyline6 or geojson
          --overview MODE        each matching's line: simplified (default), full or false
          --annotations LIST     json: per stretch of line, a comma list of duration, distance,
                                 nodes, weight, datasources, speed, or true for all of them
          --radius M             GPS accuracy in metres of the points that give none (default
                                 \(TraceFile.number(MatchPolicy.gpsAccuracy)) m, as osrm-routed)
          --waypoints I;J;…      indexes (from 0) of the points that split a matching into legs,
                                 the first (0) and the last among them (OSRM's waypoints)
          --exclude CLASSES      driving: avoid toll, motorway and/or ferry roads (a comma list)
          --strict               batch: the first bad trace refuses the whole input (exit 2)
        """,
        notes: """
        batch output (--batch, or --trace with a trace_id column), one line per trace in input
        order, matched on every core:
          text (CSV): trace_id,code,confidence,distance_m,duration_s,matched_points,geometry
            code is Ok, NoMatch or BadInput (the trace's file:line message on stderr); confidence
            is the matchings' mean weighted by their length; geometry the matchings' lines
            (--overview) as polyline6, separated by ';'
          json: one object a line, {"trace_id":…} and the OSRM response's fields (or "code":
            "NoMatch" and a "message", or "line", "code":"BadInput" and a "message")
        """,
        exitCodes: [(.ok, "matched (batch: every trace answered, Ok or NoMatch, none BadInput)"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option or bad value, fewer than 2 points, a bad coordinate,\n"
                                + "timestamp or radius (file:line in the message), timestamps that go back, a GPX\n"
                                + "without track points, more points than a trace may have"),
                    (.fileError, "missing or unreadable trace file or folder, or a missing, corrupt or\nincompatible graph"),
                    (.notFound, "no road of the mode near any point of the trace (NoSegment)"),
                    (.partialBatch, "batch: every trace answered, but some were bad input (BadInput lines)"),
                    (.noMatch, "no matching found (NoMatch; --format json prints osrm-routed's NoMatch response)")],
        examples: ["wayfinder match --graph monaco.wfg --trace data/examples/monaco-traces/drive-1.csv --format geojson",
                   "wayfinder match --graph monaco.wfg --trace data/examples/monaco-traces/drive-2.gpx --format json --steps",
                   "wayfinder match --graph monaco.wfg --trace data/examples/monaco-traces.csv",
                   "wayfinder match --graph monaco.wfg --batch data/examples/monaco-traces --format json"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: MatchArguments.valued)
            try args.allowOnly(flags: MatchArguments.flags)
            guard args.positional.isEmpty else {
                throw .usage("unexpected argument \"\(args.positional[0])\": give the trace with --trace FILE; see wayfinder match --help")
            }
            let settings = try MatchArguments(args)
            let limits = engineLimits
            switch (args["trace"], args["batch"]) {
            case (nil, nil): throw .usage("--trace FILE or --batch DIR is required; see wayfinder match --help")
            case (_?, _?): throw .usage("give --trace FILE or --batch DIR, not both")
            case (nil, let folder?):
                try MatchBatch.run(try MatchBatch.read(folder: folder, maxPoints: limits.maxMatchingSize), path: folder,
                                   args: args, settings: settings, limits: limits, console: console)
            case (let path?, nil):
                let file = try TraceFile.read(path, maxPoints: limits.maxMatchingSize)
                if file.grouped {
                    try MatchBatch.run(file.entries, path: path, args: args, settings: settings, limits: limits, console: console)
                    return
                }
                guard !args.has("strict") else { throw .usage("--strict applies to batches only (--batch, or a trace_id column)") }
                let trace: Trace
                switch file.entries[0].trace {
                case .success(let read): trace = read
                case .failure(let bad): throw .badInput(bad.message)
                }
                try matchOne(trace, path: path, args: args, settings: settings, limits: limits, console: console)
            }
        }
    }

    /// The command's limits: the engine's (`maxMatchingSize` points a trace), without its
    /// per-request time limit, which is the server's protection, not a command's.
    static var engineLimits: EngineLimits {
        var limits = EngineLimits()
        limits.maxRequestTime = 1e6
        return limits
    }

    /// One trace matched and written in the chosen format.
    static func matchOne(_ trace: Trace, path: String, args: Arguments, settings: MatchArguments, limits: EngineLimits,
                         console: Console) throws(CommandError) {
        let request = try settings.request(trace, path: path)
        do throws(EngineError) {
            try request.validate(limits: limits)
        } catch {
            throw failure(error, path: path)
        }
        let engine = try openEngine(args, limits: limits, console: console)
        let text = try engine.withQueries { (queries) throws(CommandError) -> String in
            let graph: RoutingGraph
            do throws(EngineError) { graph = try queries.routingGraph(settings.mode) } catch { throw failure(error, path: path) }
            try ExcludeArgument.check(settings.excluding, graph)
            let options = try settings.options(for: graph)
            let answer: MatchAnswer
            do throws(EngineError) {
                answer = try request.answer(queries)
                if answer.matchings.isEmpty { throw EngineError.noMatch(MatchOutput.noMatch.message) }
            } catch {
                // Not found (the trace's fault or the map's, not the command line's): OSRM's
                // answer on stdout too, as `route` writes its NoRoute.
                if settings.format != .text, let osrm = MatchOutput.osrm(error) { console.write(MatchOutput.error(osrm) + "\n") }
                throw failure(error, path: path)
            }
            switch settings.format {
            case .json:
                let builder = queries.directionsBuilder(settings.mode) ?? DirectionsBuilder(graph: graph)
                return MatchOutput.json(answer, builder: builder, options: options, graph: graph) + "\n"
            case .geojson: return MatchOutput.geojson(answer, trace: trace, graph: graph, options: options) + "\n"
            case .text: return MatchOutput.text(answer, trace: trace, graph: graph, options: options)
            }
        }
        console.write(text)
    }

    /// The engine over `--graph` (or the default graph), its checksums verified.
    static func openEngine(_ args: Arguments, limits: EngineLimits, console: Console) throws(CommandError) -> Engine {
        var path = args["graph"] ?? ""
        if path.isEmpty { path = try GraphArgument.defaultPath(console: console) }
        do throws(GraphFileError) {
            return try Engine(graphPath: path, limits: limits)
        } catch {
            throw CommandError(error)
        }
    }

    /// The engine's error in the command's terms: NoMatch (exit 11), no road near any point
    /// (exit 4, as `route`'s NoSegment), a graph without the mode or the exclusions (exit 3,
    /// as `route`), anything else about the request bad input (exit 2).
    static func failure(_ error: EngineError, path: String) -> CommandError {
        switch error {
        case .noMatch(let why):
            return .noMatch("\(path): no matching found (NoMatch: \(why))")
        case .noSegmentNearTrace:
            return .notFound("no road of this mode near any point of \(path) (NoSegment); is it on this graph's map?")
        case .noMode: return .file(error.description)
        case .unsupportedExclusion:
            return .file("this graph file has no exclusion data: rebuild it with `wayfinder build` to use --exclude")
        default:
            if let route = error.routeFailure {
                return CommandError(route, wording: RouteFailureWording(noSegment: { "no road found near point \($0 + 1) of \(path)" },
                                                                        noRoute: "no route between the trace's points"))
            }
            return .badInput("\(path): \(error.description)")
        }
    }
}
