/// The cells of a `SnapGrid` that a point or a straight piece of road falls in, for the
/// indexes that list pieces by cell: the snapping index (`WayfinderImport/SnapIndexBuilder`)
/// and the geocoder's streets (`WayfinderGeocoding/GeocoderIndexBuilder`).
extension SnapGrid {
    /// A piece whose bounding box spans at most this many cells is listed under every cell
    /// of its box; a longer one only along its line. 4096 cells is a box about 13 km on a
    /// side at 200 m cells: no piece of the seven extracts in `data/` comes near it (a way
    /// has a node at every bend), so their indexes are what they were. The scale tilings'
    /// geocoder streets are smaller: their straight 30–65 km connectors, simplified to one
    /// piece, were listed under tens of thousands of cells each.
    public static let boxListingLimit = 4096

    /// A grid over the box, of `preferredCellSize` units (1e-7 degrees) a cell, doubled until
    /// its cells' keys fit 32 bits. The spans are measured in 64 bits: a box across the
    /// antimeridian, or the planet's, is 3.6 billion units wide, past `Int32`.
    public static func covering(minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32,
                                preferredCellSize: Int32) -> SnapGrid {
        let latSpan = max(0, Int(maxLat) - Int(minLat)), lonSpan = max(0, Int(maxLon) - Int(minLon))
        var cell = Int(preferredCellSize)
        while (latSpan / cell + 1) * (lonSpan / cell + 1) >= Int(UInt32.max) { cell *= 2 }
        return SnapGrid(minLat: minLat, minLon: minLon, cellSize: Int32(cell),
                        columns: Int32(lonSpan / cell + 1), rows: Int32(latSpan / cell + 1))
    }

    /// `(row, column)` of the cell holding `p`, clamped to the grid (in 64 bits: a point may
    /// lie more than `Int32.max` units from the grid's corner).
    @inlinable
    public func cell(_ p: FixedCoordinate) -> (Int32, Int32) {
        let row = min(max(0, (Int64(p.lat) - Int64(minLat)) / Int64(cellSize)), Int64(rows) - 1)
        let column = min(max(0, (Int64(p.lon) - Int64(minLon)) / Int64(cellSize)), Int64(columns) - 1)
        return (Int32(truncatingIfNeeded: row), Int32(truncatingIfNeeded: column))
    }

    /// The centre of cell `row`, `column` (inside the grid).
    @inlinable
    public func centre(row: Int32, column: Int32) -> FixedCoordinate {
        FixedCoordinate(lat: Int32(clamping: Int64(minLat) + Int64(row) * Int64(cellSize) + Int64(cellSize / 2)),
                        lon: Int32(clamping: Int64(minLon) + Int64(column) * Int64(cellSize) + Int64(cellSize / 2)))
    }

    /// The box the grid covers, its far edges clamped to the coordinate range.
    @inlinable
    public var coveredBox: (minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32) {
        (minLat, minLon, Int32(clamping: Int64(minLat) + Int64(rows) * Int64(cellSize)),
         Int32(clamping: Int64(minLon) + Int64(columns) * Int64(cellSize)))
    }

    /// The key (`row * columns + column`) of the cell holding `p`, clamped to the grid.
    @inlinable
    public func key(_ p: FixedCoordinate) -> UInt32 {
        let (row, column) = cell(p)
        return UInt32(row) * UInt32(columns) + UInt32(column)
    }

    /// Calls `body(row, column)` once for each cell the straight piece from `a` to `b` may
    /// touch. Where its bounding box spans at most `boxListingLimit` cells, every cell of the
    /// box, rows then columns, as the indexes always listed them. A longer piece gets only the
    /// cells along its line: the longer axis is swept cell by cell, and in each the line's
    /// span on the other axis, widened by a unit each way so that rounding never loses a cell
    /// it touches. That is linear in the piece's length instead of quadratic: one node far
    /// from the rest of an extract (two points 100° of longitude apart, found by fuzzing
    /// `wayfinder build`) made a snapping index of 194 MB, and a node misplaced at 0, 0 in a
    /// country's extract would have made billions of entries. A search that walks rings of
    /// cells outwards still meets the piece, in the cell of its point nearest to the query.
    @inlinable
    public func forEachCell(touchedBy a: FixedCoordinate, _ b: FixedCoordinate, _ body: (_ row: Int32, _ column: Int32) -> Void) {
        let (r0, c0) = cell(FixedCoordinate(lat: min(a.lat, b.lat), lon: min(a.lon, b.lon)))
        let (r1, c1) = cell(FixedCoordinate(lat: max(a.lat, b.lat), lon: max(a.lon, b.lon)))
        let rowCount = Int(r1 - r0) + 1, columnCount = Int(c1 - c0) + 1
        if rowCount * columnCount <= Self.boxListingLimit {
            for r in r0...r1 {
                for c in c0...c1 { body(r, c) }
            }
            return
        }
        // x: the swept axis, y: the other (lon and lat when sweeping columns).
        let sweepColumns = columnCount >= rowCount
        let (ax, ay) = sweepColumns ? (Double(a.lon), Double(a.lat)) : (Double(a.lat), Double(a.lon))
        let (bx, by) = sweepColumns ? (Double(b.lon), Double(b.lat)) : (Double(b.lat), Double(b.lon))
        let (xOrigin, yOrigin) = sweepColumns ? (Double(minLon), Double(minLat)) : (Double(minLat), Double(minLon))
        let (yFirst, yLast) = sweepColumns ? (r0, r1) : (c0, c1)
        let size = Double(cellSize), lowX = min(ax, bx), highX = max(ax, bx)
        @inline(__always) func y(_ x: Double) -> Double { ay + (by - ay) * (x - ax) / (bx - ax) }  // bx != ax: many cells along x
        @inline(__always) func yCell(_ value: Double) -> Int32 {
            Int32(min(max(((value - yOrigin) / size).rounded(.down), Double(yFirst)), Double(yLast)))
        }
        for k in (sweepColumns ? c0...c1 : r0...r1) {
            let x0 = max(lowX, xOrigin + Double(k) * size), x1 = min(highX, xOrigin + Double(k + 1) * size)
            let (y0, y1) = (y(x0), y(x1))
            for j in yCell(min(y0, y1) - 1)...yCell(max(y0, y1) + 1) {
                if sweepColumns { body(j, k) } else { body(k, j) }
            }
        }
    }
}
