import WayfinderGraph
import WayfinderMatching
import WayfinderRouting

/// A GPS trace to match to the roads that were driven or walked (OSRM's
/// `api::MatchParameters`): parsed once by a dialect, the command line or the C library, then
/// matched by `MapMatcher` (WayfinderMatching) and routed between the matched points.
/// What it leaves unsaid is decided by `MatchPolicy`.
public struct MatchRequest: Sendable {
    public var mode: TravelMode
    /// The trace's points, in the order recorded.
    public var coordinates: [FixedCoordinate]
    /// Seconds per point, non-decreasing (integer or decimal; small values or epoch seconds
    /// alike); nil when the trace has none.
    public var timestamps: [Double]?
    /// Per point: the GPS accuracy in metres (one standard deviation, OSRM's `radiuses`), nil
    /// for `MatchPolicy.gpsAccuracy`.
    public var radiuses: [Double?]
    /// Per point: the heading the trace moved in there, nil for none (OSRM's `bearings`).
    public var bearings: [BearingRange?]
    /// Whether the trace is split where its timestamps jump (OSRM's `gaps=split`, the default).
    public var splitsAtGaps = true
    /// Whether points too close together are dropped first (OSRM's `tidy`).
    public var tidy = false
    /// Indices of the points that split a matching into legs, first and last among them
    /// (OSRM's `waypoints`); nil for every matched point.
    public var legEnds: [Int]?
    /// Classes of road the match may not use (driving only).
    public var excluding: WayClasses = []

    public init(mode: TravelMode, coordinates: [FixedCoordinate]) {
        self.mode = mode
        self.coordinates = coordinates
        radiuses = Array(repeating: nil, count: coordinates.count)
        bearings = Array(repeating: nil, count: coordinates.count)
    }
}

/// A match request answered: what every writer (OSRM JSON, the command line's text and
/// GeoJSON, Python) reads.
public struct MatchAnswer {
    /// One stretch of the trace matched without a break: a route through its matched points.
    public struct Matching {
        /// One leg between each pair of consecutive leg ends.
        public var legs: [Route]
        /// The trace's coordinates at the leg ends (`legs.count + 1`).
        public var inputs: [FixedCoordinate]
        /// How likely the matching is right, 0...1 (OSRM's `confidence`).
        public var confidence: Double
        /// The indices of the trace points it matched, in order.
        public var points: [Int]
    }

    /// Where one trace point was matched (OSRM's tracepoint object).
    public struct Tracepoint {
        /// Its matching, an index of `matchings`.
        public var matching: Int
        /// Its place among that matching's waypoints; nil for a point that splits no leg
        /// (not among the request's `waypoints`).
        public var waypoint: Int?
        /// How many other candidates of this point were still likely (0: unambiguous).
        public var alternatives: Int
        /// Where on the road it was matched.
        public var snap: Snap
    }

    public var matchings: [Matching]
    /// One per trace point, nil for a point dropped (no candidate, an outlier, tidied away).
    public var tracepoints: [Tracepoint?]
}

extension MatchRequest {
    /// Checks the request's shape against `limits`, before any graph is read: two points at
    /// least, at most `maxMatchingSize`, a timestamp and a radius per point when given,
    /// timestamps that never go back, radiuses that are distances.
    public func validate(limits: EngineLimits) throws(EngineError) {
        let n = coordinates.count
        guard n >= 2 else { throw .invalidOptions("Number of coordinates needs to be at least two.") }
        guard n <= limits.maxMatchingSize else { throw .tooBig("Too many trace coordinates") }
        guard radiuses.count == n, bearings.count == n else {
            throw .invalidOptions("Number of radiuses and bearings must match the number of coordinates.")
        }
        if let timestamps {
            guard timestamps.count == n else {
                throw .invalidOptions("Number of timestamps does not match number of coordinates")
            }
            guard timestamps.allSatisfy(\.isFinite) else { throw .invalidValue("Timestamps must be numbers of seconds.") }
            guard zip(timestamps, timestamps.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw .invalidValue("Timestamps need to be monotonically increasing.")
            }
        }
        for case let radius? in radiuses where !(radius.isFinite && radius >= 0) {
            throw .invalidValue("Radiuses must be non-negative distances in metres, got \(radius).")
        }
        if let legEnds {
            guard zip(legEnds, legEnds.dropFirst()).allSatisfy({ $0 < $1 }), legEnds.allSatisfy({ (0..<n).contains($0) }) else {
                throw .invalidOptions("waypoints must be increasing indices of the coordinates")
            }
            guard legEnds.first == 0, legEnds.last == n - 1 else {
                throw .invalidValue("First and last coordinates must be specified as waypoints.")
            }
        }
    }

    /// Matches the trace with the calling thread's `MapMatcher` and routes each matching
    /// through its matched points with its `Router`. `noSegmentNearTrace` when no point has a
    /// road in reach, `noMatch` when no two points could be matched (or the roads in reach are
    /// all closed by traffic) (or the `waypoints` asked
    /// for were not all matched in one matching), `tooBig` past the time limit.
    public func answer(_ queries: EngineQueries) throws(EngineError) -> MatchAnswer {
        let graph = try queries.routingGraph(mode)
        guard graph.serves(excluding: excluding) else { throw .unsupportedExclusion }
        // The points matched: all, or those tidying keeps (`kept[k]` is a trace index).
        let kept = tidy ? TraceTidying.kept(coordinates, timestamps: timestamps) : Array(coordinates.indices)
        var trace = MatchTrace(coordinates: kept.map { coordinates[$0] },
                               accuracies: kept.map { radiuses[$0] ?? MatchPolicy.gpsAccuracy },
                               maxSpeed: MatchPolicy.maxSpeed(mode))
        trace.timestamps = timestamps.map { times in kept.map { times[$0] } }
        trace.bearings = kept.map { bearings[$0] }
        trace.splitsAtGaps = splitsAtGaps
        trace.excluding = excluding
        let matcher = queries.mapMatcher(mode)!
        let candidates = matcher.candidates(trace)
        guard candidates.contains(where: { !$0.isEmpty }) else {
            throw matcher.hasRoads(near: trace) ? .noMatch("Could not match the trace.") : .noSegmentNearTrace
        }
        guard let found = matcher.match(trace, candidates: candidates, stop: { queries.pastDeadline }) else {
            throw .tooBig("The match took longer than \(queries.limits.maxRequestTime) s to compute")
        }
        guard !found.isEmpty else { throw .noMatch("Could not match the trace.") }
        let ends = try legEndsAfterTidying(kept, found)
        let router = queries.router(mode)!
        var answer = MatchAnswer(matchings: [], tracepoints: Array(repeating: nil, count: coordinates.count))
        for (m, sub) in found.enumerated() {
            let legs: [Route]?
            do throws(RouteError) {
                // Each candidate already says the way along its road: a turn back happens only
                // where the trace's own candidate allows it.
                legs = try router.legs(through: sub.candidates.map(\.snap), continueStraight: false, excluding: excluding,
                                       stop: { queries.pastDeadline })
            } catch {
                throw .noMatch("Could not route between the matched points.")
            }
            guard let legs else { throw .tooBig("The match took longer than \(queries.limits.maxRequestTime) s to compute") }
            // With `waypoints`, legs are joined between the points that split them.
            let splitAt = ends.map { wanted in sub.points.indices.filter { wanted.contains(sub.points[$0]) } }
                ?? Array(sub.points.indices)
            let joined = splitAt.count == sub.points.count ? legs
                : (1..<splitAt.count).map { Route(joining: legs[splitAt[$0 - 1]..<splitAt[$0]]) }
            answer.matchings.append(MatchAnswer.Matching(legs: joined, inputs: splitAt.map { trace.coordinates[sub.points[$0]] },
                                                         confidence: sub.confidence, points: sub.points.map { kept[$0] }))
            for (k, point) in sub.points.enumerated() {
                answer.tracepoints[kept[point]] = MatchAnswer.Tracepoint(
                    matching: m, waypoint: ends == nil ? k : splitAt.firstIndex(of: k), alternatives: sub.alternatives[k],
                    snap: sub.candidates[k].snap)
            }
        }
        return answer
    }

    /// The request's `waypoints` as indices of the matched (tidied) points: a waypoint tidied
    /// away is stood for by the last point kept before it (as osrm-routed's tidying). Nil
    /// without `waypoints`. Throws `noMatch` when the trace was split or a waypoint was not
    /// matched: legs cannot be joined across matchings.
    private func legEndsAfterTidying(_ kept: [Int], _ found: [SubMatching]) throws(EngineError) -> Set<Int>? {
        guard let legEnds else { return nil }
        guard found.count == 1 else { throw .noMatch("Could not match the trace with the given waypoints.") }
        var wanted = Set<Int>()
        var k = 0
        for end in legEnds {
            while k + 1 < kept.count && kept[k + 1] <= end { k += 1 }
            wanted.insert(k)
        }
        guard wanted.isSubset(of: found[0].points) else {
            throw .noMatch("Requested waypoint parameter could not be matched.")
        }
        return wanted
    }
}
