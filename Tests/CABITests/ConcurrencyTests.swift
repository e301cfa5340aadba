import Foundation
import Synchronization
import Testing
import WayfinderC
import WayfinderRouting

/// Several threads calling one opened graph at once get the serial answers: each call takes
/// its own pooled query objects.
@Suite struct ConcurrencyTests {
    @Test func concurrentCallsEqualSerialAnswers() throws {
        let path = try AndorraGraph.path()
        var opened: OpaquePointer?
        #expect(wf_open(path, 0, &opened) == 0)
        let graph = try #require(opened)
        defer { wf_close(graph) }
        let routing = try RoutingGraph(path: path, mode: .driving)
        let n = 60
        let rows = randomPoints(routing, count: 2 * n, seed: 4242).flatMap { [$0.latitude, $0.longitude] }
        let points = Array(rows.prefix(2 * 40))

        let address = Int(bitPattern: graph)  // a handle may be shared by threads: that is the point
        /// One thread's work: pairs of both modes, a table, a route JSON; all as bit patterns.
        @Sendable func work() -> [UInt64] {
            let graph = OpaquePointer(bitPattern: address)
            var out: [UInt64] = []
            for mode in Int32(0)...1 {
                var codes = [Int32](repeating: 0, count: n), d = [Double](repeating: 0, count: n), s = d
                _ = wf_route_pairs(graph, mode, rows, n, 0, &codes, &d, &s)
                out += codes.map { UInt64(bitPattern: Int64($0)) } + d.map(\.bitPattern) + s.map(\.bitPattern)
                var durations = [Double](repeating: 0, count: 400), distances = durations
                _ = wf_table(graph, mode, points, 20, Array(points.suffix(40)), 20, &durations, &distances)
                out += durations.map(\.bitPattern) + distances.map(\.bitPattern)
            }
            var json: UnsafeMutablePointer<CChar>?
            var length = 0
            _ = wf_route_json(graph, 0, Array(rows.prefix(6)), 3, "steps=true", &json, &length)
            out += UnsafeRawBufferPointer(start: json, count: length).map { UInt64($0) }
            wf_free(json)
            return out
        }

        let serial = work()
        let results = Mutex<[[UInt64]]>([])
        let threads = (0..<4).map { _ in
            Thread {
                var answers: [[UInt64]] = []
                for _ in 0..<5 { answers.append(work()) }
                results.withLock { $0 += answers }
            }
        }
        threads.forEach { $0.start() }
        while results.withLock({ $0.count }) < 20 { usleep(1000) }
        #expect(results.withLock { $0.allSatisfy { $0 == serial } })
    }
}
