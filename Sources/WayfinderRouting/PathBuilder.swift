import WayfinderGraph

/// The path a search unpacks: input node ids `nodes[0...arcCount]` and the payload of each
/// original arc between them, `payloads[i]` for `nodes[i] -> nodes[i + 1]`.
///
/// Raw growable buffers, reused by every query: a long route appends ~750 arcs, each
/// reached through a shortcut record, and `Array.append`'s uniqueness and capacity checks
/// cost about as much as reading the record.
struct PathBuilder {
    private(set) var nodes: UnsafeMutablePointer<Int32>
    private(set) var payloads: UnsafeMutablePointer<Int32>
    private(set) var arcCount = 0
    private var capacity = 1024
    /// Second halves still to unpack, deepest last.
    private var pending: UnsafeMutablePointer<PendingArc>
    private var pendingCapacity = 64
    /// The codes of the arcs `expand(_:_:)` unpacks (`PathBuilder+Steps.swift`).
    var codes: [Int32] = []

    /// A piece of the path still to be unpacked, ending at input node `to` (its start is where
    /// the previous piece ended): a shortcut id when `code >= 0`, an original arc with payload
    /// `~code` otherwise.
    struct PendingArc {
        var to: Int32
        var code: Int32
    }

    init() {
        nodes = .allocate(capacity: capacity + 1)
        payloads = .allocate(capacity: capacity)
        pending = .allocate(capacity: pendingCapacity)
    }

    /// Frees the buffers; the owner calls it once, from its deinit.
    func deallocate() {
        nodes.deallocate()
        payloads.deallocate()
        pending.deallocate()
    }

    /// Starts a new path at input node `start`.
    mutating func begin(at start: Int32) {
        arcCount = 0
        nodes[0] = start
    }

    /// Appends the original arcs of a hierarchy arc ending at input node `to`, depth first,
    /// reading only the shortcut table: walks down first halves directly and stacks only the
    /// second halves. `middles` is the hierarchy's `shortcutMiddles`: without it, an original
    /// arc inside the table names its head (`~head`) and has payload 0.
    mutating func expand(to: Int32, code: Int32, shortcuts: UnsafeBufferPointer<Shortcut>,
                         middles: UnsafeBufferPointer<Int32>?) {
        // An original arc of the hierarchy itself: its `via` is always `~payload`.
        guard code >= 0 else { return append(to: to, payload: ~code) }
        if let middles {
            expand(to: to, code: code, shortcuts: shortcuts, middles: middles)
        } else {
            expand(code, shortcuts: shortcuts)
        }
    }

    /// `expand` where original arcs in the table name their payloads: each piece carries the
    /// node it ends at, a shortcut's middle for its first half. (The loops work on local
    /// copies of the buffers and counts: through `self` the compiler reloads them after every
    /// store into the path.)
    private mutating func expand(to: Int32, code: Int32, shortcuts: UnsafeBufferPointer<Shortcut>,
                                 middles: UnsafeBufferPointer<Int32>) {
        var nodes = self.nodes, payloads = self.payloads, pending = self.pending
        var arcCount = self.arcCount, capacity = self.capacity, pendingCapacity = self.pendingCapacity, depth = 0
        var item = PendingArc(to: to, code: code)
        defer { self.arcCount = arcCount }
        while true {
            while item.code >= 0 {
                let shortcut = shortcuts[Int(item.code)]
                if depth == pendingCapacity { growPending(); pending = self.pending; pendingCapacity = self.pendingCapacity }
                pending[depth] = PendingArc(to: item.to, code: shortcut.second)
                depth += 1
                item = PendingArc(to: middles[Int(item.code)], code: shortcut.first)
            }
            if arcCount == capacity {
                self.arcCount = arcCount
                growPath()
                (nodes, payloads, capacity) = (self.nodes, self.payloads, self.capacity)
            }
            payloads[arcCount] = ~item.code
            arcCount += 1
            nodes[arcCount] = item.to
            if depth == 0 { return }
            depth -= 1
            item = pending[depth]
        }
    }

    /// `expand` where original arcs in the table name their heads: no piece needs to carry
    /// where it ends, and every payload is 0.
    private mutating func expand(_ code: Int32, shortcuts: UnsafeBufferPointer<Shortcut>) {
        var nodes = self.nodes, payloads = self.payloads, pending = self.pending
        var arcCount = self.arcCount, capacity = self.capacity, pendingCapacity = self.pendingCapacity, depth = 0
        var code = code
        defer { self.arcCount = arcCount }
        while true {
            while code >= 0 {
                let shortcut = shortcuts[Int(code)]
                if depth == pendingCapacity { growPending(); pending = self.pending; pendingCapacity = self.pendingCapacity }
                pending[depth] = PendingArc(to: 0, code: shortcut.second)
                depth += 1
                code = shortcut.first
            }
            if arcCount == capacity {
                self.arcCount = arcCount
                growPath()
                (nodes, payloads, capacity) = (self.nodes, self.payloads, self.capacity)
            }
            payloads[arcCount] = 0
            arcCount += 1
            nodes[arcCount] = ~code
            if depth == 0 { return }
            depth -= 1
            code = pending[depth].code
        }
    }

    /// Appends one original arc to input node `to` with payload `payload`.
    mutating func append(to: Int32, payload: Int32) {
        if arcCount == capacity { growPath() }
        payloads[arcCount] = payload
        arcCount += 1
        nodes[arcCount] = to
    }

    /// Appends original arcs already unpacked: to `nodes[i]` with payload `payloads[i]`.
    mutating func append(nodes more: UnsafeBufferPointer<Int32>, payloads morePayloads: UnsafeBufferPointer<Int32>) {
        guard !more.isEmpty else { return }
        while arcCount + more.count > capacity { growPath() }
        (nodes + arcCount + 1).update(from: more.baseAddress!, count: more.count)
        (payloads + arcCount).update(from: morePayloads.baseAddress!, count: more.count)
        arcCount += more.count
    }

    /// The path's nodes and payloads, valid until the builder changes.
    func withPath<R>(_ body: (_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>) -> R) -> R {
        body(UnsafeBufferPointer(start: nodes, count: arcCount + 1), UnsafeBufferPointer(start: payloads, count: arcCount))
    }

    private mutating func growPath() {
        let newNodes = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity + 1)
        let newPayloads = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
        newNodes.update(from: nodes, count: arcCount + 1)
        newPayloads.update(from: payloads, count: arcCount)
        nodes.deallocate()
        payloads.deallocate()
        nodes = newNodes
        payloads = newPayloads
        capacity *= 2
    }

    private mutating func growPending() {
        let grown = UnsafeMutablePointer<PendingArc>.allocate(capacity: 2 * pendingCapacity)
        grown.update(from: pending, count: pendingCapacity)
        pending.deallocate()
        pending = grown
        pendingCapacity *= 2
    }
}
