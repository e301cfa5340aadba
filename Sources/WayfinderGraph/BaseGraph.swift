/// The uncontracted search graph: the input of contraction, also searched directly by the
/// reference Dijkstra (a mode's copy in the graph file serves `wayfinder verify` and tests).
///
/// Like `ContractionHierarchy`, it is flat buffers so that it can be memory-mapped straight
/// from the graph file; `owner` keeps whatever backs the buffers alive (a `BufferOwner` for
/// arrays built in memory, or the mapped file).

/// The uncontracted input graph in compressed-sparse-row form: the arcs leaving node `u` are
/// `arcs[first[u]..<first[u + 1]]`. Parallel arcs and self-loops are kept as given. The arcs'
/// payloads are a table beside them, kept only where one is not 0: a turn-expanded mode's are
/// all 0, and its arcs are 8 bytes instead of 12.
public struct BaseGraph: @unchecked Sendable {
    /// `nodeCount + 1` offsets into `arcs`.
    public let first: UnsafeBufferPointer<Int32>
    public let arcs: UnsafeBufferPointer<BaseArc>
    /// The payload of each arc; nil when every payload is 0 (see `payload(ofArc:)`).
    public let payloads: UnsafeBufferPointer<Int32>?
    /// Keeps the memory behind the views alive.
    public let owner: AnyObject?

    /// `payloads`, when given, must hold one per arc.
    public init(first: UnsafeBufferPointer<Int32>, arcs: UnsafeBufferPointer<BaseArc>,
                payloads: UnsafeBufferPointer<Int32>?, owner: AnyObject?) {
        precondition(payloads.map { $0.count == arcs.count } ?? true, "BaseGraph: one payload per arc")
        self.first = first
        self.arcs = arcs
        self.payloads = payloads
        self.owner = owner
    }

    /// Builds the CSR form (a stable counting sort by tail) and owns it.
    public init(nodeCount: Int, arcs input: [WeightedArc]) {
        var first = [Int32](repeating: 0, count: nodeCount + 1)
        for arc in input {
            if arc.tail < 0 || Int(arc.tail) >= nodeCount || arc.head < 0 || Int(arc.head) >= nodeCount {
                fatalError("BaseGraph: arc endpoint out of range 0..<\(nodeCount)")
            }
            first[Int(arc.tail) + 1] += 1
        }
        for u in 0..<nodeCount { first[u + 1] += first[u] }
        var next = first
        let keepsPayloads = input.contains { $0.payload != 0 }
        var arcs = [BaseArc](repeating: BaseArc(head: 0, weight: 0), count: input.count)
        var payloads = [Int32](repeating: 0, count: keepsPayloads ? input.count : 0)
        for arc in input {
            let i = Int(next[Int(arc.tail)])
            arcs[i] = BaseArc(head: arc.head, weight: arc.weight)
            if keepsPayloads { payloads[i] = arc.payload }
            next[Int(arc.tail)] += 1
        }
        let owner = BufferOwner()
        self.init(first: owner.keep(first), arcs: owner.keep(arcs), payloads: keepsPayloads ? owner.keep(payloads) : nil, owner: owner)
    }

    @inlinable public var nodeCount: Int { first.count - 1 }

    /// The payload of arc `i` (0 in a graph without `payloads`).
    @inlinable public func payload(ofArc i: Int) -> Int32 { payloads?[i] ?? 0 }

    /// Checks, in time linear in the size, what a search over the graph relies on for memory
    /// safety: offsets rising from 0 to the arc count, heads that are nodes, no negative
    /// weight. Returns a description of the first problem, or nil. Meant for data read from a
    /// file, as `ContractionHierarchy.validationError()` (`wayfinder verify` runs both before
    /// it follows any arc).
    public func validationError() -> String? {
        guard let last = first.last, first[0] == 0, Int(last) == arcs.count
        else { return "base graph: offsets do not span the arcs" }
        let n = nodeCount
        for u in 0..<n where first[u] > first[u + 1] { return "base graph: offsets out of order at node \(u)" }
        for (i, arc) in arcs.enumerated() where arc.head < 0 || Int(arc.head) >= n || arc.weight < 0 {
            return "base graph: bad arc \(i)"
        }
        return nil
    }
}

extension BaseGraph {
    /// The sections of a base graph: the one searched, or (`imported`) the import's that
    /// `wayfinder customize` keeps.
    private static func kinds(imported: Bool) -> (first: SectionKind, arcs: SectionKind, payloads: SectionKind) {
        imported ? (.importedBaseFirst, .importedBaseArcs, .importedBasePayloads) : (.baseFirst, .baseArcs, .basePayloads)
    }

    /// Views `mode`'s base graph in place; the file owns it. With `imported`, the graph as the
    /// import built it, which `wayfinder customize` keeps; nil when the file has none.
    public init?(file: GraphFile, mode: TravelMode, imported: Bool) throws(GraphFileError) {
        let (firstKind, arcsKind, payloadsKind) = Self.kinds(imported: imported)
        if imported && file.rawSection(kind: firstKind.rawValue, mode: mode.rawValue) == nil { return nil }
        let arcs = try file.require(arcsKind, of: mode, as: BaseArc.self)
        let payloads = file.rawSection(kind: payloadsKind.rawValue, mode: mode.rawValue) == nil
            ? nil : try file.require(payloadsKind, of: mode, as: Int32.self)
        if let payloads, payloads.count != arcs.count {
            throw .invalidSection(path: file.path, section: "\(mode) \(payloadsKind)", reason: "not one payload per arc")
        }
        self.init(first: try file.require(firstKind, of: mode, as: Int32.self), arcs: arcs, payloads: payloads, owner: file)
    }

    /// Views `mode`'s base graph in place; the file owns it.
    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        self = try BaseGraph(file: file, mode: mode, imported: false)!
    }

    /// Adds the graph as `mode`'s sections, or (`imported`) as the import's graph that
    /// `wayfinder customize` keeps.
    public func add(to writer: inout GraphFileWriter, mode: TravelMode, imported: Bool = false) {
        let (firstKind, arcsKind, payloadsKind) = Self.kinds(imported: imported)
        writer.add(kind: firstKind.rawValue, mode: mode.rawValue, Array(first))
        writer.add(kind: arcsKind.rawValue, mode: mode.rawValue, Array(arcs))
        if let payloads { writer.add(kind: payloadsKind.rawValue, mode: mode.rawValue, Array(payloads)) }
    }
}

extension BaseGraph {
    /// The graph with every arc turned around (`v -> u` for each `u -> v`, same weight and
    /// payload), for searches that follow arcs backwards: how long from every node *to* a
    /// point (arriving isochrones). Built in memory, a counting sort by head: O(arcs).
    public func transposed() -> BaseGraph {
        let n = nodeCount
        var first = [Int32](repeating: 0, count: n + 1)
        for arc in arcs { first[Int(arc.head) + 1] += 1 }
        for u in 0..<n { first[u + 1] += first[u] }
        var next = first
        var turned = [BaseArc](repeating: BaseArc(head: 0, weight: 0), count: arcs.count)
        var turnedPayloads = [Int32](repeating: 0, count: payloads == nil ? 0 : arcs.count)
        for u in 0..<n {
            for i in Int(self.first[u])..<Int(self.first[u + 1]) {
                let arc = arcs[i], j = Int(next[Int(arc.head)])
                turned[j] = BaseArc(head: Int32(u), weight: arc.weight)
                if let payloads { turnedPayloads[j] = payloads[i] }
                next[Int(arc.head)] += 1
            }
        }
        let owner = BufferOwner()
        return BaseGraph(first: owner.keep(first), arcs: owner.keep(turned),
                         payloads: payloads == nil ? nil : owner.keep(turnedPayloads), owner: owner)
    }
}
