import WayfinderGraph

/// Where a search may start or end: an input node id and the weight already spent getting
/// there from the real start (or still to spend from there to the real end), `>= 0`.
/// Snapping a point to the middle of a road segment gives such entries.
public struct SearchEntry: Sendable, Hashable {
    public var node: Int32
    public var weight: Int32

    @inlinable
    public init(node: Int32, weight: Int32) {
        self.node = node
        self.weight = weight
    }
}

/// The entry's node as an index, after checking it and its weight. Also in release builds
/// (-Ounchecked drops `precondition`): a bad id would read and write out of bounds.
@inline(__always)
func checkedEntry(_ entry: SearchEntry, _ nodeCount: Int) -> Int {
    if entry.node < 0 || Int(entry.node) >= nodeCount || entry.weight < 0 {
        fatalError("search entry \(entry) out of range (nodes 0..<\(nodeCount), weight >= 0)")
    }
    return Int(entry.node)
}

/// `a + b` for weights, as `infiniteWeight` when the sum reaches it: a path that long counts as
/// no path, in every search alike (so the CH and Dijkstra agree), instead of wrapping around.
@inlinable @inline(__always)
func addWeights(_ a: Int32, _ b: Int32) -> Int32 {
    let sum = Int64(a) + Int64(b)
    return sum >= Int64(infiniteWeight) ? infiniteWeight : Int32(truncatingIfNeeded: sum)
}
