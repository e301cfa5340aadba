import Testing
import WayfinderGraph
@testable import WayfinderEngine

/// The tiles' place labels (`PlaceLabels`): a tile's candidates, tested against its box, are
/// exactly the labels a scan of all of them finds, in the same order; and ids sort as text.
@Suite struct PlaceLabelsTests {
    @Test func idsSortAsTheirText() {
        var rng = SplitMix64(seed: 11)
        var ids: [Int64] = [0, 1, 9, 10, 12, 120, 123, 13, 99, 100, 1_000_000_000_000_000_000, Int64.max, -5, -40]
        for _ in 0..<2000 { ids.append(Int64.random(in: 0..<(Int64(1) << Int64.random(in: 1...62, using: &rng)), using: &rng)) }
        for a in ids {
            for b in ids.prefix(200) {
                #expect(PlaceLabels.decimalTextPrecedes(a, b) == (String(a) < String(b)), "\(a) \(b)")
            }
        }
    }

    @Test func aTilesCandidatesAreWhatAScanFinds() throws {
        let served = try ServedGraph(path: TestGraphs.path("andorra"), generation: 1)
        let places = served.placeLabels
        let all = places.labels
        #expect(all.count > 50)
        var rng = SplitMix64(seed: 5)
        var withLabels = 0
        for _ in 0..<1500 {
            let z = Int.random(in: 3...18, using: &rng)
            // Around Andorra's labels, and anywhere in the world.
            let anchor = all[Int.random(in: 0..<all.count, using: &rng)]
            let spread = Int32(clamping: WebMercator.tileSize(z) * 2)
            let nearby = Bool.random(using: &rng)
            let x = nearby ? anchor.x &+ Int32.random(in: -spread...spread, using: &rng) : Int32.random(in: 0..<(1 << 30), using: &rng)
            let y = nearby ? anchor.y &+ Int32.random(in: -spread...spread, using: &rng) : Int32.random(in: 0..<(1 << 30), using: &rng)
            let tile = WebMercator.tile(z: z, x: max(0, x), y: max(0, y))
            let frame = try #require(TileFrame(z: z, x: tile.x, y: tile.y))
            let box = frame.worldBox
            func inside(_ px: Int32, _ py: Int32) -> Bool {
                (box.minX...box.maxX).contains(Int64(px)) && (box.minY...box.maxY).contains(Int64(py))
            }
            let scanned = all.filter { ($0.kind.minZoom...$0.kind.maxZoom).contains(z) && inside($0.x, $0.y) }.map(\.id)
            let indexed = places.candidates(for: frame).filter { let p = places.point(at: $0); return inside(p.x, p.y) }
                .map { places.label(at: $0).id }
            #expect(indexed == scanned, "tile \(z)/\(tile.x)/\(tile.y)")
            if !scanned.isEmpty { withLabels += 1 }
        }
        #expect(withLabels > 100)
    }
}
