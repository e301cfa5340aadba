import Testing
import WayfinderGraph

/// A base graph keeps its arcs' payloads in a table beside them only where one is not 0 (a
/// turn-expanded mode's are all 0): built, turned around and read back from a file, every
/// arc has the payload it was given, and a payload table that does not fit the arcs is
/// damage, not a trap. Its validation finds every structural fault a search would trip on.
@Suite struct BaseGraphTests {
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

    @Test func validationFindsWhatASearchWouldTripOn() {
        let good = BaseGraph(nodeCount: 3, arcs: Self.arcs)
        #expect(good.validationError() == nil)
        #expect(BaseGraph(nodeCount: 0, arcs: []).validationError() == nil)
        let owner = BufferOwner()
        func graph(first: [Int32], arcs: [BaseArc]) -> BaseGraph {
            BaseGraph(first: owner.keep(first), arcs: owner.keep(arcs), payloads: nil, owner: owner)
        }
        let arcs = Array(good.arcs), first = Array(good.first)
        var far = arcs, negative = arcs, back = arcs
        far[1].head = 3
        negative[2].weight = -1
        back[0].head = -1
        #expect(graph(first: first, arcs: far).validationError() == "base graph: bad arc 1")
        #expect(graph(first: first, arcs: negative).validationError() == "base graph: bad arc 2")
        #expect(graph(first: first, arcs: back).validationError() == "base graph: bad arc 0")
        #expect(graph(first: [0, 3, 2, 4], arcs: arcs).validationError() == "base graph: offsets out of order at node 1")
        #expect(graph(first: [0, 1, 2, 3], arcs: arcs).validationError() == "base graph: offsets do not span the arcs")
        #expect(graph(first: [1, 1, 2, 4], arcs: arcs).validationError() == "base graph: offsets do not span the arcs")
        #expect(graph(first: [], arcs: []).validationError() == "base graph: offsets do not span the arcs")
    }
}
