import WayfinderGraph

/// The time field of an isochrone (Valhalla's approach, thor/isochrone.cc): a square grid over
/// the reached roads in a local metric projection around the origin, each node holding the
/// least value at which it is reached. Two steps:
/// 1. every road segment is walked through the cells it crosses (Amanatides and Woo's grid
///    traversal), each cell keeping the least value of the road within it (its seed);
/// 2. every seeded cell stamps the nodes within `reach` of its centre with its seed, plus
///    (d − `freeRadius`) × rate beyond `freeRadius` (one kernel of node offsets and penalties
///    for all cells, so the stamp is a flat loop).
/// Nodes no seed reaches hold `unreached`, a value above every limit. Seeding cells rather than
/// stamping every road point bounds the work by the grid however dense the reached roads are
/// (a 30-minute drive over a tiled Andorra has many roads per cell). `MarchingSquares` draws
/// the contours of this field.
///
/// The cell grows with the extent of the reached roads so that the grid never has more than
/// `ContourGrid.maxNodes` nodes: the work per query stays bounded however far the search went,
/// and the contour stays as fine as the grid allows. One grid per thread (`ContourBuilder`):
/// its flat arrays are kept from query to query.
final class TimeGrid {
    /// Node values, row after row (south to north), `columns` a row: node (i, j) at
    /// `j * columns + i`, at (x0 + i·cell, y0 + j·cell) metres east and north of the origin.
    private(set) var values: [Float] = []
    private(set) var columns = 0
    private(set) var rows = 0
    private(set) var cell = 0.0
    /// 1 / `cell`.
    private var perCell = 0.0
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
    /// Per cell, indexed by its south-west node: the least value of a road point in it
    /// (+infinity: none); and the cells seeded, in the order met.
    private var seeds: [Float] = []
    private var seeded: [Int] = []
    /// The stamp of a seeded cell: the nodes within `reach` of its centre as runs along rows
    /// (each run's first node as an offset from the cell's south-west node, its length, where
    /// its penalties start), and the off-road penalty of each node, run after run.
    private var kernelRuns: [(offset: Int, count: Int, first: Int)] = []
    private var kernelPenalties: [Float] = []

    /// True when the last `fill` found no road point within the ceiling (an empty grid).
    var isEmpty: Bool { columns == 0 }

    /// Projects `reached`'s vertices to metres around `origin`, once for every `fill` of the
    /// same roads (a walking isochrone fills one grid per contour).
    func project(_ reached: ReachedRoads, origin: FixedCoordinate) {
        let projection = LocalProjection(latitude: origin.latitude)
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        xs.reserveCapacity(reached.coordinates.count)
        ys.reserveCapacity(reached.coordinates.count)
        for p in reached.coordinates {
            let (x, y) = projection.offset(p, from: origin)
            xs.append(x)
            ys.append(y)
        }
    }

    /// Builds the field of `reached` (projected by the last `project`) for limits up to
    /// `ceiling` (the largest limit, in the values' unit); `rate` is the value a metre off the
    /// road costs (seconds a metre for time, 1 for distance).
    func fill(_ reached: ReachedRoads, ceiling: Double, rate: Double, parameters: ContourGrid) {
        precondition(reached.values.count == reached.coordinates.count && xs.count == reached.coordinates.count,
                     "TimeGrid: one value per vertex, projected")
        guard let box = extent(reached, ceiling: ceiling) else {
            columns = 0; rows = 0; values.removeAll(keepingCapacity: true)
            return
        }
        size(box, parameters: parameters)
        unreached = Float(ceiling + (reach - freeRadius + cell) * rate)
        seeds.removeAll(keepingCapacity: true)
        seeds.append(contentsOf: repeatElement(.infinity, count: columns * rows))
        seeded.removeAll(keepingCapacity: true)
        seedRoads(reached, ceiling: ceiling)
        makeKernel(rate: rate)
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(unreached, count: columns * rows))
        stampSeeds()
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

    /// Chooses the cell, the radii and the grid's placement: the box padded by the stamp's
    /// extent and two cells, so that every stamp lies inside the grid and its outermost ring
    /// of nodes is never reached (every contour closes).
    private func size(_ box: (minX: Double, minY: Double, maxX: Double, maxY: Double), parameters: ContourGrid) {
        var cell = parameters.cellSize
        while true {
            let free = ContourGrid.freeRadius(cell: cell)
            let reach = max(parameters.reach, free + cell)
            let pad = ((reach / cell).rounded(.up) + 3) * cell
            let columns = Int(((box.maxX - box.minX + 2 * pad) / cell).rounded(.up)) + 1
            let rows = Int(((box.maxY - box.minY + 2 * pad) / cell).rounded(.up)) + 1
            if columns * rows <= parameters.maxNodes {
                self.cell = cell
                perCell = 1 / cell
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

    /// Every segment's part within the ceiling walked through the cells it crosses.
    private func seedRoads(_ reached: ReachedRoads, ceiling: Double) {
        // Held in locals for the loop: a class's array property is checked for uniqueness at
        // every write.
        var seeds: [Float] = [], seeded: [Int] = []
        swap(&seeds, &self.seeds)
        swap(&seeded, &self.seeded)
        defer {
            swap(&seeds, &self.seeds)
            swap(&seeded, &self.seeded)
        }
        for s in 0..<reached.stretchCount {
            let stretch = reached.stretch(s)
            if stretch.count == 1, let k = stretch.first, Double(reached.values[k]) <= ceiling {
                seedSegment(xs[k], ys[k], Double(reached.values[k]), xs[k], ys[k], Double(reached.values[k]), &seeds, &seeded)
            }
            for k in stretch.dropLast() {
                var (ax, ay, av) = (xs[k], ys[k], Double(reached.values[k]))
                var (bx, by, bv) = (xs[k + 1], ys[k + 1], Double(reached.values[k + 1]))
                if av > ceiling && bv > ceiling { continue }
                if let f = Self.cut(av, bv, ceiling) {
                    // Keep the part within the ceiling, from its reached end to the cut.
                    let (cx, cy) = (ax + (bx - ax) * f, ay + (by - ay) * f)
                    if av > ceiling { (ax, ay, av) = (cx, cy, ceiling) } else { (bx, by, bv) = (cx, cy, ceiling) }
                }
                seedSegment(ax, ay, av, bx, by, bv, &seeds, &seeded)
            }
        }
    }

    /// Amanatides and Woo's traversal of the segment from a to b through the grid's cells:
    /// each cell crossed is seeded with the least value of the segment inside it (the value is
    /// linear along the segment, so the smaller of where it enters and leaves).
    private func seedSegment(_ ax: Double, _ ay: Double, _ av: Double, _ bx: Double, _ by: Double, _ bv: Double,
                             _ seeds: inout [Float], _ seeded: inout [Int]) {
        // Multiplied by the inverse: four divisions a segment were a fifth of the seeding.
        let u0 = (ax - x0) * perCell, v0 = (ay - y0) * perCell
        let u1 = (bx - x0) * perCell, v1 = (by - y0) * perCell
        // Truncation is the floor here: the padding keeps every road point at positive u, v
        // (and `rounded(.down)` is a call to libm's floor on baseline x86-64, four a segment).
        var i = Int(u0), j = Int(v0)
        let lastI = Int(u1), lastJ = Int(v1)
        // Most shape segments are shorter than a cell: one cell, the lesser end's value.
        if i == lastI && j == lastJ {
            Self.lower(j * columns + i, to: Float(min(av, bv)), &seeds, &seeded)
            return
        }
        let du = u1 - u0, dv = v1 - v0
        let stepI = du > 0 ? 1 : -1, stepJ = dv > 0 ? 1 : -1
        let deltaI = du == 0 ? Double.infinity : 1 / abs(du)
        let deltaJ = dv == 0 ? Double.infinity : 1 / abs(dv)
        var nextI = du == 0 ? Double.infinity : (du > 0 ? Double(i + 1) - u0 : u0 - Double(i)) * deltaI
        var nextJ = dv == 0 ? Double.infinity : (dv > 0 ? Double(j + 1) - v0 : v0 - Double(j)) * deltaJ
        var remaining = abs(lastI - i) + abs(lastJ - j)
        var s = 0.0
        while true {
            let leave = remaining == 0 ? 1 : min(1, nextI, nextJ)
            Self.lower(j * columns + i, to: Float(av + (bv - av) * (av <= bv ? s : leave)), &seeds, &seeded)
            if remaining == 0 { return }
            if nextI < nextJ {
                i += stepI; s = nextI; nextI += deltaI
            } else {
                j += stepJ; s = nextJ; nextJ += deltaJ
            }
            remaining -= 1
        }
    }

    /// Seeds `cell` with `value` if that is less than its seed, noting a cell seeded first.
    @inline(__always) private static func lower(_ cell: Int, to value: Float, _ seeds: inout [Float], _ seeded: inout [Int]) {
        if value < seeds[cell] {
            if seeds[cell] == .infinity { seeded.append(cell) }
            seeds[cell] = value
        }
    }

    /// The nodes a seeded cell reaches, around its centre (half a cell north-east of its
    /// south-west node), and what reaching each costs.
    private func makeKernel(rate: Double) {
        kernelRuns.removeAll(keepingCapacity: true)
        kernelPenalties.removeAll(keepingCapacity: true)
        let extent = Int((reach / cell).rounded(.up)) + 1
        for b in -extent...extent {
            let first = kernelPenalties.count
            var start: Int?
            for a in -extent...extent {
                let dx = (Double(a) - 0.5) * cell, dy = (Double(b) - 0.5) * cell
                let d = (dx * dx + dy * dy).squareRoot()
                guard d <= reach else { continue }
                if start == nil { start = a }
                kernelPenalties.append(Float(d <= freeRadius ? 0 : (d - freeRadius) * rate))
            }
            if let start { kernelRuns.append((b * columns + start, kernelPenalties.count - first, first)) }
        }
    }

    /// Each seeded cell's kernel applied: nodes lowered to seed + penalty, run by run (a
    /// branch-free minimum over contiguous nodes, which the compiler vectorizes). The grid's
    /// padding keeps every kernel inside it, checked once per cell; the runs go on pointers.
    private func stampSeeds() {
        guard let lowest = kernelRuns.first?.offset, let last = kernelRuns.last else { return }
        let highest = last.offset + last.count - 1
        values.withUnsafeMutableBufferPointer { field in
            kernelPenalties.withUnsafeBufferPointer { penalties in
                for cell in seeded {
                    precondition(cell + lowest >= 0 && cell + highest < field.count, "TimeGrid: a stamp beyond the grid")
                    let value = seeds[cell]
                    for run in kernelRuns {
                        let nodes = field.baseAddress! + cell + run.offset
                        let costs = penalties.baseAddress! + run.first
                        for a in 0..<run.count { nodes[a] = min(nodes[a], value + costs[a]) }
                    }
                }
            }
        }
    }

    /// The position (metres from the origin) of node (i, j).
    @inline(__always) func x(_ i: Int) -> Double { x0 + Double(i) * cell }
    @inline(__always) func y(_ j: Int) -> Double { y0 + Double(j) * cell }
}
