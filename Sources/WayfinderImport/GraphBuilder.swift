import Dispatch
import Foundation
import WayfinderContraction
import WayfinderGeocoding
import WayfinderGraph

/// Why a build failed; the output path is untouched in every case.
public enum BuildError: Error, CustomStringConvertible {
    case input(OSMReadError)
    case output(GraphFileError)
    case noRoads(path: String)
    /// The output path names the input file itself.
    case outputIsInput(path: String)

    public var description: String {
        switch self {
        case .input(let e): return e.description
        case .output(let e): return e.description
        case .noRoads(let path): return "no routable roads in \(path)"
        case .outputIsInput(let path): return "the output \(path) is the input file; give another path"
        }
    }
}

/// What a build did, for the per-phase summary.
public struct BuildSummary: Sendable {
    /// Wall time of each step in order (`read`, `modes`, `write`); they add up to the build.
    public var phases: [(name: String, seconds: Double)] = []
    /// Wall time of each step inside the `modes` phase, where the modes and the geocoder index
    /// are built at the same time (so these overlap): `driving graph`, `driving contraction`,
    /// `driving components+snap index`, the same for walking, and `geocoder index`.
    public var parallelSteps: [(name: String, seconds: Double)] = []
    public var counts = ImportCounts()
    public var osm = OSMReadStats(nodes: 0, ways: 0, relations: 0, missingLocations: 0, seconds: 0)
    public var modes: [(mode: TravelMode, segments: Int, searchNodes: Int, searchArcs: Int, chArcs: Int, restrictionsApplied: Int)] = []
    /// Geocoder items per kind.
    public var geocoder: [GeocoderKind: Int] = [:]
    public var fileBytes = 0
    public var peakMemoryBytes = 0
    /// What the base map holds (nil when built with `baseMap: false`) and its sections' bytes.
    public var baseMap: BaseMapCollector.Counts?
    public var baseMapBytes = 0
    /// Each mode's main network against its usable nodes (`MainNetworkShare`).
    public var mainNetworks: [(mode: TravelMode, share: MainNetworkShare)] = []
    /// What the build found wrong without failing (a small main network), also sent to
    /// `progress` as lines starting `warning: `.
    public var warnings: [String] = []
}

/// `wayfinder build`: OSM file -> one graph file holding every mode.
public enum GraphBuilder {
    /// Reads `input`, builds the road network, search graph, contraction hierarchy and
    /// snapping index of each mode, and writes them atomically to `output`.
    /// `progress` receives one human-readable line per phase; `live`, when given, is kept up
    /// to date while the phases run, for a display to poll (`BuildProgress`).
    /// `baseMap` false leaves out the base map (`/tiles` then draws roads and labels only):
    /// `wayfinder build --no-basemap`, for servers that only route.
    /// The output and the input are checked first (`BuildPreconditions`): a path that cannot
    /// work fails before any work. `modes`: the modes built (`wayfinder build --modes`), every
    /// one by default; a server answers the others with an error naming the build.
    public static func build(input: String, output: String, threads: Int = 2, baseMap: Bool = true,
                             modes: [TravelMode] = TravelMode.allCases, live: BuildProgress? = nil,
                             progress: (String) -> Void = { _ in }) throws(BuildError) -> BuildSummary {
        try BuildPreconditions.check(input: input, output: output)
        defer { live?.finish() }
        var summary = BuildSummary()
        var clock = Date()
        func phase(_ name: String, _ detail: String) {
            let seconds = Date().timeIntervalSince(clock)
            summary.phases.append((name, seconds))
            progress(String(format: "%-10@ %6.3f s  %@", name, seconds, detail))
            clock = Date()
        }

        let collector = OSMCollector()
        let geocoding = GeocoderCollector()
        let areas = AreaCollector()
        let baseMapCollector = baseMap ? BaseMapCollector() : nil
        let reading = BuildProgress.Track("read")
        let inputBytes = ((try? FileManager.default.attributesOfItem(atPath: input))?[.size] as? Int) ?? 0
        reading.step((input as NSString).lastPathComponent, total: inputBytes, unit: "bytes")
        live?.begin("read", tracks: [reading])
        do {
            summary.osm = try OSMReader.read(path: input, into: CollectorFanout(collector, geocoding, areas, baseMapCollector),
                                             kinds: OSMEntityKinds.all.union(baseMap ? [.areas, .baseMapAreas] : .areas),
                                             progress: live.map { _ in reading })
        } catch { throw .input(error) }
        summary.counts = collector.counts
        phase("read", "\(summary.osm.nodes) nodes, \(summary.osm.ways) ways, \(summary.osm.relations) relations; "
              + "\(collector.counts.routableWays) routable ways, \(collector.counts.skippedWayRefs) way refs without location skipped")
        guard !collector.ways.isEmpty else { throw .noRoads(path: input) }

        let (dense, denseCount) = denseNodeIds(collector.pointNodeIds)
        let modes = TravelMode.allCases.filter(modes.contains)
        let results = UnsafeResults<ModeBuild>(count: modes.count)
        let shared = UncheckedBox(collector)
        // The geocoder index is one more task: it fills the gap the faster mode leaves.
        let geocoder = UnsafeResults<(GeocoderIndex, Double)>(count: 1)
        var source = geocoding.source
        source.areas = areas.areas()
        let geocoderSource = UncheckedBox(source)
        let tracks = modes.map { BuildProgress.Track("\($0)") } + [BuildProgress.Track("geocoder")]
        live?.begin("modes", tracks: tracks)
        let following = live != nil
        // Costliest first: on two cores the last task to start bounds the phase, and cycling's
        // turn graph takes longest to contract (Andorra: 0.19 s of the phase's 0.28 s).
        let startOrder = ModeBuild.startOrder(modes)
        DispatchQueue.concurrentPerform(iterations: modes.count + 1) { task in
            let i = task < modes.count ? startOrder[task] : task
            guard i < modes.count else {
                let start = Date()
                tracks[i].step("index")
                let index = GeocoderIndex(geocoderSource.value)
                tracks[i].step("done")
                geocoder[0] = (index, Date().timeIntervalSince(start))
                return
            }
            results[i] = ModeBuild(collector: shared.value, dense: dense, denseCount: denseCount,
                                   mode: modes[i], threads: max(1, threads / modes.count), progress: following ? tracks[i] : nil)
        }
        for build in results.values {
            summary.modes.append((build.mode, build.network.segments.count, build.search.nodeCount,
                                  build.search.arcs.count, build.ch.forwardArcs.count + build.ch.backwardArcs.count,
                                  build.search.restrictionsApplied))
            let network = build.mainNetwork
            summary.mainNetworks.append((build.mode, network))
            var line = "\(build.network.segments.count) segments, \(build.search.nodeCount) search nodes, "
                + "\(build.search.arcs.count) arcs, \(build.ch.forwardArcs.count + build.ch.backwardArcs.count) CH arcs, "
                + "main network \(network.mainNetwork) of \(build.search.nodeCount) nodes"
                + String(format: " (%.0f%% of the %d usable)", network.share * 100, network.usableNodes)
            if build.mode.isTurnExpanded {
                let c = collector.counts
                let viaWay = build.search.viaWay
                line += "; restrictions: \(c.restrictions - c.restrictionsViaWay) via-node (\(build.search.restrictionsApplied) applied, rest not on the network),"
                    + " \(c.restrictionsViaWay) via-way (\(viaWay?.applied ?? 0) applied, \(viaWay?.unresolved ?? 0) not on the network or invalid,"
                    + " \(viaWay?.copies.count ?? 0) search nodes copied),"
                    + " \(c.restrictionsIncomplete) relations incomplete or invalid, \(c.restrictionsIgnored) ignored (exceptions, on red)"
            }
            line += "; own time: " + build.timings.map { String(format: "%@ %.3f s", $0.0, $0.1) }.joined(separator: ", ")
            summary.parallelSteps += build.timings.map { ("\(build.mode) \($0.0)", $0.1) }
            progress("  \(build.mode): " + line)
        }
        let (index, indexSeconds) = geocoder.values[0]
        summary.geocoder = index.counts
        summary.parallelSteps.append(("geocoder index", indexSeconds))
        progress("  geocoder: \(index.items.count) items (" + GeocoderKind.allCases.map { "\(index.counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
                 + String(format: "), %d tokens, %d areas, index %.2f MiB; own time: %.3f s", index.tokenCount, index.areaCount, Double(index.byteCount) / 1_048_576, indexSeconds))
        phase("modes", "\(modes.count) modes and the geocoder index built in parallel")
        for (mode, network) in summary.mainNetworks where network.isLow {
            let warning = String(format: "%@ main network holds %.0f%% of the mode's %d usable search nodes (%d), below %.0f%%: "
                                 + "routes between most places will fail; is the extract cut into pieces or clipped badly?",
                                 "\(mode)", network.share * 100, network.usableNodes, network.mainNetwork,
                                 MainNetworkShare.warningShare * 100)
            summary.warnings.append(warning)
            progress("warning: " + warning)
        }
        let writing = BuildProgress.Track("write")
        live?.begin("write", tracks: [writing])

        var writer = GraphFileWriter()
        writer.metadata["source"] = (input as NSString).lastPathComponent
        if let attributes = try? FileManager.default.attributesOfItem(atPath: input) {
            writer.metadata["source_bytes"] = "\((attributes[.size] as? Int) ?? 0)"
            if let date = attributes[.modificationDate] as? Date {
                writer.metadata["source_mtime"] = ISO8601DateFormatter().string(from: date)
            }
        }
        writer.metadata["built"] = ISO8601DateFormatter().string(from: Date())
        writer.metadata["generator"] = "wayfinder \(wayfinderVersion)"
        writer.metadata["import_revision"] = "\(ImportRevision.current)"
        writer.metadata["modes"] = modes.map(\.description).joined(separator: ",")
        SharedRoads.add(points: collector.points, ways: collector.ways, names: collector.strings, to: &writer)
        WaySignTable.add(collector.signs, to: &writer)
        WayLaneTable.add(collector.lanes, to: &writer)
        PointNodeIds.add(collector.pointNodeIds, to: &writer)
        ManeuverOverrideTable.add(collector.maneuverOverrides(), to: &writer)
        for build in results.values { build.add(to: &writer) }
        index.add(to: &writer)
        if let baseMapCollector {
            writing.step("base map")
            let start = Date()
            baseMapCollector.finish(bounds: summary.osm.boundsMin.flatMap { low in summary.osm.boundsMax.map { (low, $0) } }, to: &writer)
            let c = baseMapCollector.counts
            summary.baseMap = c
            progress(String(format: "  base map: %d areas, %d buildings, %d lines, %d labels, %d coastline ways, %d clipped multipolygons left out; %d features; %.3f s",
                            c.areas, c.buildings, c.lines, c.labels, c.coastlineWays, c.clippedAreas, c.features, Date().timeIntervalSince(start)))
        }
        writing.step((output as NSString).lastPathComponent)
        do { try writer.write(to: output) } catch { throw .output(error) }
        summary.fileBytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        summary.peakMemoryBytes = peakMemoryBytes()
        if baseMap, let file = try? GraphFile(path: output, verifyChecksums: false) { summary.baseMapBytes = BaseMap.byteCount(in: file) }
        phase("write", "\(summary.fileBytes) bytes to \(output)")
        return summary
    }
}

/// Everything one mode contributes to the graph file.
struct ModeBuild {
    let mode: TravelMode
    let network: RoadNetwork
    let search: SearchGraph
    let ch: ContractionHierarchy
    let base: BaseGraph
    let segmentComponent: [Int32]
    let componentSizes: [Int32]
    let mainNetwork: MainNetworkShare
    let snap: SnapIndexBuilder
    /// The directed segments leaving each intersection (`ModeRoads`' `nodeFirst`, `nodeLeaving`).
    let leaving: (first: [Int32], leaving: [Int32])
    /// The bearing each directed segment leaves its intersection with (`SegmentBearings`).
    let bearings: [UInt16]
    /// Wall time of each step of this mode, for the build summary.
    private(set) var timings: [(String, Double)] = []

    /// Indices of `modes` in the order their builds should start: the costliest first.
    static func startOrder(_ modes: [TravelMode]) -> [Int] {
        let cost: [TravelMode: Int] = [.cycling: 3, .driving: 2, .walking: 1]
        return modes.indices.sorted { cost[modes[$0], default: 0] > cost[modes[$1], default: 0] }
    }

    init(collector c: OSMCollector, dense: [Int32], denseCount: Int, mode: TravelMode, threads: Int,
         progress: BuildProgress.Track? = nil) {
        self.mode = mode
        var clock = Date()
        var timings: [(String, Double)] = []
        func lap(_ name: String) {
            timings.append((name, Date().timeIntervalSince(clock)))
            clock = Date()
        }
        progress?.step("graph")
        network = RoadNetwork(collector: c, denseNode: dense, denseCount: denseCount, mode: mode)
        search = mode.isTurnExpanded
            ? SearchGraph(turnExpanded: network, mode: mode, points: c.points, ways: c.ways,
                          restrictions: c.restrictions(of: mode), obstacles: c.obstacles)
            : SearchGraph(walking: network)
        base = BaseGraph(nodeCount: search.nodeCount, arcs: search.arcs)
        lap("graph")
        var keys = Self.mapOrderKeys(network.segments, points: c.points, nodeCount: search.nodeCount, mode: mode)
        // A via-way restriction's copy of a directed segment lies where the segment does.
        for (i, x) in (search.viaWay?.copies ?? []).enumerated() { keys[2 * network.segments.count + i] = keys[Int(x)] }
        let filters = mode == .driving ? Self.nodeFilters(network.segments, ways: c.ways, copies: search.viaWay?.copies ?? []) : nil
        var options = ContractionOptions(threads: threads, storageKeys: keys, nodeFilters: filters)
        options.progress = progress
        progress?.step("contraction", total: search.nodeCount, unit: "nodes")
        ch = buildContractionHierarchy(nodeCount: search.nodeCount, arcs: search.arcs, options: options).hierarchy
        lap("contraction")
        progress?.step("components+snap index")
        let (component, sizes) = stronglyConnectedComponents(nodeCount: search.nodeCount, arcs: search.arcs)
        componentSizes = sizes
        mainNetwork = MainNetworkShare(nodeCount: search.nodeCount, arcs: search.arcs, componentSizes: sizes)
        let segments = network.segments
        segmentComponent = segments.indices.map { s in
            let segment = segments[s]
            // A segment belongs to the component of the search node one enters it from.
            if mode.isTurnExpanded { return component[2 * s + (segment.forwardWeight >= 0 ? 0 : 1)] }
            return component[Int(segment.forwardWeight >= 0 ? segment.fromNode : segment.toNode)]
        }
        snap = SnapIndexBuilder(segments: segments, points: c.points, ways: c.ways)
        lap("components+snap index")
        progress?.step("bearings")
        leaving = network.leavingSegments()
        bearings = SegmentBearings.measureAll(segments: segments, points: c.points, ways: c.ways,
                                              nodeFirst: leaving.first, nodeLeaving: leaving.leaving)
        lap("bearings")
        progress?.step("done")
        self.timings = timings
    }

    /// Driving: the exclusion filters that keep each search node (a directed segment, or a
    /// via-way restriction's copy of one): those that exclude none of its way's classes in
    /// that direction (`ExclusionFilter`).
    static func nodeFilters<Segments: RandomAccessCollection<RoadSegment>, Ways: RandomAccessCollection<WayInfo>>(
        _ segments: Segments, ways: Ways, copies: some Collection<Int32>
    ) -> [UInt8] where Ways.Index == Int {
        var filters = [UInt8](repeating: ExclusionFilter.allFilters, count: 2 * segments.count + copies.count)
        for (s, segment) in segments.enumerated() {
            let way = ways[Int(segment.way)]
            filters[2 * s] = ExclusionFilter.filters(keeping: way.classes(forward: true))
            filters[2 * s + 1] = ExclusionFilter.filters(keeping: way.classes(forward: false))
        }
        for (i, x) in copies.enumerated() { filters[2 * segments.count + i] = filters[Int(x)] }
        return filters
    }

    /// Where each search node lies on a Hilbert curve: a directed segment (driving) by its
    /// first point, an intersection (walking) by its position.
    static func mapOrderKeys<Points: RandomAccessCollection<FixedCoordinate>>(
        _ segments: some Collection<RoadSegment>, points: Points, nodeCount: Int, mode: TravelMode
    ) -> [UInt64] where Points.Index == Int {
        var keys = [UInt64](repeating: 0, count: nodeCount)
        for (s, segment) in segments.enumerated() {
            let first = hilbertKey(points[Int(segment.firstPoint)]), last = hilbertKey(points[Int(segment.lastPoint)])
            if mode.isTurnExpanded {
                keys[2 * s] = first
                keys[2 * s + 1] = last
            } else {
                keys[Int(segment.fromNode)] = first
                keys[Int(segment.toNode)] = last
            }
        }
        return keys
    }

    /// Adds this mode's sections, in this order (the file's bytes depend on it).
    func add(to writer: inout GraphFileWriter) {
        ModeRoads.add(segments: network.segments, segmentComponent: segmentComponent, componentSize: componentSizes,
                      nodeFirst: leaving.first, nodeLeaving: leaving.leaving, mode: mode, to: &writer)
        ch.add(to: &writer, mode: mode)
        base.add(to: &writer, mode: mode)
        snap.add(to: &writer, mode: mode)
        SearchNodeCopies.add(search.viaWay?.copies ?? [], mode: mode, to: &writer)
        if mode.isTurnExpanded {
            let origins = ClosedTurnOrigins.bitset(search.closedTurnOrigins, count: 2 * network.segments.count)
            ClosedTurnOrigins.add(origins, mode: mode, to: &writer)
        }
        SegmentBearings.add(bearings, mode: mode, to: &writer)
        if !network.segmentTransports.isEmpty { SegmentTransports.add(network.segmentTransports, mode: mode, to: &writer) }
    }
}

/// Feeds the one pass over the file to the routing, geocoder and base-map collectors.
private final class CollectorFanout: OSMHandler {
    let routing: OSMCollector
    let geocoding: GeocoderCollector
    let areas: AreaCollector
    let baseMap: BaseMapCollector?
    init(_ routing: OSMCollector, _ geocoding: GeocoderCollector, _ areas: AreaCollector, _ baseMap: BaseMapCollector?) {
        (self.routing, self.geocoding, self.areas, self.baseMap) = (routing, geocoding, areas, baseMap)
    }

    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        routing.node(id: id, location: location, tags: tags)
        geocoding.node(id: id, location: location, tags: tags)
        areas.node(id: id, location: location, tags: tags)
        baseMap?.node(id: id, location: location, tags: tags)
    }

    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        routing.way(id: id, nodes: nodes, tags: tags)
        geocoding.way(id: id, nodes: nodes, tags: tags)
        baseMap?.way(id: id, nodes: nodes, tags: tags)
    }

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        routing.relation(id: id, members: members, tags: tags)
        geocoding.relation(id: id, members: members, tags: tags)
        areas.relation(id: id, members: members, tags: tags)
    }

    func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing]) {
        areas.area(type: type, id: id, complete: complete, tags: tags, rings: rings)
        baseMap?.area(type: type, id: id, complete: complete, tags: tags, rings: rings)
    }
}

/// Glibc imports RUSAGE_SELF as an enum case of another type than getrusage takes.
public let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)

/// Peak resident set size of this process so far.
public func peakMemoryBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF_WHO, &usage)
    return usage.ru_maxrss * 1024
}

/// Lets read-only data and per-index result slots cross into `concurrentPerform`.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// One slot per parallel task; each task writes only its own slot.
final class UnsafeResults<T>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<T?>
    init(count: Int) { slots = .allocate(capacity: count); slots.initialize(repeating: nil) }
    deinit { _ = slots.deinitialize(); slots.deallocate() }
    subscript(i: Int) -> T? {
        get { slots[i] }
        set { slots[i] = newValue }
    }
    var values: [T] { slots.map { $0! } }
}
