import WayfinderGraph

extension RoutingGraph {
    /// Walks the snapping index around `p` ring of cells by ring (nearest first) and hands
    /// `visit` the position in `snapKeys` of each non-empty cell (its pieces:
    /// `forEachSnapPiece(inCellAt:)`), until `done(reach)` is true or no
    /// farther cell lies within `maxDistance`; `reach` is the least distance in metres of any
    /// cell of the ring or beyond. Only rings that overlap the grid are walked, and nothing
    /// when `p` is farther than `maxDistance` from the grid (near a pole a cell is almost no
    /// metres wide, so the distance alone would allow millions of rings).
    ///
    /// Within a ring, rows go top to bottom and each row left to right. The index lists only
    /// non-empty cells, sorted by key (`row * columns + column`), so a row's cells are one run
    /// of keys: a row is looked up once, when the walk first reaches it (one binary search,
    /// then its cells in the ring's span in order), and each later ring adds one cell at each
    /// end of the row, found next to the row's run in O(1). A point kilometres from the
    /// nearest road (off the map, at sea) so costs a few steps per cell passed, not a binary
    /// search per cell.
    ///
    /// A non-empty cell is passed over when `skip(d)` holds for the least
    /// distance `d` in metres from `p` to the cell: the caller's answer cannot change with
    /// anything that far. A ring is a square, and once the nearest road is found the rest of
    /// the search only needs its circle: off the map, where the nearest road may be
    /// kilometres away, most of a ring's roads lie in its corners, beyond that circle.
    /// `skip` is asked from ring `skipFrom` on (2 by default; 1 for searches whose radius is
    /// far smaller than a cell, such as a map matcher's few metres: the eight neighbours of
    /// the point's cell are then mostly out of reach).
    @inlinable @inline(__always)
    public func visitSnapCells(around p: FixedCoordinate, maxDistance: Double, projection: LocalProjection,
                               done: (Double) -> Bool, skip: (Double) -> Bool = { _ in false }, skipFrom: Int = 2,
                               visit: (Int) -> Void) {
        let grid = snapGrid
        let gridPoint = FixedCoordinate(   // the grid's point nearest to p
            lat: Int32(clamping: min(max(Int64(p.lat), Int64(grid.minLat)), Int64(grid.minLat) + Int64(grid.rows) * Int64(grid.cellSize))),
            lon: Int32(clamping: min(max(Int64(p.lon), Int64(grid.minLon)), Int64(grid.minLon) + Int64(grid.columns) * Int64(grid.cellSize))))
        guard Geo.distance(p, gridPoint) <= maxDistance else { return }
        let cellMetres = Double(grid.cellSize) * min(projection.metresPerLatUnit, projection.metresPerLonUnit)
        let column = Int(((Double(p.lon) - Double(grid.minLon)) / Double(grid.cellSize)).rounded(.down))
        let row = Int(((Double(p.lat) - Double(grid.minLat)) / Double(grid.cellSize)).rounded(.down))
        let columns = Int(grid.columns), rows = Int(grid.rows)
        let firstRing = max(0, -row, row - (rows - 1), -column, column - (columns - 1))
        let lastRing = max(row, rows - 1 - row, column, columns - 1 - column)
        let ringsInReach = cellMetres > 0 ? min(Double(lastRing), maxDistance / cellMetres) : Double(lastRing)
        let maxRing = min(lastRing, Int(ringsInReach) + 2)
        guard firstRing <= maxRing else { return }
        let keys = snapKeys, count = snapKeys.count
        let size = Int64(grid.cellSize)
        /// Cell `r`, `c` at position `i` of the index, unless `skip` passes over it (asked from
        /// the third ring on: a point near a road is settled before, and pays nothing for it).
        @inline(__always) func offer(_ i: Int, _ r: Int, _ c: Int, _ ring: Int) {
            guard ring >= skipFrom else { return visit(i) }
            let south = Int64(grid.minLat) + Int64(r) * size, west = Int64(grid.minLon) + Int64(c) * size
            let dy = Double(max(0, south - Int64(p.lat), Int64(p.lat) - (south + size))) * projection.metresPerLatUnit
            let dx = Double(max(0, west - Int64(p.lon), Int64(p.lon) - (west + size))) * projection.metresPerLonUnit
            if skip((dx * dx + dy * dy).squareRoot()) { return }
            visit(i)
        }
        // Per row in reach (row - maxRing + i), the positions in `keys` where the run of its
        // visited cells starts and ends (first key of the row at or after the span, first
        // after it). A row is first reached by the first ring walked, or as an edge of a later
        // one, and written then: nothing needs clearing before the walk.
        withUnsafeTemporaryAllocation(of: (lo: Int, hi: Int).self, capacity: 2 * maxRing + 1) { runs in
            for ring in firstRing...maxRing {
                // Every cell of this ring or beyond is at least (ring - 1) cells away.
                let reach = Double(max(0, ring - 1)) * cellMetres
                if reach > maxDistance || done(reach) { return }
                let left = column - ring, right = column + ring
                for r in max(0, row - ring)...min(rows - 1, row + ring) {
                    let rowKey = r * columns
                    let slot = r - row + maxRing
                    var lo = 0, hi = 0
                    if ring == firstRing || r == row - ring || r == row + ring {
                        // First reached (an edge of this ring, or a row the inner rings, lying
                        // off the grid, never touched): every cell of the span in the row.
                        lo = firstSnapCell(atOrAfter: UInt32(rowKey + min(max(left, 0), columns)))
                        let end = rowKey + min(max(right + 1, 0), columns)
                        hi = lo
                        while hi < count && Int(keys[hi]) < end {
                            offer(hi, r, Int(keys[hi]) - rowKey, ring)
                            hi += 1
                        }
                    } else {
                        (lo, hi) = runs[slot]
                        // One more cell at each end, next to the run if it is not empty.
                        if left >= 0 && left < columns && lo > 0 && Int(keys[lo - 1]) == rowKey + left {
                            lo -= 1
                            offer(lo, r, left, ring)
                        }
                        if right >= 0 && right < columns && hi < count && Int(keys[hi]) == rowKey + right {
                            offer(hi, r, right, ring)
                            hi += 1
                        }
                    }
                    runs[slot] = (lo, hi)
                }
            }
        }
    }

    /// The sub-segments under the non-empty cell at position `i` of `snapKeys`: of each
    /// segment listed there (ascending), the pieces whose bounding box touches the cell, in
    /// order along it. These are the pieces the builder saw touching the cell, so every
    /// search meets the same pieces in the same order as it would in a list of every piece
    /// under every cell it touches (`SnapIndex`). `keep` is asked once per segment: false
    /// passes over all its pieces. Pieces traffic closed both ways (`snapClosedPieces`) are
    /// passed over too.
    @inlinable @inline(__always)
    public func forEachSnapPiece(inCellAt i: Int, keep: (Int32) -> Bool = { _ in true }, _ body: (SnapEntry) -> Void) {
        let grid = snapGrid
        let key = Int64(snapKeys[i]), columns = Int64(grid.columns), size = Int64(grid.cellSize)
        let south = Int64(grid.minLat) + key / columns * size, west = Int64(grid.minLon) + key % columns * size
        let north = south + size, east = west + size
        for e in Int(snapCellFirst[i])..<Int(snapCellFirst[i + 1]) {
            let s = snapSegments[e]
            guard keep(s) else { continue }
            let segment = segments[Int(s)]
            var a = points[Int(segment.firstPoint)]
            for p in Int(segment.firstPoint)..<Int(segment.lastPoint) {
                let b = points[p + 1]
                // The piece's box [min, max] touches the cell [south, north) x [west, east).
                if Int64(max(a.lat, b.lat)) >= south && Int64(min(a.lat, b.lat)) < north
                    && Int64(max(a.lon, b.lon)) >= west && Int64(min(a.lon, b.lon)) < east
                    && (snapClosedPieces.isEmpty || !isClosed(piece: Int32(p))) {
                    body(SnapEntry(segment: s, offset: Int32(p) - segment.firstPoint))
                }
                a = b
            }
        }
    }

    /// Whether traffic closed the piece starting at point `p` both ways (binary search).
    @inlinable
    public func isClosed(piece p: Int32) -> Bool {
        var lo = 0, hi = snapClosedPieces.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if snapClosedPieces[mid] < p { lo = mid + 1 } else { hi = mid }
        }
        return lo < snapClosedPieces.count && snapClosedPieces[lo] == p
    }
}
