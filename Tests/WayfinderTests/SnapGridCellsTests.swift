import Foundation
import Testing
import WayfinderGraph
@testable import WayfinderImport
import WayfinderRouting

/// `SnapGrid.forEachCell(touchedBy:_:_:)`: a short piece is listed under every cell of its
/// box, as the indexes always did; a long one only along its line, never missing a cell the
/// line passes through, so an extract with a far-off node builds small and still snaps.
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

    /// Two points 50° of longitude apart: the snapping index lists the piece along its line
    /// (it was every cell of its box, 6.25 million a mode), and a point beside it still snaps.
    @Test func anExtractWithAFarNodeBuildsSmallAndSnaps() throws {
        let dir = temporaryDirectory(), input = "\(dir)/far.osm", output = "\(dir)/far.wfg"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
             <node id="1" lat="0.0" lon="10.0"/>
             <node id="2" lat="0.5" lon="60.0"/>
             <way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Long Road"/></way>
            </osm>

            """.write(toFile: input, atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: input, output: output)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(size < 4_000_000, "\(size) bytes")
        for mode in TravelMode.allCases {
            let graph = try RoutingGraph(path: output, mode: mode)
            #expect(graph.snapSegments.count < 60_000, "\(mode): \(graph.snapSegments.count) entries")
            for (lat, lon, near) in [(0.25, 35.0, 0.0...50.0), (0.26, 35.0, 900.0...1300.0), (0.05, 15.0, 0.0...50.0)] {
                let p = FixedCoordinate(latitude: lat, longitude: lon)
                let snap = Snapper(graph: graph).nearest(to: p, count: 1, maxDistance: 5000, bearing: nil, excluding: [])
                #expect(snap.count == 1 && near.contains(snap[0].distance), "\(mode) at \(lat), \(lon): \(snap.map(\.distance))")
            }
        }
    }

    /// Roads on both sides of the antimeridian (Fiji, Chukotka, the Aleutians, the planet):
    /// their box is 3.6 billion units wide, past `Int32`, which stopped the build with an
    /// overflow trap in the snapping index's and the geocoder's grids. Both now measure it in
    /// 64 bits, and each side still snaps.
    @Test func anExtractAcrossTheAntimeridianBuildsAndSnaps() throws {
        let dir = temporaryDirectory(), input = "\(dir)/fiji.osm", output = "\(dir)/fiji.wfg"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
             <node id="1" lat="-17.000" lon="179.950"/>
             <node id="2" lat="-17.010" lon="179.960"/>
             <node id="3" lat="-16.500" lon="-179.950"/>
             <node id="4" lat="-16.510" lon="-179.940"><tag k="amenity" v="cafe"/><tag k="name" v="Far Cafe"/></node>
             <way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="West Road"/></way>
             <way id="2"><nd ref="3"/><nd ref="4"/><tag k="highway" v="residential"/><tag k="name" v="East Road"/></way>
            </osm>

            """.write(toFile: input, atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: input, output: output)
        for mode in TravelMode.allCases {
            let graph = try RoutingGraph(path: output, mode: mode)
            for (lat, lon) in [(-17.005, 179.955), (-16.505, -179.945)] {
                let p = FixedCoordinate(latitude: lat, longitude: lon)
                let snap = Snapper(graph: graph).nearest(to: p, count: 1, maxDistance: 1000, bearing: nil, excluding: [])
                #expect(snap.count == 1 && snap[0].distance < 50, "\(mode) at \(lat), \(lon): \(snap.map(\.distance))")
            }
        }
    }
}
