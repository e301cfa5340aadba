import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

/// `wayfinder match`'s options, checked before any file or graph is opened: what every
/// trace of a run is matched with, and how the answers are written. Unsaid, they are
/// osrm-routed's defaults for /match (gaps=split, tidy=false, steps=false,
/// geometries=polyline, overview=simplified, no annotations), so that `--format json` is
/// what the server answers for the same trace.
struct MatchArguments {
    enum Format: String { case text, json, geojson }

    var mode: TravelMode = .driving
    var format: Format = .text
    var splitsAtGaps = true
    var tidy = false
    /// Steps, geometry, overview and annotations of the JSON (and the text's steps and line).
    var options = ResponseOptions()
    /// `--annotations true`: every annotation the graph has (nodes left out on a graph file
    /// without OSM node ids, as the server does), where a list naming nodes is refused.
    var allAnnotations = false
    /// `--waypoints`: indexes (from 0, as OSRM's `waypoints`) of the points that split a
    /// matching into legs.
    var legEnds: [Int]?
    /// `--radius`: metres of GPS accuracy for the points that give none.
    var radius: Double?
    var excluding: WayClasses = []

    static let valued: Set<String> = ["graph", "mode", "trace", "batch", "format", "gaps", "geometry", "overview",
                                      "annotations", "waypoints", "radius", "exclude"]
    static let flags: Set<String> = ["tidy", "steps", "strict"]

    init(_ args: Arguments) throws(CommandError) {
        guard let mode = TravelMode(name: args["mode"] ?? "driving") else {
            throw .usage("--mode must be driving, walking or cycling, got \"\(args["mode"]!)\"")
        }
        self.mode = mode
        let formatText = args["format"] ?? "text"
        guard let format = Format(rawValue: formatText) else {
            throw .usage("--format must be text, json or geojson, got \"\(formatText)\"")
        }
        self.format = format
        switch args["gaps"] {
        case nil, "split": splitsAtGaps = true
        case "ignore": splitsAtGaps = false
        case let other?: throw .usage("--gaps must be split or ignore, got \"\(other)\"")
        }
        tidy = args.has("tidy")
        options.steps = args.has("steps")
        let geometryText = args["geometry"] ?? "polyline", overviewText = args["overview"] ?? "simplified"
        guard let geometry = GeometryFormat(rawValue: geometryText) else {
            throw .usage("--geometry must be polyline, polyline6 or geojson, got \"\(geometryText)\"")
        }
        guard let overview = Overview(rawValue: overviewText) else {
            throw .usage("--overview must be simplified, full or false, got \"\(overviewText)\"")
        }
        options.geometry = geometry
        options.overview = overview
        options.annotations = try Self.annotations(args["annotations"])
        allAnnotations = args["annotations"] == "true"
        if let text = args["waypoints"] {
            var ends: [Int] = []
            for part in text.split(separator: ";", omittingEmptySubsequences: false) {
                guard let index = Int(part), index >= 0 else {
                    throw .usage("--waypoints must be point indexes (from 0) separated by ';', e.g. \"0;5;9\", got \"\(text)\"")
                }
                guard ends.last.map({ index > $0 }) ?? true else { throw .usage("--waypoints must increase, got \"\(text)\"") }
                ends.append(index)
            }
            guard ends.count >= 2, ends[0] == 0 else {
                throw .usage("--waypoints must name the first point (0) and the last, got \"\(text)\"")
            }
            legEnds = ends
        }
        if let text = args["radius"] {
            guard let metres = Double(text), metres.isFinite, metres > 0 else {
                throw .usage("--radius must be a positive number of metres, got \"\(text)\"")
            }
            radius = metres
        }
        excluding = try ExcludeArgument.classes(args, mode: mode)
    }

    /// `--annotations`: `true` (all of them, as OSRM's `annotations=true`), `false`, or a
    /// comma list of duration, distance, nodes, weight, datasources and speed.
    static func annotations(_ text: String?) throws(CommandError) -> RouteAnnotations {
        guard let text else { return [] }
        guard let annotations = RouteAnnotations(osrmList: text) else {
            throw .usage("--annotations must be true, false or a comma list of duration, distance, nodes, weight, "
                         + "datasources and speed, got \"\(text)\"")
        }
        return annotations
    }

    /// The response options for `graph` (`OSRMRouteQuery.fitAnnotations`'s rule): a graph
    /// written before node ids were kept has none to annotate.
    func options(for graph: RoutingGraph) throws(CommandError) -> ResponseOptions {
        guard options.annotations.contains(.nodes) && graph.pointNodeIds.isEmpty else { return options }
        guard allAnnotations else {
            throw .file("--annotations nodes needs a graph file with OSM node ids: rebuild it with `wayfinder build`")
        }
        var options = options
        options.annotations.remove(.nodes)
        return options
    }

    /// The engine's request for `trace`. `--waypoints` must end at the trace's last point.
    func request(_ trace: Trace, path: String) throws(CommandError) -> MatchRequest {
        var request = MatchRequest(mode: mode, coordinates: trace.points)
        request.timestamps = trace.timestamps
        request.radiuses = trace.radiuses.map { $0 ?? radius }
        request.splitsAtGaps = splitsAtGaps
        request.tidy = tidy
        request.excluding = excluding
        if let legEnds {
            guard legEnds.last == trace.points.count - 1 else {
                throw .usage("--waypoints must end at the last point, \(trace.points.count - 1) in \(path); "
                             + "got \(legEnds.last!)")
            }
            request.legEnds = legEnds
        }
        return request
    }
}
