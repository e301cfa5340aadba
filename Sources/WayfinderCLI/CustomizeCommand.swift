import Foundation
import WayfinderGraph
import WayfinderImport

/// `wayfinder customize GRAPH --segment-speed-file F[,F…] [--output OUT]`: today's speeds and
/// closures into a built graph, without the extract (`Customizer`).
public enum CustomizeCommand {
    public static let help = HelpPage(
        usage: ["wayfinder customize GRAPH [--segment-speed-file F[,F…]] [--turn-penalty-file F[,F…]] [--closed-areas A[,A…]] [--output OUT] [--quiet]"],
        summary: """
        Applies live traffic to a graph file built by `wayfinder build`, without the extract and
        without contracting it anew (the hierarchy is re-contracted along its stored order), and
        replaces the file atomically (or writes OUT): on any failure the old file is untouched.
        The files are OSRM's formats, read as osrm-customize reads them (no header, final newline
        optional, further columns ignored):
          segment speeds  from_osm_node,to_osm_node,speed_kmh[,rate]
                          one direction of the stretch between two consecutive nodes of a way
                          per row; speed 0 closes it; rate is read but not used (the weight is
                          the duration)
          turn penalties  from_osm_node,via_osm_node,to_osm_node,penalty_s[,weight]
                          the turn at via from the stretch arriving from `from` onto the one
                          leaving towards `to`; the penalty (seconds, negative allowed) replaces
                          the turn's imported cost (angle, signals, barriers); a turn never
                          costs below nothing with the road after it; weight is read but not
                          used; a fifth column that is not a number is a comment
        Closed areas are GeoJSON: a FeatureCollection of Polygon or MultiPolygon features (or
        one Feature, or a bare geometry), [longitude, latitude] positions, rings closed. A
        feature's "modes" property ("driving", ["walking", "cycling"]; car, foot and bike
        too) names the modes it closes to; without it, every mode. A road's stretch inside an
        area or crossing its edge is closed both ways; a polygon that is not valid (a ring
        crossing itself) is refused with the reason.
        Semantics: the files given are the whole current traffic state, applied to the speeds
        of the import: a stretch no row names runs at its imported speed again, even if an
        earlier update changed it, and a turn no row names costs what the import gave it. When
        several rows name the same stretch and direction, or the same turn, the last one read
        wins (files in the order given). Rows naming nodes that are not consecutive on a road,
        or a turn that is not one (no intersection there, or a forbidden turn), are counted and
        reported, not fatal. Speeds and penalties change the driving mode (car traffic);
        areas the modes they name; a mode no file touches now or before stays as built. The file's metadata gets
        metric_version (one more than before) and the time it was customized.
        Prints one summary line on stderr (none with --quiet).
        """,
        options: """
          GRAPH, --graph GRAPH          the graph file to update (in place unless --output)
          --segment-speed-file F[,F…]   segment speed files, comma separated or the flag repeated
          --turn-penalty-file F[,F…]    turn penalty files, likewise
          --closed-areas A[,A…]         GeoJSON files of closed areas (one kind of file at least)
          --output OUT                  write the customized graph to OUT instead
          --quiet                       no summary line
        """,
        exitCodes: [(.ok, "customized"), HelpPage.internalError,
                    (.badInput, "bad arguments, or a traffic file with a bad row (FILE:LINE in the message)"),
                    (.fileError, "the graph cannot be read, is corrupt, or cannot take traffic (rebuild it)"),
                    (.writeFailed, "the output could not be written (the old file is left as it was)")],
        examples: ["wayfinder customize monaco.wfg --segment-speed-file data/examples/monaco-speeds.csv --output monaco-live.wfg",
                   "wayfinder customize monaco.wfg --turn-penalty-file data/examples/monaco-turns.csv --closed-areas data/examples/monaco-closed.geojson --output monaco-live.wfg",
                   "wayfinder customize --graph monaco.wfg --segment-speed-file data/examples/monaco-speeds.csv --output monaco-live.wfg --quiet"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["graph", "segment-speed-file", "turn-penalty-file", "closed-areas", "output"])
            try args.allowOnly(flags: ["quiet"])
            guard let path = try GraphArgument.named(args, command: "customize") else {
                throw .usage("give the GRAPH to customize; see wayfinder customize --help")
            }
            func files(_ flag: String) -> [String] { (args.repeated[flag] ?? []).flatMap { $0.split(separator: ",").map(String.init) } }
            let speedFiles = files("segment-speed-file"), turnFiles = files("turn-penalty-file"), areaFiles = files("closed-areas")
            guard !speedFiles.isEmpty || !turnFiles.isEmpty || !areaFiles.isEmpty else {
                throw .usage("give a --segment-speed-file, a --turn-penalty-file or --closed-areas; see wayfinder customize --help")
            }
            let summary: Customizer.Summary
            do throws(Customizer.Failure) {
                summary = try Customizer.customize(graph: path, speedFiles: speedFiles, turnPenaltyFiles: turnFiles,
                                                   closedAreaFiles: areaFiles, output: args["output"])
            } catch {
                switch error {
                case .traffic: throw .badInput("\(error)")
                case .graph(let failure):
                    if case .writeFailed = failure { throw .writeFailed("\(failure)") }
                    throw .file("\(failure)")
                case .unsuitable: throw .file("\(error)")
                }
            }
            if !args.has("quiet") {
                var line = String(format: "customized %@: metric version %d, %d of %d speed rows matched, %d directed segments changed (%d closed), %d of %d turn rows matched (%d turns priced), %.3f s",
                                  args["output"] ?? path, summary.metricVersion, summary.matchedRows, summary.rows,
                                  summary.changedDirections, summary.closedDirections, summary.matchedTurnRows, summary.turnRows,
                                  summary.pricedTurns, summary.seconds)
                if summary.closedAreas > 0 {
                    line += ", \(summary.closedAreas) closed areas (\(summary.areaPieces) stretches closed)"
                }
                line += "; modes customized: " + (summary.modes.isEmpty ? "none" : summary.modes.map(\.description).joined(separator: ", "))
                if !summary.unmatched.isEmpty {
                    line += "; rows naming nothing in the graph: " + summary.unmatched.prefix(5).joined(separator: ", ")
                        + (summary.unmatched.count > 5 ? " and \(summary.unmatched.count - 5) more" : "")
                }
                console.error(line + "\n")
            }
        }
    }
}
