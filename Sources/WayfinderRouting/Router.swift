import WayfinderGraph

/// The two interchangeable search engines: the contraction hierarchy for queries, plain
/// Dijkstra on the uncontracted graph as the reference it is checked against.
public protocol ShortestPathSearch: AnyObject {
    func search(sources: [SearchEntry], targets: [SearchEntry], loopAt: Int32?) -> Int32?
    func unpackPath(nodes: inout [Int32], payloads: inout [Int32])
}

extension CHQuery: ShortestPathSearch {}
extension DijkstraQuery: ShortestPathSearch {}

/// A stretch of one segment on a route, `start` to `end` as fractions of its length in
/// the direction of travel.
public struct RoutePiece: Sendable, Equatable {
    public var segment: Int32
    public var forward: Bool
    public var start: Double
    public var end: Double
}

public struct Route: Sendable {
    /// Travel time in milliseconds: the search's exact integer weight.
    public var weight: Int32
    public var source: Snap
    public var target: Snap
    public var pieces: [RoutePiece]
    public var duration: Double { Double(weight) / 1000 }
}

public enum RouteError: Error, Equatable, CustomStringConvertible {
    /// No usable road within the snapping radius of the source (`isSource`) or target.
    case noSegment(isSource: Bool)
    case noRoute

    public var description: String {
        switch self {
        case .noSegment(let isSource): return "no \(isSource ? "start" : "destination") road found near the \(isSource ? "--from" : "--to") coordinate"
        case .noRoute: return "no route between these points"
        }
    }
}

/// A per-thread query object: snaps, searches and unpacks. Cheap to create; reuses its buffers.
public final class Router {
    public let graph: RoutingGraph
    public let snapper: Snapper
    /// Inputs farther than this from every usable road get `RouteError.noSegment`.
    public var maxSnapDistance = 5000.0
    private let engine: ShortestPathSearch
    private var nodes: [Int32] = []
    private var payloads: [Int32] = []
    private var sources: [SearchEntry] = []
    private var targets: [SearchEntry] = []

    /// `reference: true` searches with plain Dijkstra instead of the hierarchy.
    public init(graph: RoutingGraph, reference: Bool = false) {
        self.graph = graph
        snapper = Snapper(graph: graph)
        engine = reference ? DijkstraQuery(graph.base) : CHQuery(graph.hierarchy)
    }

    /// Snaps both ends and routes between them. An end on a small island is moved to the
    /// main network unless both ends are on the same island.
    public func route(from: FixedCoordinate, to: FixedCoordinate) throws(RouteError) -> Route {
        guard let a = snapper.nearest(to: from, maxDistance: maxSnapDistance) else { throw .noSegment(isSource: true) }
        guard let b = snapper.nearest(to: to, maxDistance: maxSnapDistance) else { throw .noSegment(isSource: false) }
        var source = a.any, target = b.any
        let sameIsland = graph.segmentComponent[Int(source.segment)] == graph.segmentComponent[Int(target.segment)]
        if !sameIsland {
            source = a.main ?? source
            target = b.main ?? target
        }
        return try route(from: source, to: target)
    }

    public func route(from source: Snap, to target: Snap) throws(RouteError) -> Route {
        let best = graph.mode.isTurnExpanded ? searchTurnExpanded(source, target) : searchIntersections(source, target)
        guard let best else { throw .noRoute }
        return Route(weight: best.weight, source: source, target: target, pieces: best.pieces)
    }

    // MARK: Entries

    /// Milliseconds from where `directed` starts to `fraction` of it (fractions in the direction of travel).
    @inline(__always) private func partial(_ directed: Int32, _ fraction: Double) -> Int32 {
        Int32((Double(weight(directed)) * fraction).rounded())
    }

    @inline(__always) private func weight(_ directed: Int32) -> Int32 {
        graph.segments[Int(directed >> 1)].weight(forward: directed & 1 == 0)
    }

    /// Fraction of a snap along a directed segment, in its direction of travel.
    @inline(__always) private func travelled(_ snap: Snap, _ directed: Int32) -> Double {
        directed & 1 == 0 ? snap.fraction : 1 - snap.fraction
    }

    /// The directed segments a snap can be travelled along (one or two; no allocation).
    private func directions(_ snap: Snap) -> Directions {
        Directions(forward: weight(2 * snap.segment) >= 0 ? 2 * snap.segment : -1,
                   backward: weight(2 * snap.segment + 1) >= 0 ? 2 * snap.segment + 1 : -1)
    }

    private func fill(_ entries: inout [SearchEntry], _ directions: Directions, _ entry: (Int32) -> SearchEntry) {
        entries.removeAll(keepingCapacity: true)
        for x in directions { entries.append(entry(x)) }
    }

    // MARK: Driving: nodes are directed segments

    private func searchTurnExpanded(_ source: Snap, _ target: Snap) -> (weight: Int32, pieces: [RoutePiece])? {
        let t = graph.segments[Int(target.segment)]
        // Target offsets are negative (the search counts the whole last segment): shift them.
        let shift = max(t.forwardWeight, t.backwardWeight)
        func sourceEntry(_ x: Int32) -> SearchEntry { SearchEntry(node: x, weight: weight(x) - partial(x, travelled(source, x))) }
        func targetEntry(_ x: Int32) -> SearchEntry { SearchEntry(node: x, weight: partial(x, travelled(target, x)) - weight(x) + shift) }

        if source.segment != target.segment {
            fill(&sources, directions(source), sourceEntry)
            fill(&targets, directions(target), targetEntry)
            // An end exactly at an intersection may leave (or arrive) by any of its roads,
            // not only the one it was snapped to, and no turn rule applies there.
            if let v = intersection(at: source) {
                for x in leaving(v) where weight(x) >= 0 && x >> 1 != source.segment {
                    sources.append(SearchEntry(node: x, weight: weight(x)))
                }
            }
            if let v = intersection(at: target) {
                for y in leaving(v) where weight(y ^ 1) >= 0 && y >> 1 != target.segment {
                    targets.append(SearchEntry(node: y ^ 1, weight: shift))
                }
            }
            guard let total = engine.search(sources: sources, targets: targets, loopAt: nil) else { return nil }
            engine.unpackPath(nodes: &nodes, payloads: &payloads)
            return (total - shift, turnExpandedPieces(source, target))
        }
        // Same segment: try each pair of directions on its own, so that "the target lies
        // behind" forces a real loop instead of reading the segment backwards.
        var best: (weight: Int32, pieces: [RoutePiece])?
        for xs in directions(source) {
            for xt in directions(target) {
                let ps = travelled(source, xs), pt = travelled(target, xt)
                if xs == xt && pt >= ps {
                    let direct = partial(xs, pt) - partial(xs, ps)
                    if best == nil || direct < best!.weight {
                        best = (direct, [RoutePiece(segment: source.segment, forward: xs & 1 == 0, start: ps, end: pt)])
                    }
                    continue
                }
                guard let total = engine.search(sources: [sourceEntry(xs)], targets: [targetEntry(xt)],
                                                loopAt: xs == xt ? xs : nil), best == nil || total - shift < best!.weight
                else { continue }
                engine.unpackPath(nodes: &nodes, payloads: &payloads)
                best = (total - shift, turnExpandedPieces(source, target))
            }
        }
        return best
    }

    private func turnExpandedPieces(_ source: Snap, _ target: Snap) -> [RoutePiece] {
        nodes.indices.map { i in
            let x = nodes[i]
            return RoutePiece(segment: x >> 1, forward: x & 1 == 0,
                              start: i == 0 && x >> 1 == source.segment ? travelled(source, x) : 0,
                              end: i == nodes.count - 1 && x >> 1 == target.segment ? travelled(target, x) : 1)
        }
    }

    /// The intersection a snap lies on, when it is within a centimetre of an end of its segment.
    private func intersection(at snap: Snap) -> Int32? {
        let s = graph.segments[Int(snap.segment)]
        let along = snap.fraction * Double(s.length)
        if along < 0.01 { return s.fromNode }
        if Double(s.length) - along < 0.01 { return s.toNode }
        return nil
    }

    private func leaving(_ v: Int32) -> UnsafeBufferPointer<Int32>.SubSequence {
        graph.nodeLeaving[Int(graph.nodeFirst[Int(v)])..<Int(graph.nodeFirst[Int(v) + 1])]
    }

    // MARK: Walking: nodes are intersections

    private func searchIntersections(_ source: Snap, _ target: Snap) -> (weight: Int32, pieces: [RoutePiece])? {
        // Leaving the source along direction x reaches x's end node; the target is reached
        // from the start node of direction x.
        fill(&sources, directions(source)) { x in SearchEntry(node: endNode(x), weight: sourceEntryWeight(source, x)) }
        fill(&targets, directions(target)) { x in SearchEntry(node: startNode(x), weight: partial(x, travelled(target, x))) }
        var best: (weight: Int32, pieces: [RoutePiece])?
        if let total = engine.search(sources: sources, targets: targets, loopAt: nil) {
            engine.unpackPath(nodes: &nodes, payloads: &payloads)
            let firstNode = nodes.first!, lastNode = nodes.last!
            let first = sources.lazy.filter { $0.node == firstNode }.min { $0.weight < $1.weight }!
            let last = targets.lazy.filter { $0.node == lastNode }.min { $0.weight < $1.weight }!
            let xs = directions(source).first { endNode($0) == first.node && sourceEntryWeight(source, $0) == first.weight }!
            let xt = directions(target).first { startNode($0) == last.node && partial($0, travelled(target, $0)) == last.weight }!
            var pieces = [RoutePiece(segment: source.segment, forward: xs & 1 == 0, start: travelled(source, xs), end: 1)]
            for payload in payloads {
                pieces.append(RoutePiece(segment: payload >> 1, forward: payload & 1 == 0, start: 0, end: 1))
            }
            pieces.append(RoutePiece(segment: target.segment, forward: xt & 1 == 0, start: 0, end: travelled(target, xt)))
            best = (total, pieces)
        }
        if source.segment == target.segment {
            for x in directions(source) where travelled(target, x) >= travelled(source, x) {
                let direct = partial(x, travelled(target, x)) - partial(x, travelled(source, x))
                if best == nil || direct < best!.weight {
                    best = (direct, [RoutePiece(segment: source.segment, forward: x & 1 == 0,
                                                start: travelled(source, x), end: travelled(target, x))])
                }
            }
        }
        return best
    }

    private func sourceEntryWeight(_ source: Snap, _ x: Int32) -> Int32 { weight(x) - partial(x, travelled(source, x)) }
    private func startNode(_ x: Int32) -> Int32 { let s = graph.segments[Int(x >> 1)]; return x & 1 == 0 ? s.fromNode : s.toNode }
    private func endNode(_ x: Int32) -> Int32 { let s = graph.segments[Int(x >> 1)]; return x & 1 == 0 ? s.toNode : s.fromNode }
}

/// The one or two travel directions of a segment, as directed segment ids (-1 = not allowed).
struct Directions: Sequence, IteratorProtocol {
    var forward: Int32
    var backward: Int32

    mutating func next() -> Int32? {
        if forward >= 0 { defer { forward = -1 }; return forward }
        if backward >= 0 { defer { backward = -1 }; return backward }
        return nil
    }
}
