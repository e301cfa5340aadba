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
    private let ends: SearchEnds
    private var nodes: [Int32] = []
    private var payloads: [Int32] = []
    private var sources: [SearchEntry] = []
    private var targets: [SearchEntry] = []

    /// `reference: true` searches with plain Dijkstra instead of the hierarchy.
    public init(graph: RoutingGraph, reference: Bool = false) {
        self.graph = graph
        snapper = Snapper(graph: graph)
        ends = SearchEnds(graph: graph)
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

    // MARK: Driving: nodes are directed segments

    private func searchTurnExpanded(_ source: Snap, _ target: Snap) -> (weight: Int32, pieces: [RoutePiece])? {
        let shift = ends.shift(target)
        if source.segment != target.segment {
            sources.removeAll(keepingCapacity: true)
            targets.removeAll(keepingCapacity: true)
            ends.appendSourceEntries(source, to: &sources)
            ends.appendTargetEntries(target, to: &targets)
            guard let total = engine.search(sources: sources, targets: targets, loopAt: nil) else { return nil }
            engine.unpackPath(nodes: &nodes, payloads: &payloads)
            return (total - shift, turnExpandedPieces(source, target))
        }
        // Same segment: try each pair of directions on its own, so that "the target lies
        // behind" forces a real loop instead of reading the segment backwards.
        var best: (weight: Int32, pieces: [RoutePiece])?
        for xs in ends.directions(source) {
            for xt in ends.directions(target) {
                let ps = ends.travelled(source, xs), pt = ends.travelled(target, xt)
                if xs == xt && pt >= ps {
                    let direct = ends.partial(xs, pt) - ends.partial(xs, ps)
                    if best == nil || direct < best!.weight {
                        best = (direct, [RoutePiece(segment: source.segment, forward: xs & 1 == 0, start: ps, end: pt)])
                    }
                    continue
                }
                guard let total = engine.search(sources: [ends.sourceEntry(source, xs)],
                                                targets: [ends.targetEntry(target, xt, shift: shift)],
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
            ends.turnExpandedPiece(nodes[i], isFirst: i == 0, isLast: i == nodes.count - 1, source, target)
        }
    }

    // MARK: Walking: nodes are intersections

    private func searchIntersections(_ source: Snap, _ target: Snap) -> (weight: Int32, pieces: [RoutePiece])? {
        sources.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        ends.appendSourceEntries(source, to: &sources)
        ends.appendTargetEntries(target, to: &targets)
        var best: (weight: Int32, pieces: [RoutePiece])?
        if let total = engine.search(sources: sources, targets: targets, loopAt: nil) {
            engine.unpackPath(nodes: &nodes, payloads: &payloads)
            var pieces = [ends.walkingFirstPiece(source, leavingAt: nodes.first!)]
            for payload in payloads { pieces.append(ends.walkingArcPiece(payload)) }
            pieces.append(ends.walkingLastPiece(target, arrivingAt: nodes.last!))
            best = (total, pieces)
        }
        if source.segment == target.segment, let direct = ends.walkingAlongSegment(source, target),
           best == nil || direct.weight < best!.weight {
            best = (direct.weight, [direct.piece])
        }
        return best
    }
}

