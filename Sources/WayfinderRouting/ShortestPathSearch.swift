/// The two interchangeable search engines: the contraction hierarchy for queries, plain
/// Dijkstra on the uncontracted graph as the reference it is checked against.
public protocol ShortestPathSearch: AnyObject {
    func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32?) -> Int32?
    func withUnpackedPath<R>(_ body: (_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>) -> R) -> R
    /// Nodes settled by the last search.
    var settledNodes: Int { get }
}

extension ShortestPathSearch {
    /// The last search's path copied into arrays (see `CHQuery.withUnpackedPath(_:)`).
    public func unpackPath(nodes: inout [Int32], payloads: inout [Int32]) {
        withUnpackedPath { n, p in
            nodes.removeAll(keepingCapacity: true)
            payloads.removeAll(keepingCapacity: true)
            nodes.append(contentsOf: n)
            payloads.append(contentsOf: p)
        }
    }
}

extension CHQuery: ShortestPathSearch {}
extension DijkstraQuery: ShortestPathSearch {}
