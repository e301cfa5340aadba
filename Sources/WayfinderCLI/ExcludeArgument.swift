import WayfinderGraph
import WayfinderRouting

/// `--exclude motorway,toll`: the classes of roads the route may not use (OSRM's `exclude`,
/// car.lua's excludable `toll`, `motorway`, `ferry`, any combination), driving only.
enum ExcludeArgument {
    /// The classes named by `--exclude`, checked before any graph is opened.
    static func classes(_ args: Arguments, mode: TravelMode) throws(CommandError) -> WayClasses {
        guard let text = args["exclude"] else { return [] }
        guard let classes = ExclusionFilter.parse(text) else {
            throw .usage("--exclude must be a comma list of toll, motorway and ferry, got \"\(text)\"")
        }
        guard mode == .driving else { throw .usage("--exclude is for driving routes only") }
        return classes
    }

    /// Stops when the graph file cannot exclude them (built before exclusions).
    static func check(_ classes: WayClasses, _ graph: RoutingGraph) throws(CommandError) {
        guard graph.serves(excluding: classes) else {
            throw .file("this graph file has no exclusion data: rebuild it with `wayfinder build` to use --exclude")
        }
    }
}
