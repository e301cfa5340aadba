import Foundation
import WayfinderEngine
import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

/// `wayfinder verify --graph NEW [--previous OLD]`: the check a rebuild job runs before it
/// swaps a new graph in. The file must load with valid checksums and hierarchies, a fixed
/// sample of routes must succeed in every mode (and match plain Dijkstra), and no count may
/// have collapsed against the graph it replaces.
public enum VerifyCommand {
    public static let help = HelpPage(
        usage: ["wayfinder verify GRAPH [--previous OLD_GRAPH] [--max-drop FRACTION] [--min-overlap FRACTION] [--routes N]",
                "wayfinder verify --graph GRAPH [options]"],
        summary: """
        Checks a graph file before it is put into service:
          - it loads: header, section table and every section checksum; each contraction
            hierarchy and base graph passes its structural checks, and their search nodes and
            payloads name the mode's road segments; the base map's offsets stay in its sections;
            the geocoder's indexes stay in theirs, and its order by OSM object lists every
            item once, sorted;
          - N fixed random routes per mode (default 50) are found, and agree with plain Dijkstra;
          - against --previous: segments, search nodes and main-network size of each mode have
            not dropped by more than --max-drop (default 0.2, i.e. 20%); and the area the roads
            cover (the box of their points, 0.5% cut off each side) overlaps the previous one by
            at least --min-overlap (default 0.5) of the area either covers: a rebuild of the
            same extract overlaps by ~1.0 and one grown by a tenth each way by 0.83, while
            another city's extract overlaps by 0.
        Prints one line per check.
        """,
        options: """
          GRAPH, --graph GRAPH   the graph file to check
          --previous OLD_GRAPH   the graph it replaces, to compare counts with
          --max-drop FRACTION    largest drop of a count allowed against --previous (default 0.2)
          --min-overlap FRACTION least overlap of the covered areas against --previous (default 0.5)
          --routes N             sample routes per mode (default 50)
        """,
        exitCodes: [(.ok, "every check passed"), HelpPage.internalError,
                    (.badInput, "bad arguments"),
                    (.fileError, "the graph cannot be read or is corrupt"),
                    (.verificationFailed, "a check failed")],
        examples: ["wayfinder verify monaco.wfg",
                   "wayfinder verify --graph helsinki.wfg --routes 20",
                   "wayfinder build data/monaco.osm.pbf monaco-new.wfg --quiet && wayfinder verify monaco-new.wfg --previous monaco.wfg"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        var failed = false
        let code = runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["graph", "previous", "max-drop", "min-overlap", "routes"])
            try args.allowOnly(flags: [])
            guard let path = try GraphArgument.named(args, command: "verify") else {
                throw .usage("give the GRAPH to check; see wayfinder verify --help")
            }
            guard let maxDrop = Double(args["max-drop"] ?? "0.2"), (0...1).contains(maxDrop) else {
                throw .usage("--max-drop must be a fraction between 0 and 1")
            }
            guard let minOverlap = Double(args["min-overlap"] ?? "\(defaultMinOverlap)"), (0...1).contains(minOverlap) else {
                throw .usage("--min-overlap must be a fraction between 0 and 1")
            }
            guard let routes = Int(args["routes"] ?? "50"), routes > 0 else { throw .usage("--routes must be a positive integer") }
            let checks = try verify(path: path, previous: args["previous"], maxDrop: maxDrop, minOverlap: minOverlap, routes: routes)
            for check in checks {
                console.write("\(check.passed ? "ok  " : "FAIL") \(check.description)\n")
                if !check.passed { failed = true }
            }
        }
        if code == ExitCode.ok.rawValue && failed {
            console.error("error: verification failed\n")
            return ExitCode.verificationFailed.rawValue
        }
        return code
    }

    public struct Check: Sendable {
        public var passed: Bool
        public var description: String
    }

    /// Figures compared against the previous graph.
    struct Counts {
        var segments: Int
        var searchNodes: Int
        var mainNetwork: Int
    }

    /// The least overlap (shared over either's area, `CoveredArea.overlap`) of a rebuild with the graph it replaces.
    public static let defaultMinOverlap = 0.5

    public static func verify(path: String, previous: String?, maxDrop: Double, minOverlap: Double = defaultMinOverlap,
                              routes: Int) throws(CommandError) -> [Check] {
        let file: GraphFile
        do { file = try GraphFile(path: path) } catch { throw CommandError(error) }
        var checks = [Check(passed: true, description: "\(path): \(file.fileSize) bytes, every checksum valid")]
        var oldFile: GraphFile?
        if let previous {
            do { oldFile = try GraphFile(path: previous, verifyChecksums: false) } catch {
                checks.append(Check(passed: true, description: "previous graph \(previous) not readable (\(error)); counts not compared"))
            }
        }
        // The base map, checked as the server opens it (every offset inside its section).
        do {
            if let baseMap = try BaseMap(file: file) {
                checks.append(Check(passed: true, description: "base map: \(baseMap.features.count) features, \(baseMap.labels.count) labels, "
                                    + "\(BaseMap.byteCount(in: file)) bytes\(baseMap.hasSea ? ", sea" : "")"))
            } else {
                checks.append(Check(passed: true, description: "no base map (built with --no-basemap or before it existed): /tiles draws roads and labels only"))
            }
        } catch { throw CommandError(error) }
        checks.append(try geocoderCheck(file))
        for mode in TravelMode.allCases {
            // Validated before anything follows its arcs; then opened as the service opens it.
            let graph: RoutingGraph
            do { graph = try RoutingGraph(file: file, mode: mode, unpackCoreHops: false) } catch {
                // A mode left out of the build (`build --modes`) is no damage; its absence is said.
                if case .missingSection = error, file.metadata["modes"].map({ !$0.split(separator: ",").contains(Substring("\(mode)")) }) ?? false {
                    checks.append(Check(passed: true, description: "\(mode): not built (the file's modes: \(file.metadata["modes"] ?? ""))"))
                    continue
                }
                throw CommandError(error)
            }
            if let problem = graph.hierarchy.validationError() {
                checks.append(Check(passed: false, description: "\(mode): contraction hierarchy invalid: \(problem)"))
                continue
            }
            if let problem = graph.base.nodeCount == graph.hierarchy.nodeCount ? graph.base.validationError()
                                                                             : "base graph: not one node per hierarchy node" {
                checks.append(Check(passed: false, description: "\(mode): base graph invalid: \(problem)"))
                continue
            }
            if let problem = SearchNodeValidation.validationError(
                mode: mode, segmentCount: graph.segments.count, intersectionCount: graph.nodeFirst.count - 1,
                copies: graph.searchNodeCopies, hierarchy: graph.hierarchy, base: graph.base) {
                checks.append(Check(passed: false, description: "\(mode): search nodes do not match the roads: \(problem)"))
                continue
            }
            do { checks.append(sampleRoutes(try RoutingGraph(file: file, mode: mode), count: routes)) } catch { throw CommandError(error) }
            let now = counts(graph)
            // The graph in service is read unverified, for its counts only: nothing unpacked.
            guard let oldFile, let old = try? RoutingGraph(file: oldFile, mode: mode, unpackCoreHops: false) else { continue }
            if mode == TravelMode.allCases.first { checks.append(compareAreas(now: graph, before: old, minOverlap: minOverlap)) }
            let before = counts(old)
            for (name, a, b) in [("segments", before.segments, now.segments), ("search nodes", before.searchNodes, now.searchNodes),
                                 ("main network nodes", before.mainNetwork, now.mainNetwork)] {
                let drop = a > 0 ? Double(a - b) / Double(a) : 0
                checks.append(Check(passed: drop <= maxDrop,
                                    description: String(format: "%@ %@: %d -> %d (%+.1f%%, limit -%.0f%%)", "\(mode)", name, a, b,
                                                        a > 0 ? Double(b - a) / Double(a) * 100 : 0, maxDrop * 100)))
            }
        }
        return checks
    }

    /// The geocoder opens as the server opens it, and its order by OSM object (`/lookup`) is
    /// every item once, sorted: the open checks only that it names items.
    static func geocoderCheck(_ file: GraphFile) throws(CommandError) -> Check {
        let geocoder: Geocoder
        do { geocoder = try Geocoder(file: file) } catch {
            if case .missingSection = error {
                return Check(passed: true, description: "no geocoder (built before it existed): the geocoding endpoints answer 503")
            }
            throw CommandError(error)
        }
        if let problem = GeocoderOSMIndex.validationError(geocoder) {
            return Check(passed: false, description: "geocoder: \(problem)")
        }
        return Check(passed: true, description: "geocoder: \(geocoder.itemCount) items; "
                     + (GeocoderOSMIndex.isStored(in: geocoder) ? "their order by OSM object sound"
                                                                : "no stored order by OSM object (an older build): sorted at open"))
    }

    /// The roads of the new graph cover about the area of the previous one (`CoveredArea`).
    static func compareAreas(now: RoutingGraph, before: RoutingGraph, minOverlap: Double) -> Check {
        guard let new = CoveredArea(points: now.points), let old = CoveredArea(points: before.points) else {
            return Check(passed: false, description: "area: a graph has no road points")
        }
        let overlap = new.overlap(with: old)
        let passed = overlap >= minOverlap
        return Check(passed: passed, description: String(format: "area: %@ against %@ before: %.0f%% shared (limit %.0f%%)%@",
                                                         new.description, old.description, overlap * 100, minOverlap * 100,
                                                         passed ? "" : "; a different area: is the input the right extract?"))
    }

    static func counts(_ graph: RoutingGraph) -> Counts {
        Counts(segments: graph.segments.count, searchNodes: graph.hierarchy.nodeCount,
               mainNetwork: Int(graph.componentSize.first ?? 0))
    }

    /// Routes between fixed random main-network points must all succeed and equal Dijkstra.
    static func sampleRoutes(_ graph: RoutingGraph, count: Int) -> Check {
        let points = graph.randomRoadPoints(count: 2 * count, seed: 20261130)
        guard points.count == 2 * count else {
            return Check(passed: false, description: "\(graph.mode): main network too small to sample \(count) routes")
        }
        let snapper = Snapper(graph: graph), fast = Router(graph: graph), slow = Router(graph: graph, reference: true)
        var failures = 0, mismatches = 0
        for i in 0..<count {
            // Snapped as `route` snaps (`RoutePolicy.snapRadius`), then both engines route between the same snaps.
            guard let snaps = try? snapper.snap([points[2 * i], points[2 * i + 1]], maxDistance: { _ in RoutePolicy.snapRadius }),
                  let a = try? fast.route(from: snaps[0], to: snaps[1]) else { failures += 1; continue }
            if i < 10, a.weight != (try? slow.route(from: snaps[0], to: snaps[1]))?.weight { mismatches += 1 }
        }
        return Check(passed: failures == 0 && mismatches == 0,
                     description: "\(graph.mode): \(count - failures) of \(count) sample routes found, \(mismatches) of 10 differ from Dijkstra")
    }
}
