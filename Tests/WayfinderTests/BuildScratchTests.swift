import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph
@testable import WayfinderImport

/// Every way's node locations, in file order (nil where the node is not in the file).
private final class WayLocations: OSMHandler {
    var ways: [[FixedCoordinate?]] = []
    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        ways.append((0..<nodes.count).map { nodes.location($0) })
    }
}

/// `wayfinder build --scratch DIR`: the read's node locations in a memory-mapped file
/// (`COsmium/node_locations.hpp`) give the same graph as in memory, a directory that cannot
/// hold the file fails before any work, and a file that cannot grow fails with a message,
/// not a signal, leaving nothing behind.
@Suite struct BuildScratchTests {
    func build(_ words: [String]) -> (code: Int32, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["build"] + words, console: console)
        return (code, console.errors)
    }

    /// Two grids (ids 1…288) and a way through a node the file lacks.
    func extract(in dir: String) throws -> String {
        let path = "\(dir)/grid.osm"
        let missing = "  <way id=\"900\" version=\"1\">\n    <nd ref=\"1\"/>\n    <nd ref=\"5000\"/>\n    <nd ref=\"2\"/>\n"
            + "    <tag k=\"highway\" v=\"service\"/>\n  </way>\n</osm>\n"
        let text = gridExtract([(1.0, 1.0, 12), (1.0, 1.01, 12)]).replacingOccurrences(of: "</osm>\n", with: missing)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func scratchFileGivesTheSameLocationsAndGraph() throws {
        let dir = temporaryDirectory(), scratch = "\(dir)/scratch"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        let input = try extract(in: dir)

        let inMemory = WayLocations(), inFile = WayLocations()
        let plain = try OSMReader.read(path: input, into: inMemory, kinds: [.ways])
        let scratched = try OSMReader.read(path: input, into: inFile, kinds: [.ways], scratch: scratch)
        #expect(inFile.ways == inMemory.ways && inMemory.ways.count == 49)
        #expect(inMemory.ways.last == [inMemory.ways[0][0], nil, inMemory.ways[0][1]])  // missing stays missing
        #expect(plain.scratchBytes == 0 && scratched.scratchBytes == 8 * 289)  // up to the largest id
        #expect(scratched.missingLocations == plain.missingLocations && plain.missingLocations == 1)

        // The build's other read (areas and base map) too: the same sections, checksum by
        // checksum, but the metadata (which holds the build's date).
        let a = try GraphBuilder.build(input: input, output: "\(dir)/a.wfg")
        let b = try GraphBuilder.build(input: input, output: "\(dir)/b.wfg", scratch: scratch)
        #expect(a.osm.scratchBytes == 0 && b.osm.scratchBytes == 8 * 289)
        func sections(_ path: String) throws -> [[UInt64]] {
            try GraphFile(path: path).sections.filter { $0.kind != GraphFile.metadataKind }
                .map { [UInt64($0.kind), UInt64($0.mode), UInt64($0.length), UInt64($0.crc)] }
        }
        #expect(try sections("\(dir)/a.wfg") == sections("\(dir)/b.wfg") && sections("\(dir)/a.wfg").count > 50)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)  // the file had no name
        #expect(build([input, "\(dir)/c.wfg", "--scratch", scratch, "--quiet"]).code == 0)
    }

    @Test func unusableScratchFailsBeforeReading() throws {
        let dir = temporaryDirectory(), input = try extract(in: dir), graph = "\(dir)/g.wfg"
        let r = build([input, graph, "--scratch", "\(dir)/none"])
        #expect(r.code == ExitCode.writeFailed.rawValue)
        #expect(r.err == "error: cannot keep node locations in \(dir)/none: No such file or directory\n")
        let f = build([input, graph, "--scratch", input])
        #expect(f.code == ExitCode.writeFailed.rawValue && f.err.hasSuffix(": Not a directory\n"), "\(f.err)")
        let live = BuildProgress()
        let error = #expect(throws: BuildError.self) {
            try GraphBuilder.build(input: input, output: graph, scratch: "\(dir)/none", live: live)
        }
        guard case .scratch(let directory, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(directory == "\(dir)/none" && reason == "No such file or directory")
        #expect(live.snapshot.phaseNumber == 0)
        #expect(!FileManager.default.fileExists(atPath: graph))
    }

    /// Real extracts' ids are sparse (Monaco's reach ten billion for thirty thousand nodes):
    /// the file would be about 100 GB, so the read stops and says to build in memory.
    @Test func sparseIdsAreRefused() throws {
        let scratch = temporaryDirectory()
        let error = #expect(throws: OSMReadError.self) {
            try OSMReader.read(path: "\(dataDirectory)/monaco.osm.pbf", into: WayLocations(), kinds: [.ways], scratch: scratch)
        }
        guard case .scratch(let directory, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(directory == scratch && reason.hasPrefix("node ids are too sparse for --scratch (id "), "\(reason)")
        #expect(reason.hasSuffix("build this extract without it, in memory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
    }

    /// A file that cannot grow (here a file size limit, as a full disk would) ends the build
    /// with the writeFailed code and one line, not SIGBUS, and the old graph stays.
    @Test func scratchThatCannotGrowFailsWithAMessage() throws {
        let bin = try #require(NightlyRebuildTests.binDirectory, "wayfinder binary not found beside the test runner")
        let dir = temporaryDirectory(), input = try extract(in: dir), graph = "\(dir)/g.wfg"
        try Data("old".utf8).write(to: URL(fileURLWithPath: graph))
        let process = Process(), errors = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // SIGXFSZ ignored, so that the limit gives EFBIG as ENOSPC would give its own error.
        process.arguments = ["-c", "ulimit -f 16384; trap '' XFSZ; exec \"$0\" build \"$1\" \"$2\" --scratch \"$3\" --quiet",
                             "\(bin)/wayfinder", input, graph, dir]
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == ExitCode.writeFailed.rawValue)
        #expect(message == "error: cannot keep node locations in \(dir): its file cannot grow to 64 MiB: File too large\n")
        #expect(FileManager.default.contents(atPath: graph) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["g.wfg", "grid.osm"])
    }
}
