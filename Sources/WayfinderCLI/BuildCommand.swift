import Foundation
import WayfinderGraph
import WayfinderImport

/// `wayfinder build --input FILE.osm.pbf --output GRAPH`.
public enum BuildCommand {
    public static let help = """
    usage: wayfinder build --input FILE.osm.pbf --output GRAPH [--threads N] [--no-basemap] [--quiet]

    Builds one graph file (driving and walking contraction hierarchies, snapping indexes)
    from an OSM extract (.osm.pbf, or .osm XML). The new file is written beside GRAPH and
    renamed into place only when complete: on any failure GRAPH is left untouched.
    The file also holds the base map /tiles draws (water, parks, land use, buildings,
    place names); --no-basemap leaves it out, for a server that only routes.
    The output's directory must exist and be writable and the input must be a readable OSM
    file: both are checked before any work, so a wrong path fails at once.
    Progress goes to stderr: on a terminal one line redrawn in place (phase, percentage or
    counts, elapsed time), in a log plain lines (each phase, every tenth); then a summary
    per phase. --quiet leaves out both, not warnings.
    A warning is printed when a mode's main network (its largest strongly connected part)
    holds less than \(Int(MainNetworkShare.warningShare * 100))% of the mode's usable search nodes (all counted; a one-way
    street's other direction is not usable): real extracts hold 79-99%; below that most
    routes would fail, as in an extract of two unconnected areas.
    Exit codes: 0 built, 2 bad arguments (also an output that is the input), 3 missing,
    unreadable, truncated or corrupt input, 8 the output cannot be written.

    """

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["input", "output", "threads"])
            try args.allowOnly(flags: ["quiet", "no-basemap"])
            if args.has("help") {
                console.write(help)
                return
            }
            guard let input = args["input"], let output = args["output"] else {
                throw .usage("--input and --output are required; see wayfinder build --help")
            }
            var threads = 2
            if let text = args["threads"] {
                guard let value = Int(text), value > 0 else { throw .usage("--threads must be a positive integer") }
                threads = value
            }
            let quiet = args.has("quiet")
            let start = Date()
            let summary: BuildSummary
            let display = quiet ? nil : BuildProgressDisplay(console: console)
            display?.start()
            do throws(BuildError) {
                summary = try GraphBuilder.build(input: input, output: output, threads: threads, baseMap: !args.has("no-basemap"),
                                                 live: display?.progress) { line in
                    if let display { display.summary(line) } else if line.hasPrefix("warning: ") { console.error(line + "\n") }
                }
            } catch {
                display?.stop()
                throw CommandError(error)
            }
            display?.stop()
            if !quiet {
                console.error(String(format: "built %@: %.2f MiB in %.3f s, peak memory %.1f MiB\n", output,
                                     Double(summary.fileBytes) / 1_048_576, Date().timeIntervalSince(start),
                                     Double(summary.peakMemoryBytes) / 1_048_576))
            }
        }
    }
}
