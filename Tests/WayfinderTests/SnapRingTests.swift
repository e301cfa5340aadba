import Testing
import WayfinderGraph
import WayfinderRouting

/// The ring walk over the snapping index (`SnapRings.swift`) against the plainest walk there
/// is: every cell of every ring looked up on its own, in the same order. Equal cell for cell,
/// so that every snap, and every tie between equally near roads, is what it was.
@Suite struct SnapRingTests {
    /// Ring by ring, top row to bottom, each row left to right (only a ring's edge on inner
    /// rows), one binary search per cell.
    func plainWalk(_ graph: RoutingGraph, around p: FixedCoordinate, maxDistance: Double,
                   stopAfter rings: Int) -> [Range<Int>] {
        let grid = graph.snapGrid
        let gridPoint = FixedCoordinate(
            lat: Int32(clamping: min(max(Int64(p.lat), Int64(grid.minLat)), Int64(grid.minLat) + Int64(grid.rows) * Int64(grid.cellSize))),
            lon: Int32(clamping: min(max(Int64(p.lon), Int64(grid.minLon)), Int64(grid.minLon) + Int64(grid.columns) * Int64(grid.cellSize))))
        guard Geo.distance(p, gridPoint) <= maxDistance else { return [] }
        let projection = LocalProjection(latitude: p.latitude)
        let cellMetres = Double(grid.cellSize) * min(projection.metresPerLatUnit, projection.metresPerLonUnit)
        let column = Int(((Double(p.lon) - Double(grid.minLon)) / Double(grid.cellSize)).rounded(.down))
        let row = Int(((Double(p.lat) - Double(grid.minLat)) / Double(grid.cellSize)).rounded(.down))
        let columns = Int(grid.columns), rows = Int(grid.rows)
        let firstRing = max(0, -row, row - (rows - 1), -column, column - (columns - 1))
        let lastRing = max(row, rows - 1 - row, column, columns - 1 - column)
        let maxRing = min(lastRing, Int(cellMetres > 0 ? min(Double(lastRing), maxDistance / cellMetres) : Double(lastRing)) + 2)
        var visited: [Range<Int>] = []
        guard firstRing <= maxRing else { return [] }
        for ring in firstRing...maxRing {
            if Double(max(0, ring - 1)) * cellMetres > maxDistance || ring - firstRing >= rings { break }
            for r in (row - ring)...(row + ring) where r >= 0 && r < rows {
                let step = r == row - ring || r == row + ring ? 1 : max(1, 2 * ring)
                for c in stride(from: column - ring, through: column + ring, by: step) where c >= 0 && c < columns {
                    let range = graph.snapEntryRange(cell: UInt32(r * columns + c))
                    if !range.isEmpty { visited.append(range) }
                }
            }
        }
        return visited
    }

    @Test(arguments: ["andorra", "helsinki", "monaco"])
    func ringWalkVisitsWhatThePlainWalkVisits(extract: String) throws {
        let graph = try ExtractGraphs.shared.graph(extract, .driving)
        var rng = SplitMix64(seed: 0x5EA1 &+ UInt64(extract.utf8.count))
        let grid = graph.snapGrid
        let span = Int32(Int(grid.cellSize) * Int(max(grid.rows, grid.columns)))
        var cells = 0
        for k in 0..<300 {
            // Near roads, anywhere in the box, and off the grid on every side.
            var p = randomCoordinate(graph, &rng)
            if k % 3 == 2 {
                p = FixedCoordinate(lat: grid.minLat + Int32.random(in: -span / 3...(span + span / 3), using: &rng),
                                    lon: grid.minLon + Int32.random(in: -span / 3...(span + span / 3), using: &rng))
            }
            let maxDistance = [5000.0, 300, 40_000][k % 3]
            let rings = [1, 3, 1000][k % 3]
            var ring = 0, visited: [Range<Int>] = []
            // `done` is asked once before each ring: stop after `rings` of them.
            graph.visitSnapCells(around: p, maxDistance: maxDistance, projection: LocalProjection(latitude: p.latitude),
                                 done: { _ in
                                     ring += 1
                                     return ring > rings
                                 }) { range in if !range.isEmpty { visited.append(range) } }
            let expected = plainWalk(graph, around: p, maxDistance: maxDistance, stopAfter: rings)
            cells += visited.count
            #expect(visited == expected, "\(extract) \(p) within \(maxDistance) m, \(rings) rings: \(visited.count) cells, plain \(expected.count)")
        }
        #expect(cells > 3000, "\(extract): only \(cells) cells visited")
    }

    /// Cells passed over because neither answer can gain from them: the nearest snaps are as
    /// near as with every cell looked at, on and off the map, with and without a main network.
    @Test(arguments: ["andorra", "helsinki", "monaco"], TravelMode.allCases)
    func pruningKeepsTheNearestSnaps(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let snapper = Snapper(graph: graph)
        var rng = SplitMix64(seed: 0x9E7 &+ UInt64(extract.utf8.count) &+ UInt64(mode.rawValue))
        let grid = graph.snapGrid
        let span = Int32(Int(grid.cellSize) * Int(max(grid.rows, grid.columns)))
        var same = 0, found = 0
        for k in 0..<400 {
            var p = randomCoordinate(graph, &rng)
            if k % 2 == 1 {
                p = FixedCoordinate(lat: grid.minLat + Int32.random(in: -span / 4...(span + span / 4), using: &rng),
                                    lon: grid.minLon + Int32.random(in: -span / 4...(span + span / 4), using: &rng))
            }
            let pruned = snapper.nearest(to: p, maxDistance: 5000), plain = snapper.nearest(to: p, maxDistance: 5000, pruning: false)
            #expect((pruned == nil) == (plain == nil), "\(extract) \(mode) \(p)")
            guard let pruned, let plain else { continue }
            found += 1
            #expect(pruned.any.distance == plain.any.distance && pruned.main?.distance == plain.main?.distance,
                    "\(extract) \(mode) \(p): \(pruned) against \(plain)")
            if pruned.any == plain.any && pruned.main == plain.main { same += 1 }
        }
        // Equally near roads (several ways from one node) may be told apart in another order.
        #expect(found > 200 && same >= found * 99 / 100, "\(extract) \(mode): \(same) of \(found) the same snaps")
    }
}
