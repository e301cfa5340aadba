import Testing
@testable import WayfinderCLI
import WayfinderGraph
import WayfinderRouting

/// `wayfinder verify` checks that a mode's search nodes and payloads name its roads before its
/// sample routes turn paths into segments (`SearchNodeValidation`): a file whose checksums
/// are right but whose walking payloads or via-way copies point past the segments fails the
/// check, readably, instead of reading out of bounds.
@Suite struct VerifySearchNodesTests {
    @Test func aWalkingPayloadPastTheSegmentsFailsTheCheck() throws {
        let walking = TravelMode.walking
        let graph = try RoutingGraph(path: try ExtractGraphs.shared.path("monaco"), mode: walking)
        let directed = Int32(2 * graph.segments.count)
        let payloads = try #require(graph.base.payloads)
        let path = try monacoWithSection("base-payload", kind: .basePayloads, mode: walking.rawValue) { _, writer in
            var changed = Array(payloads)
            changed[changed.count / 3] = directed
            writer.add(kind: SectionKind.basePayloads.rawValue, mode: walking.rawValue, changed)
        }
        let r = verifyGraph(path)
        #expect(r.code == ExitCode.verificationFailed.rawValue, "\(r.output)")
        #expect(r.output.contains("FAIL walking: search nodes do not match the roads: base arc \(payloads.count / 3) "
                                  + "names directed segment \(directed) of \(directed)"), "\(r.output)")
        #expect(r.output.contains("ok   driving: ") && r.output.contains("ok   cycling: "), "\(r.output)")

        let original = graph.hierarchy.originalPayloads
        let packed = try monacoWithSection("hierarchy-payload", kind: .chOriginalPayloads, mode: walking.rawValue) { _, writer in
            var values = (0..<original.count).map { original[$0] }
            values[values.count - 1] = directed + 5
            writer.add(kind: SectionKind.chOriginalPayloads.rawValue, mode: walking.rawValue, PackedInts.words(values))
        }
        let h = verifyGraph(packed)
        #expect(h.code == ExitCode.verificationFailed.rawValue, "\(h.output)")
        #expect(h.output.contains("FAIL walking: search nodes do not match the roads: original hierarchy arc "
                                  + "\(original.count - 1) names directed segment \(directed + 5) of \(directed)"), "\(h.output)")
    }

    /// A copy added to driving's search nodes: the hierarchy no longer covers them.
    @Test func aSearchNodeCountThatDisagreesFailsTheCheck() throws {
        let driving = TravelMode.driving
        let graph = try RoutingGraph(path: try ExtractGraphs.shared.path("monaco"), mode: driving)
        let path = try monacoWithSection("copies", kind: .searchNodeCopies, mode: driving.rawValue) { _, writer in
            writer.add(kind: SectionKind.searchNodeCopies.rawValue, mode: driving.rawValue, Array(graph.searchNodeCopies) + [0])
        }
        let r = verifyGraph(path)
        #expect(r.code == ExitCode.verificationFailed.rawValue, "\(r.output)")
        let nodes = 2 * graph.segments.count + graph.searchNodeCopies.count
        #expect(r.output.contains("FAIL driving: search nodes do not match the roads: the hierarchy has \(nodes) nodes and "
                                  + "the base graph \(nodes), for the network's \(nodes + 1) directed segments and copies"), "\(r.output)")
    }

    /// Every mode of the real extracts passes.
    @Test func builtGraphsPass() throws {
        for name in ["monaco", "andorra"] {
            for mode in TravelMode.allCases {
                let graph = try RoutingGraph(path: try ExtractGraphs.shared.path(name), mode: mode)
                #expect(SearchNodeValidation.validationError(
                    mode: mode, segmentCount: graph.segments.count, intersectionCount: graph.nodeFirst.count - 1,
                    copies: graph.searchNodeCopies, hierarchy: graph.hierarchy, base: graph.base) == nil, "\(name) \(mode)")
            }
        }
    }
}
