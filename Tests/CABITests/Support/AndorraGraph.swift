import Foundation
import Synchronization
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// The repository's root (tests find data/ and the C test program from it).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The Andorra graph, built once per test process into a scratch folder removed at exit.
enum AndorraGraph {
    private static let built = Mutex<String?>(nil)

    static let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-cabi-\(getpid())").path
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: AndorraGraph.directory) }
        return dir
    }()

    static func path() throws -> String {
        try built.withLock { built in
            if let built { return built }
            let output = "\(directory)/andorra.wfg"
            _ = try GraphBuilder.build(input: "\(repositoryRoot)/data/andorra.osm.pbf", output: output)
            built = output
            return output
        }
    }
}

/// Random points from a fixed seed, as the other targets' tests draw them: half near a road
/// (within ~30 m of one of its points), half anywhere in the snapping grid's box.
func randomPoints(_ graph: RoutingGraph, count: Int, seed: UInt64) -> [FixedCoordinate] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        if Bool.random(using: &rng) {
            let s = graph.segments[Int.random(in: 0..<graph.segments.count, using: &rng)]
            let p = graph.points[Int(Int32.random(in: s.firstPoint...s.lastPoint, using: &rng))]
            return FixedCoordinate(lat: p.lat + Int32.random(in: -300...300, using: &rng),
                                   lon: p.lon + Int32.random(in: -300...300, using: &rng))
        }
        let grid = graph.snapGrid
        return FixedCoordinate(lat: grid.minLat + Int32.random(in: 0...(grid.rows * grid.cellSize), using: &rng),
                               lon: grid.minLon + Int32.random(in: 0...(grid.columns * grid.cellSize), using: &rng))
    }
}
