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
        var writer = GraphFileWriter()
        writer.metadata = monaco.metadata
        let driving = TravelMode.driving.rawValue
        for section in monaco.sections where section.kind != GraphFile.metadataKind
            && !(section.kind == SectionKind.baseArcs.rawValue && section.mode == driving) {
            writer.add(copyOf: monaco, kind: section.kind, mode: section.mode)
        }
        writer.add(kind: SectionKind.baseArcs.rawValue, mode: driving, arcs)
        let path = "\(temporaryDirectory())/damaged-base.wfg"
        try writer.write(to: path)

        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["verify", path, "--routes", "5"], console: console)
        #expect(code == ExitCode.verificationFailed.rawValue, "\(console.output)\(console.errors)")
        #expect(console.output.contains("FAIL driving: base graph invalid: base graph: bad arc \(arcs.count / 2)"), "\(console.output)")
        #expect(console.output.contains("ok   walking: ") && console.output.contains("ok   cycling: "), "\(console.output)")
    }
}
