/// Closed rings, flat: ring after ring, each point (x, y) in metres east and north of the
/// origin, each ring closed (its last point repeats its first).
struct ContourRings {
    var xy: [Double] = []
    /// Per ring: one past its last point (a point is two numbers of `xy`).
    var ends: [Int] = []

    var count: Int { ends.count }
    /// The points of ring `i`, as indexes of points (not of numbers).
    func ring(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    mutating func removeAll() {
        xy.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}

/// The iso-lines of a `TimeGrid` at one level, by marching squares: in each cell whose corners
/// lie on both sides of the level, segments between the crossing points of its edges, each
/// crossing placed by linear interpolation of the two nodes' values. A saddle cell (diagonal
/// corners inside) is resolved by the cell-centre average: the two inside corners are joined
/// through the centre when it lies inside.
///
/// Each segment is directed with the inside (values under the level) on its left, so the
/// rings come out oriented as GeoJSON wants them: outer boundaries counter-clockwise, holes
/// clockwise. Every edge crossing is shared by exactly two cells, left by one segment and
/// entered by the other, so the segments link into closed rings through one table indexed by
/// the grid's edges (`next`), with no search; the rings are simple and disjoint (crossings
/// strictly inside their edges, see `margin`).
///
/// One per thread (`ContourBuilder`): `next` holds −1 for every edge between calls (tracing
/// a ring clears what it follows), so it is never cleared as a whole.
final class MarchingSquares {
    /// Per grid edge (2 × node + 0 for the edge east of a node, + 1 for the edge north of
    /// it): the edge the boundary leaves the cell by, after entering it by this one; −1 none.
    private var next: [Int32] = []
    /// Per level: the segments found, (edge entered, edge left) after one another.
    private var segmentsByLevel: [[Int32]] = []

    /// No crossing closer to a node than this share of its edge, so that two rings never
    /// share a point and no ring passes through a node (which would make it touch itself).
    /// 1 % of a 6 m cell is 6 cm: well under what a map shows.
    static let margin = 0.01

    /// The segments of each case (the corners under the level as bits: 1 south-west, 2
    /// south-east, 4 north-east, 8 north-west), as (edge entered, edge left) pairs with edges
    /// numbered anticlockwise from the south (0 south, 1 east, 2 north, 3 west). Index
    /// `case * 2 + joined` where `joined` says a saddle's centre lies inside.
    private static let segments: [[(from: Int, to: Int)]] = {
        var table: [[(from: Int, to: Int)]] = []
        for code in 0..<16 {
            for joined in [false, true] {
                let inside = (0..<4).map { code & (1 << $0) != 0 }
                // Going anticlockwise round the cell, edge k runs from corner k to corner k+1:
                // a run of inside corners ends at an edge from inside to outside and starts at
                // one from outside to inside.
                let runEnds = (0..<4).filter { inside[$0] && !inside[($0 + 1) % 4] }
                let runStarts = (0..<4).filter { !inside[$0] && inside[($0 + 1) % 4] }
                var pairs: [(from: Int, to: Int)] = []
                for end in runEnds {
                    // With the inside on its left, the boundary enters where a run ends and
                    // leaves where that run starts (the start before it, anticlockwise); in a
                    // joined saddle it crosses the centre to the next run's start instead.
                    let start = runEnds.count == 1 ? runStarts[0]
                        : (joined ? (end + 1) % 4 : (end + 3) % 4)
                    pairs.append((from: end, to: start))
                }
                table.append(pairs)
            }
        }
        return table
    }()

    /// The rings of `grid` at each of `levels`, into `rings` (one `ContourRings` per level,
    /// emptied first). One pass over the cells finds every level's segments (a cell whose
    /// corners lie all below the lowest level or all above the highest is passed over after
    /// four loads); each level's segments are then linked and traced.
    func rings(of grid: TimeGrid, levels: [Float], into rings: inout [ContourRings]) {
        let edges = 2 * grid.columns * grid.rows
        if next.count < edges { next.append(contentsOf: repeatElement(-1, count: edges - next.count)) }
        while segmentsByLevel.count < levels.count { segmentsByLevel.append([]) }
        while rings.count < levels.count { rings.append(ContourRings()) }
        for n in levels.indices {
            segmentsByLevel[n].removeAll(keepingCapacity: true)
            rings[n].removeAll()
        }
        findSegments(grid.values, columns: grid.columns, rows: grid.rows, levels: levels)
        for n in levels.indices { trace(grid, level: levels[n], segments: segmentsByLevel[n], into: &rings[n]) }
    }

    /// Every level's segments, cell by cell.
    private func findSegments(_ values: [Float], columns: Int, rows: Int, levels: [Float]) {
        guard let lowest = levels.min(), let highest = levels.max() else { return }
        var found: [[Int32]] = []
        swap(&found, &segmentsByLevel)
        defer { swap(&found, &segmentsByLevel) }
        for j in 0..<(rows - 1) {
            let row = j * columns
            for i in 0..<(columns - 1) {
                let sw = values[row + i], se = values[row + i + 1]
                let ne = values[row + columns + i + 1], nw = values[row + columns + i]
                let low = min(min(sw, se), min(ne, nw)), high = max(max(sw, se), max(ne, nw))
                if high < lowest || low >= highest { continue }
                let node = Int32(row + i), columns32 = Int32(columns)
                // South, east, north, west edges of the cell.
                let edge: (Int) -> Int32 = { k in
                    switch k {
                    case 0: return 2 * node
                    case 1: return 2 * (node + 1) + 1
                    case 2: return 2 * (node + columns32)
                    default: return 2 * node + 1
                    }
                }
                for (n, level) in levels.enumerated() where low < level && high >= level {
                    var code = 0
                    if sw < level { code |= 1 }
                    if se < level { code |= 2 }
                    if ne < level { code |= 4 }
                    if nw < level { code |= 8 }
                    let joined = (code == 5 || code == 10) && (sw + se + ne + nw) / 4 < level
                    for pair in Self.segments[code * 2 + (joined ? 1 : 0)] {
                        found[n].append(edge(pair.from))
                        found[n].append(edge(pair.to))
                    }
                }
            }
        }
    }

    /// Links one level's segments through `next`, then follows it from every segment not yet
    /// followed, emitting each crossing's point; clears what it follows.
    private func trace(_ grid: TimeGrid, level: Float, segments: [Int32], into rings: inout ContourRings) {
        var next: [Int32] = []
        swap(&next, &self.next)
        defer { swap(&next, &self.next) }
        for k in stride(from: 0, to: segments.count, by: 2) { next[Int(segments[k])] = segments[k + 1] }
        for k in stride(from: 0, to: segments.count, by: 2) where next[Int(segments[k])] >= 0 {
            let start = segments[k]
            let first = rings.xy.count
            var edge = start
            repeat {
                let (x, y) = crossing(grid, edge: Int(edge), level: level)
                rings.xy.append(x)
                rings.xy.append(y)
                let following = next[Int(edge)]
                next[Int(edge)] = -1
                edge = following
            } while edge != start
            rings.xy.append(rings.xy[first])
            rings.xy.append(rings.xy[first + 1])
            rings.ends.append(rings.xy.count / 2)
        }
    }

    /// Where the level crosses `edge`, by linear interpolation between its two nodes, kept
    /// `margin` away from both.
    @inline(__always)
    private func crossing(_ grid: TimeGrid, edge: Int, level: Float) -> (Double, Double) {
        let node = edge >> 1
        let i = node % grid.columns, j = node / grid.columns
        let north = edge & 1 == 1
        let other = north ? node + grid.columns : node + 1
        let a = Double(grid.values[node]), b = Double(grid.values[other])
        let f = min(1 - Self.margin, max(Self.margin, (Double(level) - a) / (b - a)))
        return north ? (grid.x(i), grid.y(j) + f * grid.cell) : (grid.x(i) + f * grid.cell, grid.y(j))
    }
}
