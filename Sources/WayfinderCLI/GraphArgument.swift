/// The graph file a command reads: `--graph GRAPH`, or for `verify` and `serve`, whose whole
/// subject is one graph, the positional GRAPH as well; else (route, table and the geocoder
/// commands) the default graph, built on first use only after every argument was checked.
enum GraphArgument {
    /// `--graph GRAPH` or the one positional word (not both): nil when neither is given.
    static func named(_ args: Arguments, command: String) throws(CommandError) -> String? {
        switch (args.positional.count, args["graph"]) {
        case (0, let path): return path
        case (1, nil): return args.positional[0]
        case (1, _?): throw .usage("give GRAPH or --graph GRAPH, not both; see wayfinder \(command) --help")
        default: throw .usage("unexpected argument \"\(args.positional[1])\"; see wayfinder \(command) --help")
        }
    }

    /// The default graph's path, built and cached on first use. A cache that cannot be
    /// written is a file problem (exit 3), as one that cannot be read: these commands write
    /// nothing of their own, so 8 (`wayfinder build`'s output) is not theirs to return.
    static func defaultPath(console: Console) throws(CommandError) -> String {
        do {
            return try DefaultGraph.path(console: console)
        } catch {
            if case .writeFailed(let message) = error { throw .file("cannot cache the default graph: " + message) }
            throw error
        }
    }
}
