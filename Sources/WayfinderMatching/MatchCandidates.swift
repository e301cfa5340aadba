import WayfinderGraph
import WayfinderRouting

/// Where one trace point may have been on the road: a snap to a segment near it, travelled in
/// one direction, or in either where the trace may have turned back there. The hidden states
/// of the matching's Markov model (Newson & Krumm 2009: "candidates").
public struct MatchCandidate: Sendable, Equatable {
    /// The point on the segment nearest the trace point; `directions` the ways along it.
    public var snap: Snap
    /// Metres from the trace point (`snap.distance`).
    @inlinable public var distance: Double { snap.distance }
    /// Either way along the road: the path may turn back here, in the middle of the road.
    public var turnsBack = false

    public init(snap: Snap, turnsBack: Bool = false) {
        self.snap = snap
        self.turnsBack = turnsBack
    }
}

/// Finds every point's candidates: the segments within its search radius, nearest first.
///
/// Each segment that can be travelled both ways gives two candidates, one per direction, so
/// that a route through the point keeps the direction it was matched in and the model weighs
/// a turn back as the detour it is (driving and walking alike). Where the trace itself turns
/// sharply at a point (its legs before and after meet at 90° or less), a turn back there is
/// likely: a third candidate allows either direction, at a price (`turnsBack`; OSRM's
/// `filterCandidates` makes it free, and noise then makes matches run back and forth).
public struct MatchCandidateFinder {
    public let graph: RoutingGraph
    private let snapper: Snapper

    /// The most segments kept per point: a dense city at a large radius can hold dozens,
    /// and the transitions cost the square of the candidates. (OSRM keeps all; on Andorra at
    /// σ = 30 m, 10 lost recall and 32 no longer does: `scripts/compare-match`.)
    public static let maxSegments = 32

    public init(graph: RoutingGraph) {
        self.graph = graph
        snapper = Snapper(graph: graph)
    }

    /// Whether any segment lies within `radius` metres of `p`, whatever its directions allow.
    public func hasRoad(near p: FixedCoordinate, radius: Double, excluding: WayClasses) -> Bool {
        !snapper.nearest(to: p, count: 1, maxDistance: radius, excluding: excluding).isEmpty
    }

    /// The candidates of point `i` of `points`, within `radius` metres, nearest first, on
    /// roads `bearing` allows (nil: any) and not of the `excluding` classes.
    public func candidates(_ points: [FixedCoordinate], _ i: Int, radius: Double, bearing: BearingRange?,
                           excluding: WayClasses) -> [MatchCandidate] {
        let found = snapper.nearest(to: points[i], count: Self.maxSegments, maxDistance: radius, bearing: bearing,
                                    excluding: excluding)
        let mayTurnBack = Self.turnsSharply(points, i)
        var result: [MatchCandidate] = []
        result.reserveCapacity(2 * found.count)
        for snap in found {
            let segment = graph.segments[Int(snap.segment)]
            let forward = snap.directions.contains(.forward) && segment.weight(forward: true) >= 0
            let backward = snap.directions.contains(.backward) && segment.weight(forward: false) >= 0
            // Walking too: a walker may turn back anywhere, but noise makes fixes step back and
            // forth along a street, and a match that follows them walks the street thrice.
            if !(forward && backward) {
                var one = snap
                one.directions = (forward ? SnapDirections.forward : []).union(backward ? .backward : [])
                if !one.directions.isEmpty { result.append(MatchCandidate(snap: one)) }
            } else {
                var ahead = snap, back = snap
                ahead.directions = .forward
                back.directions = .backward
                result.append(MatchCandidate(snap: ahead))
                result.append(MatchCandidate(snap: back))
                // Where the trace turns sharply, the car may have turned back on the road
                // itself: a third candidate allows it, at the price of a U-turn
                // (`MatchProbabilities.turnBackMetres`), so that noise alone does not make
                // the match run back and forth along the road.
                if mayTurnBack { result.append(MatchCandidate(snap: snap, turnsBack: true)) }
            }
        }
        // Equally near candidates on an intersection: those arriving there first, so that a
        // path through the intersection keeps to the road it came by until the point (as
        // osrm-routed's matchings do: the leg after it starts with the intersection again).
        result.sort { a, b in a.distance != b.distance ? a.distance < b.distance : arrives(a.snap) && !arrives(b.snap) }
        return result
    }

    /// Whether the candidate lies at the end of its segment in its direction of travel.
    private func arrives(_ snap: Snap) -> Bool {
        snap.directions == .forward ? snap.fraction == 1 : snap.directions == .backward && snap.fraction == 0
    }

    /// Whether the trace turns by 90° or more at point `i` (not at its ends): the angle
    /// between the way it came and the way it goes on is 90° or less.
    static func turnsSharply(_ points: [FixedCoordinate], _ i: Int) -> Bool {
        guard i > 0, i + 1 < points.count else { return false }
        let a = points[i - 1], b = points[i], c = points[i + 1]
        guard a != b, b != c else { return false }
        let back = Geo.bearing(b, a), ahead = Geo.bearing(b, c)
        var angle = abs(ahead - back).truncatingRemainder(dividingBy: 360)
        if angle > 180 { angle = 360 - angle }
        return angle <= 90
    }
}

