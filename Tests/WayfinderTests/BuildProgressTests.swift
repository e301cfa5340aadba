import Foundation
import Testing
@testable import WayfinderCLI
import WayfinderContraction
import WayfinderGraph
import WayfinderImport

/// `wayfinder build`'s live progress: one line redrawn in place on a terminal (at most ten
/// times a second), short plain lines in a log, the per-phase summary kept, and counters that
/// reach their totals.
@Suite struct BuildProgressTests {
    typealias Snapshot = BuildProgress.Snapshot

    func reading(_ done: Int, phase: Int = 1, elapsed: Double = 0.5) -> Snapshot {
        Snapshot(phase: "read", phaseNumber: phase, elapsed: elapsed,
                 tracks: [.init(name: "read", step: "x.osm.pbf", unit: "bytes", done: done, total: 4 << 20)])
    }

    @Test func lineTexts() {
        #expect(BuildProgressDisplay.text(reading(1 << 20))
                == "read  [######------------------]   25%  1.0 of 4.0 MiB  x.osm.pbf  0.5 s")
        #expect(BuildProgressDisplay.text(reading(1 << 20), bar: false) == "read   25%  1.0 of 4.0 MiB  x.osm.pbf  0.5 s")
        let modes = Snapshot(phase: "modes", phaseNumber: 2, elapsed: 12.25, tracks: [
            .init(name: "driving", step: "contraction", unit: "nodes", done: 3700, total: 8212),
            .init(name: "walking", step: "bearings"), .init(name: "geocoder", step: "")])
        #expect(BuildProgressDisplay.text(modes)
                == "modes  12.2 s  driving: contraction 45% (3,700/8,212 nodes) · walking: bearings · geocoder: waiting")
        #expect(modes.overallFraction == 3700.0 / 8212)
    }

    /// A capturing "terminal": every draw starts with a carriage return, none ends a line,
    /// draws come at most every 0.1 s, and a shorter line blanks the longer one first.
    @Test func terminalRedrawsOneLineInPlace() {
        let console = Console(capturing: true, terminal: true)
        let display = BuildProgressDisplay(console: console)
        // 200 polls in 2 s (every 10 ms): at most 21 draws.
        for i in 0..<200 { display.show(reading(i * (4 << 20) / 200), now: Double(i) * 0.01) }
        let draws = console.errors.components(separatedBy: "\r").dropFirst()
        #expect(draws.count >= 10 && draws.count <= 21, "\(draws.count) draws")
        #expect(!console.errors.contains("\n") && console.errors.hasPrefix("\rread  ["))
        #expect(draws.last?.contains("% ") == true && draws.last?.contains(" of 4.0 MiB  x.osm.pbf") == true)

        // A summary line clears the progress line and stands on its own; the next phase redraws.
        display.summary("read       0.500 s  1 nodes")
        #expect(console.errors.hasSuffix("\r" + String(repeating: " ", count: draws.last!.count) + "\rread       0.500 s  1 nodes\n"))
        let long = Snapshot(phase: "modes", phaseNumber: 2, elapsed: 1, tracks: [
            .init(name: "driving", step: "contraction", unit: "nodes", done: 1, total: 2), .init(name: "walking", step: "graph")])
        let short = Snapshot(phase: "write", phaseNumber: 3, elapsed: 0, tracks: [.init(name: "write", step: "g.wfg")])
        display.show(long, now: 5)
        display.show(short, now: 5.05)  // too soon
        display.show(short, now: 5.2)
        let longText = BuildProgressDisplay.text(long)
        #expect(console.errors.hasSuffix("\n\r\(longText)\r\(String(repeating: " ", count: longText.count))\rwrite  0.0 s  g.wfg"))
        display.stop()
        #expect(console.errors.hasSuffix("\rwrite  0.0 s  g.wfg\r" + String(repeating: " ", count: 19) + "\r"))
    }

    /// In a log: a line when a phase is first seen, then one per further tenth (at most one a
    /// second) or after half a minute of nothing; a ten-minute phase stays a few lines.
    @Test func plainLinesInALog() {
        let console = Console(capturing: true)
        let display = BuildProgressDisplay(console: console)
        let total = 4 << 20
        display.show(reading(total / 20), now: 0)          // first sight of the phase
        display.show(reading(total * 3 / 20), now: 0.5)    // a new tenth, but within a second
        display.show(reading(total * 5 / 20), now: 1.2)    // a new tenth
        display.show(reading(total * 11 / 40), now: 1.3)   // the same tenth
        display.show(reading(total * 11 / 40), now: 20)    // the same tenth, not yet half a minute
        display.show(reading(total * 11 / 40), now: 31.3)  // half a minute without a line
        display.show(Snapshot(phase: "modes", phaseNumber: 2, elapsed: 0, tracks: [.init(name: "driving", step: "graph")]), now: 31.35)
        let lines = console.errors.split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        #expect(!console.errors.contains("\r"))
        #expect(lines[0].hasPrefix("read    5%  0.2 of 4.0 MiB") && lines[1].hasPrefix("read   25%") && lines[2].hasPrefix("read   27%"))
        #expect(lines[3] == "modes  0.0 s  driving: graph")

        let long = Console(capturing: true), slow = BuildProgressDisplay(console: long)
        for i in 0...6000 { slow.show(reading(i * total / 6000, phase: 9, elapsed: Double(i) / 10), now: Double(i) / 10) }
        let count = long.errors.split(separator: "\n").count
        #expect(count >= 11 && count <= 25, "\(count) lines for 10 minutes")
    }

    /// A real build into a log and onto a "terminal": the summary is all there, every progress
    /// draw is cleared before the next summary line, and the last line is the `built` line.
    @Test func buildShowsProgressAndKeepsTheSummary() throws {
        for terminal in [false, true] {
            let console = Console(capturing: true, terminal: terminal)
            let output = "\(temporaryDirectory())/andorra.wfg"
            let code = BuildCommand.run(["--input", "\(dataDirectory)/andorra.osm.pbf", "--output", output], console: console)
            #expect(code == 0, "\(console.errors)")
            let lines = console.errors.split(separator: "\n").map { String($0.split(separator: "\r", omittingEmptySubsequences: false).last!) }
            #expect(lines.last?.hasPrefix("built \(output): ") == true)
            for phase in ["read ", "modes ", "write "] { #expect(lines.contains { $0.hasPrefix(phase) && $0.contains(" s  ") }) }
            #expect(lines.contains { $0.hasPrefix("  driving: ") && $0.contains("usable)") })
            #expect(console.errors.contains("\r") == terminal)
            #expect(!lines.contains { $0.hasPrefix("warning") })
        }
        let quiet = Console(capturing: true, terminal: true)
        #expect(BuildCommand.run(["--input", "\(dataDirectory)/monaco.osm.pbf", "--output", "\(temporaryDirectory())/m.wfg", "--quiet"],
                                 console: quiet) == 0)
        #expect(quiet.errors.isEmpty)
    }

    /// The counters the display polls reach their totals: the reader's bytes, the contractor's nodes.
    @Test func countersReachTheirTotals() throws {
        final class Nothing: OSMHandler {}
        let path = "\(dataDirectory)/monaco.osm.pbf"
        let track = BuildProgress.Track("read")
        _ = try OSMReader.read(path: path, into: Nothing(), progress: track)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(track.snapshot.done == size && track.snapshot.total == size)

        let n = 400
        let arcs = (0..<n).flatMap { i in [WeightedArc(tail: Int32(i), head: Int32((i + 1) % n), weight: 10, payload: 0),
                                           WeightedArc(tail: Int32(i), head: Int32((i + 7) % n), weight: 65, payload: 0)] }
        let contraction = BuildProgress.Track("driving")
        contraction.step("contraction", total: n, unit: "nodes")
        var options = ContractionOptions(threads: 2)
        options.progress = contraction
        _ = buildContractionHierarchy(nodeCount: n, arcs: arcs, options: options)
        #expect(contraction.snapshot.done == n && contraction.snapshot.fraction == 1)

        let live = BuildProgress()
        _ = try GraphBuilder.build(input: path, output: "\(temporaryDirectory())/m.wfg", live: live)
        #expect(live.snapshot.phaseNumber == 5 && live.snapshot.phase.isEmpty)  // read, network, modes, write, finished
    }
}
