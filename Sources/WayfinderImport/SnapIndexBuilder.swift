import WayfinderGraph

/// Builds the snapping index of one mode (`SnapIndex`, in WayfinderGraph, describes it and
/// reads it back): every sub-segment of a usable segment is listed under each grid cell its
/// bounding box touches, sorted by cell.
struct SnapIndexBuilder {
    var grid: SnapGrid
    var cellKeys: [UInt32] = []
    /// `cellKeys.count + 1` offsets into `entries`.
    var cellFirst: [Int32] = []
    var entries: [SnapEntry] = []

    /// About 200 m; grown for huge areas so that keys fit in 32 bits.
    static let preferredCellSize: Int32 = 20_000

    init(segments: [RoadSegment], points: [FixedCoordinate]) {
        var minLat = Int32.max, minLon = Int32.max, maxLat = Int32.min, maxLon = Int32.min
        for s in segments {
            for p in points[Int(s.firstPoint)...Int(s.lastPoint)] {
                minLat = min(minLat, p.lat); maxLat = max(maxLat, p.lat)
                minLon = min(minLon, p.lon); maxLon = max(maxLon, p.lon)
            }
        }
        if segments.isEmpty { (minLat, minLon, maxLat, maxLon) = (0, 0, 0, 0) }
        var cell = Self.preferredCellSize
        while (Int(maxLat - minLat) / Int(cell) + 1) * (Int(maxLon - minLon) / Int(cell) + 1) >= Int(UInt32.max) { cell *= 2 }
        grid = SnapGrid(minLat: minLat, minLon: minLon, cellSize: cell,
                        columns: Int32(Int(maxLon - minLon) / Int(cell) + 1),
                        rows: Int32(Int(maxLat - minLat) / Int(cell) + 1))
        var pairs: [(key: UInt32, entry: SnapEntry)] = []
        pairs.reserveCapacity(points.count)
        for (i, s) in segments.enumerated() {
            for p in Int(s.firstPoint)..<Int(s.lastPoint) {
                let a = points[p], b = points[p + 1]
                let c0 = (min(a.lon, b.lon) - minLon) / cell, c1 = (max(a.lon, b.lon) - minLon) / cell
                let r0 = (min(a.lat, b.lat) - minLat) / cell, r1 = (max(a.lat, b.lat) - minLat) / cell
                for r in r0...r1 {
                    for c in c0...c1 {
                        pairs.append((UInt32(r) * UInt32(grid.columns) + UInt32(c),
                                      SnapEntry(segment: Int32(i), offset: Int32(p) - s.firstPoint)))
                    }
                }
            }
        }
        pairs.sort { a, b in
            a.key != b.key ? a.key < b.key : a.entry.segment != b.entry.segment ? a.entry.segment < b.entry.segment
                : a.entry.offset < b.entry.offset
        }
        for (i, pair) in pairs.enumerated() where cellKeys.last != pair.key {
            cellKeys.append(pair.key)
            cellFirst.append(Int32(i))
        }
        cellFirst.append(Int32(pairs.count))
        entries = pairs.map(\.entry)
    }

    /// Adds the index as `mode`'s sections.
    func add(to writer: inout GraphFileWriter, mode: TravelMode) {
        SnapIndex.add(grid: grid, cellKeys: cellKeys, cellFirst: cellFirst, entries: entries, mode: mode, to: &writer)
    }
}
