import WayfinderGraph

/// Plain unidirectional Dijkstra over the uncontracted graph: the reference the CH is tested
/// against, and the benchmark baseline. Same semantics as `CHQuery`. One object per thread.
public final class DijkstraQuery {
    public let graph: BaseGraph
    private let dist: UnsafeMutablePointer<Int32>
    private let stamp: UnsafeMutablePointer<UInt32>
    /// Arc index that set the label, -1 for an initial label.
    private let parentArc: UnsafeMutablePointer<Int32>
    private let targetWeight: UnsafeMutablePointer<Int32>
    private let targetStamp: UnsafeMutablePointer<UInt32>
    private var current: UInt32 = 0
    private let heap = MinHeap()
    private var settled = 0

    // Result of the last search: where the path ends and, for a cycle, its last arc.
    private var end: Int32 = -1
    private var lastArc: Int32 = -1
    private var chain: [Int32] = []
    private var path = PathBuilder()

    public init(_ graph: BaseGraph) {
        self.graph = graph
        let n = max(graph.nodeCount, 1)
        dist = .allocate(capacity: n)
        stamp = .allocate(capacity: n)
        stamp.initialize(repeating: 0, count: n)
        parentArc = .allocate(capacity: n)
        targetWeight = .allocate(capacity: n)
        targetStamp = .allocate(capacity: n)
        targetStamp.initialize(repeating: 0, count: n)
    }

    deinit {
        dist.deallocate()
        stamp.deallocate()
        parentArc.deallocate()
        targetWeight.deallocate()
        targetStamp.deallocate()
        path.deallocate()
    }

    /// Nodes settled by the last search.
    public var settledNodes: Int { settled }

    /// See `CHQuery.search(sources:targets:loopAt:)`. With `loopAt: x`, x counts as reached
    /// only through an arc into it, never by its initial label.
    public func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32? = nil) -> Int32? {
        current &+= 1
        if current == 0 {  // wrapped: old stamps could alias
            stamp.update(repeating: 0, count: graph.nodeCount)
            targetStamp.update(repeating: 0, count: graph.nodeCount)
            current = 1
        }
        heap.removeAll()
        settled = 0
        end = -1
        lastArc = -1
        let n = graph.nodeCount
        for t in targets where targetStamp[checkedEntry(t, n)] != current || t.weight < targetWeight[Int(t.node)] {
            targetStamp[Int(t.node)] = current
            targetWeight[Int(t.node)] = t.weight
        }
        for s in sources where stamp[checkedEntry(s, n)] != current || s.weight < dist[Int(s.node)] {
            stamp[Int(s.node)] = current
            dist[Int(s.node)] = s.weight
            parentArc[Int(s.node)] = -1
            heap.push(key: s.weight, id: s.node)
        }
        let loopNode = loopAt ?? -1
        let first = graph.first, arcs = graph.arcs
        var best = infiniteWeight
        while !heap.isEmpty && heap.minKey < best {
            let (key, v) = heap.pop()
            if key > dist[Int(v)] { continue }  // superseded entry (lazy deletion)
            settled += 1
            if v != loopNode && targetStamp[Int(v)] == current {
                let total = addWeights(key, targetWeight[Int(v)])
                if total < best { best = total; end = v; lastArc = -1 }
            }
            for i in Int(first[Int(v)])..<Int(first[Int(v) + 1]) {
                let arc = arcs[i]
                let d = Int64(key) + Int64(arc.weight)
                if d >= Int64(best) { continue }  // cannot improve; also keeps d below infiniteWeight
                let w = arc.head
                if w == loopNode {
                    // Closing the cycle. x itself keeps its initial label (d >= key >= it).
                    let total = addWeights(Int32(truncatingIfNeeded: d), targetWeight[Int(w)])
                    if total < best { best = total; end = w; lastArc = Int32(i) }
                    continue
                }
                if stamp[Int(w)] != current || Int32(truncatingIfNeeded: d) < dist[Int(w)] {
                    stamp[Int(w)] = current
                    dist[Int(w)] = Int32(truncatingIfNeeded: d)
                    parentArc[Int(w)] = Int32(i)
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
            v = tail(ofArc: lastArc, first: graph.first)
        }
        while parentArc[Int(v)] >= 0 {
            chain.append(parentArc[Int(v)])
            v = tail(ofArc: parentArc[Int(v)], first: graph.first)
        }
        path.begin(at: v)
        for i in chain.reversed() { path.append(to: graph.arcs[Int(i)].head, payload: graph.arcs[Int(i)].payload) }
        return path.withPath(body)
    }
}

/// The node at which arc `i` is stored: the last node whose offset is `<= i` (binary search;
/// only unpacking needs it, so the search stores no parent nodes).
@inline(__always)
func tail(ofArc i: Int32, first: UnsafeBufferPointer<Int32>) -> Int32 {
    var low = 0, high = first.count - 2
    while low < high {
        let middle = (low + high + 1) >> 1
        if first[middle] <= i { low = middle } else { high = middle - 1 }
    }
    return Int32(low)
}
