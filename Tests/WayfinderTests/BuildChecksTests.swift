import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph
@testable import WayfinderImport

/// OSM XML of square street grids (two-way residential streets `spacing` metres apart), one
/// per south-west corner and side; ids never repeat, so the grids share nothing.
func gridExtract(_ grids: [(lat: Double, lon: Double, side: Int)], spacing: Double = 100) -> String {
    var nodes = "", ways = "", nodeId = 0, wayId = 0
    for grid in grids {
        let first = nodeId + 1, metresPerDegree = Geo.earthRadius * .pi / 180
        for row in 0..<grid.side {
            for column in 0..<grid.side {
                nodeId += 1
                let lat = grid.lat + Double(row) * spacing / metresPerDegree
                let lon = grid.lon + Double(column) * spacing / metresPerDegree / cos(grid.lat * .pi / 180)
                nodes += "  <node id=\"\(nodeId)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
            }
        }
        for i in 0..<grid.side {
            for line in [(0..<grid.side).map { first + i * grid.side + $0 }, (0..<grid.side).map { first + $0 * grid.side + i }] {
                wayId += 1
                ways += "  <way id=\"\(wayId)\" version=\"1\">\n" + line.map { "    <nd ref=\"\($0)\"/>\n" }.joined()
                    + "    <tag k=\"highway\" v=\"residential\"/>\n  </way>\n"
            }
        }
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"gridExtract\">\n" + nodes + ways + "</osm>\n"
}

/// `wayfinder build`'s checks: a path that cannot work fails before any work (no phase begun,
/// nothing written, the old graph untouched), and a network cut in pieces is warned about.
@Suite struct BuildChecksTests {
    func build(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["build"] + words, console: console)
        return (code, console.output, console.errors)
    }

    /// Builds with a live `BuildProgress` and says how many phases began: 0 means no work.
    func phasesBegun(input: String, output: String) -> (error: BuildError?, phases: Int) {
        let live = BuildProgress()
        do { _ = try GraphBuilder.build(input: input, output: output, live: live) } catch { return (error, live.snapshot.phaseNumber) }
        return (nil, live.snapshot.phaseNumber)
    }

    let monaco = "\(dataDirectory)/monaco.osm.pbf"

    @Test func unwritableOutputFailsBeforeReading() throws {
        let dir = temporaryDirectory()
        let started = Date()
        let r = build(["--input", monaco, "--output", "/nonexistent/dir/m.wfg"])
        #expect(r.code == ExitCode.writeFailed.rawValue)
        #expect(r.err == "error: cannot write graph file /nonexistent/dir/m.wfg: directory /nonexistent/dir: No such file or directory\n")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(phasesBegun(input: monaco, output: "/nonexistent/dir/m.wfg").phases == 0)

        // A directory as the output, or a path through a file.
        let d = build(["--input", monaco, "--output", dir, "--quiet"])
        #expect(d.code == ExitCode.writeFailed.rawValue && d.err.contains("is a directory"), "\(d.err)")
        #expect(phasesBegun(input: monaco, output: dir + "/").phases == 0)
        let f = build(["--input", monaco, "--output", "\(monaco)/m.wfg", "--quiet"])
        #expect(f.code == ExitCode.writeFailed.rawValue && f.err.contains("is not a directory"), "\(f.err)")

        if geteuid() != 0 {  // root writes anywhere
            let locked = "\(dir)/locked"
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o555])
            let p = build(["--input", monaco, "--output", "\(locked)/m.wfg", "--quiet"])
            #expect(p.code == ExitCode.writeFailed.rawValue && p.err.contains("cannot create a file in"), "\(p.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix("locked") }.isEmpty)
    }

    @Test func unusableInputFailsBeforeReadingAndLeavesTheOldGraph() throws {
        let dir = temporaryDirectory(), graph = "\(dir)/g.wfg"
        try FileManager.default.copyItem(atPath: try ExtractGraphs.shared.path("monaco"), toPath: graph)
        let before = try Data(contentsOf: URL(fileURLWithPath: graph))
        let notPBF = "\(dir)/readme.osm.pbf", empty = "\(dir)/empty.osm", notXML = "\(dir)/text.osm"
        try FileManager.default.copyItem(atPath: "\(dataDirectory)/README.md", toPath: notPBF)
        try Data().write(to: URL(fileURLWithPath: empty))
        try "nodes: none\n".write(toFile: notXML, atomically: true, encoding: .utf8)
        for (input, message) in [(notPBF, "not an OSM PBF file"), (empty, "the file is empty"), (notXML, "not an OSM XML file"),
                                 ("\(dir)/missing.osm.pbf", "input file not found"), (dir, "is a directory")] {
            let r = build(["--input", input, "--output", graph])
            #expect(r.code == ExitCode.fileError.rawValue, "\(input)")
            #expect(r.err.hasPrefix("error: ") && r.err.contains(message) && r.err.split(separator: "\n").count == 1, "\(r.err)")
            #expect(phasesBegun(input: input, output: graph).phases == 0, "\(input)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: graph)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp") }.isEmpty)

        // The output naming the input is refused as a bad argument, the input kept.
        let copy = "\(dir)/monaco.osm.pbf"
        try FileManager.default.copyItem(atPath: monaco, toPath: copy)
        let same = build(["--input", copy, "--output", "\(dir)/../\((dir as NSString).lastPathComponent)/monaco.osm.pbf"])
        #expect(same.code == ExitCode.badInput.rawValue && same.err.contains("is the input file"), "\(same.err)")
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: monaco))
    }

    /// The header check accepts what real files start with and nothing shorter.
    @Test func pbfHeaderCheck() throws {
        for name in ["andorra", "monaco", "helsinki", "porto", "baltimore", "liechtenstein", "sydney"] {
            let head = try #require(FileHandle(forReadingAtPath: "\(dataDirectory)/\(name).osm.pbf")?.readData(ofLength: 64))
            #expect(OSMReader.isPBFStart([UInt8](head)), "\(name)")
            #expect(!OSMReader.isPBFStart([UInt8](head.prefix(10))))
        }
        #expect(!OSMReader.isPBFStart(Array("<?xml version=\"1.0\"?><osm></osm>".utf8)))
    }

    /// Two equal grids that no road joins: each mode's main network holds half its nodes,
    /// below the documented share, and the build says so (even with --quiet); one grid with
    /// a small separate piece beside it passes silently.
    @Test func networkInPiecesIsWarnedAbout() throws {
        let dir = temporaryDirectory()
        let split = "\(dir)/split.osm", whole = "\(dir)/whole.osm"
        try gridExtract([(1.0, 1.0, 12), (1.0, 1.1, 12)]).write(toFile: split, atomically: true, encoding: .utf8)
        try gridExtract([(1.0, 1.0, 12), (1.0, 1.1, 3)]).write(toFile: whole, atomically: true, encoding: .utf8)

        var lines: [String] = []
        let summary = try GraphBuilder.build(input: split, output: "\(dir)/split.wfg") { lines.append($0) }
        #expect(summary.mainNetworks.count == TravelMode.allCases.count)
        for (mode, share) in summary.mainNetworks {
            #expect(abs(share.share - 0.5) < 0.01, "\(mode): \(share)")
            #expect(share.isLow)
        }
        #expect(summary.warnings.count == TravelMode.allCases.count)
        let warnings = lines.filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == TravelMode.allCases.count && warnings[0].contains("driving main network holds 50% of the mode's ")
                && warnings[0].hasSuffix("below 60%: routes between most places will fail; is the extract cut into pieces or clipped badly?"),
                "\(warnings)")
        let quiet = build(["--input", split, "--output", "\(dir)/split2.wfg", "--quiet"])
        #expect(quiet.code == 0)
        #expect(quiet.err.split(separator: "\n").count == TravelMode.allCases.count && quiet.err.hasPrefix("warning: driving main network holds 50%"), "\(quiet.err)")

        let fine = try GraphBuilder.build(input: whole, output: "\(dir)/whole.wfg")
        #expect(fine.warnings.isEmpty)
        #expect(fine.mainNetworks.allSatisfy { $0.share.share > 0.9 && !$0.share.isLow })
        #expect(build(["--input", whole, "--output", "\(dir)/whole2.wfg", "--quiet"]).err.isEmpty)
    }

    /// The real extracts all pass: the documented range the share was chosen from.
    @Test func realExtractsHoldTheirMainNetwork() throws {
        for name in ["monaco", "helsinki", "porto"] {
            let summary = try GraphBuilder.build(input: "\(dataDirectory)/\(name).osm.pbf", output: "\(temporaryDirectory())/\(name).wfg")
            #expect(summary.warnings.isEmpty, "\(name)")
            #expect(summary.mainNetworks.allSatisfy { $0.share.share >= 0.75 }, "\(name): \(summary.mainNetworks)")
        }
    }
}
