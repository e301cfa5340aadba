import WayfinderContraction
import WayfinderGraph

/// Everything one mode contributes to the graph file.
struct ModeBuild {
    let mode: TravelMode
    let network: RoadNetwork
    let search: SearchGraph
    let ch: ContractionHierarchy
    let base: BaseGraph
    /// Components, main network, snapping index, leaving segments and bearings (made beside
    /// the contraction's last steps).
    let extras: ModeExtras
    /// Wall time of each step of this mode, for the build summary: `network`, `search graph`,
    /// `contraction`, then the contraction's own steps as `contraction: STEP`
    /// (`ContractionStatistics.steps`), `components+snap index` and `bearings` (`ModeExtras`:
    /// these two run beside the contraction's last steps when a core is free for them).
    private(set) var timings: [(String, Double)] = []

    /// `timings` for the summary line: "network 0.5 s, …, contraction 3.9 s (rounds 2.9 s, …), …".
    static func describe(_ timings: [(String, Double)]) -> String {
        let inner = "contraction: "
        var parts: [String] = []
        for (name, seconds) in timings where !name.hasPrefix(inner) {
            var part = String(format: "%@ %.3f s", name, seconds)
            let steps = name == "contraction" ? timings.filter { $0.0.hasPrefix(inner) } : []
            if !steps.isEmpty {
                part += " (" + steps.map { String(format: "%@ %.3f s", String($0.0.dropFirst(inner.count)), $0.1) }
                    .joined(separator: ", ") + ")"
            }
            parts.append(part)
        }
        return parts.joined(separator: ", ")
    }

    /// The waves the modes are built in: the modes of a wave run at once, one task a core,
    /// costliest first, and a wave starts when the one before it has ended. Cycling comes
    /// alone, last: its turn graph's contraction is the build's largest transient (20x20:
    /// 3.4 GiB of its own), and beside another mode's contraction, or the networks of modes
    /// still waiting, the build went over 40 bytes an input node (3.9 GiB). By then the
    /// other modes' arrays are written and gone, and its contraction borrows every core
    /// (`CoreBudget`). Within a wave the costliest starts first (walking, at 10x10 7 s against
    /// driving's 5), so that with fewer cores than modes the last to start is a cheap one.
    static func waves(_ modes: [TravelMode]) -> [[Int]] {
        let order = costliestFirst(modes)
        let alone = order.filter { modes[$0] == .cycling }, together = order.filter { modes[$0] != .cycling }
        return [together, alone].filter { !$0.isEmpty }
    }

    /// The indices of `modes`, the costliest to build first: cycling's turn graph, then
    /// walking, then driving (at 10x10 their networks take 2.5, 2.0 and 0.8 s, their
    /// contractions 30, 9 and 6 s).
    static func costliestFirst(_ modes: [TravelMode]) -> [Int] {
        let cost: [TravelMode: Int] = [.cycling: 3, .walking: 2, .driving: 1]
        return modes.indices.sorted { cost[modes[$0], default: 0] > cost[modes[$1], default: 0] }
    }

    /// `network`: this mode's roads, cut in the build's network phase (`networkSeconds`).
    init(collector c: OSMCollector, network: RoadNetwork, networkSeconds: Double, mode: TravelMode, threads: Int,
         cores: CoreBudget? = nil, progress: BuildProgress.Track? = nil) {
        self.mode = mode
        self.network = network
        var laps = Laps()
        laps.add("network", seconds: networkSeconds)
        progress?.step("graph")
        search = mode.isTurnExpanded
            ? SearchGraph(turnExpanded: network, mode: mode, points: c.points, ways: c.ways,
                          restrictions: c.restrictions(of: mode), obstacles: c.obstacles, cores: cores)
            : SearchGraph(walking: network)
        base = BaseGraph(nodeCount: search.nodeCount, arcs: search.arcs)
        laps.lap("search graph")
        let preparing = ContinuousClock.now
        let copies = search.viaWay?.copies ?? []
        let keys = Self.mapOrderKeys(network.segments, copies: copies, points: c.points, nodeCount: search.nodeCount, mode: mode)
        let filters = mode == .driving ? Self.nodeFilters(network.segments, ways: c.ways, copies: copies) : nil
        var options = Self.contractionOptions(mode: mode, keys: keys, nodeFilters: filters, threads: threads)
        options.progress = progress
        options.cores = cores
        // Filled by the contraction before it returns (it waits for the work it runs beside).
        let made = UnsafeResults<ModeExtras>(count: 1)
        options.besideTheArrays = { [search, points = c.points, ways = c.ways] in
            made[0] = ModeExtras(mode: mode, network: network, search: search, points: points, ways: ways)
        }
        progress?.step("contraction", total: search.nodeCount, unit: "nodes")
        let keysSeconds = Laps.seconds(ContinuousClock.now - preparing)
        let contraction = buildContractionHierarchy(nodeCount: search.nodeCount, arcs: search.arcs, options: options)
        ch = contraction.hierarchy
        // Up to the end of its arrays: the extras may have been made after them on this thread.
        laps.add("contraction", seconds: keysSeconds + contraction.statistics.seconds)
        for step in contraction.statistics.steps { laps.add("contraction: \(step.name)", seconds: step.seconds) }
        extras = made.take(0)
        for (name, seconds) in extras.timings { laps.add(name, seconds: seconds) }
        progress?.step("done")
        timings = laps.steps.map { ($0.name, $0.seconds) }
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

    /// A mode's contraction options, the same for the import and for `wayfinder customize`:
    /// nodes stored in map order (`mapOrderKeys`), and, in the turn-expanded modes, whose arc
    /// payloads are all 0, a shortcut table whose original halves name their heads.
    static func contractionOptions(mode: TravelMode, keys: [UInt64], nodeFilters: [UInt8]?, threads: Int) -> ContractionOptions {
        var options = ContractionOptions(threads: threads, storageKeys: keys, nodeFilters: nodeFilters)
        options.leavesNameHeads = mode.isTurnExpanded
        return options
    }

    /// Where each search node lies on a Hilbert curve: a directed segment (driving) by its
    /// first point, an intersection (walking) by its position, a via-way restriction's copy
    /// of a directed segment where the segment lies.
    static func mapOrderKeys<Points: RandomAccessCollection<FixedCoordinate>>(
        _ segments: some Collection<RoadSegment>, copies: some Collection<Int32>, points: Points, nodeCount: Int, mode: TravelMode
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
        for (i, x) in copies.enumerated() { keys[2 * segments.count + i] = keys[Int(x)] }
        return keys
    }

    /// Adds this mode's sections, in this order (the file's bytes depend on it).
    func add(to writer: inout GraphFileWriter) {
        ModeRoads.add(segments: network.segments, segmentComponent: extras.segmentComponent, componentSize: extras.componentSizes,
                      nodeFirst: extras.leaving.first, nodeLeaving: extras.leaving.leaving, mode: mode, to: &writer)
        ch.add(to: &writer, mode: mode)
        base.add(to: &writer, mode: mode)
        extras.snap.add(to: &writer, mode: mode)
        SearchNodeCopies.add(search.viaWay?.copies ?? [], mode: mode, to: &writer)
        if mode.isTurnExpanded {
            let origins = ClosedTurnOrigins.bitset(search.closedTurnOrigins, count: 2 * network.segments.count)
            ClosedTurnOrigins.add(origins, mode: mode, to: &writer)
        }
        SegmentBearings.add(extras.bearings, mode: mode, to: &writer)
        if !network.segmentTransports.isEmpty { SegmentTransports.add(network.segmentTransports, mode: mode, to: &writer) }
    }
}

/// What the build's summary says of a mode once its sections are written (`GraphFileStream`)
/// and its arrays let go of: at 20x20 a finished mode's arrays are hundreds of MB that would
/// otherwise wait for the other mode's contraction.
struct ModeBuildReport {
    let mode: TravelMode
    let segments, searchNodes, arcs, hierarchyArcs, restrictionsApplied: Int
    let mainNetwork: MainNetworkShare
    let viaWayApplied, viaWayUnresolved, viaWayCopies: Int
    let timings: [(String, Double)]
    /// Stands for the mode's sections in the final writer.
    let sections: GraphFileWriter

    init(_ build: ModeBuild, sections: GraphFileWriter) {
        mode = build.mode
        (segments, searchNodes, arcs) = (build.network.segments.count, build.search.nodeCount, build.search.arcs.count)
        hierarchyArcs = build.ch.forwardArcs.count + build.ch.backwardArcs.count
        restrictionsApplied = build.search.restrictionsApplied
        mainNetwork = build.extras.mainNetwork
        let viaWay = build.search.viaWay
        (viaWayApplied, viaWayUnresolved, viaWayCopies) = (viaWay?.applied ?? 0, viaWay?.unresolved ?? 0, viaWay?.copies.count ?? 0)
        timings = build.timings
        self.sections = sections
    }
}
