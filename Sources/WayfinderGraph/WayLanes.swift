/// The turn lanes painted on a way (`turn:lanes`), as OSRM's car profile reads them: one lane
/// description per direction ("left|through|through;right", lanes from left to right), which
/// the directions turn into OSRM's `intersections[].lanes`. Few ways carry any, so they live in
/// a sparse section of their own (like `WaySigns`), sorted by way and found by binary search; a
/// file written before the section existed has none, and every way reads as unmarked.

/// The lanes of one way: ids in the shared string table (`SectionKind.roadStringBytes`) of the
/// lane description in each direction of the way, 0 for none.
public struct WayLanes: BitwiseCopyable, Equatable, Sendable {
    public var way: Int32
    public var forward: Int32
    public var backward: Int32

    public init(way: Int32, forward: Int32, backward: Int32) {
        (self.way, self.forward, self.backward) = (way, forward, backward)
    }

    /// Whether neither direction has lanes (not worth storing).
    public var isEmpty: Bool { forward == 0 && backward == 0 }
}

/// The way lanes of a graph file, viewed in place; empty in a file without the section.
public struct WayLaneTable: @unchecked Sendable {  // a read-only view of an immutable mapping
    public let lanes: UnsafeBufferPointer<WayLanes>

    public init(file: GraphFile) {
        lanes = file.section(kind: SectionKind.wayLanes.rawValue, mode: 0, as: WayLanes.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The string id of the lanes of `way` in the direction travelled, 0 when it has none.
    @inline(__always)
    public func lanes(ofWay way: Int32, forward: Bool) -> Int32 {
        guard !lanes.isEmpty else { return 0 }
        var low = 0, high = lanes.count
        while low < high {
            let mid = (low + high) / 2
            if lanes[mid].way < way { low = mid + 1 } else { high = mid }
        }
        guard low < lanes.count && lanes[low].way == way else { return 0 }
        return forward ? lanes[low].forward : lanes[low].backward
    }

    /// Adds the section, only when some way has lanes; `lanes` must be sorted by way.
    public static func add(_ lanes: [WayLanes], to writer: inout GraphFileWriter) {
        guard !lanes.isEmpty else { return }
        precondition(zip(lanes, lanes.dropFirst()).allSatisfy { $0.way < $1.way }, "way lanes not sorted by way")
        writer.add(kind: SectionKind.wayLanes.rawValue, lanes)
    }
}
