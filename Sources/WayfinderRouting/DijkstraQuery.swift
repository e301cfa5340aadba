import WayfinderGraph

/// Plain unidirectional Dijkstra over the uncontracted graph: the reference the CH is tested
/// against, and the benchmark baseline. Same semantics as `CHQuery`, and the same labels
/// (`SearchLabels`). One object per thread.
public final class DijkstraQuery {
    public let graph: BaseGraph
    private var labels: SearchLabels
    /// The weight of the target entry at each node, if it has one in this search.
    private var targetWeights: VersionStamps<TargetWeight>
    private let heap = MinHeap()
    private var settled = 0

    // Result of the last search: where the path ends and, for a cycle, its last arc and the
    // node that arc leaves.
    private var end: Int32 = -1
    private var lastArc: Int32 = -1
    private var lastArcTail: Int32 = -1
    private var chain: [Int32] = []
    private var path = PathBuilder()

    /// The classes of a node's road, for searches that exclude some (nil: none can).
    private let nodeClasses: ((Int32) -> WayClasses)?

    /// `nodeClasses` tells the classes of each node's road, read from the roads themselves
    /// (not from the hierarchy's filters, which this reference checks).
    public init(_ graph: BaseGraph, nodeClasses: ((Int32) -> WayClasses)? = nil) {
        self.graph = graph
        self.nodeClasses = nodeClasses
        labels = SearchLabels(count: graph.nodeCount)
        targetWeights = VersionStamps(count: graph.nodeCount)
    }

    deinit {
        labels.deallocate()
        targetWeights.deallocate()
        path.deallocate()
    }

    /// Nodes settled by the last search.
    public var settledNodes: Int { settled }

    /// See `CHQuery.search(sources:targets:loopAt:)`. With `loopAt: x`, x counts as reached
    /// only through an arc into it, never by its initial label.
    public func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32? = nil,
                       excluding: WayClasses = []) -> Int32? {
        let excluded = excluding.intersection(.excludable)
        if !excluded.isEmpty && nodeClasses == nil { fatalError("DijkstraQuery: no road classes to exclude by") }
        // Whether a node's road is excluded (only asked when something is).
        func removes(_ x: Int32) -> Bool { !nodeClasses!(x).isDisjoint(with: excluded) }
        labels.releaseBetweenRequests()
        targetWeights.releaseBetweenRequests()
        labels.nextRound()
        targetWeights.nextRound()
        heap.removeAll()
        settled = 0
        end = -1
        lastArc = -1
        let n = graph.nodeCount
        let labels = labels, targetWeights = targetWeights
        for t in targets where !targetWeights.isSet(checkedEntry(t, n)) || t.weight < targetWeights[Int(t.node)].weight {
            if !excluded.isEmpty && removes(t.node) { continue }
            targetWeights[Int(t.node)] = TargetWeight(weight: t.weight, stamp: targetWeights.current)
        }
        for s in sources where excluded.isEmpty || !removes(Int32(checkedEntry(s, n))) {
            if labels.improve(checkedEntry(s, n), to: s.weight, parent: -1, parentArc: -1) { heap.push(key: s.weight, id: s.node) }
        }
        let loopNode = loopAt ?? -1
        let first = graph.first, arcs = graph.arcs
        var best = infiniteWeight
        while !heap.isEmpty && heap.minKey < best {
            let (key, v) = heap.pop()
            if key > labels[Int(v)].dist { continue }  // superseded entry (lazy deletion)
            settled += 1
            if v != loopNode && targetWeights.isSet(Int(v)) {
                let total = addWeights(key, targetWeights[Int(v)].weight)
                if total < best { best = total; end = v; lastArc = -1 }
            }
            for i in Int(first[Int(v)])..<Int(first[Int(v) + 1]) {
                let arc = arcs[i]
                let d = Int64(key) + Int64(arc.weight)
                if d >= Int64(best) { continue }  // cannot improve; also keeps d below infiniteWeight
                let w = arc.head
                if !excluded.isEmpty && removes(w) { continue }
                if w == loopNode {
                    // Closing the cycle. x itself keeps its initial label (d >= key >= it).
                    let total = addWeights(Int32(truncatingIfNeeded: d), targetWeights[Int(w)].weight)
                    if total < best { best = total; end = w; lastArc = Int32(i); lastArcTail = v }
                    continue
                }
                if labels.improve(Int(w), to: Int32(truncatingIfNeeded: d), parent: v, parentArc: Int32(i)) {
                    heap.push(key: Int32(truncatingIfNeeded: d), id: w)
                }
            }
        }
        return best < infiniteWeight ? best : nil
    }

    /// See `CHQuery.withUnpackedPath(_:)`.
    public func withUnpackedPath<R>(_ body: (_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>) -> R) -> R {
        guard end >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0)) }
        chain.removeAll(keepingCapacity: true)
        var v = end
        if lastArc >= 0 {
            chain.append(lastArc)
            v = lastArcTail
        }
        while labels[Int(v)].parentArc >= 0 {
            chain.append(labels[Int(v)].parentArc)
            v = labels[Int(v)].parent
        }
        path.begin(at: v)
        for i in chain.reversed() { path.append(to: graph.arcs[Int(i)].head, payload: graph.payload(ofArc: Int(i))) }
        return path.withPath(body)
    }
}

/// What is still to spend from a target entry's node to the real end, valid only when `stamp`
/// is the search's current one.
struct TargetWeight: Stamped {
    var weight: Int32
    var stamp: UInt32

    static var unset: TargetWeight { TargetWeight(weight: 0, stamp: 0) }
}
