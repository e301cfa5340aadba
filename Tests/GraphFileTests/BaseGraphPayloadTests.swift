import Testing
import WayfinderGraph

/// A base graph keeps its arcs' payloads in a table beside them only where one is not 0 (a
/// turn-expanded mode's are all 0): built, turned around and read back from a file, every
/// arc has the payload it was given, and a payload table that does not fit the arcs is
/// damage, not a trap.
@Suite struct BaseGraphPayloadTests {
    static let arcs = [
        WeightedArc(tail: 0, head: 1, weight: 5, payload: 7), WeightedArc(tail: 2, head: 0, weight: 1, payload: 0),
        WeightedArc(tail: 1, head: 2, weight: 3, payload: 9), WeightedArc(tail: 0, head: 2, weight: 4, payload: 11),
    ]

    /// Every arc `tail -> head` with its weight and payload, in a comparable form.
    static func listing(_ g: BaseGraph) -> [[Int32]] {
        (0..<g.nodeCount).flatMap { u in
            (Int(g.first[u])..<Int(g.first[u + 1])).map { [Int32(u), g.arcs[$0].head, g.arcs[$0].weight, g.payload(ofArc: $0)] }
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func payloadsAreKeptOnlyWhereOneIsNotZero() {
        let g = BaseGraph(nodeCount: 3, arcs: Self.arcs)
        #expect(g.payloads?.count == 4)
        #expect(Self.listing(g) == Self.arcs.map { [$0.tail, $0.head, $0.weight, $0.payload] }.sorted { $0.lexicographicallyPrecedes($1) })
        let zero = BaseGraph(nodeCount: 3, arcs: Self.arcs.map { WeightedArc(tail: $0.tail, head: $0.head, weight: $0.weight, payload: 0) })
        #expect(zero.payloads == nil)
        #expect(Self.listing(zero).allSatisfy { $0[3] == 0 })
        #expect(MemoryLayout<BaseArc>.stride == 8)
    }

    @Test func turnedAroundKeepsEachPayload() {
        let turned = BaseGraph(nodeCount: 3, arcs: Self.arcs).transposed()
        #expect(Self.listing(turned) == Self.arcs.map { [$0.head, $0.tail, $0.weight, $0.payload] }.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(BaseGraph(nodeCount: 3, arcs: []).transposed().payloads == nil)
    }

    @Test func fileRoundTrip() throws {
        try withTempDirectory { dir in
            let path = dir + "/g.wfg"
            var writer = GraphFileWriter()
            BaseGraph(nodeCount: 3, arcs: Self.arcs).add(to: &writer, mode: .walking)
            let zero = BaseGraph(nodeCount: 3, arcs: Self.arcs.map { WeightedArc(tail: $0.tail, head: $0.head, weight: $0.weight, payload: 0) })
            zero.add(to: &writer, mode: .driving)
            zero.add(to: &writer, mode: .driving, imported: true)
            try writer.write(to: path)
            let file = try GraphFile(path: path)
            #expect(Self.listing(try BaseGraph(file: file, mode: .walking)) == Self.listing(BaseGraph(nodeCount: 3, arcs: Self.arcs)))
            #expect(try BaseGraph(file: file, mode: .walking, imported: true) == nil)
            #expect(file.rawSection(kind: SectionKind.basePayloads.rawValue, mode: TravelMode.driving.rawValue) == nil)
            let imported = try BaseGraph(file: file, mode: .driving, imported: true)
            #expect(imported.map(Self.listing) == Self.listing(zero))
        }
    }

    @Test func aPayloadTableThatDoesNotFitIsDamage() throws {
        try withTempDirectory { dir in
            let path = dir + "/g.wfg"
            var writer = GraphFileWriter()
            BaseGraph(nodeCount: 3, arcs: Self.arcs).add(to: &writer, mode: .walking)
            writer.add(kind: SectionKind.basePayloads.rawValue, mode: TravelMode.cycling.rawValue, [Int32(1)])
            BaseGraph(nodeCount: 3, arcs: Self.arcs.map { WeightedArc(tail: $0.tail, head: $0.head, weight: $0.weight, payload: 0) })
                .add(to: &writer, mode: .cycling)
            try writer.write(to: path)
            let file = try GraphFile(path: path)
            let error = #expect(throws: GraphFileError.self) { try BaseGraph(file: file, mode: .cycling) }
            #expect(error.map { "\($0)".contains("cycling basePayloads") } == true)
        }
    }
}
