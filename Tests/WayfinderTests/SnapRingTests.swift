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
                   stopAfter rings: Int) -> [Int] {
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
        var visited: [Int] = []
        guard firstRing <= maxRing else { return [] }
        for ring in firstRing...maxRing {
            if Double(max(0, ring - 1)) * cellMetres > maxDistance || ring - firstRing >= rings { break }
            for r in (row - ring)...(row + ring) where r >= 0 && r < rows {
                let step = r == row - ring || r == row + ring ? 1 : max(1, 2 * ring)
                for c in stride(from: column - ring, through: column + ring, by: step) where c >= 0 && c < columns {
                    if let cell = graph.snapCell(key: UInt32(r * columns + c)) { visited.append(cell) }
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
            var ring = 0, visited: [Int] = []
            // `done` is asked once before each ring: stop after `rings` of them.
            graph.visitSnapCells(around: p, maxDistance: maxDistance, projection: LocalProjection(latitude: p.latitude),
                                 done: { _ in
                                     ring += 1
                                     return ring > rings
                                 }) { cell in visited.append(cell) }
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

    /// The index lists a segment once per cell (`SnapIndex`); the pieces a cell hands out
    /// are exactly those of a list of every piece under every cell its box touches, in
    /// (segment, offset) order, so that every walk meets what it met before.
    @Test(arguments: ["andorra", "monaco"], TravelMode.allCases)
    func cellsHandOutEveryPieceTheyTouch(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let grid = graph.snapGrid, size = grid.cellSize
        var expected: [UInt32: [SnapEntry]] = [:]
        for (s, segment) in graph.segments.enumerated() where graph.ways[Int(segment.way)].transport == Transport.road.rawValue {
            for p in Int(segment.firstPoint)..<Int(segment.lastPoint) {
                let a = graph.points[p], b = graph.points[p + 1]
                for r in (min(a.lat, b.lat) - grid.minLat) / size...(max(a.lat, b.lat) - grid.minLat) / size {
                    for c in (min(a.lon, b.lon) - grid.minLon) / size...(max(a.lon, b.lon) - grid.minLon) / size {
                        expected[UInt32(r) * UInt32(grid.columns) + UInt32(c), default: []]
                            .append(SnapEntry(segment: Int32(s), offset: Int32(p) - segment.firstPoint))
                    }
                }
            }
        }
        #expect(graph.snapKeys.count == expected.count)
        var pieces = 0
        for (i, key) in graph.snapKeys.enumerated() {
            var found: [SnapEntry] = []
            graph.forEachSnapPiece(inCellAt: i) { found.append($0) }
            pieces += found.count
            let want = expected[key] ?? []
            #expect(found.map(\.segment) == want.map(\.segment) && found.map(\.offset) == want.map(\.offset),
                    "\(extract) \(mode) cell \(key): \(found.count) pieces, \(want.count) expected")
        }
        #expect(pieces == expected.values.reduce(0) { $0 + $1.count } && pieces > 1000)
        #expect(graph.snapSegments.count < pieces, "\(extract) \(mode): \(graph.snapSegments.count) entries for \(pieces) pieces")
    }
}
