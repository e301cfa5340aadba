import WayfinderGraph

/// A longitude/latitude rectangle in fixed-point units, edges included.
public struct CoordinateBox: Sendable, Equatable {
    public var minLat: Int32
    public var minLon: Int32
    public var maxLat: Int32
    public var maxLon: Int32

    /// The caller orders the corners (`min <= max`).
    public init(minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32) {
        self.minLat = minLat
        self.minLon = minLon
        self.maxLat = maxLat
        self.maxLon = maxLon
    }

    /// Metres across the longer side, measured at the box's middle latitude.
    public var span: Double {
        let projection = LocalProjection(latitude: (Double(minLat) + Double(maxLat)) / 2 / FixedCoordinate.scale)
        return max((Double(maxLon) - Double(minLon)) * projection.metresPerLonUnit,
                   (Double(maxLat) - Double(minLat)) * projection.metresPerLatUnit)
    }

    /// Whether the straight line from `a` to `b` has a point in the box. Exact, in integers:
    /// the separating-axis test of a segment against a rectangle (the box's two axes and
    /// the segment's normal). The box is first cut to the segment's bounding box, which
    /// keeps the cross products within 64 bits for any segment shorter than 200 degrees.
    @inlinable public func touches(_ a: FixedCoordinate, _ b: FixedCoordinate) -> Bool {
        let lon0 = max(minLon, min(a.lon, b.lon)), lon1 = min(maxLon, max(a.lon, b.lon))
        let lat0 = max(minLat, min(a.lat, b.lat)), lat1 = min(maxLat, max(a.lat, b.lat))
        guard lon0 <= lon1 && lat0 <= lat1 else { return false }
        let dx = Int64(b.lon) - Int64(a.lon), dy = Int64(b.lat) - Int64(a.lat)
        @inline(__always) func side(_ lon: Int32, _ lat: Int32) -> Int64 {
            dx * (Int64(lat) - Int64(a.lat)) - dy * (Int64(lon) - Int64(a.lon))
        }
        let s0 = side(lon0, lat0), s1 = side(lon1, lat0), s2 = side(lon0, lat1), s3 = side(lon1, lat1)
        // The line misses the rectangle only when all four corners lie strictly on one side.
        return !((s0 > 0 && s1 > 0 && s2 > 0 && s3 > 0) || (s0 < 0 && s1 < 0 && s2 < 0 && s3 < 0))
    }
}

/// The roads of one map view: the segments of a mode's graph whose geometry touches a box,
/// found through the snapping grid (only the box's cells are visited, one binary search
/// per grid row; so ferries and other ways travelled on board, which are not in it, are
/// not listed), like a slippy map's zoom levels: the larger the box, the fewer minor
/// road classes, and never more than a limit.
///
/// The answer is always complete for the classes it keeps: every segment of class
/// `leastClass` or more important that touches the box is listed, once. When the limit
/// would be exceeded the least class is raised (minor classes dropped) until the roads fit;
/// only when the most important class alone is over the limit is the answer cut short
/// (`truncated`). A per-thread query object: it reuses its buffers.
public final class RoadsInBox {
    public let graph: RoutingGraph
    /// The segments found by the last `find`, in no particular order.
    public private(set) var segments: [Int32] = []
    /// The least important class that the last answer lists.
    public private(set) var leastClass: RoadClass = .other
    /// Whether the last answer stopped at the limit with roads left out.
    public private(set) var truncated = false
    /// Segments already judged in this query (paged: memory for the segments of the boxes
    /// asked, not one stamp per segment of the graph in every thread).
    private var seen: VersionStamps<UInt32>

    public init(graph: RoutingGraph) {
        self.graph = graph
        seen = VersionStamps(count: graph.segments.count)
    }

    deinit { seen.deallocate() }

    /// The least important class worth drawing on a view `span` metres across; about what a
    /// web map shows at the zoom level of that width on a laptop screen.
    public static func leastClass(forSpan span: Double) -> RoadClass {
        switch span {
        case ...3_000: return .other
        case ...8_000: return .service
        case ...20_000: return .livingStreet
        case ...60_000: return .unclassified
        case ...200_000: return .secondary
        default: return .primary
        }
    }

    @inline(__always) public func roadClass(ofSegment s: Int32) -> RoadClass {
        RoadClass(rawValue: graph.ways[Int(graph.segments[Int(s)].way)].roadClass) ?? .other
    }

    /// Fills `segments` (and `leastClass`, `truncated`) with the roads touching `box`, at
    /// most `limit` of them, no class less important than `leastClass` (which defaults to
    /// the one for the box's size).
    public func find(in box: CoordinateBox, limit: Int, leastClass requested: RoadClass? = nil) {
        segments.removeAll(keepingCapacity: true)
        truncated = false
        var least = (requested ?? Self.leastClass(forSpan: box.span)).rawValue
        defer { leastClass = RoadClass(rawValue: least) ?? .other }
        seen.releaseBetweenRequests()
        seen.nextRound()
        let grid = graph.snapGrid
        let cell = Int64(grid.cellSize)
        // The grid's cells under the box, clipped to the grid (entries outside it do not exist).
        let c0 = max(0, (Int64(box.minLon) - Int64(grid.minLon)) / cell)
        let c1 = min(Int64(grid.columns) - 1, floorDivide(Int64(box.maxLon) - Int64(grid.minLon), cell))
        let r0 = max(0, (Int64(box.minLat) - Int64(grid.minLat)) / cell)
        let r1 = min(Int64(grid.rows) - 1, floorDivide(Int64(box.maxLat) - Int64(grid.minLat), cell))
        guard box.minLon <= box.maxLon, box.minLat <= box.maxLat, c0 <= c1, r0 <= r1, limit > 0 else { return }
        let keys = graph.snapKeys
        var full = false
        for row in r0...r1 {
            // A row's cells under the box are consecutive keys: one binary search, then a scan.
            let lowKey = UInt32(row * Int64(grid.columns) + c0), highKey = UInt32(row * Int64(grid.columns) + c1)
            var cell = graph.firstSnapCell(atOrAfter: lowKey)
            while !full && cell < keys.count && keys[cell] <= highKey {
                graph.forEachSnapPiece(inCellAt: cell, keep: { s in
                    !full && !seen.isSet(Int(s)) && roadClass(ofSegment: s).rawValue <= least
                }) { entry in
                    let s = entry.segment
                    guard !full, !seen.isSet(Int(s)) else { return }
                    let p = Int(graph.segments[Int(s)].firstPoint + entry.offset)
                    guard box.touches(graph.points[p], graph.points[p + 1]) else { return }
                    seen.set(Int(s))
                    segments.append(s)
                    if segments.count > limit {
                        while segments.count > limit && least > 0 {
                            least -= 1
                            segments.removeAll { roadClass(ofSegment: $0).rawValue > least }
                        }
                        if segments.count > limit {
                            segments.removeLast(segments.count - limit)
                            truncated = true
                            full = true
                        }
                    }
                }
                cell += 1
            }
            if full { return }
        }
    }

    /// Division rounding towards minus infinity (a box edge west or south of the grid gives -1).
    private func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
