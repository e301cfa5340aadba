/// Every section kind of the graph file, in one place: its number, its name, which data
/// owns it and whether each mode has its own.
///
/// Kind numbers are part of the file format: never change or reuse one (a file written
/// before a kind existed simply lacks it; a reused number would be misread). Each kind of
/// data still writes and reads its sections next to its type (the owner named in each
/// group below); this file only numbers them, so that a new kind is numbered where every
/// other number is visible. `SectionKindTests` checks that the numbers and names are unique
/// and that every section a real build writes is listed in `all`.
///
/// ```
///   1       the container's metadata (GraphFile)
///  10...13  road data shared by every mode        20...24  one mode's road network
///  14       the signs of ways (WaySignTable)       25       its search nodes' copies (SearchNodeCopies)
///  15       maneuver overrides (ManeuverOverrideTable)  26  its roads' bearings (SegmentBearings)
///  16       the turn lanes of ways (WayLaneTable)  27       its closed turns' origins (ClosedTurnOrigins)
///                                                 28       its directions' transports (SegmentTransports)
///                                                 29       its imported weights (Customizer)
///  30...39  one mode's contraction hierarchy      40...45  one mode's base graph (42, 43, 45: as imported)
///  90       its shortcuts' middles (walking)
///  91...96  its shortcut arcs, their ids and original arcs' payloads (ShortcutArcMap)
///  50...55  one mode's snapping index             60...67  driving: the exclusion filters (HierarchyFilters)
///  70...73  the OSM node ids of the points (PointNodeIds)
///  80...87  the base map of /tiles (BaseMapSections.swift)
/// 100...116, 120...127, 130...134  the geocoder index (WayfinderGeocoding)
/// ```
///
/// Shared sections have mode 0; a per-mode kind is written once per mode, under the mode's
/// raw value, so every mode uses the same numbers.
public struct SectionKind: Hashable, Sendable, CustomStringConvertible {
    /// The data a kind belongs to (and the type that writes and reads it).
    public enum Group: Sendable, CaseIterable {
        case container, sharedRoads, modeRoads, hierarchy, baseGraph, snapIndex, exclusionFilters
        case pointNodeIds, baseMap, geocoder
    }

    /// The number in the file's section table.
    public let rawValue: UInt32
    /// What errors call the section ("segments", "geocoder grid"; a mode's sections are
    /// named "<mode> <name>", "driving chShortcuts").
    public let name: String
    public let group: Group
    /// Written once per mode under the mode's raw value (else once, under mode 0).
    public let perMode: Bool

    init(_ rawValue: UInt32, _ name: String, _ group: Group, perMode: Bool = false) {
        (self.rawValue, self.name, self.group, self.perMode) = (rawValue, name, group, perMode)
    }

    /// The registered kind numbered `rawValue`, nil for a number no kind has.
    public init?(rawValue: UInt32) {
        guard let kind = SectionKind.byNumber[rawValue] else { return nil }
        self = kind
    }

    public var description: String { name }

    private static let byNumber = Dictionary(all.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}

extension SectionKind {
    // MARK: The container (GraphFile, GraphFileWriter)

    /// Build time, source and generator; reserved: `GraphFileWriter.add` rejects it.
    public static let metadata = SectionKind(1, "metadata", .container)

    // MARK: Road data shared by every mode (RoadSections.swift: SharedRoads; sparse tables beside their types)

    /// The geometry of all segments (`[FixedCoordinate]`).
    public static let points = SectionKind(10, "points", .sharedRoads)
    /// The ways the segments were cut from (`[WayInfo]`).
    public static let ways = SectionKind(11, "ways", .sharedRoads)
    /// The string table of way names and refs (`StringTable` layout).
    public static let roadStringOffsets = SectionKind(12, "stringOffsets", .sharedRoads)
    public static let roadStringBytes = SectionKind(13, "stringBytes", .sharedRoads)
    /// `[WaySigns]`, sorted by `way`, only ways with at least one sign (`WaySignTable`).
    public static let waySigns = SectionKind(14, "waySigns", .sharedRoads)
    /// `[ManeuverOverride]`, sorted by `via` (latitude, then longitude) (`ManeuverOverrideTable`).
    public static let maneuverOverrides = SectionKind(15, "maneuverOverrides", .sharedRoads)
    /// `[WayLanes]`, sorted by `way`, only ways with lanes in at least one direction (`WayLaneTable`).
    public static let wayLanes = SectionKind(16, "wayLanes", .sharedRoads)

    // MARK: One mode's road network (RoadSections.swift: ModeRoads, and the tables beside it)

    /// `[RoadSegment]`.
    public static let segments = SectionKind(20, "segments", .modeRoads, perMode: true)
    /// The strongly connected component of each segment and the size of each component
    /// (`PackedInts` since format 7, and `[Int32]`), by decreasing size: component 0 is the
    /// main network.
    public static let segmentComponent = SectionKind(21, "segmentComponent", .modeRoads, perMode: true)
    public static let componentSize = SectionKind(22, "componentSize", .modeRoads, perMode: true)
    /// The directed segments leaving each intersection in CSR form (`[Int32]` offsets,
    /// `[Int32]` directed segments `2 * segment + (backward ? 1 : 0)`).
    public static let nodeFirst = SectionKind(23, "nodeFirst", .modeRoads, perMode: true)
    public static let nodeLeaving = SectionKind(24, "nodeLeaving", .modeRoads, perMode: true)
    /// `[Int32]`: the directed segment each search node beyond `2 * segments` copies (`SearchNodeCopies`).
    public static let searchNodeCopies = SectionKind(25, "searchNodeCopies", .modeRoads, perMode: true)
    /// `[UInt16]`, one per directed segment: the bearing the segment leaves its start node
    /// with, in 65536ths of a full circle (`SegmentBearings`).
    public static let segmentBearings = SectionKind(26, "segmentBearings", .modeRoads, perMode: true)
    /// `[UInt64]`: one bit per directed segment (`ClosedTurnOrigins`).
    public static let closedTurnOrigins = SectionKind(27, "closedTurnOrigins", .modeRoads, perMode: true)
    /// `[UInt8]`, one per segment: each direction's `Transport` where the mode sets it per
    /// direction (cycling: pushed, on a train) (`SegmentTransports`).
    public static let segmentTransports = SectionKind(28, "segmentTransports", .modeRoads, perMode: true)
    /// `[Int32]`, forward and backward weight per segment as the import set them: written by
    /// `wayfinder customize`, whose traffic files apply to these (`Customizer`).
    public static let importedSegmentWeights = SectionKind(29, "importedSegmentWeights", .modeRoads, perMode: true)
    /// `[LiveSpeed]`, ascending by key: the pieces a traffic feed's speeds apply to
    /// (`LiveSpeedTable`; written by `wayfinder customize` when there are any).
    public static let liveSpeeds = SectionKind(19, "liveSpeeds", .modeRoads, perMode: true)

    // MARK: One mode's contraction hierarchy (ContractionHierarchySections.swift), one per array in its order

    public static let chRankOfNode = SectionKind(30, "chRankOfNode", .hierarchy, perMode: true)
    public static let chNodeAtRank = SectionKind(31, "chNodeAtRank", .hierarchy, perMode: true)
    public static let chForwardFirst = SectionKind(32, "chForwardFirst", .hierarchy, perMode: true)
    public static let chForwardArcs = SectionKind(33, "chForwardArcs", .hierarchy, perMode: true)
    public static let chBackwardFirst = SectionKind(34, "chBackwardFirst", .hierarchy, perMode: true)
    public static let chBackwardArcs = SectionKind(35, "chBackwardArcs", .hierarchy, perMode: true)
    public static let chSelfLoops = SectionKind(36, "chSelfLoops", .hierarchy, perMode: true)
    public static let chShortcuts = SectionKind(37, "chShortcuts", .hierarchy, perMode: true)
    public static let chCoreDistances = SectionKind(38, "chCoreDistances", .hierarchy, perMode: true)
    public static let chCoreNextHop = SectionKind(39, "chCoreNextHop", .hierarchy, perMode: true)
    /// `[Int32]`, the middle node of each shortcut; only where original arc halves name their
    /// payloads (walking), absent where they name their heads (`ContractionHierarchy`). Its
    /// number is past the tens the hierarchy's other arrays fill (format 5).
    public static let chShortcutMiddles = SectionKind(90, "chShortcutMiddles", .hierarchy, perMode: true)
    /// Which stored arcs are shortcuts, per direction (`ShortcutArcMap`: `[UInt64]` bits,
    /// `[UInt32]` counts before each word), the shortcut arcs' ids and the original arcs'
    /// payloads (`[Int32]` each, forward arcs' then backward arcs'; payloads empty where all
    /// are 0) (format 6).
    public static let chForwardShortcutBits = SectionKind(91, "chForwardShortcutBits", .hierarchy, perMode: true)
    public static let chForwardShortcutsBefore = SectionKind(92, "chForwardShortcutsBefore", .hierarchy, perMode: true)
    public static let chBackwardShortcutBits = SectionKind(93, "chBackwardShortcutBits", .hierarchy, perMode: true)
    public static let chBackwardShortcutsBefore = SectionKind(94, "chBackwardShortcutsBefore", .hierarchy, perMode: true)
    public static let chShortcutArcIds = SectionKind(95, "chShortcutArcIds", .hierarchy, perMode: true)
    public static let chOriginalPayloads = SectionKind(96, "chOriginalPayloads", .hierarchy, perMode: true)

    // MARK: One mode's base graph (BaseGraph.swift)

    /// `[Int32]` `first` and `[BaseArc]` `arcs`.
    public static let baseFirst = SectionKind(40, "baseFirst", .baseGraph, perMode: true)
    public static let baseArcs = SectionKind(41, "baseArcs", .baseGraph, perMode: true)
    /// The base graph as the import built it, kept by `wayfinder customize` (`Customizer`).
    public static let importedBaseFirst = SectionKind(42, "importedBaseFirst", .baseGraph, perMode: true)
    public static let importedBaseArcs = SectionKind(43, "importedBaseArcs", .baseGraph, perMode: true)
    /// `[Int32]`, each arc's payload, only where one is not 0 (walking: the directed segment);
    /// before format 5 the payload was part of each arc.
    public static let basePayloads = SectionKind(44, "basePayloads", .baseGraph, perMode: true)
    public static let importedBasePayloads = SectionKind(45, "importedBasePayloads", .baseGraph, perMode: true)

    // MARK: One mode's snapping index (SnapIndex.swift)

    /// `[SnapGrid]`, one element.
    public static let snapGrid = SectionKind(50, "snapGrid", .snapIndex, perMode: true)
    /// `[UInt32]` `cellKeys`, `[Int32]` `cellFirst` and `segments` (`PackedInts` since
    /// format 7). (52 was the per-piece `[SnapEntry]` list of import revisions before 4:
    /// retired, never reuse it.)
    public static let snapKeys = SectionKind(51, "snapKeys", .snapIndex, perMode: true)
    public static let snapCellFirst = SectionKind(53, "snapCellFirst", .snapIndex, perMode: true)
    public static let snapSegments = SectionKind(54, "snapSegments", .snapIndex, perMode: true)
    /// `[Int32]`, ascending: the first points of pieces traffic closed both ways, which
    /// snapping passes over (written by `wayfinder customize` when there are any).
    public static let snapClosedPieces = SectionKind(55, "snapClosedPieces", .snapIndex, perMode: true)

    // MARK: Driving: the hierarchy's exclusion filters (HierarchyFilters.swift)

    public static let rankFilters = SectionKind(60, "rankFilters", .exclusionFilters, perMode: true)
    public static let coreMasks = SectionKind(61, "coreMasks", .exclusionFilters, perMode: true)
    public static let extraFirst = SectionKind(62, "extraFirst", .exclusionFilters, perMode: true)
    public static let extraForwardArcs = SectionKind(63, "extraForwardArcs", .exclusionFilters, perMode: true)
    public static let extraBackwardArcs = SectionKind(64, "extraBackwardArcs", .exclusionFilters, perMode: true)
    public static let extraMasks = SectionKind(65, "extraMasks", .exclusionFilters, perMode: true)
    public static let extraLoops = SectionKind(66, "extraLoops", .exclusionFilters, perMode: true)
    public static let extraLoopMasks = SectionKind(67, "extraLoopMasks", .exclusionFilters, perMode: true)

    // MARK: The OSM node ids of the shared points (PointNodeIds.swift)

    /// Import revision 4 and before: the low 32 bits of each point's node id, by point index.
    public static let pointNodeIdLow = SectionKind(70, "pointNodeIdLow", .pointNodeIds)
    /// The bits above, one byte per point: ids below 2^40 (OSM's are below 2^34 today).
    public static let pointNodeIdHigh = SectionKind(71, "pointNodeIdHigh", .pointNodeIds)
    /// Since revision 5: `PointNodeIds.Block` per 128 points (first id, deltas' offset, count).
    public static let pointNodeIdBlocks = SectionKind(72, "pointNodeIdBlocks", .pointNodeIds)
    /// The zigzag varint deltas between consecutive points' ids within a block.
    public static let pointNodeIdDeltas = SectionKind(73, "pointNodeIdDeltas", .pointNodeIds)

    // MARK: The base map of /tiles (BaseMapSections.swift describes the layout)

    public static let baseMapHeader = SectionKind(80, "base map header", .baseMap)
    public static let baseMapFeatures = SectionKind(81, "base map features", .baseMap)
    public static let baseMapGeometry = SectionKind(82, "base map geometry", .baseMap)
    public static let baseMapCellOffsets = SectionKind(83, "base map cellOffsets", .baseMap)
    public static let baseMapCellFeatures = SectionKind(84, "base map cellFeatures", .baseMap)
    public static let baseMapLabels = SectionKind(85, "base map labels", .baseMap)
    public static let baseMapStringOffsets = SectionKind(86, "base map stringOffsets", .baseMap)
    public static let baseMapStringBytes = SectionKind(87, "base map stringBytes", .baseMap)
}

extension SectionKind {
    // MARK: The geocoder index (WayfinderGeocoding: GeocoderIndexBuilder, Geocoder; all mode 0)

    /// `[SnapGrid]`, one element: the grid both spatial indexes use.
    public static let geocoderGrid = SectionKind(100, "geocoder grid", .geocoder)
    /// String table (`StringTable` layout) of every text an item shows.
    public static let geocoderStringOffsets = SectionKind(101, "geocoder stringOffsets", .geocoder)
    public static let geocoderStringBytes = SectionKind(102, "geocoder stringBytes", .geocoder)
    /// `[GeocoderItem]`, sorted by grid cell, and `[UInt32]`: the cell key of each item.
    public static let geocoderItems = SectionKind(103, "geocoder items", .geocoder)
    public static let geocoderItemCells = SectionKind(104, "geocoder itemCells", .geocoder)
    /// The sorted token table: byte offsets (`[UInt32]`, count + 1), bytes, letter masks.
    public static let tokenOffsets = SectionKind(105, "geocoder tokenOffsets", .geocoder)
    public static let tokenBytes = SectionKind(106, "geocoder tokenBytes", .geocoder)
    public static let tokenMasks = SectionKind(107, "geocoder tokenMasks", .geocoder)
    /// `postings[postingOffsets[t] ..< postingOffsets[t + 1]]` (`[UInt32]` offsets): the
    /// items holding token `t`, ascending, each `item << 1 | 1` when only in a context field.
    public static let postingOffsets = SectionKind(108, "geocoder postingOffsets", .geocoder)
    public static let postings = SectionKind(109, "geocoder postings", .geocoder)
    /// Street geometry (`[FixedCoordinate]`), its pieces (`[StreetPiece]`, by first point),
    /// and its grid: cell keys (`[UInt32]`, sorted) and the first point of the segment each
    /// key lists (`PackedInts` since format 7).
    public static let streetPoints = SectionKind(110, "geocoder streetPoints", .geocoder)
    public static let streetPieces = SectionKind(111, "geocoder streetPieces", .geocoder)
    public static let streetCellKeys = SectionKind(112, "geocoder streetCellKeys", .geocoder)
    public static let streetSegments = SectionKind(113, "geocoder streetSegments", .geocoder)
    /// Other names (`GeocoderResult.names`): `[UInt32]` offsets, items + 1, counting pairs,
    /// and `[Int32]` (key, value) string ids, two per name. Optional: older files have none.
    public static let otherNameOffsets = SectionKind(114, "geocoder otherNameOffsets", .geocoder)
    public static let otherNames = SectionKind(115, "geocoder otherNames", .geocoder)
    /// Every item's index ordered by OSM object (`GeocoderOSMIndex`: type, then id, then
    /// index), in `PackedInts`. Optional: a file written before it has none, and its order
    /// is sorted when the file is opened.
    public static let geocoderOSMOrder = SectionKind(116, "geocoder osmOrder", .geocoder)
    /// Areas (`[GeocoderArea]`, by level, a sentinel last), their rings (`[AreaRing]`, a
    /// sentinel last) and points (`[FixedCoordinate]`), their own string table, and the area
    /// grid (`[SnapGrid]`, one; `areaCellAreas[areaCellOffsets[c] ..< areaCellOffsets[c + 1]]`:
    /// the areas whose box touches cell `c`). Absent in files built before areas existed.
    public static let areas = SectionKind(120, "geocoder areas", .geocoder)
    public static let areaRings = SectionKind(121, "geocoder areaRings", .geocoder)
    public static let areaPoints = SectionKind(122, "geocoder areaPoints", .geocoder)
    public static let areaStringOffsets = SectionKind(123, "geocoder areaStringOffsets", .geocoder)
    public static let areaStringBytes = SectionKind(124, "geocoder areaStringBytes", .geocoder)
    public static let areaGrid = SectionKind(125, "geocoder areaGrid", .geocoder)
    public static let areaCellOffsets = SectionKind(126, "geocoder areaCellOffsets", .geocoder)
    public static let areaCellAreas = SectionKind(127, "geocoder areaCellAreas", .geocoder)
    /// POI data (`PoiIndex`): its own string table, `[PoiTag]` (extra tags, by item),
    /// `[PoiFootprint]` (boxes of POI areas and of the buildings POI nodes lie in, by item),
    /// and `[Int32]`: ids of the distinct searchable `key=value` texts, in byte order.
    public static let poiStringOffsets = SectionKind(130, "geocoder poiStringOffsets", .geocoder)
    public static let poiStringBytes = SectionKind(131, "geocoder poiStringBytes", .geocoder)
    public static let poiTags = SectionKind(132, "geocoder poiTags", .geocoder)
    public static let poiFootprints = SectionKind(133, "geocoder poiFootprints", .geocoder)
    public static let poiVocabulary = SectionKind(134, "geocoder poiVocabulary", .geocoder)
}

extension SectionKind {
    /// Every kind above, by number. A kind missing here is one `SectionKindTests` finds in a
    /// built file without a registration.
    public static let all: [SectionKind] = [
        metadata,
        points, ways, roadStringOffsets, roadStringBytes, waySigns, maneuverOverrides, wayLanes,
        liveSpeeds, segments, segmentComponent, componentSize, nodeFirst, nodeLeaving, searchNodeCopies, segmentBearings,
        closedTurnOrigins, segmentTransports, importedSegmentWeights,
        chRankOfNode, chNodeAtRank, chForwardFirst, chForwardArcs, chBackwardFirst, chBackwardArcs, chSelfLoops,
        chShortcuts, chCoreDistances, chCoreNextHop,
        baseFirst, baseArcs, importedBaseFirst, importedBaseArcs, basePayloads, importedBasePayloads,
        snapGrid, snapKeys, snapCellFirst, snapSegments, snapClosedPieces,
        rankFilters, coreMasks, extraFirst, extraForwardArcs, extraBackwardArcs, extraMasks, extraLoops, extraLoopMasks,
        pointNodeIdLow, pointNodeIdHigh, pointNodeIdBlocks, pointNodeIdDeltas,
        baseMapHeader, baseMapFeatures, baseMapGeometry, baseMapCellOffsets, baseMapCellFeatures, baseMapLabels,
        baseMapStringOffsets, baseMapStringBytes, chShortcutMiddles,
        chForwardShortcutBits, chForwardShortcutsBefore, chBackwardShortcutBits, chBackwardShortcutsBefore, chShortcutArcIds, chOriginalPayloads,
        geocoderGrid, geocoderStringOffsets, geocoderStringBytes, geocoderItems, geocoderItemCells,
        tokenOffsets, tokenBytes, tokenMasks, postingOffsets, postings,
        streetPoints, streetPieces, streetCellKeys, streetSegments, otherNameOffsets, otherNames, geocoderOSMOrder,
        areas, areaRings, areaPoints, areaStringOffsets, areaStringBytes, areaGrid, areaCellOffsets, areaCellAreas,
        poiStringOffsets, poiStringBytes, poiTags, poiFootprints, poiVocabulary,
    ]

    /// Whether `kind` is one of `group`'s (a section of a newer build reads as no group's).
    public static func kind(_ kind: UInt32, isIn group: Group) -> Bool {
        SectionKind(rawValue: kind)?.group == group
    }
}

extension GraphFile {
    /// Section `kind` of `mode` viewed as `T`, named "<mode> <name>" ("driving chShortcuts")
    /// when it is missing or has the wrong element size.
    func require<T: BitwiseCopyable>(
        _ kind: SectionKind, of mode: TravelMode, as type: T.Type
    ) throws(GraphFileError) -> UnsafeBufferPointer<T> {
        try require(kind: kind.rawValue, mode: mode.rawValue, as: type, name: "\(mode) \(kind.name)")
    }
}
