/// The bearing each directed segment leaves its intersection with (`PerceivedBearing`),
/// measured once at import.
///
/// The directions compare the bearings of every road at every intersection a route passes
/// (to find its maneuvers and to list OSRM's `intersections[].bearings`): several hundred
/// per route, each a walk along the road's shape and an arctangent. The graph never changes,
/// so they are measured here once (RoutingKit's way: precompute what is immutable) and a
/// route reads one `UInt16` per road. A file written before the section existed has none:
/// `PerceivedBearing` then runs per query (the directions' `leavingBearing`).
public struct SegmentBearings: @unchecked Sendable {  // a read-only view of an immutable mapping
    /// One per directed segment; empty in a file without the section.
    public let encoded: UnsafeBufferPointer<UInt16>

    /// The section of `mode`, if it has one bearing per directed segment of `segmentCount`.
    public init(file: GraphFile, mode: TravelMode, segmentCount: Int) {
        let section = file.section(kind: SectionKind.segmentBearings.rawValue, mode: mode.rawValue, as: UInt16.self)
        encoded = section?.count == 2 * segmentCount ? section! : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Degrees per unit of the stored bearings (0.0055°: far below OSRM's whole degrees).
    public static let degreesPerUnit = 360.0 / 65536

    /// The stored bearing of directed segment `x` in degrees, 0 ..< 360.
    @inlinable @inline(__always)
    public func bearing(_ x: Int32) -> Double { Double(encoded[Int(x)]) * (360.0 / 65536) }

    /// `degrees` (0 ..< 360) rounded to the stored units.
    public static func encode(_ degrees: Double) -> UInt16 { UInt16(truncatingIfNeeded: Int((degrees / degreesPerUnit).rounded())) }

    /// The bearing of directed segment `x` where it leaves its start node, to its first shape
    /// point at least a metre out (OSRM's coordinate close to the turn: the last centimetres
    /// of a drawn junction do not decide it); in degrees, 0 ..< 360, on `projection`. Where
    /// two roads only join, at rings and across divided roads' links, this is the angle OSRM
    /// compares; elsewhere it reads the road further (`PerceivedBearing`).
    @inlinable
    public static func closeToTheTurn(_ x: Int32, segments: UnsafeBufferPointer<RoadSegment>,
                                      points: UnsafeBufferPointer<FixedCoordinate>, projection: LocalProjection) -> Double {
        let s = segments[Int(x >> 1)]
        let forward = x & 1 == 0
        let first = Int(s.firstPoint), last = Int(s.lastPoint)
        let origin = points[forward ? first : last]
        let end = forward ? last : first, step = forward ? 1 : -1
        var i = forward ? first + 1 : last - 1
        var dx = 0.0, dy = 0.0
        while true {
            (dx, dy) = projection.offset(points[i], from: origin)
            if i == end || dx * dx + dy * dy >= 1 { break }
            i += step
        }
        return bearing(dx, dy)
    }

    /// Bearing in degrees, 0 ..< 360, of the offset (`dx` east, `dy` north): `atan2` by a
    /// minimax polynomial (error below 0.001°), several times cheaper than the libm call.
    @inlinable
    public static func bearing(_ dx: Double, _ dy: Double) -> Double {
        let ax = abs(dx), ay = abs(dy)
        let big = max(ax, ay)
        if big == 0 { return 0 }
        let z = min(ax, ay) / big, z2 = z * z
        let atan = z * (0.99997726 + z2 * (-0.33262347 + z2 * (0.19354346 + z2 * (-0.11643287
            + z2 * (0.05265332 + z2 * -0.01172120))))) * (180 / .pi)
        // Quadrants by selects, not branches (they are unpredictable).
        var degrees = ax > ay ? 90 - atan : atan   // from north towards the x axis
        degrees = dy < 0 ? 180 - degrees : degrees
        degrees = dx < 0 ? 360 - degrees : degrees
        return degrees >= 360 ? 0 : degrees
    }

    /// Measures every directed segment of a mode as OSRM perceives the road
    /// (`PerceivedBearing`), each on a projection around its own start (a route's projection
    /// differs from it by far less than a degree across a city). `nodeFirst`, `nodeLeaving`:
    /// the segments leaving each intersection, as `ModeRoads` stores them.
    public static func measureAll(segments: [RoadSegment], points: [FixedCoordinate], ways: [WayInfo],
                                  nodeFirst: [Int32], nodeLeaving: [Int32]) -> [UInt16] {
        segments.withUnsafeBufferPointer { segments in
            points.withUnsafeBufferPointer { points in
                ways.withUnsafeBufferPointer { ways in
                    nodeFirst.withUnsafeBufferPointer { nodeFirst in
                        nodeLeaving.withUnsafeBufferPointer { nodeLeaving in
                            let perceived = PerceivedBearing(segments: segments, points: points, ways: ways,
                                                             nodeFirst: nodeFirst, nodeLeaving: nodeLeaving)
                            return (0..<2 * segments.count).map { encode(perceived.bearing(Int32($0))) }
                        }
                    }
                }
            }
        }
    }

    /// Adds the section of `mode`: `encoded` has one bearing per directed segment.
    public static func add(_ encoded: [UInt16], mode: TravelMode, to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.segmentBearings.rawValue, mode: mode.rawValue, encoded)
    }
}
