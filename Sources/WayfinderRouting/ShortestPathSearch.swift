import WayfinderGraph

/// The two interchangeable search engines: the contraction hierarchy for queries, plain
/// Dijkstra on the uncontracted graph as the reference it is checked against.
public protocol ShortestPathSearch: AnyObject {
    /// The best total between the entries (see `CHQuery.search`), without roads of the
    /// `excluding` classes.
    func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32?, excluding: WayClasses) -> Int32?
    func withUnpackedPath<R>(_ body: (_ nodes: UnsafeBufferPointer<Int32>, _ payloads: UnsafeBufferPointer<Int32>) -> R) -> R
    /// Nodes settled by the last search.
    var settledNodes: Int { get }
}

extension ShortestPathSearch {
    /// A search that excludes nothing.
    public func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32?) -> Int32? {
        search(sources: sources, targets: targets, loopAt: loopAt, excluding: [])
    }

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
