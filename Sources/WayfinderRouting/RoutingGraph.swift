import WayfinderGraph

/// One mode's routing data, viewed in place in a mapped graph file. Immutable and shared
/// by any number of threads; per-query state lives in `Router`.
public struct RoutingGraph: @unchecked Sendable {
    public let mode: TravelMode
    public let file: GraphFile
    public let points: UnsafeBufferPointer<FixedCoordinate>
    public let ways: UnsafeBufferPointer<WayInfo>
    public let names: StringTable
    /// The signs along ways (destinations, exit numbers, pronunciation); empty in a file
    /// written without them.
    public let signs: WaySignTable
    /// The turn lanes of ways (`turn:lanes`, per direction); empty in a file written without them.
    public let lanes: WayLaneTable
    /// The OSM node id of each point (empty in files written before they were kept).
    public let pointNodeIds: PointNodeIds
    /// Mappers' corrections of instructions (`type=maneuver` relations); empty in a file
    /// without any.
    public let maneuverOverrides: ManeuverOverrideTable
    public let segments: UnsafeBufferPointer<RoadSegment>
    /// The bearing each directed segment leaves its intersection with, measured at import;
    /// empty in a file written without them (the directions then measure them per route).
    public let bearings: SegmentBearings
    public let segmentComponent: PackedInts
    public let componentSize: UnsafeBufferPointer<Int32>
    /// Directed segments leaving each intersection: `nodeLeaving[nodeFirst[v] ..< nodeFirst[v + 1]]`.
    public let nodeFirst: UnsafeBufferPointer<Int32>
    public let nodeLeaving: UnsafeBufferPointer<Int32>
    public let hierarchy: ContractionHierarchy
    /// The hierarchy's core hops, unpacked in the background from when the graph is opened
    /// (nil without a core, or when opened with `unpackCoreHops: false`).
    public let coreHops: CoreHops?
    /// The core hops' expansions once unpacked, else nil.
    public var coreExpansions: CoreExpansions? { coreHops?.expansions }
    public let base: BaseGraph
    /// Where the base graph's turns close a road open to traffic (`ClosedTurnOrigins`).
    public let closedTurnOrigins: ClosedTurnOrigins
    /// Each direction's transport where the mode sets it per direction (`SegmentTransports`).
    public let transports: SegmentTransports
    public let snapGrid: SnapGrid
    /// The snapping index (`SnapIndex`): sorted keys of the non-empty grid cells, where each
    /// cell's segments start in `snapSegments` (`snapKeys.count + 1` offsets), and those.
    public let snapKeys: UnsafeBufferPointer<UInt32>
    public let snapCellFirst: UnsafeBufferPointer<Int32>
    public let snapSegments: PackedInts
    /// Pieces traffic closed both ways, by first point, ascending: not snapped to.
    public let snapClosedPieces: UnsafeBufferPointer<Int32>
    /// The pieces running on a traffic feed's speeds, and the sources' names.
    public let liveSpeeds: LiveSpeedTable
    /// Whether a traffic feed priced turns (`wayfinder customize --turn-penalty-file`): the
    /// base graph's arcs then hold turn costs the profile's angles do not give.
    public let hasTurnPenalties: Bool
    /// Driving: one bit per directed segment (`2 * segment + (backward ? 1 : 0)`), set where
    /// cars are restricted (`RestrictedRoads`); empty when no road is. Gathered from the way
    /// flags when the graph is opened, so that `Router` reads one small array per route piece
    /// instead of a segment and its way.
    public let restrictedDirections: [UInt64]
    /// A bit per node: whether a roundabout's way passes it (driving; gathered at open, so
    /// that the directions of a route passing a node ask one bit, not its roads).
    public let ringNodes: [UInt64]
    /// Turn-expanded modes: the directed segment each search node beyond `2 * segments.count`
    /// copies (via-way restrictions; empty without any). See `directedSegment(ofSearchNode:)`.
    public let searchNodeCopies: UnsafeBufferPointer<Int32>
    /// The reverse: the copies of each copied directed segment (few; empty without any).
    public let searchNodeCopiesOf: [Int32: [Int32]]

    /// Views one mode of an open graph file. `unpackCoreHops: false` skips `coreHops`,
    /// for callers that only read counts, or must validate the hierarchy before anything
    /// follows its arcs (`wayfinder verify`); `unpackingAfter` holds their unpacking until it
    /// says the file is sound (`CoreHops`).
    public init(file: GraphFile, mode: TravelMode, unpackCoreHops: Bool = true,
                unpackingAfter gate: (@Sendable () -> Bool)? = nil) throws(GraphFileError) {
        self.mode = mode
        self.file = file
        let roads = try SharedRoads(file: file)
        (points, ways, names) = (roads.points, roads.ways, roads.names)
        signs = WaySignTable(file: file)
        lanes = WayLaneTable(file: file)
        pointNodeIds = PointNodeIds(file: file)
        if let damage = pointNodeIds.validationError(pointCount: roads.points.count) {
            throw .invalidSection(path: file.path, section: "\(SectionKind.pointNodeIdBlocks)", reason: damage)
        }
        maneuverOverrides = ManeuverOverrideTable(file: file)
        let network = try ModeRoads(file: file, mode: mode)
        if let damage = network.validationError(wayCount: roads.ways.count, pointCount: roads.points.count) {
            throw .invalidSection(path: file.path, section: "\(mode) segments", reason: damage)
        }
        (segments, segmentComponent, componentSize) = (network.segments, network.segmentComponent, network.componentSize)
        (nodeFirst, nodeLeaving) = (network.nodeFirst, network.nodeLeaving)
        bearings = SegmentBearings(file: file, mode: mode, segmentCount: segments.count)
        hierarchy = try ContractionHierarchy(file: file, mode: mode)
        coreHops = unpackCoreHops ? CoreHops(hierarchy, of: file, after: gate) : nil
        base = try BaseGraph(file: file, mode: mode)
        closedTurnOrigins = ClosedTurnOrigins(file: file, mode: mode)
        transports = SegmentTransports(file: file, mode: mode, segmentCount: segments.count)
        restrictedDirections = mode == .driving ? Self.restrictedDirections(segments, ways) : []
        ringNodes = mode.isTurnExpanded ? Self.ringNodes(segments, ways, nodeCount: nodeFirst.count - 1) : []
        let snap = try SnapIndex(file: file, mode: mode)
        if let damage = snap.validationError(segmentCount: segments.count) {
            throw .invalidSection(path: file.path, section: "\(mode) \(SectionKind.snapSegments)", reason: damage)
        }
        (snapGrid, snapKeys, snapCellFirst, snapSegments) = (snap.grid, snap.cellKeys, snap.cellFirst, snap.segments)
        snapClosedPieces = snap.closedPieces
        liveSpeeds = LiveSpeedTable(file: file, mode: mode)
        hasTurnPenalties = mode == .driving && (Int(file.metadata["turn_penalty_rows"] ?? "") ?? 0) > 0
        if let damage = liveSpeeds.validationError(pointCount: points.count) {
            throw .invalidSection(path: file.path, section: "\(mode) \(SectionKind.liveSpeeds)", reason: damage)
        }
        searchNodeCopies = SearchNodeCopies.read(file: file, mode: mode)
        var copiesOf: [Int32: [Int32]] = [:]
        for (i, x) in searchNodeCopies.enumerated() { copiesOf[x, default: []].append(Int32(2 * segments.count + i)) }
        searchNodeCopiesOf = copiesOf
    }

    /// How directed segment `directed` is travelled: as the mode sets it for that direction
    /// (cycling: pushed, on a train), else as its way is (on the road, a ferry, a train).
    @inlinable public func transport(of directed: Int32) -> Transport {
        transports.transport(of: directed) ?? ways[Int(segments[Int(directed >> 1)].way)].wayTransport
    }

    /// Whether a route may start or end on segment `s` (OSRM's `is_startpoint`): by car not on
    /// a private service road or a ferry (`WayInfo.isCarStartpoint`), by bicycle not where
    /// every allowed direction is aboard a ferry or a train; on foot anywhere.
    @inlinable public func isStartpoint(segment s: Int) -> Bool {
        switch mode {
        case .driving: return ways[Int(segments[s].way)].isCarStartpoint
        case .walking: return true
        case .cycling:
            for directed in [Int32(2 * s), Int32(2 * s + 1)] where segments[s].allows(forward: directed & 1 == 0) {
                let transport = transport(of: directed)
                if transport == .road || transport == .pushing { return true }
            }
            return false
        }
    }

    /// Turn-expanded modes: the directed segment a search node stands for (itself, unless it
    /// is a via-way restriction's copy).
    @inlinable @inline(__always)
    public func directedSegment(ofSearchNode x: Int32) -> Int32 {
        let copy = Int(x) - 2 * segments.count
        return copy < 0 ? x : searchNodeCopies[copy]
    }

    /// Opens a graph file and views one mode of it.
    public init(path: String, mode: TravelMode, verifyChecksums: Bool = true) throws(GraphFileError) {
        try self.init(file: try GraphFile(path: path, verifyChecksums: verifyChecksums), mode: mode)
    }

    /// Position in `snapKeys` of grid cell `key`, nil if the index lists nothing there.
    @inlinable public func snapCell(key: UInt32) -> Int? {
        let i = firstSnapCell(atOrAfter: key)
        return i < snapKeys.count && snapKeys[i] == key ? i : nil
    }

    /// Position in `snapKeys` of the first non-empty cell whose key is `>= key` (binary search).
    @inlinable public func firstSnapCell(atOrAfter key: UInt32) -> Int {
        var lo = 0, hi = snapKeys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if snapKeys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private static func restrictedDirections(_ segments: UnsafeBufferPointer<RoadSegment>,
                                             _ ways: UnsafeBufferPointer<WayInfo>) -> [UInt64] {
        let mask = WayInfo.carRestrictedForward | WayInfo.carRestrictedBackward
        guard ways.contains(where: { $0.flags & mask != 0 }) else { return [] }
        var bits = [UInt64](repeating: 0, count: (2 * segments.count + 63) / 64)
        for (s, segment) in segments.enumerated() {
            let way = ways[Int(segment.way)]
            guard way.flags & mask != 0 else { continue }
            for x in [2 * s, 2 * s + 1] where way.isCarRestricted(forward: x & 1 == 0) {
                bits[x >> 6] |= 1 << UInt64(x & 63)
            }
        }
        return bits
    }

    private static func ringNodes(_ segments: UnsafeBufferPointer<RoadSegment>, _ ways: UnsafeBufferPointer<WayInfo>,
                                  nodeCount: Int) -> [UInt64] {
        guard ways.contains(where: { $0.flags & WayInfo.isRoundabout != 0 }) else { return [] }
        var bits = [UInt64](repeating: 0, count: (nodeCount + 63) / 64)
        for segment in segments where ways[Int(segment.way)].flags & WayInfo.isRoundabout != 0 {
            for v in [Int(segment.fromNode), Int(segment.toNode)] { bits[v >> 6] |= 1 << UInt64(v & 63) }
        }
        return bits
    }

    /// Whether a roundabout's way passes node `v` (`ringNodes`). Always inlined: a call from
    /// another module copied the whole graph value (a 792-byte `memcpy`) to pass it.
    @inlinable @inline(__always) public func isRingNode(_ v: Int) -> Bool {
        !ringNodes.isEmpty && ringNodes[v >> 6] & (1 << UInt64(v & 63)) != 0
    }

    /// Whether cars are restricted on directed segment `x` (`restrictedDirections`).
    @inlinable public func isRestricted(directed x: Int) -> Bool {
        !restrictedDirections.isEmpty && restrictedDirections[x >> 6] & (1 << UInt64(x & 63)) != 0
    }

    /// Search nodes a strongly connected component needs to count as a main network, not a
    /// tiny one (OSRM's `--small-component-size` default).
    public static let smallComponentSize: Int32 = 1000

    /// Whether a segment lies on a tiny component (fewer than `smallComponentSize` search
    /// nodes), which snapping avoids when a big one is within reach. On a network with no big
    /// component at all (a village, a test map, a cross of one-ways whose turn graph has no
    /// cycle) every segment is on one, so the nearest segment wins, as in OSRM.
    @inlinable public func isOnIsland(segment: Int32) -> Bool {
        componentSize[Int(segmentComponent[Int(segment)])] < Self.smallComponentSize
    }

    /// Whether the mode has a main network: a component of at least `smallComponentSize` nodes.
    @inlinable public var hasMainNetwork: Bool { (componentSize.first ?? 0) >= Self.smallComponentSize }

    /// Name of the way a segment belongs to ("" when unnamed).
    public func name(ofSegment s: Int32) -> String { names[ways[Int(segments[Int(s)].way)].name] }
}
