/// Section kinds of the OSM node ids of the shared points (see `GraphSections.swift`), mode 0.
public enum PointNodeIdSection: UInt32 {
    /// The low 32 bits of each point's node id, by point index.
    case low = 70
    /// The bits above, one byte per point: ids below 2^40 (OSM's are below 2^34 today).
    case high = 71
}

/// The OSM node id of every shared point (`SharedRoads.points`), for OSRM's `nodes`
/// annotation. Five bytes a point (a `UInt32` and a `UInt8` array, read in place); absent in
/// files written before it (then `isEmpty`, and the annotation is refused).
public struct PointNodeIds: @unchecked Sendable {  // read-only views of an immutable mapping
    let low: UnsafeBufferPointer<UInt32>
    let high: UnsafeBufferPointer<UInt8>

    public init(file: GraphFile) {
        let low = file.section(kind: PointNodeIdSection.low.rawValue, mode: 0, as: UInt32.self)
        let high = file.section(kind: PointNodeIdSection.high.rawValue, mode: 0, as: UInt8.self)
        if let low, let high, low.count == high.count {
            (self.low, self.high) = (low, high)
        } else {
            (self.low, self.high) = (UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    public var isEmpty: Bool { low.isEmpty }

    /// The node id of point `i`.
    @inline(__always)
    public subscript(i: Int) -> Int64 { Int64(high[i]) << 32 | Int64(low[i]) }

    /// Writes the ids, one per point in point order (ids must be in 0..<2^40).
    public static func add(_ ids: [Int64], to writer: inout GraphFileWriter) {
        precondition(ids.allSatisfy { $0 >= 0 && $0 < 1 << 40 }, "OSM node ids beyond 40 bits")
        writer.add(kind: PointNodeIdSection.low.rawValue, ids.map { UInt32(truncatingIfNeeded: $0) })
        writer.add(kind: PointNodeIdSection.high.rawValue, ids.map { UInt8(truncatingIfNeeded: $0 >> 32) })
    }
}
