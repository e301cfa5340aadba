import Foundation
import Testing
@testable import WayfinderCLI
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// `wayfinder verify --previous`: a rebuild must cover about the area of the graph it
/// replaces. The same extract and a slightly grown one pass; another city fails (exit 7).
@Suite struct VerifyAreaTests {
    func verify(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["verify"] + words, console: console)
        return (code, console.output, console.errors)
    }

    @Test func anotherCityFailsAndTheSameExtractPasses() throws {
        let porto = try ExtractGraphs.shared.path("porto"), helsinki = try ExtractGraphs.shared.path("helsinki")
        let other = verify(["--graph", porto, "--previous", helsinki, "--routes", "5"])
        #expect(other.code == ExitCode.verificationFailed.rawValue, "\(other.out)\(other.err)")
        let area = other.out.split(separator: "\n").filter { $0.contains(" area: ") }
        #expect(area.count == 1 && area[0].hasPrefix("FAIL area: 41.") && area[0].contains(" against 60.")
                && area[0].contains(": 0% shared (limit 50%); a different area"), "\(area)")

        // A rebuild of the same extract (another file, same roads).
        let rebuilt = "\(temporaryDirectory())/porto.wfg"
        _ = try GraphBuilder.build(input: "\(dataDirectory)/porto.osm.pbf", output: rebuilt)
        let same = verify(["--graph", rebuilt, "--previous", porto, "--routes", "5"])
        #expect(same.code == 0, "\(same.out)\(same.err)")
        #expect(same.out.contains("ok   area: ") && same.out.contains(": 100% shared (limit 50%)"))

        // The limit is an option; nothing passes a fraction outside 0...1.
        #expect(verify(["--graph", porto, "--previous", helsinki, "--routes", "5", "--min-overlap", "0"]).code == 0)
        #expect(verify(["--graph", porto, "--min-overlap", "1.5"]).code == ExitCode.badInput.rawValue)
    }

    /// Real graphs from grids: one grown by a tenth each way overlaps by ~0.83 and passes,
    /// one moved by its own width does not overlap at all.
    @Test func aGrownExtractPassesAndAMovedOneFails() throws {
        let dir = temporaryDirectory()
        func graph(_ name: String, _ grid: (lat: Double, lon: Double, side: Int)) throws -> RoutingGraph {
            try gridExtract([grid]).write(toFile: "\(dir)/\(name).osm", atomically: true, encoding: .utf8)
            _ = try GraphBuilder.build(input: "\(dir)/\(name).osm", output: "\(dir)/\(name).wfg")
            return try RoutingGraph(path: "\(dir)/\(name).wfg", mode: .walking)
        }
        let base = try graph("base", (10, 10, 21)), grown = try graph("grown", (10, 10, 23))
        let moved = try graph("moved", (10, 10 + 2100 / (Geo.earthRadius * .pi / 180) / cos(10 * .pi / 180), 21))
        let growth = VerifyCommand.compareAreas(now: grown, before: base, minOverlap: VerifyCommand.defaultMinOverlap)
        #expect(growth.passed, "\(growth.description)")
        #expect(growth.description.contains(": 83% shared") || growth.description.contains(": 84% shared"), "\(growth.description)")
        let move = VerifyCommand.compareAreas(now: moved, before: base, minOverlap: VerifyCommand.defaultMinOverlap)
        #expect(!move.passed && move.description.contains(": 0% shared"), "\(move.description)")
    }

    /// The box leaves out the outermost half percent each way: one far road does not stretch it.
    @Test func oneFarRoadDoesNotStretchTheArea() throws {
        var points = (0..<1000).map { i in FixedCoordinate(latitude: 41 + Double(i % 40) * 0.001, longitude: -8.6 + Double(i / 40) * 0.001) }
        let box = try #require(points.withUnsafeBufferPointer { CoveredArea(points: $0) })
        points.append(contentsOf: Array(repeating: FixedCoordinate(latitude: 43, longitude: -1), count: 4))
        let stretched = try #require(points.withUnsafeBufferPointer { CoveredArea(points: $0) })
        #expect(stretched.overlap(with: box) > 0.95)
        #expect(abs(box.squareKilometres - 0.039 * 111.2 * 0.024 * 111.2 * cos(41.02 * .pi / 180)) < 0.2)
        let apart = CoveredArea(south: 60, west: 24, north: 60.1, east: 24.1)
        #expect(box.overlap(with: apart) == 0 && box.overlap(with: box) == 1)
        #expect([FixedCoordinate]().withUnsafeBufferPointer { CoveredArea(points: $0) } == nil)
    }
}
