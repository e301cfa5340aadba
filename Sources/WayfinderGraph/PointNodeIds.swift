/// The OSM node id of every shared point (`SharedRoads.points`), for OSRM's `nodes`
/// annotation. Five bytes a point (a `UInt32` and a `UInt8` array, read in place); absent in
/// files written before it (then `isEmpty`, and the annotation is refused).
public struct PointNodeIds: @unchecked Sendable {  // read-only views of an immutable mapping
    let low: UnsafeBufferPointer<UInt32>
    let high: UnsafeBufferPointer<UInt8>

    public init(file: GraphFile) {
        let low = file.section(kind: SectionKind.pointNodeIdLow.rawValue, mode: 0, as: UInt32.self)
        let high = file.section(kind: SectionKind.pointNodeIdHigh.rawValue, mode: 0, as: UInt8.self)
        if let low, let high, low.count == high.count {
            (self.low, self.high) = (low, high)
        } else {
            (self.low, self.high) = (UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    public var isEmpty: Bool { low.isEmpty }
    /// Points with an id (the shared points' count, or 0).
    public var count: Int { low.count }

    /// The node id of point `i`.
    @inline(__always)
    public subscript(i: Int) -> Int64 { Int64(high[i]) << 32 | Int64(low[i]) }

    /// Writes the ids, one per point in point order (ids must be in 0..<2^40).
    public static func add(_ ids: [Int64], to writer: inout GraphFileWriter) {
        precondition(ids.allSatisfy { $0 >= 0 && $0 < 1 << 40 }, "OSM node ids beyond 40 bits")
        writer.add(kind: SectionKind.pointNodeIdLow.rawValue, ids.map { UInt32(truncatingIfNeeded: $0) })
        writer.add(kind: SectionKind.pointNodeIdHigh.rawValue, ids.map { UInt8(truncatingIfNeeded: $0 >> 32) })
    }
}
