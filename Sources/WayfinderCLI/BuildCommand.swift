import Foundation
import WayfinderGraph
import WayfinderImport

/// `wayfinder build --input FILE.osm.pbf --output GRAPH`.
public enum BuildCommand {
    public static let help = HelpPage(
        usage: ["wayfinder build IN.osm.pbf OUT.wfg [--modes LIST] [--threads N] [--no-basemap] [--scratch DIR] [--quiet]",
                "wayfinder build --input IN.osm.pbf --output OUT.wfg [options]"],
        summary: """
        Builds one graph file (the driving, walking and cycling contraction hierarchies and
        snapping indexes, the geocoder's index) from an OSM extract (.osm.pbf, or .osm XML);
        --modes builds only the modes listed, in parallel as all three are. The new file is
        written beside OUT.wfg and renamed into place only when complete: on any failure
        OUT.wfg is left untouched. The file also holds the base map /tiles draws (water,
        parks, land use, buildings, place names); --no-basemap leaves it out, for a server
        that only routes.
        The read holds every node's location until the ways that use it have come: in memory,
        or with --scratch in an unnamed memory-mapped file in DIR, 8 bytes per node id up to
        the largest, which the kernel can write back to disk instead of holding it in RAM.
        That suits the planet, whose ids are dense (about 100 GB). An extract's ids are
        sparse (thousands of nodes among ids up to 13 billion): the read stops with an error
        once the file would outgrow its nodes 16 times. The file has no name, so nothing is
        left behind.
        The output's directory must exist and be writable and the input must be a readable OSM
        file: both are checked before any work, so a wrong path fails at once.
        Progress goes to stderr: on a terminal one line redrawn in place (phase, percentage or
        counts, elapsed time), in a log plain lines (each phase, every tenth); then a summary
        per phase. --quiet leaves out both, not warnings.
        A warning is printed when a mode's main network (its largest strongly connected part)
        holds less than \(Int(MainNetworkShare.warningShare * 100))% of the mode's usable search nodes (all counted; a one-way
        street's other direction is not usable): real extracts hold 79-99%; below that most
        routes would fail, as in an extract of two unconnected areas.
        """,
        options: """
          IN, --input FILE       the OSM extract
          OUT, --output GRAPH    the graph file to write
          --modes LIST           the modes to build, comma-separated (default
                                 driving,walking,cycling); a server answers the others
                                 with an error
          --threads N            threads building the graph (default 2)
          --no-basemap           leave out the base map /tiles draws
          --scratch DIR          keep the read's node locations in a file in DIR, not in
                                 memory (checked before any work, like the output)
          --quiet                no progress or summary on stderr (warnings still)
        """,
        exitCodes: [(.ok, "built"), HelpPage.internalError,
                    (.badInput, "bad arguments (also an output that is the input)"),
                    (.fileError, "missing, unreadable, truncated or corrupt input"),
                    (.writeFailed, "the output cannot be written, or the scratch directory cannot\nhold the node locations (missing, not writable, or full)")],
        examples: ["wayfinder build data/monaco.osm.pbf monaco.wfg",
                   "wayfinder build --input data/helsinki.osm.pbf --output helsinki.wfg",
                   "wayfinder build data/andorra.osm.pbf andorra-routing.wfg --no-basemap --quiet",
                   "wayfinder build data/helsinki.osm.pbf helsinki-bikes.wfg --modes cycling,walking"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["input", "output", "threads", "modes", "scratch"])
            try args.allowOnly(flags: ["quiet", "no-basemap"])
            let (input, output) = try files(args)
            var threads = 2
            if let text = args["threads"] {
                guard let value = Int(text), value > 0 else { throw .usage("--threads must be a positive integer") }
                threads = value
            }
            let modes = try Self.modes(args["modes"])
            let quiet = args.has("quiet")
            let start = Date()
            let summary: BuildSummary
            let display = quiet ? nil : BuildProgressDisplay(console: console)
            display?.start()
            do throws(BuildError) {
                summary = try GraphBuilder.build(input: input, output: output, threads: threads, baseMap: !args.has("no-basemap"),
                                                 modes: modes, scratch: args["scratch"], live: display?.progress) { line in
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

    /// `--modes`: each a mode's name (`driving`, `car`, `walking`, `foot`, `cycling`, `bike`,
    /// `bicycle`), at least one; every mode without the option.
    static func modes(_ text: String?) throws(CommandError) -> [TravelMode] {
        guard let text else { return TravelMode.allCases }
        var modes: [TravelMode] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let mode = TravelMode(name: String(name)) else {
                throw .usage("--modes takes driving, walking and cycling, comma-separated; got \"\(name)\"")
            }
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
    }

    /// IN and OUT, positional or as --input and --output (each once, in either form).
    static func files(_ args: Arguments) throws(CommandError) -> (input: String, output: String) {
        var positional = args.positional[...]
        let input = args["input"] ?? positional.popFirst()
        let output = args["output"] ?? positional.popFirst()
        if let extra = positional.first {
            throw .usage("unexpected argument \"\(extra)\"; see wayfinder build --help")
        }
        guard let input, let output else {
            throw .usage("give the extract and the graph file: wayfinder build IN.osm.pbf OUT.wfg; see wayfinder build --help")
        }
        return (input, output)
    }
}
