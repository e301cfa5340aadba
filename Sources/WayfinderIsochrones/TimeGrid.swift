import WayfinderGraph

/// The time field of an isochrone (Valhalla's approach, thor/isochrone.cc): a square grid over
/// the reached roads in a local metric projection around the origin, each node holding the
/// least value at which it is reached — from a reached road point at value t and distance d,
/// t within `ContourGrid.freeRadius` and t + (d − freeRadius) × rate out to `reach`; nodes no
/// road point reaches hold `unreached`, a value above every limit. `MarchingSquares` draws the
/// contours of this field.
///
/// The cell grows with the extent of the reached roads so that the grid never has more than
/// `ContourGrid.maxNodes` nodes: the work per query stays bounded however far the search went,
/// and the contour stays as fine as the grid allows. One grid per thread (`ContourBuilder`):
/// its flat array is kept from query to query.
final class TimeGrid {
    /// Node values, row after row (south to north), `columns` a row: node (i, j) at
    /// `j * columns + i`, at (x0 + i·cell, y0 + j·cell) metres east and north of the origin.
    private(set) var values: [Float] = []
    private(set) var columns = 0
    private(set) var rows = 0
    private(set) var cell = 0.0
    private(set) var x0 = 0.0
    private(set) var y0 = 0.0
    /// The value of a node no reached point comes near: above every limit, finite so that the
    /// contour tracer interpolates towards it.
    private(set) var unreached: Float = 0
    /// The radii of the last `fill`, metres.
    private(set) var freeRadius = 0.0
    private(set) var reach = 0.0

    /// The reached roads' vertices in metres from the origin (reused).
    private var xs: [Double] = []
    private var ys: [Double] = []

    /// True when the last `fill` found no road point within the ceiling (an empty grid).
    var isEmpty: Bool { columns == 0 }

    /// Builds the field of `reached` around `origin` for limits up to `ceiling` (the largest
    /// limit, in the values' unit); `rate` is the value a metre off the road costs (seconds a
    /// metre for time, 1 for distance).
    func fill(_ reached: ReachedRoads, origin: FixedCoordinate, ceiling: Double, rate: Double, parameters: ContourGrid) {
        let projection = LocalProjection(latitude: origin.latitude)
        let count = reached.coordinates.count
        precondition(reached.values.count == count, "ReachedRoads: one value per vertex")
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        xs.reserveCapacity(count)
        ys.reserveCapacity(count)
        for p in reached.coordinates {
            let (x, y) = projection.offset(p, from: origin)
            xs.append(x)
            ys.append(y)
        }
        guard let box = extent(reached, ceiling: ceiling) else {
            columns = 0; rows = 0; values.removeAll(keepingCapacity: true)
            return
        }
        size(box, parameters: parameters)
        unreached = Float(ceiling + (reach - freeRadius + cell) * rate)
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(unreached, count: columns * rows))
        stampRoads(reached, ceiling: ceiling, rate: rate)
    }

    /// The box (metres) of every road point reached within `ceiling`: the vertices within it
    /// and the cuts where a segment passes it. Nil when there is none.
    private func extent(_ reached: ReachedRoads, ceiling: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func take(_ x: Double, _ y: Double) {
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        for s in 0..<reached.stretchCount {
            let stretch = reached.stretch(s)
            for k in stretch {
                let v = Double(reached.values[k])
                if v <= ceiling { take(xs[k], ys[k]) }
                if k + 1 < stretch.upperBound, let f = Self.cut(v, Double(reached.values[k + 1]), ceiling) {
                    take(xs[k] + (xs[k + 1] - xs[k]) * f, ys[k] + (ys[k + 1] - ys[k]) * f)
                }
            }
        }
        return minX <= maxX ? (minX, minY, maxX, maxY) : nil
    }

    /// Where between values `a` and `b` the value crosses `ceiling` (0...1), when exactly one
    /// of them lies above it.
    private static func cut(_ a: Double, _ b: Double, _ ceiling: Double) -> Double? {
        guard (a <= ceiling) != (b <= ceiling) else { return nil }
        return (ceiling - a) / (b - a)
    }

    /// Chooses the cell, the radii and the grid's placement: the box padded by the reach and
    /// two cells, so that the outermost ring of nodes is never reached and every contour closes.
    private func size(_ box: (minX: Double, minY: Double, maxX: Double, maxY: Double), parameters: ContourGrid) {
        var cell = parameters.cellSize
        while true {
            let free = ContourGrid.freeRadius(cell: cell)
            let reach = max(parameters.reach, free + cell)
            let pad = reach + 2 * cell
            let columns = Int(((box.maxX - box.minX + 2 * pad) / cell).rounded(.up)) + 1
            let rows = Int(((box.maxY - box.minY + 2 * pad) / cell).rounded(.up)) + 1
            if columns * rows <= parameters.maxNodes {
                self.cell = cell
                self.freeRadius = free
                self.reach = reach
                self.columns = columns
                self.rows = rows
                x0 = box.minX - pad
                y0 = box.minY - pad
                return
            }
            // The padding grows with the cell: aim a little beyond the bound's ratio.
            cell *= (Double(columns * rows) / Double(parameters.maxNodes)).squareRoot() * 1.02
        }
    }

    /// Every stretch sampled half a cell apart (its vertices and the cut at the ceiling among
    /// the samples), each sample stamped. The field is moved into a local array for the loop
    /// (a class's array property would be checked for uniqueness at every write).
    private func stampRoads(_ reached: ReachedRoads, ceiling: Double, rate: Double) {
        var field = Stamp(grid: self, rate: rate)
        swap(&field.values, &values)
        defer { swap(&field.values, &values) }
        let spacing = ContourGrid.sampleSpacing(cell: cell)
        for s in 0..<reached.stretchCount {
            let stretch = reached.stretch(s)
            for k in stretch {
                let v = Double(reached.values[k])
                if v <= ceiling { field.stamp(xs[k], ys[k], v) }
                guard k + 1 < stretch.upperBound else { continue }
                let w = Double(reached.values[k + 1])
                if v > ceiling && w > ceiling { continue }
                let dx = xs[k + 1] - xs[k], dy = ys[k + 1] - ys[k]
                let steps = Int(((dx * dx + dy * dy).squareRoot() / spacing).rounded(.up))
                if steps > 1 {
                    for step in 1..<steps {
                        let f = Double(step) / Double(steps)
                        let value = v + (w - v) * f
                        if value <= ceiling { field.stamp(xs[k] + dx * f, ys[k] + dy * f, value) }
                    }
                }
                if let f = Self.cut(v, w, ceiling) { field.stamp(xs[k] + dx * f, ys[k] + dy * f, ceiling) }
            }
        }
    }

    /// The grid's geometry and its values, held in locals while the roads are stamped.
    private struct Stamp {
        var values: [Float] = []
        let columns: Int, rows: Int
        let cell: Double, x0: Double, y0: Double
        let reach: Double, free: Double, rate: Double

        init(grid: TimeGrid, rate: Double) {
            columns = grid.columns; rows = grid.rows
            cell = grid.cell; x0 = grid.x0; y0 = grid.y0
            reach = grid.reach; free = grid.freeRadius
            self.rate = rate
        }

        /// Lowers the nodes within `reach` of (x, y) to the value reached there from the point.
        @inline(__always)
        mutating func stamp(_ x: Double, _ y: Double, _ value: Double) {
            let iLow = max(0, Int(((x - reach - x0) / cell).rounded(.up)))
            let iHigh = min(columns - 1, Int(((x + reach - x0) / cell).rounded(.down)))
            let jLow = max(0, Int(((y - reach - y0) / cell).rounded(.up)))
            let jHigh = min(rows - 1, Int(((y + reach - y0) / cell).rounded(.down)))
            guard iLow <= iHigh && jLow <= jHigh else { return }
            let reach2 = reach * reach, free2 = free * free
            for j in jLow...jHigh {
                let dy = y0 + Double(j) * cell - y
                let dy2 = dy * dy
                let row = j * columns
                for i in iLow...iHigh {
                    let dx = x0 + Double(i) * cell - x
                    let d2 = dx * dx + dy2
                    if d2 > reach2 { continue }
                    let v = Float(d2 <= free2 ? value : value + (d2.squareRoot() - free) * rate)
                    if v < values[row + i] { values[row + i] = v }
                }
            }
        }
    }

    /// The position (metres from the origin) of node (i, j).
    @inline(__always) func x(_ i: Int) -> Double { x0 + Double(i) * cell }
    @inline(__always) func y(_ j: Int) -> Double { y0 + Double(j) * cell }
}
