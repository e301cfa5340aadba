/// The uncontracted search graph: the input of contraction, also searched directly by the
/// reference Dijkstra (a mode's copy in the graph file serves `wayfinder verify` and tests).
///
/// Like `ContractionHierarchy`, it is flat buffers so that it can be memory-mapped straight
/// from the graph file; `owner` keeps whatever backs the buffers alive (a `BufferOwner` for
/// arrays built in memory, or the mapped file).

/// The uncontracted input graph in compressed-sparse-row form: the arcs leaving node `u` are
/// `arcs[first[u]..<first[u + 1]]`. Parallel arcs and self-loops are kept as given.
public struct BaseGraph: @unchecked Sendable {
    /// `nodeCount + 1` offsets into `arcs`.
    public let first: UnsafeBufferPointer<Int32>
    public let arcs: UnsafeBufferPointer<BaseArc>
    /// Keeps the memory behind the views alive.
    public let owner: AnyObject?

    public init(first: UnsafeBufferPointer<Int32>, arcs: UnsafeBufferPointer<BaseArc>, owner: AnyObject?) {
        self.first = first
        self.arcs = arcs
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
        var arcs = [BaseArc](repeating: BaseArc(head: 0, weight: 0, payload: 0), count: input.count)
        for arc in input {
            arcs[Int(next[Int(arc.tail)])] = BaseArc(head: arc.head, weight: arc.weight, payload: arc.payload)
            next[Int(arc.tail)] += 1
        }
        let owner = BufferOwner()
        self.init(first: owner.keep(first), arcs: owner.keep(arcs), owner: owner)
    }

    @inlinable public var nodeCount: Int { first.count - 1 }
}

extension BaseGraph {
    /// Views `mode`'s base graph in place; the file owns it.
    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        self.init(first: try file.require(SectionKind.baseFirst, of: mode, as: Int32.self),
                  arcs: try file.require(SectionKind.baseArcs, of: mode, as: BaseArc.self), owner: file)
    }

    /// Adds the graph as `mode`'s sections.
    public func add(to writer: inout GraphFileWriter, mode: TravelMode) {
        writer.add(kind: SectionKind.baseFirst.rawValue, mode: mode.rawValue, Array(first))
        writer.add(kind: SectionKind.baseArcs.rawValue, mode: mode.rawValue, Array(arcs))
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
        var turned = [BaseArc](repeating: BaseArc(head: 0, weight: 0, payload: 0), count: arcs.count)
        for u in 0..<n {
            for i in Int(self.first[u])..<Int(self.first[u + 1]) {
                let arc = arcs[i]
                turned[Int(next[Int(arc.head)])] = BaseArc(head: Int32(u), weight: arc.weight, payload: arc.payload)
                next[Int(arc.head)] += 1
            }
        }
        let owner = BufferOwner()
        return BaseGraph(first: owner.keep(first), arcs: owner.keep(turned), owner: owner)
    }
}
