import Dispatch
import Foundation
import Synchronization
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
    /// The scratch directory (`wayfinder build --scratch`) cannot hold the node locations:
    /// it is missing or not writable, or its disk is full.
    case scratch(directory: String, reason: String)

    public var description: String {
        switch self {
        case .input(let e): return e.description
        case .output(let e): return e.description
        case .noRoads(let path): return "no routable roads in \(path)"
        case .outputIsInput(let path): return "the output \(path) is the input file; give another path"
        case .scratch(let directory, let reason): return "cannot keep node locations in \(directory): \(reason)"
        }
    }
}

/// What a build did, for the per-phase summary.
public struct BuildSummary: Sendable {
    /// Each phase in order (`read`, `network`, `modes`, `write`): its wall time (they add up
    /// to the build) and the peak resident memory during it (`PhaseMemory`).
    public var phases: [(name: String, seconds: Double, peakBytes: Int)] = []
    /// Wall time of each step inside the `modes` phase, where the modes, the geocoder index
    /// and the base map are built at the same time (so these overlap): each mode's
    /// `ModeBuild.timings` named `driving network`, `driving contraction: exclusion core
    /// toll`…, then `geocoder index` and `base map`.
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
    /// Room in a built file's table: about 50 sections a mode and 50 shared ones are written.
    static let maxSections = 512

    /// Reads `input`, builds the road network, search graph, contraction hierarchy and
    /// snapping index of each mode, and writes them atomically to `output`.
    /// `progress` receives one human-readable line per phase; `live`, when given, is kept up
    /// to date while the phases run, for a display to poll (`BuildProgress`).
    /// `baseMap` false leaves out the base map (`/tiles` then draws roads and labels only):
    /// `wayfinder build --no-basemap`, for servers that only route.
    /// The output and the input are checked first (`BuildPreconditions`): a path that cannot
    /// work fails before any work. `modes`: the modes built (`wayfinder build --modes`), every
    /// one by default; a server answers the others with an error naming the build.
    /// `scratch`: a directory where the read keeps its node locations in a memory-mapped file
    /// instead of in memory (`wayfinder build --scratch`, `OSMReader.read(scratch:)`).
    public static func build(input: String, output: String, threads: Int = 2, baseMap: Bool = true,
                             modes: [TravelMode] = TravelMode.allCases, scratch: String? = nil,
                             live: BuildProgress? = nil,
                             progress: (String) -> Void = { _ in }) throws(BuildError) -> BuildSummary {
        try BuildPreconditions.check(input: input, output: output, scratch: scratch)
        BuildMemory.returnFreedArrays()
        defer { live?.finish() }
        var summary = BuildSummary()
        var clock = Date()
        let memory = PhaseMemory()
        func phase(_ name: String, _ detail: String) {
            let seconds = Date().timeIntervalSince(clock), peak = memory.endPhase()
            summary.phases.append((name, seconds, peak))
            progress(String(format: "%-10@ %6.3f s  peak %5.0f MiB  %@", name, seconds, Double(peak) / 1_048_576, detail))
            clock = Date()
        }

        let collector = OSMCollector(modes: modes)
        // Optional so that each can go as soon as its part is done: the geocoder's and the
        // base map's data are handed to their tasks and freed before the modes' peak.
        var geocoding: GeocoderCollector? = GeocoderCollector()
        var areas: AreaCollector? = AreaCollector()
        var baseMapCollector = baseMap ? BaseMapCollector() : nil
        let reading = BuildProgress.Track("read")
        let inputBytes = ((try? FileManager.default.attributesOfItem(atPath: input))?[.size] as? Int) ?? 0
        reading.step((input as NSString).lastPathComponent, total: inputBytes, unit: "bytes")
        live?.begin("read", tracks: [reading])
        do {
            // The routing collector on one thread, the rest on another (each about half the work).
            summary.osm = try OSMReader.read(path: input, into: collector,
                                             alongside: CollectorFanout(geocoding!, areas!, baseMapCollector),
                                             kinds: OSMEntityKinds.all.union(baseMap ? [.areas, .baseMapAreas] : .areas),
                                             progress: live.map { _ in reading }, scratch: scratch)
        } catch {
            if case .scratch(let directory, let reason) = error { throw .scratch(directory: directory, reason: reason) }
            throw .input(error)
        }
        summary.counts = collector.counts
        phase("read", "\(summary.osm.nodes) nodes, \(summary.osm.ways) ways, \(summary.osm.relations) relations; "
              + "\(collector.counts.routableWays) routable ways, \(collector.counts.skippedWayRefs) way refs without location skipped"
              + (scratch == nil ? "" : String(format: "; node locations in a %.1f MiB scratch file", Double(summary.osm.scratchBytes) / 1_048_576)))
        guard !collector.ways.isEmpty else { throw .noRoads(path: input) }

        let modes = TravelMode.allCases.filter(modes.contains)
        collector.dropSpareCapacity()
        // Each part's sections are written as soon as they are built, and dropped: at 20x20
        // the geocoder's index and the base map are 0.5 GB less while the modes contract, and
        // the first mode done is not held while the other contracts. The table keeps the
        // order of the final writer whatever order they are written in.
        let stream: GraphFileStream
        do { stream = try GraphFileStream(path: output, sections: GraphBuilder.maxSections) } catch { throw .output(error) }
        let (geocoderSource, areaCount) = { () -> (SharedUntilDone<GeocoderSource>, Int) in
            var source = geocoding!.source
            source.areas = areas!.areas()
            return (SharedUntilDone(source, users: 1), source.areas.count)
        }()
        (geocoding, areas) = (nil, nil)
        let baseMapSource = SharedUntilDone(baseMapCollector, users: 1)
        baseMapCollector = nil
        let ids = SharedUntilDone(collector.pointNodeIds, users: 2)
        collector.pointNodeIds = []
        let bounds = summary.osm.boundsMin.flatMap { low in summary.osm.boundsMax.map { (low, $0) } }
        // One slot per writer of early parts: the network phase's two workers, then each mode.
        let failures = UnsafeResults<GraphFileError>(count: 2 + modes.count)
        /// Writes part `t`'s sections now; what stands for them in the final writer, nil on failure.
        @Sendable func early(_ part: GraphFileWriter, task t: Int) -> GraphFileWriter? {
            do throws(GraphFileError) { return try stream.write(early: part) } catch { failures[t] = error; return nil }
        }
        let following = live != nil
        let shared = UncheckedBox(collector)

        // The network phase, on two workers:
        // 1. the points' OSM node ids written, then the geocoder's index;
        // 2. the ids numbered (a sort), then the base map.
        // Then each worker cuts the modes' networks still to cut, costliest first (ids and
        // numbers go after the last). The geocoder's index needs the most memory of any step
        // while it is built; this way no contraction runs beside it (20x20: a modes peak of
        // 3.9 GiB when one did). Worker 2 used to cut every network alone, for seconds after
        // worker 1 had ended (the phase took 26-34 s at 20x20, now 22-23 s).
        let networks = UnsafeResults<(RoadNetwork, Double)>(count: modes.count)
        let cuts = ModeBuild.costliestFirst(modes), nextCut = NextIndex()
        let numbered = UnsafeResults<PointNodes>(count: 1), numbering = DispatchSemaphore(value: 0)
        /// Cuts networks of `cuts` until none is left, `track` saying which.
        @Sendable func cutNetworks(_ nodes: PointNodes, track: BuildProgress.Track) {
            while let k = nextCut.take(below: cuts.count) {
                let i = cuts[k]
                track.step("\(modes[i]) network")
                let started = ContinuousClock.now
                let network = RoadNetwork(collector: shared.value, nodes: nodes, mode: modes[i])
                networks[i] = (network, Laps.seconds(ContinuousClock.now - started))
            }
        }
        let nodeIds = UnsafeResults<GraphFileWriter>(count: 1), denseCount = UnsafeResults<Int>(count: 1)
        let geocoder = UnsafeResults<(GraphFileWriter, GeocoderIndex.Summary, Double)>(count: 1)
        let drawn = UnsafeResults<(GraphFileWriter, BaseMapCollector.Counts, Double)>(count: 1)
        let workers = [BuildProgress.Track("geocoder, networks"), BuildProgress.Track(baseMap ? "base map, networks" : "networks")]
        live?.begin("network", tracks: workers)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let track = workers[worker]
            if worker == 0 {
                track.step("node ids")
                do {
                    let ids = ids.take()
                    var part = GraphFileWriter()
                    PointNodeIds.add(ids, to: &part)
                    ManeuverOverrideTable.add(shared.value.maneuverOverrides(pointNodeIds: ids), to: &part)
                    nodeIds[0] = early(part, task: 0)
                }
                track.step("index")
                let started = Date()
                let index = GeocoderIndex(geocoderSource.take())
                BuildMemory.returnFreePages()
                var part = GraphFileWriter()
                index.add(to: &part)
                geocoder[0] = early(part, task: 0).map { ($0, index.summary, Date().timeIntervalSince(started)) }
                // Not a blocking wait: `concurrentPerform` may run both workers on one thread
                // (one core), and then the numbering would never come. It is done long
                // before the index at every size measured.
                if numbering.wait(timeout: .now()) == .success { cutNetworks(numbered[0]!, track: track) }
            } else {
                track.step("numbering")
                let nodes = PointNodes(ids: ids.take())
                denseCount[0] = nodes.denseCount
                numbered[0] = nodes
                numbering.signal()
                if baseMap {
                    // Before the networks: its shapes (a fifth of the phase's memory) are
                    // then gone before the geocoder's index reaches its peak, near its end.
                    track.step("base map: clipping and sorting")
                    let started = Date()
                    let collected = baseMapSource.take()!
                    var sections = GraphFileWriter()
                    collected.finish(bounds: bounds, to: &sections)
                    drawn[0] = early(sections, task: 1).map { ($0, collected.counts, Date().timeIntervalSince(started)) }
                    withExtendedLifetime(collected) {}
                    BuildMemory.returnFreePages()
                }
                cutNetworks(nodes, track: track)
            }
            track.step("done")
        }
        numbered[0] = nil
        if let failure = failures[0] ?? failures[1] { throw .output(failure) }
        phase("network", "\(denseCount[0]!) nodes under \(collector.points.count) way points; "
              + "the geocoder index (\(areaCount) areas)\(baseMap ? " and the base map" : "") built beside")

        let results = UnsafeResults<ModeBuildReport>(count: modes.count)
        let waves = ModeBuild.waves(modes), order = waves.flatMap { $0 }
        let tracks = order.map { BuildProgress.Track("\(modes[$0])") }
        live?.begin("modes", tracks: tracks)
        // In waves (`ModeBuild.waves`), one task a core, costliest first; a contraction
        // borrows the cores of tasks that have ended (`CoreBudget`). Not `concurrentPerform`:
        // a parallel loop nested in one runs on one thread.
        let cores = CoreBudget(cores: threads), modesDone = DispatchGroup()
        var k = 0
        for wave in waves {
            for i in wave {
                let track = tracks[k]
                k += 1
                cores.acquire()
                DispatchQueue.global().async(group: modesDone) {
                    defer { cores.release() }
                    let (network, seconds) = networks.take(i)
                    let build = ModeBuild(collector: shared.value, network: network, networkSeconds: seconds, mode: modes[i],
                                          threads: threads, cores: cores, progress: following ? track : nil)
                    var part = GraphFileWriter()
                    build.add(to: &part)
                    results[i] = early(part, task: 2 + i).map { ModeBuildReport(build, sections: $0) }
                    track.step("done")
                }
            }
            // The next wave waits for this one to end, and does not start if a mode's sections
            // could not be written (cycling's contraction takes minutes at scale, for a build
            // that fails anyway).
            modesDone.wait()
            if modes.indices.contains(where: { failures[2 + $0] != nil }) { break }
        }
        if let failure = modes.indices.lazy.compactMap({ failures[2 + $0] }).first { throw .output(failure) }
        for build in results.values {
            summary.modes.append((build.mode, build.segments, build.searchNodes, build.arcs, build.hierarchyArcs, build.restrictionsApplied))
            let network = build.mainNetwork
            summary.mainNetworks.append((build.mode, network))
            var line = "\(build.segments) segments, \(build.searchNodes) search nodes, "
                + "\(build.arcs) arcs, \(build.hierarchyArcs) CH arcs, "
                + "main network \(network.mainNetwork) of \(build.searchNodes) nodes"
                + String(format: " (%.0f%% of the %d usable)", network.share * 100, network.usableNodes)
            if build.mode.isTurnExpanded {
                let c = collector.counts
                line += "; restrictions: \(c.restrictions - c.restrictionsViaWay) via-node (\(build.restrictionsApplied) applied, rest not on the network),"
                    + " \(c.restrictionsViaWay) via-way (\(build.viaWayApplied) applied, \(build.viaWayUnresolved) not on the network or invalid,"
                    + " \(build.viaWayCopies) search nodes copied),"
                    + " \(c.restrictionsIncomplete) relations incomplete or invalid, \(c.restrictionsIgnored) ignored (exceptions, on red)"
            }
            line += "; own time: " + ModeBuild.describe(build.timings)
            summary.parallelSteps += build.timings.map { ("\(build.mode) \($0.0)", $0.1) }
            progress("  \(build.mode): " + line)
        }
        let (geocoderSections, index, indexSeconds) = geocoder.values[0]
        summary.geocoder = index.counts
        summary.parallelSteps.append(("geocoder index", indexSeconds))
        progress("  geocoder: \(index.itemCount) items (" + GeocoderKind.allCases.map { "\(index.counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
                 + String(format: "), %d tokens, %d areas, index %.2f MiB; own time: %.3f s", index.tokenCount, index.areaCount, Double(index.byteCount) / 1_048_576, indexSeconds))
        if baseMap {
            let (_, c, seconds) = drawn.values[0]
            summary.baseMap = c
            summary.parallelSteps.append(("base map", seconds))
            progress(String(format: "  base map: %d areas, %d buildings, %d lines, %d labels, %d coastline ways, %d clipped multipolygons left out; %d features; own time: %.3f s",
                            c.areas, c.buildings, c.lines, c.labels, c.coastlineWays, c.clippedAreas, c.features, seconds))
        }
        phase("modes", "\(modes.count) modes contracted: " + waves.map { wave in
            wave.map { "\(modes[$0])" }.joined(separator: " and ") + (wave.count > 1 ? ", \(min(threads, wave.count)) at a time" : " alone")
        }.joined(separator: ", then "))
        for (mode, network) in summary.mainNetworks where network.isLow {
            let warning = String(format: "%@ main network holds %.0f%% of the mode's %d usable search nodes (%d), below %.0f%%: "
                                 + "routes between most places will fail; is the extract cut into pieces or clipped badly?",
                                 "\(mode)", network.share * 100, network.usableNodes, network.mainNetwork,
                                 MainNetworkShare.warningShare * 100)
            summary.warnings.append(warning)
            progress("warning: " + warning)
        }
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
        writer.append(contentsOf: nodeIds[0]!)
        for build in results.values { writer.append(contentsOf: build.sections) }
        writer.append(contentsOf: geocoderSections)
        if baseMap { writer.append(contentsOf: drawn.values[0].0) }
        let writing = BuildProgress.Track("write")
        live?.begin("write", tracks: [writing])
        writing.step((output as NSString).lastPathComponent)
        do { try stream.finish(writer) } catch { throw .output(error) }
        summary.fileBytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        if baseMap, let file = try? GraphFile(path: output, verifyChecksums: false) { summary.baseMapBytes = BaseMap.byteCount(in: file) }
        phase("write", "\(summary.fileBytes) bytes to \(output)")
        summary.peakMemoryBytes = max(peakMemoryBytes(), summary.phases.map(\.peakBytes).max() ?? 0)
        return summary
    }
}

/// Feeds the one pass over the file to the geocoder's and base map's collectors, on the
/// thread beside the routing collector's.
private final class CollectorFanout: OSMHandler {
    let geocoding: GeocoderCollector
    let areas: AreaCollector
    let baseMap: BaseMapCollector?
    init(_ geocoding: GeocoderCollector, _ areas: AreaCollector, _ baseMap: BaseMapCollector?) {
        (self.geocoding, self.areas, self.baseMap) = (geocoding, areas, baseMap)
    }

    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        geocoding.node(id: id, location: location, tags: tags)
        areas.node(id: id, location: location, tags: tags)
        baseMap?.node(id: id, location: location, tags: tags)
    }

    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        geocoding.way(id: id, nodes: nodes, tags: tags)
        baseMap?.way(id: id, nodes: nodes, tags: tags)
    }

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
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

/// A value several parallel tasks read, let go of when the last of them is done with it (or
/// one task takes: the geocoder's source, the base map's collected shapes).
final class SharedUntilDone<T>: @unchecked Sendable {
    private var stored: T?
    private var users: Int
    private let lock = NSLock()
    init(_ value: T, users: Int) { (stored, self.users) = (value, users) }
    var value: T { lock.withLock { stored! } }
    /// `value`, and done with it: a task that is the only user frees the value when it is.
    func take() -> T {
        defer { done() }
        return value
    }
    func done() {
        lock.withLock {
            users -= 1
            if users == 0 { stored = nil }
        }
    }
}

/// Hands out 0, 1, 2… to the parallel tasks that ask, each index once.
final class NextIndex: Sendable {
    private let next = Atomic<Int>(0)
    /// The next index, nil once `count` have been handed out.
    func take(below count: Int) -> Int? {
        let k = next.add(1, ordering: .relaxed).oldValue
        return k < count ? k : nil
    }
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
    /// The value of slot `i`, which is left empty (so that the task that takes it holds the
    /// only copy).
    func take(_ i: Int) -> T {
        defer { slots[i] = nil }
        return slots[i]!
    }
}
