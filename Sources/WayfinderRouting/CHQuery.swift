import WayfinderGraph

/// Shortest-path queries on a contraction hierarchy: a bidirectional search that only climbs
/// (towards nodes contracted later), with stall-on-demand. One object per thread; its buffers are reused by every query
/// and never cleared as a whole (version stamps tell current labels from old ones).
public final class CHQuery {
    public let hierarchy: ContractionHierarchy
    private let forward: UpwardSearch
    private let backward: UpwardSearch

    // Result of the last search: the best total, the rank where the two searches met, and
    // whether the path is the meeting rank's self-loop (a `loopAt` query).
    private var best = infiniteWeight
    private var meeting: Int32 = -1
    private var meetsInSelfLoop = false
    // Unpacking scratch.
    private var upArcs: [Int32] = []
    private var stack: [PendingArc] = []

    public init(_ hierarchy: ContractionHierarchy) {
        self.hierarchy = hierarchy
        let n = hierarchy.nodeCount
        forward = UpwardSearch(nodeCount: n, first: hierarchy.forwardFirst, arcs: hierarchy.forwardArcs,
                               stallFirst: hierarchy.backwardFirst, stallArcs: hierarchy.backwardArcs)
        backward = UpwardSearch(nodeCount: n, first: hierarchy.backwardFirst, arcs: hierarchy.backwardArcs,
                                stallFirst: hierarchy.forwardFirst, stallArcs: hierarchy.forwardArcs)
    }

    /// Nodes settled by the last search, both directions together.
    public var settledNodes: Int { forward.settled + backward.settled }

    /// The smallest `s.weight + w(P) + t.weight` over source entries `s`, target entries `t` and
    /// paths `P` from `s.node` to `t.node` (the empty path too if `s.node == t.node`), or nil.
    ///
    /// With `loopAt: x` the caller passes exactly one source and one target entry, both at `x`,
    /// and the empty path is not allowed: the answer is the cheapest cycle through `x`.
    /// Totals that reach `infiniteWeight` count as no path.
    public func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32? = nil) -> Int32? {
        sources.withUnsafeBufferPointer { s in
            targets.withUnsafeBufferPointer { t in search(sources: s, targets: t, loopAt: loopAt) }
        }
    }

    /// As `search(sources:targets:loopAt:)`, over buffers.
    public func search(sources: UnsafeBufferPointer<SearchEntry>, targets: UnsafeBufferPointer<SearchEntry>,
                       loopAt: Int32? = nil) -> Int32? {
        let rankOfNode = hierarchy.rankOfNode
        forward.begin()
        backward.begin()
        best = infiniteWeight
        meeting = -1
        meetsInSelfLoop = false
        for entry in sources { forward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight) }
        for entry in targets { backward.add(rankOfNode[checkedEntry(entry, rankOfNode.count)], entry.weight) }

        // Both labels of x stay the initial ones (nothing leads back down to x), so meeting at
        // x means the empty path; the cycle through x is x's self-loop, or it climbs above x and
        // the searches meet elsewhere.
        var loopRank: Int32 = -1
        if let x = loopAt {
            loopRank = rankOfNode[checkedEntry(SearchEntry(node: x, weight: 0), rankOfNode.count)]
            if forward.reached(loopRank), backward.reached(loopRank) {
                let total = addWeights(addWeights(forward.label[Int(loopRank)].dist, hierarchy.selfLoops[Int(loopRank)].weight),
                                       backward.label[Int(loopRank)].dist)
                if total < best { best = total; meeting = loopRank; meetsInSelfLoop = true }
            }
        }

        // Settle the smaller key next; a direction stops once its smallest key reaches `best`.
        while true {
            let forwardKey = forward.heap.isEmpty ? infiniteWeight : forward.heap.minKey
            let backwardKey = backward.heap.isEmpty ? infiniteWeight : backward.heap.minKey
            if forwardKey >= best && backwardKey >= best { break }
            if forwardKey <= backwardKey {
                settleNext(forward, other: backward, loopRank: loopRank)
            } else {
                settleNext(backward, other: forward, loopRank: loopRank)
            }
        }
        return best < infiniteWeight ? best : nil
    }

    @inline(__always)
    private func settleNext(_ side: UpwardSearch, other: UpwardSearch, loopRank: Int32) {
        let (key, v) = side.heap.pop()
        let label = side.label, current = side.current
        if key > label[Int(v)].dist { return }  // superseded entry (lazy deletion)
        side.settled += 1
        if v != loopRank && other.reached(v) {
            let total = addWeights(key, other.label[Int(v)].dist)
            if total < best { best = total; meeting = v; meetsInSelfLoop = false }
        }
        // Stall-on-demand: an arc from a higher node w down to v that gives a shorter label
        // shows that no shortest up/down path climbs through v with this label.
        let stallArcs = side.stallArcs
        for i in Int(side.stallFirst[Int(v)])..<Int(side.stallFirst[Int(v) + 1]) {
            let arc = stallArcs[i]
            let w = Int(arc.head)
            if label[w].stamp == current && Int64(label[w].dist) + Int64(arc.weight) < Int64(key) { return }
        }
        let arcs = side.arcs
        for i in Int(side.first[Int(v)])..<Int(side.first[Int(v) + 1]) {
            let arc = arcs[i]
            let d = Int64(key) + Int64(arc.weight)
            if d >= Int64(best) { continue }  // cannot improve; also keeps d below infiniteWeight
            let w = Int(arc.head)
            if label[w].stamp != current || Int32(truncatingIfNeeded: d) < label[w].dist {
                label[w] = Label(dist: Int32(truncatingIfNeeded: d), stamp: current, parentArc: Int32(i))
                side.heap.push(key: Int32(truncatingIfNeeded: d), id: arc.head)
            }
        }
    }

    /// After a successful search: the path as input node ids from the chosen source entry's
    /// node to the chosen target entry's node, and `payloads[i]` = payload of the original arc
    /// `nodes[i] -> nodes[i + 1]`. Both arrays are cleared first (left empty if no path).
    public func unpackPath(nodes: inout [Int32], payloads: inout [Int32]) {
        nodes.removeAll(keepingCapacity: true)
        payloads.removeAll(keepingCapacity: true)
        guard meeting >= 0 else { return }
        let h = hierarchy
        // Up from a source to the meeting rank: parent arcs collected backwards.
        upArcs.removeAll(keepingCapacity: true)
        var v = meeting
        while forward.label[Int(v)].parentArc >= 0 {
            let i = forward.label[Int(v)].parentArc
            upArcs.append(i)
            v = tail(ofArc: i, first: h.forwardFirst)
        }
        nodes.append(h.nodeAtRank[Int(v)])
        for i in upArcs.reversed() {
            let arc = h.forwardArcs[Int(i)]
            expand(to: h.nodeAtRank[Int(arc.head)], code: arc.via, &nodes, &payloads)
        }
        if meetsInSelfLoop { expand(to: h.nodeAtRank[Int(meeting)], code: h.selfLoops[Int(meeting)].via, &nodes, &payloads) }
        // Down from the meeting rank to a target: backward arcs are stored at their lower end.
        v = meeting
        while backward.label[Int(v)].parentArc >= 0 {
            let i = backward.label[Int(v)].parentArc
            let lower = tail(ofArc: i, first: h.backwardFirst)
            expand(to: h.nodeAtRank[Int(lower)], code: h.backwardArcs[Int(i)].via, &nodes, &payloads)
            v = lower
        }
    }

    /// A piece of the path still to be unpacked, ending at input node `to` (its start is where the
    /// previous piece ended): a shortcut id when `code >= 0`, an original arc with payload
    /// `~code` otherwise.
    struct PendingArc {
        var to: Int32
        var code: Int32
    }

    /// Appends the original arcs of a hierarchy arc, depth first, reading only the shortcut table.
    /// Walks down each shortcut's first halves directly and stacks only the second halves.
    private func expand(to: Int32, code: Int32, _ nodes: inout [Int32], _ payloads: inout [Int32]) {
        let shortcuts = hierarchy.shortcuts
        stack.removeAll(keepingCapacity: true)
        var item = PendingArc(to: to, code: code)
        while true {
            while item.code >= 0 {
                let shortcut = shortcuts[Int(item.code)]
                stack.append(PendingArc(to: item.to, code: shortcut.second))
                item = PendingArc(to: shortcut.middle, code: shortcut.first)
            }
            payloads.append(~item.code)
            nodes.append(item.to)
            guard let next = stack.popLast() else { return }
            item = next
        }
    }
}

/// The rank at which arc `i` is stored: the last rank whose offset is `<= i` (binary search;
/// only unpacking needs it, so the searches store no parent ranks).
@inline(__always)
func tail(ofArc i: Int32, first: UnsafeBufferPointer<Int32>) -> Int32 {
    var low = 0, high = first.count - 2
    while low < high {
        let middle = (low + high + 1) >> 1
        if first[middle] <= i { low = middle } else { high = middle - 1 }
    }
    return Int32(low)
}

/// A tentative distance, valid only when `stamp` is the search's current one, and the arc
/// index that set it (-1 for an initial label).
struct Label {
    var dist: Int32
    var stamp: UInt32
    var parentArc: Int32
}

/// Labels of one direction of the CH search, indexed by rank.
final class UpwardSearch {
    let first: UnsafeBufferPointer<Int32>
    let arcs: UnsafeBufferPointer<CHArc>
    /// Arcs into a node from nodes contracted after it, in this direction (for stall-on-demand).
    let stallFirst: UnsafeBufferPointer<Int32>
    let stallArcs: UnsafeBufferPointer<CHArc>
    /// One record per rank, so that reading a label costs one cache miss, not three.
    let label: UnsafeMutablePointer<Label>
    let heap = MinHeap()
    private(set) var current: UInt32 = 0
    var settled = 0
    private let nodeCount: Int

    init(nodeCount: Int, first: UnsafeBufferPointer<Int32>, arcs: UnsafeBufferPointer<CHArc>,
         stallFirst: UnsafeBufferPointer<Int32>, stallArcs: UnsafeBufferPointer<CHArc>) {
        self.nodeCount = nodeCount
        self.first = first
        self.arcs = arcs
        self.stallFirst = stallFirst
        self.stallArcs = stallArcs
        label = .allocate(capacity: max(nodeCount, 1))
        label.initialize(repeating: Label(dist: 0, stamp: 0, parentArc: -1), count: nodeCount)
    }

    deinit {
        label.deallocate()
    }

    func begin() {
        current &+= 1
        if current == 0 {  // wrapped: old stamps could alias
            label.update(repeating: Label(dist: 0, stamp: 0, parentArc: -1), count: nodeCount)
            current = 1
        }
        heap.removeAll()
        settled = 0
    }

    @inline(__always)
    func reached(_ v: Int32) -> Bool { label[Int(v)].stamp == current }

    /// An initial label; the smaller one wins if a node is given twice.
    func add(_ v: Int32, _ weight: Int32) {
        if !reached(v) || weight < label[Int(v)].dist {
            label[Int(v)] = Label(dist: weight, stamp: current, parentArc: -1)
            heap.push(key: weight, id: v)
        }
    }
}
