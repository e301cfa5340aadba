import Foundation
import WayfinderGraph
import WayfinderImport

/// `wayfinder customize GRAPH --segment-speed-file F[,F…] [--output OUT]`: today's speeds and
/// closures into a built graph, without the extract (`Customizer`).
public enum CustomizeCommand {
    public static let help = HelpPage(
        usage: ["wayfinder customize GRAPH [--segment-speed-file FILE[,FILE…]] [--turn-penalty-file FILE[,FILE…]] [--output OUT] [--quiet]"],
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
        Semantics: the files given are the whole current traffic state, applied to the speeds
        of the import: a stretch no row names runs at its imported speed again, even if an
        earlier update changed it, and a turn no row names costs what the import gave it. When
        several rows name the same stretch and direction, or the same turn, the last one read
        wins (files in the order given). Rows naming nodes that are not consecutive on a road,
        or a turn that is not one (no intersection there, or a forbidden turn), are counted and
        reported, not fatal. Speeds and penalties change the driving mode (car traffic);
        walking and cycling stay as built. The file's metadata gets
        metric_version (one more than before) and the time it was customized.
        Not yet: --closed-areas is refused (exit code 2).
        Prints one summary line on stderr (none with --quiet).
        """,
        options: """
          GRAPH, --graph GRAPH          the graph file to update (in place unless --output)
          --segment-speed-file F[,F…]   segment speed files, comma separated or the flag repeated
          --turn-penalty-file F[,F…]    turn penalty files, likewise (one of the two kinds at least)
          --output OUT                  write the customized graph to OUT instead
          --quiet                       no summary line
        """,
        exitCodes: [(.ok, "customized"), HelpPage.internalError,
                    (.badInput, "bad arguments, or a traffic file with a bad row (FILE:LINE in the message)"),
                    (.fileError, "the graph cannot be read, is corrupt, or cannot take traffic (rebuild it)"),
                    (.writeFailed, "the output could not be written (the old file is left as it was)")],
        examples: ["wayfinder customize monaco.wfg --segment-speed-file data/examples/monaco-speeds.csv --output monaco-live.wfg",
                   "wayfinder customize --graph monaco.wfg --segment-speed-file data/examples/monaco-speeds.csv --output monaco-live.wfg --quiet"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["graph", "segment-speed-file", "turn-penalty-file", "closed-areas", "output"])
            try args.allowOnly(flags: ["quiet"])
            guard let path = try GraphArgument.named(args, command: "customize") else {
                throw .usage("give the GRAPH to customize; see wayfinder customize --help")
            }
            for unsupported in ["closed-areas"] where args[unsupported] != nil {
                throw .usage("--\(unsupported) is not supported yet")
            }
            func files(_ flag: String) -> [String] { (args.repeated[flag] ?? []).flatMap { $0.split(separator: ",").map(String.init) } }
            let speedFiles = files("segment-speed-file"), turnFiles = files("turn-penalty-file")
            guard !speedFiles.isEmpty || !turnFiles.isEmpty else {
                throw .usage("give a --segment-speed-file or a --turn-penalty-file; see wayfinder customize --help")
            }
            let summary: Customizer.Summary
            do throws(Customizer.Failure) {
                summary = try Customizer.customize(graph: path, speedFiles: speedFiles, turnPenaltyFiles: turnFiles, output: args["output"])
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
                if !summary.unmatched.isEmpty {
                    line += "; rows naming no stretch of road: " + summary.unmatched.prefix(5).joined(separator: ", ")
                        + (summary.unmatched.count > 5 ? " and \(summary.unmatched.count - 5) more" : "")
                }
                console.error(line + "\n")
            }
        }
    }
}
