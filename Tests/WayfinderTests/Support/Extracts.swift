import Foundation
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// The repository's `data/` folder.
let dataDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("data").path

/// Every test's scratch space: one folder per test process, removed when the process exits
/// (graph files are large; runs must not pile them up in /tmp).
let testScratchRoot: String = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-tests-\(getpid())").path
    try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    atexit(removeTestScratch)
    return root
}()

private func removeTestScratch() {
    try? FileManager.default.removeItem(atPath: testScratchRoot)
}

/// A new empty folder inside the process's scratch space.
func temporaryDirectory() -> String {
    let dir = "\(testScratchRoot)/\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// Graph files of the real extracts, built once per test run and shared by every test.
final class ExtractGraphs: @unchecked Sendable {
    static let shared = ExtractGraphs()
    private let lock = NSLock()
    private var paths: [String: String] = [:]
    private let directory = temporaryDirectory()

    func path(_ extract: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = paths[extract] { return path }
        let output = "\(directory)/\(extract).wfg"
        _ = try GraphBuilder.build(input: "\(dataDirectory)/\(extract).osm.pbf", output: output)
        paths[extract] = output
        return output
    }

    func graph(_ extract: String, _ mode: TravelMode) throws -> RoutingGraph {
        try RoutingGraph(path: path(extract), mode: mode)
    }
}


/// A random input: half on road points, half anywhere in the network's box (so that
/// mid-segment snapping, islands and unreachable targets all occur).
func randomCoordinate(_ graph: RoutingGraph, _ rng: inout SplitMix64) -> FixedCoordinate {
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

/// Routes `count` random pairs of `graph` with the hierarchy and with plain Dijkstra: how many
/// both routed, and each disagreement (another weight, or another error). `each` gets every
/// hierarchy route with its ends, for the caller's own checks.
func routesAgainstDijkstra(_ graph: RoutingGraph, count: Int, rng: inout SplitMix64,
                           each: (FixedCoordinate, FixedCoordinate, Route) throws -> Void = { _, _, _ in }) rethrows
    -> (routed: Int, disagreements: [String]) {
    let fast = Router(graph: graph), slow = Router(graph: graph, reference: true)
    var routed = 0, disagreements: [String] = []
    for _ in 0..<count {
        let a = randomCoordinate(graph, &rng), b = randomCoordinate(graph, &rng)
        let f = Result { try fast.route(from: a, to: b) }, s = Result { try slow.route(from: a, to: b) }
        switch (f, s) {
        case (.success(let x), .success(let y)):
            routed += 1
            if x.weight != y.weight { disagreements.append("\(a) -> \(b): CH \(x.weight) ms, Dijkstra \(y.weight) ms") }
            try each(a, b, x)
        case (.failure(let x as RouteError), .failure(let y as RouteError)):
            if x != y { disagreements.append("\(a) -> \(b): CH \(x), Dijkstra \(y)") }
        default:
            disagreements.append("\(a) -> \(b): CH \(f), Dijkstra \(s)")
        }
    }
    return (routed, disagreements)
}
