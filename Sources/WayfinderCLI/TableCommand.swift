import Foundation
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

/// `wayfinder table --graph G --mode M --sources S.csv --destinations D.csv [--output OUT.csv]`:
/// the /table service from the shell, for tables far past the server's 100 × 100 limit.
///
/// The output is a long CSV, one line per cell, rather than a matrix: it loads as it is into
/// a dataframe or a database table (`source`, `destination` are keys to join back to the
/// inputs), a cell without a route is one line with empty values instead of a hole in a row
/// 10,000 fields wide, and it streams in source order as blocks finish.
public enum TableCommand {
    public static let help = HelpPage(
        usage: ["wayfinder table --graph GRAPH --mode driving|walking|cycling --sources S.csv --destinations D.csv",
                "                [--output OUT.csv] [--exclude CLASSES] [--max-snap-distance M]",
                "                [--threads N] [--block ROWS] [--progress | --no-progress]"],
        summary: """
        Durations and distances from every source to every destination, as the server's /table
        (the same snapping, the same numbers to one decimal), with no limit on the size: the
        table is computed a block of sources at a time on every core and written as it goes, so
        a 10,000 x 10,000 table needs the memory of a block per thread, not of the table.

        Input: CSV rows lat,lon (decimal degrees, latitude first; a header line is optional,
        blank lines are skipped). A malformed or out-of-range row refuses the whole table (exit 2,
        nothing written), unlike route --batch, which answers it with a BadInput row: rows are
        the table's indexes, so one cannot be left out without shifting the rest, and empty
        cells for it would pass for a point with no road. Output (stdout, or OUT.csv): a long CSV, one line per cell,
          source,destination,duration_s,distance_m
        in source order, then destination order; source and destination count the input rows
        from 0 (header and blank lines not counted). duration_s and distance_m are empty where
        there is no route, and for every cell of a point with no road within reach (a note on
        stderr names them). Long rather than a matrix: it loads into a dataframe or a database
        as it is, and a cell without a route is an empty field, not a hole in a huge row.
        """,
        options: """
          --graph GRAPH          graph file made by `wayfinder build` (default: built from data/)
          --mode MODE            driving (default) or walking
          --sources FILE         CSV of the sources (required)
          --destinations FILE    CSV of the destinations (required)
          --output FILE          write the table here (written beside it, renamed into place when
                                 complete) instead of stdout
          --exclude CLASSES      driving: avoid toll, motorway and/or ferry roads (as OSRM's exclude)
          --max-snap-distance M  metres a point may lie from the nearest usable road (default \(Int(RoutePolicy.snapRadius)),
                                 the server's limit)
          --threads N            threads computing blocks (default: one per core)
          --block ROWS           sources per block (default: about a million cells, at most 256)
          --progress             progress on stderr even for a small table; --no-progress: none.
                                 By default tables of a million cells or more show it: a bar
                                 redrawn in place on a terminal, a line every 10% otherwise
        """,
        exitCodes: [(.ok, "table written (cells without a route are empty)"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option, malformed or out-of-range coordinate, bad CSV row, no rows"),
                    (.fileError, "missing, unreadable or corrupt file (graph or CSV), or a graph of another format version"),
                    (.writeFailed, "the output cannot be written (missing directory, permissions, disk full);\nchecked before any work")],
        examples: ["wayfinder table --graph monaco.wfg --mode driving --sources data/examples/monaco-points.csv "
                   + "--destinations data/examples/monaco-points.csv --output od.csv",
                   "wayfinder table --graph monaco.wfg --mode walking --sources data/examples/monaco-points.csv "
                   + "--destinations data/examples/monaco-points.csv | head -5"])

    /// Tables of this many cells or more show their progress unless told otherwise.
    static let progressCells = 1_000_000

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["graph", "mode", "sources", "destinations", "output", "exclude",
                                                     "max-snap-distance", "threads", "block"])
            try args.allowOnly(flags: ["progress", "no-progress"])
            guard args.positional.isEmpty else { throw .usage("unexpected argument \"\(args.positional[0])\"; see wayfinder table --help") }
            guard let sourcesPath = args["sources"], let destinationsPath = args["destinations"] else {
                throw .usage("--sources and --destinations are required; see wayfinder table --help")
            }
            guard let mode = TravelMode(name: args["mode"] ?? "driving") else {
                throw .usage("--mode must be driving, walking or cycling, got \"\(args["mode"]!)\"")
            }
            let excluded = try ExcludeArgument.classes(args, mode: mode)
            let maxSnap = try positive(args, "max-snap-distance", default: RoutePolicy.snapRadius)
            let threads = Int(try positive(args, "threads", default: Double(ProcessInfo.processInfo.activeProcessorCount), whole: true))
            var block: Int?
            if args["block"] != nil { block = Int(try positive(args, "block", default: 1, whole: true)) }
            guard !(args.has("progress") && args.has("no-progress")) else {
                throw .usage("--progress and --no-progress contradict each other")
            }
            // The output is checked (and its temporary file opened) before any work.
            let output = if let path = args["output"] { try TableOutput(console: console, path: path) } else { TableOutput(console: console) }
            let sources = try points(sourcesPath, what: "sources file")
            let destinations = try points(destinationsPath, what: "destinations file")
            let graph = try openGraph(args, mode: mode, console: console)
            try ExcludeArgument.check(excluded, graph)

            let snapped = snaps(sources.map(\.points[0]) + destinations.map(\.points[0]), graph: graph,
                                maxSnap: maxSnap, excluding: excluded)
            let sourceSnaps = Array(snapped.prefix(sources.count)), destinationSnaps = Array(snapped.suffix(destinations.count))
            noteUnsnapped(sourceSnaps, sources, sourcesPath, "sources", maxSnap, console)
            noteUnsnapped(destinationSnaps, destinations, destinationsPath, "destinations", maxSnap, console)

            let cells = sources.count * destinations.count
            let showProgress = args.has("progress") || (!args.has("no-progress") && cells >= progressCells)
            let blocks = TableBlocks(graph: graph, sources: sourceSnaps, destinations: destinationSnaps, excluding: excluded,
                                     threads: threads, rowsPerBlock: block)
            try output.write("source,destination,duration_s,distance_m\n")
            try blocks.run(output: output, progress: showProgress ? TableProgress(console: console, total: cells) : nil)
            try output.finish()
        }
    }

    /// The rows of a CSV of points; none at all is bad input.
    static func points(_ path: String, what: String) throws(CommandError) -> [CoordinateCSV.Row] {
        let rows = try CoordinateCSV.read(path, what: what, columns: "lat,lon", names: [""])
        guard !rows.isEmpty else { throw .badInput("\(path): no lat,lon rows") }
        return rows
    }

    /// One mode of `--graph` (or of the default graph), opened as the server opens it.
    static func openGraph(_ args: Arguments, mode: TravelMode, console: Console) throws(CommandError) -> RoutingGraph {
        var path = args["graph"] ?? ""
        if path.isEmpty { path = try GraphArgument.defaultPath(console: console) }
        do throws(GraphFileError) {
            return try RoutingGraph(file: try GraphFile(path: path), mode: mode)
        } catch {
            throw CommandError(error)
        }
    }

    /// Each point's snap as the server snaps a /table request's coordinates (sources, then
    /// destinations: `Snapper.snap(_:maxDistance:)`): the nearest usable road within
    /// `maxSnap` metres, and when the snaps are not all on one piece of network, those on
    /// islands moved to the main network. A point with no road in reach, which fails the
    /// whole request on the server, is nil here (its cells are empty), the rule applied to
    /// the others: their cells are what /table answers for the points that snap.
    static func snaps(_ points: [FixedCoordinate], graph: RoutingGraph, maxSnap: Double, excluding: WayClasses) -> [Snap?] {
        let snapper = Snapper(graph: graph)
        let found = points.map { snapper.nearest(to: $0, maxDistance: maxSnap, excluding: excluding) }
        let components = graph.segmentComponent
        let snapped = found.compactMap { $0 }
        guard let first = snapped.first else { return found.map { _ in nil } }
        let component = components[Int(first.any.segment)]
        let onePiece = snapped.allSatisfy { components[Int($0.any.segment)] == component }
        return found.map { $0.map { onePiece ? $0.any : $0.main ?? $0.any } }
    }

    /// One line on stderr naming the points whose cells are empty for want of a road.
    static func noteUnsnapped(_ snaps: [Snap?], _ rows: [CoordinateCSV.Row], _ path: String, _ what: String,
                              _ maxSnap: Double, _ console: Console) {
        let lines = snaps.indices.filter { snaps[$0] == nil }.map { rows[$0].line }
        guard !lines.isEmpty else { return }
        let shown = lines.prefix(10).map(String.init).joined(separator: ", ") + (lines.count > 10 ? ", …" : "")
        console.error("note: \(lines.count) of \(rows.count) \(what) have no road within \(TableProgress.grouped(Int(maxSnap))) m "
                      + "(\(path) lines \(shown)): their cells are empty\n")
    }

    /// A positive number option (a whole one when `whole`).
    static func positive(_ args: Arguments, _ name: String, default value: Double, whole: Bool = false) throws(CommandError) -> Double {
        guard let text = args[name] else { return value }
        guard let number = Double(text), number.isFinite, number > 0, !whole || (number == number.rounded() && number <= 1e6) else {
            throw .usage("--\(name) must be a positive \(whole ? "whole number" : "number"), got \"\(text)\"")
        }
        return number
    }
}
