import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The map app's speed in headless Chromium, run by `scripts/map-bench [GRAPH]` (which sets
/// WAYFINDER_MAP_BENCH to an extract name of data/ or a graph file, and
/// WAYFINDER_MAP_BENCH_RUNS): the page-ready time (navigation start to the first tiles
/// drawn, `data-ready-ms`, cold browser each run) and the idle reverse geocode (the camera
/// stopping to the centre's label being written, `data-idle-ms`, after each of several pans).
/// Figures only, no assertion on them: targets are ≤ 1 s and ≤ 50 ms on Porto.
@Suite struct MapBench {
    static let target = ProcessInfo.processInfo.environment["WAYFINDER_MAP_BENCH"]

    @Test(.enabled(if: target != nil && chromiumPath != nil, "set WAYFINDER_MAP_BENCH=GRAPH (scripts/map-bench)"))
    func pageReadyAndIdleReverse() throws {
        let target = Self.target!
        let graph = target.hasSuffix(".wfg") ? target : try TestGraphs.path(target)
        let runs = Int(ProcessInfo.processInfo.environment["WAYFINDER_MAP_BENCH_RUNS"] ?? "") ?? 5
        let server = try TestServer(graph: graph, threads: 2)
        let origin = "http://127.0.0.1:\(server.port)"
        var ready: [Double] = [], idle: [Double] = [], tiles: [Int] = []
        for _ in 0..<runs {
            let b = try Browser(width: 1200, height: 800)
            defer { b.close() }
            try b.open(origin + "/")
            try b.waitFor("document.documentElement.dataset.readyMs", timeout: 30)
            ready.append(Double(try MapApp.data(b, "readyMs") ?? "") ?? .nan)
            tiles.append(b.requests.filter { $0.contains("/tiles/") }.count)
            try b.waitFor("WF.el('centre-label').dataset.stops")
            let c = try MapApp.mapCentre(b)
            for pan in 0..<6 {
                let stops = Int(try b.evaluate("WF.el('centre-label').dataset.stops") as? String ?? "") ?? 0
                let dx: Double = pan % 2 == 0 ? 180 : -150, dy: Double = pan % 3 == 0 ? 90 : -70
                try b.drag(fromX: c.x, fromY: c.y, toX: c.x + dx, toY: c.y + dy, steps: 8)
                try b.waitFor("Number(WF.el('centre-label').dataset.stops) > \(stops)")
                idle.append(Double(try b.evaluate("WF.el('centre-label').dataset.idleMs") as? String ?? "") ?? .nan)
            }
        }
        func line(_ name: String, _ values: [Double]) -> String {
            let sorted = values.sorted()
            let median = sorted[sorted.count / 2], p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
            return String(format: "map-bench %@: median %.1f ms, p90 %.1f ms, min %.1f, max %.1f (%d samples)",
                          name, median, p90, sorted.first!, sorted.last!, sorted.count)
        }
        print("map-bench graph: \(target), \(runs) runs, tiles asked for on the first view: \(tiles)")
        print(line("page ready (first tiles drawn)", ready))
        print(line("idle reverse geocode (camera stop → label)", idle))
    }
}
