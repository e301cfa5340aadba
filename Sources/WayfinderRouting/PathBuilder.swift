import WayfinderGraph

/// The path a `CHQuery` unpacks: input node ids `nodes[0...arcCount]` and the payload of each
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
    /// second halves.
    mutating func expand(to: Int32, code: Int32, shortcuts: UnsafeBufferPointer<Shortcut>) {
        var item = PendingArc(to: to, code: code)
        var depth = 0
        while true {
            while item.code >= 0 {
                let shortcut = shortcuts[Int(item.code)]
                if depth == pendingCapacity { growPending() }
                pending[depth] = PendingArc(to: item.to, code: shortcut.second)
                depth += 1
                item = PendingArc(to: shortcut.middle, code: shortcut.first)
            }
            if arcCount == capacity { growPath() }
            payloads[arcCount] = ~item.code
            arcCount += 1
            nodes[arcCount] = item.to
            if depth == 0 { return }
            depth -= 1
            item = pending[depth]
        }
    }

    /// Copies the path out (both arrays are replaced).
    func copy(nodes: inout [Int32], payloads: inout [Int32]) {
        nodes.removeAll(keepingCapacity: true)
        payloads.removeAll(keepingCapacity: true)
        nodes.append(contentsOf: UnsafeBufferPointer(start: self.nodes, count: arcCount + 1))
        payloads.append(contentsOf: UnsafeBufferPointer(start: self.payloads, count: arcCount))
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
