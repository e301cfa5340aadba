import Testing
@testable import WayfinderCLI
import WayfinderGraph
import WayfinderRouting

/// `wayfinder verify` checks a mode's base graph before its sample routes run Dijkstra over
/// it: a file whose checksums are right but whose base graph sends an arc off the graph
/// fails the check, readably, instead of reading out of bounds.
@Suite struct VerifyBaseGraphTests {
    @Test func anArcOffTheGraphFailsTheCheck() throws {
        let monaco = try GraphFile(path: try ExtractGraphs.shared.path("monaco"))
        let base = try BaseGraph(file: monaco, mode: .driving)
        var arcs = Array(base.arcs)
        arcs[arcs.count / 2].head = Int32(base.nodeCount)
        let driving = TravelMode.driving.rawValue
        let path = try monacoWithSection("damaged-base", kind: .baseArcs, mode: driving) { _, writer in
            writer.add(kind: SectionKind.baseArcs.rawValue, mode: driving, arcs)
        }
        let (code, output) = verifyGraph(path)
        #expect(code == ExitCode.verificationFailed.rawValue, "\(output)")
        #expect(output.contains("FAIL driving: base graph invalid: base graph: bad arc \(arcs.count / 2)"), "\(output)")
        #expect(output.contains("ok   walking: ") && output.contains("ok   cycling: "), "\(output)")
    }
}
