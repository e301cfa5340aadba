/// The road network in the graph file: the road data every mode shares (`SharedRoads`) and
/// each mode's own network over it (`ModeRoads`). The importer cuts and writes them; the
/// query core views them in place.

/// Section kinds of the road network (see `GraphSections.swift` for all kinds). Numbers are
/// part of the file format: never reuse one. Case names are the sections' names in errors.
public enum RoadSection: UInt32, CaseIterable, Sendable {
    /// Shared by every mode (mode 0): the geometry of all segments (`[FixedCoordinate]`),
    /// the ways they were cut from (`[WayInfo]`), and the string table of way names and refs.
    case points = 10, ways = 11, stringOffsets = 12, stringBytes = 13
    /// Per mode: `[RoadSegment]`; the strongly connected component of each segment and the
    /// size of each component (`[Int32]`, by decreasing size: component 0 is the main
    /// network); and the directed segments leaving each intersection in CSR form (`[Int32]`
    /// offsets, `[Int32]` directed segments `2 * segment + (backward ? 1 : 0)`).
    case segments = 20, segmentComponent = 21, componentSize = 22, nodeFirst = 23, nodeLeaving = 24
}

/// The road data every mode shares, viewed in place in a graph file (which it keeps mapped).
public struct SharedRoads: @unchecked Sendable {  // read-only views of an immutable mapping
    public let file: GraphFile
    public let points: UnsafeBufferPointer<FixedCoordinate>
    public let ways: UnsafeBufferPointer<WayInfo>
    public let names: StringTable

    public init(file: GraphFile) throws(GraphFileError) {
        func require<T: BitwiseCopyable>(_ kind: RoadSection, _ type: T.Type) throws(GraphFileError) -> UnsafeBufferPointer<T> {
            try file.require(kind: kind.rawValue, mode: 0, as: type, name: "\(kind)")
        }
        self.file = file
        points = try require(.points, FixedCoordinate.self)
        ways = try require(.ways, WayInfo.self)
        names = try StringTable(file: file, offsetsKind: RoadSection.stringOffsets.rawValue,
                                bytesKind: RoadSection.stringBytes.rawValue)
    }

    /// Adds the shared sections, once per file.
    public static func add(points: [FixedCoordinate], ways: [WayInfo], names: StringTableBuilder,
                           to writer: inout GraphFileWriter) {
        writer.add(kind: RoadSection.points.rawValue, points)
        writer.add(kind: RoadSection.ways.rawValue, ways)
        names.add(to: &writer, offsetsKind: RoadSection.stringOffsets.rawValue, bytesKind: RoadSection.stringBytes.rawValue)
    }
}

/// One mode's road network, viewed in place in a graph file (which it keeps mapped):
/// the segments this mode may use, their components, and the segment ends at each
/// intersection.
public struct ModeRoads: @unchecked Sendable {  // read-only views of an immutable mapping
    public let file: GraphFile
    public let segments: UnsafeBufferPointer<RoadSegment>
    public let segmentComponent: UnsafeBufferPointer<Int32>
    public let componentSize: UnsafeBufferPointer<Int32>
    /// Directed segments leaving each intersection: `nodeLeaving[nodeFirst[v] ..< nodeFirst[v + 1]]`.
    public let nodeFirst: UnsafeBufferPointer<Int32>
    public let nodeLeaving: UnsafeBufferPointer<Int32>

    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        self.file = file
        segments = try file.require(RoadSection.segments, of: mode, as: RoadSegment.self)
        segmentComponent = try file.require(RoadSection.segmentComponent, of: mode, as: Int32.self)
        componentSize = try file.require(RoadSection.componentSize, of: mode, as: Int32.self)
        nodeFirst = try file.require(RoadSection.nodeFirst, of: mode, as: Int32.self)
        nodeLeaving = try file.require(RoadSection.nodeLeaving, of: mode, as: Int32.self)
    }

    /// Adds the sections of `mode`'s network.
    public static func add(segments: [RoadSegment], segmentComponent: [Int32], componentSize: [Int32],
                           nodeFirst: [Int32], nodeLeaving: [Int32], mode: TravelMode, to writer: inout GraphFileWriter) {
        let m = mode.rawValue
        writer.add(kind: RoadSection.segments.rawValue, mode: m, segments)
        writer.add(kind: RoadSection.segmentComponent.rawValue, mode: m, segmentComponent)
        writer.add(kind: RoadSection.componentSize.rawValue, mode: m, componentSize)
        writer.add(kind: RoadSection.nodeFirst.rawValue, mode: m, nodeFirst)
        writer.add(kind: RoadSection.nodeLeaving.rawValue, mode: m, nodeLeaving)
    }
}
