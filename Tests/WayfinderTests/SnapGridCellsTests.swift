import Foundation
import Testing
import WayfinderGraph

/// `SnapGrid.forEachCell(touchedBy:_:_:)`: a short piece is listed under every cell of its
/// box, as the indexes always did; a long one only along its line, never missing a cell the
/// line passes through (what that does to a whole build: `BuildExtremesTests`).
@Suite struct SnapGridCellsTests {
    let grid = SnapGrid(minLat: 0, minLon: 0, cellSize: 20_000, columns: 30_000, rows: 30_000)

    func cells(_ a: FixedCoordinate, _ b: FixedCoordinate) -> [UInt64] {
        var listed: [UInt64] = []
        grid.forEachCell(touchedBy: a, b) { r, c in listed.append(UInt64(r) << 32 | UInt64(c)) }
        return listed
    }

    @Test func aShortPieceGetsEveryCellOfItsBox() {
        let a = FixedCoordinate(lat: 1_000_123, lon: 2_000_456), b = FixedCoordinate(lat: 1_500_000, lon: 1_100_000)
        var box: [UInt64] = []
        for r in Int32(1_000_123 / 20_000)...Int32(1_500_000 / 20_000) {
            for c in Int32(1_100_000 / 20_000)...Int32(2_000_456 / 20_000) { box.append(UInt64(r) << 32 | UInt64(c)) }
        }
        #expect(box.count <= SnapGrid.boxListingLimit)
        #expect(cells(a, b) == box && cells(b, a) == box)
    }

    /// Long pieces in every direction: each point along the line lies in a listed cell, each
    /// cell once, and there are about as many as the cells the line crosses, not its box's.
    @Test func aLongPieceGetsTheCellsAlongItsLine() {
        var rng = SplitMix64(seed: 0xCE11)
        for k in 0..<200 {
            let a = FixedCoordinate(lat: Int32.random(in: 0..<600_000_000, using: &rng), lon: Int32.random(in: 0..<600_000_000, using: &rng))
            var b = FixedCoordinate(lat: Int32.random(in: 0..<600_000_000, using: &rng), lon: Int32.random(in: 0..<600_000_000, using: &rng))
            if k % 4 == 1 { b.lat = a.lat }                               // along a row
            if k % 4 == 2 { b.lon = a.lon + Int32(k) }                    // nearly along a column
            if k % 4 == 3 { b = FixedCoordinate(lat: a.lat / 2, lon: a.lon / 2 + 40_000) }  // through corners
            let (r0, c0) = grid.cell(a), (r1, c1) = grid.cell(b)
            let spanRows = Int(abs(r1 - r0)) + 1, spanColumns = Int(abs(c1 - c0)) + 1
            guard spanRows * spanColumns > SnapGrid.boxListingLimit else { continue }
            let listed = cells(a, b), set = Set(listed)
            #expect(set.count == listed.count, "a cell listed twice")
            #expect(listed.count <= 3 * (spanRows + spanColumns) + 4, "\(listed.count) cells for a \(spanRows) x \(spanColumns) box")
            for i in 0...20_000 {
                let t = Double(i) / 20_000
                let p = FixedCoordinate(lat: Int32((Double(a.lat) + (Double(b.lat) - Double(a.lat)) * t).rounded()),
                                        lon: Int32((Double(a.lon) + (Double(b.lon) - Double(a.lon)) * t).rounded()))
                let (r, c) = grid.cell(p)
                if !set.contains(UInt64(r) << 32 | UInt64(c)) {
                    Issue.record("piece \(k): point \(p) in cell \(r), \(c) not listed")
                    break
                }
            }
        }
    }
}
