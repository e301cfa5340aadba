/// The road network in the graph file: the road data every mode shares (`SharedRoads`) and
/// each mode's own network over it (`ModeRoads`). The importer cuts and writes them; the
/// query core views them in place.

/// The road data every mode shares, viewed in place in a graph file (which it keeps mapped).
public struct SharedRoads: @unchecked Sendable {  // read-only views of an immutable mapping
    public let file: GraphFile
    public let points: UnsafeBufferPointer<FixedCoordinate>
    public let ways: UnsafeBufferPointer<WayInfo>
    public let names: StringTable

    public init(file: GraphFile) throws(GraphFileError) {
        func require<T: BitwiseCopyable>(_ kind: SectionKind, _ type: T.Type) throws(GraphFileError) -> UnsafeBufferPointer<T> {
            try file.require(kind: kind.rawValue, mode: 0, as: type, name: kind.name)
        }
        self.file = file
        points = try require(.points, FixedCoordinate.self)
        ways = try require(.ways, WayInfo.self)
        names = try StringTable(file: file, offsetsKind: SectionKind.roadStringOffsets.rawValue,
                                bytesKind: SectionKind.roadStringBytes.rawValue)
    }

    /// Adds the shared sections, once per file.
    public static func add(points: [FixedCoordinate], ways: [WayInfo], names: StringTableBuilder,
                           to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.points.rawValue, points)
        writer.add(kind: SectionKind.ways.rawValue, ways)
        names.add(to: &writer, offsetsKind: SectionKind.roadStringOffsets.rawValue, bytesKind: SectionKind.roadStringBytes.rawValue)
    }
}

/// One mode's road network, viewed in place in a graph file (which it keeps mapped):
/// the segments this mode may use, their components, and the segment ends at each
/// intersection.
public struct ModeRoads: @unchecked Sendable {  // read-only views of an immutable mapping
    public let file: GraphFile
    public let segments: UnsafeBufferPointer<RoadSegment>
    /// Each segment's component (0: the largest), in as many bits as the last needs.
    public let segmentComponent: PackedInts
    public let componentSize: UnsafeBufferPointer<Int32>
    /// Directed segments leaving each intersection: `nodeLeaving[nodeFirst[v] ..< nodeFirst[v + 1]]`.
    public let nodeFirst: UnsafeBufferPointer<Int32>
    public let nodeLeaving: UnsafeBufferPointer<Int32>

    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        self.file = file
        segments = try file.require(SectionKind.segments, of: mode, as: RoadSegment.self)
        segmentComponent = PackedInts(words: try file.require(SectionKind.segmentComponent, of: mode, as: UInt64.self))
        componentSize = try file.require(SectionKind.componentSize, of: mode, as: Int32.self)
        nodeFirst = try file.require(SectionKind.nodeFirst, of: mode, as: Int32.self)
        nodeLeaving = try file.require(SectionKind.nodeLeaving, of: mode, as: Int32.self)
    }

    /// What is wrong with the segments' references into the other sections, nil when each
    /// names a way of `wayCount`, points of `pointCount` in order and intersections of this
    /// network. The query core follows them without checks (its loops are built unchecked),
    /// so a file whose checksums match but whose contents do not must stop here.
    public func validationError(wayCount: Int, pointCount: Int) -> String? {
        if let damage = Self.validationError(segments: segments, nodeCount: nodeFirst.count - 1, wayCount: wayCount,
                                             pointCount: pointCount) {
            return damage
        }
        if let problem = segmentComponent.validationError { return "components: \(problem)" }
        guard segmentComponent.count == segments.count else { return "has \(segmentComponent.count) components for \(segments.count) segments" }
        if let s = segmentComponent.firstIndex(notBelow: componentSize.count) {
            return "names component \(segmentComponent[s]) of \(componentSize.count)"
        }
        var previous: Int32 = 0
        for first in nodeFirst {
            guard first >= previous, Int(first) <= nodeLeaving.count else { return "intersection offsets out of order" }
            previous = first
        }
        for x in nodeLeaving where x < 0 || Int(x) >= 2 * segments.count {
            return "lists directed segment \(x) of \(2 * segments.count) at an intersection"
        }
        return nil
    }

    /// The segments' own references, over the arrays themselves (as tests make them).
    public static func validationError(segments: UnsafeBufferPointer<RoadSegment>, nodeCount: Int, wayCount: Int,
                                       pointCount: Int) -> String? {
        for (i, s) in segments.enumerated() {
            guard s.way >= 0, Int(s.way) < wayCount else { return "segment \(i) names way \(s.way) of \(wayCount)" }
            guard s.firstPoint >= 0, s.firstPoint <= s.lastPoint, Int(s.lastPoint) < pointCount
            else { return "segment \(i) names points \(s.firstPoint)...\(s.lastPoint) of \(pointCount)" }
            guard s.fromNode >= 0, Int(s.fromNode) < nodeCount, s.toNode >= 0, Int(s.toNode) < nodeCount
            else { return "segment \(i) joins intersections \(s.fromNode) and \(s.toNode) of \(nodeCount)" }
        }
        return nil
    }

    /// Adds the sections of `mode`'s network.
    public static func add(segments: [RoadSegment], segmentComponent: [Int32], componentSize: [Int32],
                           nodeFirst: [Int32], nodeLeaving: [Int32], mode: TravelMode, to writer: inout GraphFileWriter) {
        let m = mode.rawValue
        writer.add(kind: SectionKind.segments.rawValue, mode: m, segments)
        writer.add(kind: SectionKind.segmentComponent.rawValue, mode: m, PackedInts.words(segmentComponent))
        writer.add(kind: SectionKind.componentSize.rawValue, mode: m, componentSize)
        writer.add(kind: SectionKind.nodeFirst.rawValue, mode: m, nodeFirst)
        writer.add(kind: SectionKind.nodeLeaving.rawValue, mode: m, nodeLeaving)
    }
}
