import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting

/// `scripts/traffic-update`: the operator's loop (customize, verify, swap) applies a feed
/// once, skips an unchanged one, and leaves the graph in service untouched on a bad one;
/// one log line per update.
@Suite(.serialized) struct TrafficUpdateTests {
    static let script = URL(fileURLWithPath: dataDirectory).deletingLastPathComponent()
        .appendingPathComponent("scripts/traffic-update").path

    func update(_ feed: String, _ graph: String) throws -> (code: Int32, log: [String]) {
        let code = try NightlyRebuildTests.runScript(Self.script, feed, graph)
        let log = (try? String(contentsOfFile: graph + ".traffic.log", encoding: .utf8)) ?? ""
        return (code, log.split(separator: "\n").map(String.init))
    }

    func metricVersion(_ graph: String) throws -> String? { try GraphFile(path: graph).metadata["metric_version"] }

    @Test func aFeedIsAppliedOnceAndABadOneLeavesTheGraphInService() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/monaco.wfg", feed = "\(dir)/feed"
        try FileManager.default.copyItem(atPath: try ExtractGraphs.shared.path("monaco"), toPath: graph)
        try FileManager.default.createDirectory(atPath: feed, withIntermediateDirectories: true)
        // No files yet: nothing to apply is an error, not an update.
        #expect(try update(feed, graph).code == 11)

        try FileManager.default.copyItem(atPath: "\(dataDirectory)/examples/monaco-speeds.csv", toPath: "\(feed)/a.speeds.csv")
        let applied = try update(feed, graph)
        #expect(applied.code == 0 && applied.log.last?.contains(" ok exit=0 ") == true && applied.log.last?.contains("metric version 1") == true,
                "\(applied.log)")
        #expect(try metricVersion(graph) == "1")
        // The same feed again: logged, not applied.
        let again = try update(feed, graph)
        #expect(again.code == 0 && again.log.last?.contains("unchanged") == true)
        #expect(try metricVersion(graph) == "1")

        // A bad row: exit 11, FILE:LINE in the log, the graph byte for byte as it was.
        let before = FileManager.default.contents(atPath: graph)
        try "1,2,fast\n".write(toFile: "\(feed)/b.speeds.csv", atomically: true, encoding: .utf8)
        let bad = try update(feed, graph)
        #expect(bad.code == 11 && bad.log.last?.contains("FAILED exit=11") == true && bad.log.last?.contains("b.speeds.csv:1:") == true)
        #expect(FileManager.default.contents(atPath: graph) == before)
        #expect(bad.log.count == 4)

        // Mended, with a turn penalty file and closed areas beside it: applied as the next metric.
        try "1,2,30\n".write(toFile: "\(feed)/b.speeds.csv", atomically: true, encoding: .utf8)
        try "1,2,3,10\n".write(toFile: "\(feed)/c.turns.csv", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: "\(dataDirectory)/examples/monaco-closed.geojson", toPath: "\(feed)/d.geojson")
        let mended = try update(feed, graph)
        #expect(mended.code == 0 && mended.log.last?.contains("0 of 1 turn rows matched") == true, "\(mended.log)")
        #expect(mended.log.last?.contains("2 closed areas") == true && mended.log.last?.contains("modes customized: driving, walking, cycling") == true)
        #expect(try metricVersion(graph) == "2")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".candidate") }
        #expect(leftovers.isEmpty)
        let routing = try RoutingGraph(path: graph, mode: .driving)
        let points = routing.randomRoadPoints(count: 2, seed: 1)
        _ = try Router(graph: routing).route(from: points[0], to: points[1])
    }
}
