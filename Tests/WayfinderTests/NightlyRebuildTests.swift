import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting

/// `scripts/nightly-rebuild`: a failed rebuild of any kind leaves the graph in service
/// untouched and usable.
@Suite(.serialized) struct NightlyRebuildTests {
    /// The directory holding the `wayfinder` binary of this build (swift test builds it too).
    static let binDirectory: String? = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("wayfinder").path) { return dir.path }
            dir.deleteLastPathComponent()
        }
        return nil
    }()

    static let script = URL(fileURLWithPath: dataDirectory).deletingLastPathComponent()
        .appendingPathComponent("scripts/nightly-rebuild").path

    /// Runs one of the operator scripts through bash with this build's binaries and two
    /// arguments, `prelude` (e.g. a ulimit) before it, its stderr dropped; its exit code.
    static func runScript(_ script: String, _ first: String, _ second: String, prelude: String = "") throws -> Int32 {
        let bin = try #require(binDirectory, "wayfinder binary not found beside the test runner")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "\(prelude) exec \"$0\" \"$1\" \"$2\" 2>/dev/null", script, first, second]
        process.environment = ProcessInfo.processInfo.environment.merging(["WAYFINDER_BIN": bin]) { $1 }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the script, with `prelude` before it; its exit code and log.
    func rebuild(_ pbf: String, _ graph: String, prelude: String = "") throws -> (code: Int32, log: String) {
        let code = try Self.runScript(Self.script, pbf, graph, prelude: prelude)
        return (code, (try? String(contentsOfFile: graph + ".log", encoding: .utf8)) ?? "")
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func assertInService(_ graph: String, equals before: Data?) throws {
        #expect(contents(graph) == before)
        let routing = try RoutingGraph(path: graph, mode: .driving)
        let points = routing.randomRoadPoints(count: 2, seed: 1)
        _ = try Router(graph: routing).route(from: points[0], to: points[1])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (graph as NSString).deletingLastPathComponent)
            .filter { $0.contains(".candidate") || $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
    }

    @Test func rebuildSwapsInTheNewGraphAndKeepsThePrevious() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/andorra.wfg"
        let first = try rebuild("\(dataDirectory)/andorra.osm.pbf", graph)
        #expect(first.code == 0, "\(first.log)")
        let built = contents(graph)
        #expect(built != nil)
        let second = try rebuild("\(dataDirectory)/andorra.osm.pbf", graph)
        #expect(second.code == 0, "\(second.log)")
        #expect(contents("\(graph).previous") == built)
        #expect(second.log.split(separator: "\n").count == 2)
        #expect(second.log.split(separator: "\n").last?.contains(" ok exit=0 ") == true)
        try assertInService(graph, equals: contents(graph))
    }

    @Test func truncatedInputLeavesTheGraphUntouched() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/monaco.wfg"
        #expect(try rebuild("\(dataDirectory)/monaco.osm.pbf", graph).code == 0)
        let before = contents(graph)
        let pbf = try #require(contents("\(dataDirectory)/monaco.osm.pbf"))
        try pbf.prefix(pbf.count * 2 / 3).write(to: URL(fileURLWithPath: "\(dir)/cut.osm.pbf"))
        let r = try rebuild("\(dir)/cut.osm.pbf", graph)
        #expect(r.code == 11)
        #expect(r.log.contains("FAILED exit=11"))
        #expect(try rebuild("\(dir)/missing.osm.pbf", graph).code == 11)
        try assertInService(graph, equals: before)
    }

    @Test func fullDiskLeavesTheGraphUntouched() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/monaco.wfg"
        #expect(try rebuild("\(dataDirectory)/monaco.osm.pbf", graph).code == 0)
        let before = contents(graph)
        // A file-size limit of 256 KiB: the builder's writes fail part-way, as on a full disk.
        let r = try rebuild("\(dataDirectory)/monaco.osm.pbf", graph, prelude: "ulimit -f 256;")
        #expect(r.code == 12)
        try assertInService(graph, equals: before)
    }

    @Test func collapsedCountsFailVerification() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/g.wfg"
        #expect(try rebuild("\(dataDirectory)/andorra.osm.pbf", graph).code == 0)
        let before = contents(graph)
        // A far smaller extract "replaces" Andorra: every count collapses.
        let r = try rebuild("\(dataDirectory)/sydney.osm.pbf", graph)
        #expect(r.code == 13)
        #expect(r.log.contains("verification failed"))
        try assertInService(graph, equals: before)
    }

    /// Another city's extract of about the same size: the counts pass, the area does not.
    @Test func anotherAreaFailsVerification() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/g.wfg"
        #expect(try rebuild("\(dataDirectory)/helsinki.osm.pbf", graph).code == 0)
        let before = contents(graph)
        let r = try rebuild("\(dataDirectory)/porto.osm.pbf", graph)
        #expect(r.code == 13)
        #expect(r.log.contains("verification failed: FAIL area: ") && r.log.contains("a different area"), "\(r.log)")
        try assertInService(graph, equals: before)
    }

    /// The graph in service is read without its checksums, only for its counts: a damaged
    /// one (here its driving shortcut table overwritten, as no build writes it) must neither
    /// stop the job nor be unpacked.
    @Test func aDamagedGraphInServiceIsReplaced() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/g.wfg"
        #expect(try rebuild("\(dataDirectory)/andorra.osm.pbf", graph).code == 0)
        var bytes = try #require(contents(graph))
        let file = try GraphFile(path: graph)
        let shortcuts = try #require(file.section(kind: SectionKind.chShortcuts.rawValue, mode: TravelMode.driving.rawValue,
                                                  as: Shortcut.self))
        let length = shortcuts.count * MemoryLayout<Shortcut>.stride
        let start = try #require(bytes.range(of: Data(UnsafeRawBufferPointer(shortcuts).prefix(96)))).lowerBound
        bytes.replaceSubrange(start..<start + length, with: Data(repeating: 0x7f, count: length))
        try bytes.write(to: URL(fileURLWithPath: graph))
        let r = try rebuild("\(dataDirectory)/andorra.osm.pbf", graph)
        #expect(r.code == 0, "\(r.log)")
        try assertInService(graph, equals: contents(graph))
        #expect(contents("\(graph).previous") == bytes)
    }

    @Test func aSecondRunWaitsForNoOne() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/g.wfg"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["\(graph).lock", "sleep", "5"]
        try holder.run()
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.3)
        let r = try rebuild("\(dataDirectory)/monaco.osm.pbf", graph)
        #expect(r.code == 10)
        #expect(contents(graph) == nil)
    }
}
