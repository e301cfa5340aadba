import WayfinderGraph
import WayfinderRouting

/// A trace as the matcher reads it: its points with what is known of each.
public struct MatchTrace: Sendable {
    public var coordinates: [FixedCoordinate]
    /// Seconds per point, non-decreasing; nil without timestamps.
    public var timestamps: [Double]?
    /// Per point: the GPS accuracy in metres (standard deviation of the fix).
    public var accuracies: [Double]
    /// Per point: the heading it moved in, nil for none.
    public var bearings: [BearingRange?]
    /// Whether a jump in the timestamps splits the trace (`gaps=split`).
    public var splitsAtGaps = true
    /// Classes of road no candidate may lie on.
    public var excluding: WayClasses = []
    /// m/s: the fastest the trace's mode moves, which bounds how far a step may route with
    /// timestamps.
    public var maxSpeed: Double

    public init(coordinates: [FixedCoordinate], accuracies: [Double], maxSpeed: Double) {
        self.coordinates = coordinates
        self.accuracies = accuracies
        self.maxSpeed = maxSpeed
        bearings = Array(repeating: nil, count: coordinates.count)
    }
}

/// One stretch of a trace matched without a break: the points it matched, in order, each
/// with the candidate chosen for it.
public struct SubMatching: Sendable {
    /// Indices of the matched trace points, increasing.
    public var points: [Int]
    public var candidates: [MatchCandidate]
    /// Per matched point: how many of its other candidates some likely path still went through.
    public var alternatives: [Int]
    /// 0...1: `MatchProbabilities.confidence` of the matched and the trace's lengths.
    public var confidence: Double
    /// The log probability of the path chosen (the Viterbi value of its last state): two
    /// paths that tie on it are equally good answers.
    public var logProbability: Double
}

/// Matches GPS traces to a mode's roads with a hidden Markov model decoded by Viterbi
/// (Newson & Krumm 2009, as OSRM, Valhalla and GraphHopper do): each point's candidates are
/// the road positions near it (`MatchCandidateFinder`), scored by their distance from the
/// fix (emission); each step between consecutive points by how far its route's length is
/// from the straight line between the fixes (transition). The route distances of a step come
/// from one many-to-many search on the hierarchy (`TableQuery`), from every candidate still
/// alive to every candidate of the next point.
///
/// A point no candidate of the last matched point can reach is skipped; when ten points in a
/// row are (or, with `gaps=split`, the time since the last matched point exceeds ten median
/// sampling intervals) the trace is split and matched on from there (`ViterbiLattice`).
///
/// One object per thread: it reuses the table query's buffers for every step.
public final class MapMatcher {
    public let graph: RoutingGraph
    public let finder: MatchCandidateFinder
    private let table: TableQuery
    /// Plain Dijkstra per pair instead of the table (`reference: true`), for tests that check
    /// the table's transitions against it.
    private let referenceRouter: Router?

    /// `reference: true` computes every transition with a plain Dijkstra search per pair: the
    /// slow reference the table's many-to-many searches are checked against.
    public init(graph: RoutingGraph, table: TableQuery? = nil, reference: Bool = false) {
        self.graph = graph
        finder = MatchCandidateFinder(graph: graph)
        self.table = table ?? TableQuery(graph: graph)
        referenceRouter = reference ? Router(graph: graph, reference: true) : nil
    }

    /// Every point's candidates, within `searchRadiusPerAccuracy` of its accuracy.
    public func candidates(_ trace: MatchTrace) -> [[MatchCandidate]] {
        trace.coordinates.indices.map { i in
            finder.candidates(trace.coordinates, i,
                              radius: trace.accuracies[i] * MatchProbabilities.searchRadiusPerAccuracy,
                              bearing: trace.bearings[i], excluding: trace.excluding)
        }
    }

    /// Whether a road lies within a point's search radius at all, open or not: a trace whose
    /// points have no candidates only because traffic closed the roads there has no match
    /// (OSRM's NoMatch), one far from any road no segment (NoSegment).
    public func hasRoads(near trace: MatchTrace) -> Bool {
        trace.coordinates.indices.contains { i in
            finder.hasRoad(near: trace.coordinates[i], radius: trace.accuracies[i] * MatchProbabilities.searchRadiusPerAccuracy,
                           excluding: trace.excluding)
        }
    }

    /// The trace's matchings, in trace order; empty when no two points could be matched.
    /// `stop` is asked between steps; when it answers true matching gives up (nil).
    public func match(_ trace: MatchTrace, candidates: [[MatchCandidate]], stop: () -> Bool = { false }) -> [SubMatching]? {
        var lattice = ViterbiLattice(trace: trace, candidates: candidates)
        let decoded = lattice.decode(stop: stop) { sources, targets in transitions(from: sources, to: targets, trace.excluding) }
        guard decoded else { return nil }
        return lattice.subMatchings()
    }

    /// Route durations (ms) and metres from every candidate of `sources` to every one of
    /// `targets`: one many-to-many search (or the reference's search per pair).
    public func transitions(from sources: [MatchCandidate], to targets: [MatchCandidate], _ excluding: WayClasses) -> RouteTable {
        if let referenceRouter { return Self.pairByPair(referenceRouter, sources, targets, excluding) }
        return table.compute(sources: sources.map(\.snap), targets: targets.map(\.snap), distances: true, excluding: excluding)
    }

    /// The transitions one route at a time (the reference).
    private static func pairByPair(_ router: Router, _ sources: [MatchCandidate], _ targets: [MatchCandidate],
                                   _ excluding: WayClasses) -> RouteTable {
        var durations: [Int32] = [], metres: [Double] = []
        for source in sources {
            for target in targets {
                let route = try? router.route(from: source.snap, to: target.snap, excluding: excluding)
                durations.append(route?.weight ?? -1)
                metres.append(route.map { router.graph.distance(of: $0) } ?? -1)
            }
        }
        return RouteTable(sourceCount: sources.count, targetCount: targets.count, durations: durations, distances: metres)
    }
}
