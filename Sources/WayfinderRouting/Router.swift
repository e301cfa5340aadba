import WayfinderGraph

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
    private var sources: [SearchEntry] = []
    private var targets: [SearchEntry] = []

    /// Nodes settled by the searches of the last route between snaps (several when both ends
    /// lie on one segment; 0 when no search was needed), for the benchmark's average.
    public private(set) var lastSettledNodes = 0

    /// `reference: true` searches with plain Dijkstra instead of the hierarchy.
    public init(graph: RoutingGraph, reference: Bool = false) {
        self.graph = graph
        snapper = Snapper(graph: graph)
        ends = SearchEnds(graph: graph)
        engine = reference ? DijkstraQuery(graph.base) : CHQuery(graph.hierarchy, coreExpansions: graph.coreExpansions)
    }

    /// Snaps both ends and routes between them (`snap(from:to:)`, then `route` between the snaps).
    public func route(from: FixedCoordinate, to: FixedCoordinate) throws(RouteError) -> Route {
        let (source, target) = try snap(from: from, to: to)
        return try route(from: source, to: target)
    }

    /// Where a route between two coordinates starts and ends: the nearest usable roads. An end
    /// on a small island is moved to the main network unless both ends are on the same island.
    public func snap(from: FixedCoordinate, to: FixedCoordinate) throws(RouteError) -> (source: Snap, target: Snap) {
        do {
            let snaps = try snapper.snap([from, to]) { _ in maxSnapDistance }
            return (snaps[0], snaps[1])
        } catch {
            throw .noSegment(isSource: error.index == 0)
        }
    }

    public func route(from source: Snap, to target: Snap) throws(RouteError) -> Route {
        var untimed = Untimed()
        return try route(from: source, to: target, &untimed)
    }

    /// The same route, with the time spent searching and unpacking added to `timing`
    /// (three clock reads for one search; `route(from:to:)` reads none).
    public func route(from source: Snap, to target: Snap, timing: inout RouteTiming) throws(RouteError) -> Route {
        var laps = TimedLaps(timing)
        defer { timing = laps.timing }
        return try route(from: source, to: target, &laps)
    }

    private func route<L: RouteLaps>(from source: Snap, to target: Snap, _ laps: inout L) throws(RouteError) -> Route {
        ends.check(source)
        ends.check(target)
        lastSettledNodes = 0
        laps.start()
        let best = graph.mode.isTurnExpanded ? searchTurnExpanded(source, target, &laps) : searchIntersections(source, target, &laps)
        guard let best else { throw .noRoute }
        return Route(weight: best.weight, source: source, target: target, pieces: best.pieces)
    }

    /// One search of the engine, its settled nodes counted; the time since the last lap is searching.
    @inline(__always)
    private func search<L: RouteLaps>(_ sources: [SearchEntry], _ targets: [SearchEntry], loopAt: Int32?,
                                      _ laps: inout L) -> Int32? {
        let total = engine.search(sources: sources, targets: targets, loopAt: loopAt)
        lastSettledNodes += engine.settledNodes
        laps.searched()
        return total
    }

    // MARK: Driving: nodes are directed segments

    private func searchTurnExpanded<L: RouteLaps>(_ source: Snap, _ target: Snap, _ laps: inout L) -> (weight: Int32, pieces: [RoutePiece])? {
        let shift = ends.shift(target)
        if source.segment != target.segment {
            sources.removeAll(keepingCapacity: true)
            targets.removeAll(keepingCapacity: true)
            ends.appendSourceEntries(source, to: &sources)
            ends.appendTargetEntries(target, to: &targets)
            guard let total = search(sources, targets, loopAt: nil, &laps) else { return nil }
            let pieces = turnExpandedPieces(source, target)
            laps.unpacked()
            return (total - shift, pieces)
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
                guard let total = search([ends.sourceEntry(source, xs)], [ends.targetEntry(target, xt, shift: shift)],
                                         loopAt: xs == xt ? xs : nil, &laps), best == nil || total - shift < best!.weight
                else { continue }
                best = (total - shift, turnExpandedPieces(source, target))
                laps.unpacked()
            }
        }
        return best
    }

    /// One piece per node of the last search's path; only the first and last can be cut
    /// (filled in place from the engine's buffer: a long route has ~750 pieces, and a closure
    /// per element through `map` cost ~10 ns each).
    private func turnExpandedPieces(_ source: Snap, _ target: Snap) -> [RoutePiece] {
        engine.withUnpackedPath { nodes, _ in
            let last = nodes.count - 1
            return [RoutePiece](unsafeUninitializedCapacity: nodes.count) { pieces, count in
                for i in 0..<nodes.count {
                    let x = nodes[i]
                    // Middle pieces are whole segments: `turnExpandedPiece` without its tests.
                    pieces[i] = i == 0 || i == last
                        ? ends.turnExpandedPiece(x, isFirst: i == 0, isLast: i == last, source, target)
                        : RoutePiece(segment: x >> 1, forward: x & 1 == 0, start: 0, end: 1)
                }
                count = nodes.count
            }
        }
    }

    // MARK: Walking: nodes are intersections

    private func searchIntersections<L: RouteLaps>(_ source: Snap, _ target: Snap, _ laps: inout L) -> (weight: Int32, pieces: [RoutePiece])? {
        sources.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        ends.appendSourceEntries(source, to: &sources)
        ends.appendTargetEntries(target, to: &targets)
        var best: (weight: Int32, pieces: [RoutePiece])?
        if let total = search(sources, targets, loopAt: nil, &laps) {
            let pieces = engine.withUnpackedPath { nodes, payloads in
                var pieces = [ends.walkingFirstPiece(source, leavingAt: nodes.first!)]
                pieces.reserveCapacity(payloads.count + 2)
                for payload in payloads { pieces.append(ends.walkingArcPiece(payload)) }
                pieces.append(ends.walkingLastPiece(target, arrivingAt: nodes.last!))
                return pieces
            }
            laps.unpacked()
            best = (total, pieces)
        }
        if source.segment == target.segment, let direct = ends.walkingAlongSegment(source, target),
           best == nil || direct.weight < best!.weight {
            best = (direct.weight, [direct.piece])
        }
        return best
    }
}

