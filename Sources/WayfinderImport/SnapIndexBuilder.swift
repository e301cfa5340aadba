import WayfinderGraph

/// Builds the snapping index of one mode (`SnapIndex`, in WayfinderGraph, describes it and
/// reads it back): every usable segment is listed once under each grid cell the bounding box
/// of one of its sub-segments touches (along the line for a sub-segment tens of cells long:
/// `SnapGrid.forEachCell(touchedBy:_:_:)`), sorted by cell, then segment.
struct SnapIndexBuilder {
    var grid: SnapGrid
    var cellKeys: [UInt32] = []
    /// `cellKeys.count + 1` offsets into `segments`.
    var cellFirst: [Int32] = []
    /// The segments listed under each cell, ascending.
    var segments: [Int32] = []

    /// About 200 m; grown for huge areas so that keys fit in 32 bits.
    static let preferredCellSize: Int32 = 20_000

    /// `ways`: a segment of a way travelled on board (a ferry: `WayInfo.transport`) is left
    /// out, as OSRM's profiles make them no start or end points: a route asked from the
    /// water starts on the nearest road.
    init(segments: [RoadSegment], points: [FixedCoordinate], ways: [WayInfo] = []) {
        var minLat = Int32.max, minLon = Int32.max, maxLat = Int32.min, maxLon = Int32.min
        for s in segments {
            for p in points[Int(s.firstPoint)...Int(s.lastPoint)] {
                minLat = min(minLat, p.lat); maxLat = max(maxLat, p.lat)
                minLon = min(minLon, p.lon); maxLon = max(maxLon, p.lon)
            }
        }
        if segments.isEmpty { (minLat, minLon, maxLat, maxLon) = (0, 0, 0, 0) }
        grid = SnapGrid.covering(minLat: minLat, minLon: minLon, maxLat: maxLat, maxLon: maxLon,
                                 preferredCellSize: Self.preferredCellSize)
        // (cell key << 32 | segment), once per cell a piece of the segment touches.
        var pairs: [UInt64] = []
        pairs.reserveCapacity(segments.count * 2)
        for (i, s) in segments.enumerated() where ways.isEmpty || ways[Int(s.way)].transport == Transport.road.rawValue {
            let before = pairs.count
            for p in Int(s.firstPoint)..<Int(s.lastPoint) {
                grid.forEachCell(touchedBy: points[p], points[p + 1]) { r, c in
                    let key = UInt64(UInt32(r) * UInt32(grid.columns) + UInt32(c))
                    // Consecutive pieces mostly share a cell: skip the repeat at once.
                    if pairs.count > before && pairs[pairs.count - 1] == key << 32 | UInt64(i) { return }
                    pairs.append(key << 32 | UInt64(i))
                }
            }
        }
        pairs.sort()
        var last = UInt64.max
        for pair in pairs where pair != last {
            last = pair
            let key = UInt32(pair >> 32)
            if cellKeys.last != key {
                cellKeys.append(key)
                cellFirst.append(Int32(self.segments.count))
            }
            self.segments.append(Int32(truncatingIfNeeded: pair))
        }
        cellFirst.append(Int32(self.segments.count))
    }

    /// Adds the index as `mode`'s sections.
    func add(to writer: inout GraphFileWriter, mode: TravelMode) {
        SnapIndex.add(grid: grid, cellKeys: cellKeys, cellFirst: cellFirst, segments: segments, mode: mode, to: &writer)
    }
}
