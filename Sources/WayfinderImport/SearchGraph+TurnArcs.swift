import WayfinderGraph

/// The allowed turns at a range of intersections, as arcs of a turn-expanded search graph
/// (`SearchGraph(turnExpanded:)`). Reads only: two ranges can be taken at once, and their
/// parts, joined in range order, are the arcs one pass over every node makes.
struct TurnArcs {
    let network: RoadNetwork
    private let segments: [RoadSegment]
    let ways: [WayInfo]
    let restrictions: [TurnRestriction]
    let obstacles: [Int64: [NodeObstacle]]
    /// The directed segments leaving each intersection (`RoadNetwork.leavingSegments`).
    let first: [Int32], leaving: [Int32]
    private let restrictionsAt: [Int64: [Int]]
    private let turns: TurnCosts
    private let ringEntries: RingEntryTurns

    /// What one range of intersections gives.
    struct Part {
        var arcs: [WeightedArc] = []
        /// See `SearchGraph.closedTurnOrigins`.
        var closedTurnOrigins: Set<Int32> = []
        /// The via-node restrictions (indices) that forbade at least one turn here.
        var applied: [Int] = []
    }

    init(network: RoadNetwork, mode: TravelMode, points: [FixedCoordinate], ways: [WayInfo],
         restrictions: [TurnRestriction], obstacles: [Int64: [NodeObstacle]]) {
        (self.network, self.ways, self.restrictions, self.obstacles) = (network, ways, restrictions, obstacles)
        segments = network.segments
        (first, leaving) = network.leavingSegments()
        var restrictionsAt: [Int64: [Int]] = [:]
        for (i, r) in restrictions.enumerated() where !r.isViaWay { restrictionsAt[r.viaNode, default: []].append(i) }
        self.restrictionsAt = restrictionsAt
        turns = TurnCosts(segments: segments, points: points, ways: ways, mode: mode, transports: network.segmentTransports)
        ringEntries = RingEntryTurns(segments: segments, points: points, ways: ways, first: first, leaving: leaving)
    }

    private func weight(_ directed: Int32) -> Int32 {
        segments[Int(directed >> 1)].weight(forward: directed & 1 == 0)
    }

    private func wayId(_ directed: Int32) -> Int64 { ways[Int(segments[Int(directed >> 1)].way)].osmId }

    /// The turns at intersections `nodes`, in node order, then by the leaving end arrived
    /// from, then by the end turned into.
    func arcs(at nodes: Range<Int>) -> Part {
        var part = Part()
        var allowed: [Int32] = [], againstTheRing: [Int32] = []
        for v in nodes {
            let ends = leaving[Int(first[v])..<Int(first[v + 1])]
            // A restriction's to-way must end here: one that passes through the via node makes
            // the turn ambiguous, one that does not touch it makes the restriction meaningless
            // (an `only_` one would forbid every turn). OSRM ignores both; so does this.
            let rules = (restrictionsAt[network.nodeOsmIds[v]] ?? []).filter { r in
                ends.lazy.filter { wayId($0) == restrictions[r].toWay }.count == 1
            }
            let nodeObstacles = obstacles.isEmpty ? nil : obstacles[network.nodeOsmIds[v]]
            for out in ends {
                let incoming = out ^ 1   // the opposite direction of a leaving segment arrives here
                guard weight(incoming) >= 0 else { continue }
                let fromWay = wayId(incoming)
                let mandatory = rules.first { restrictions[$0].isMandatory && restrictions[$0].fromWay == fromWay }
                allowed.removeAll(keepingCapacity: true)
                againstTheRing.removeAll(keepingCapacity: true)
                ringEntries.exitsAgainstTheRing(arriving: incoming, ends: ends, into: &againstTheRing)
                var uTurnAllowed = false
                if !againstTheRing.isEmpty { part.closedTurnOrigins.insert(incoming) }
                for next in ends where weight(next) >= 0 && !againstTheRing.contains(next) {
                    let toWay = wayId(next)
                    if let mandatory, restrictions[mandatory].toWay != toWay {
                        part.applied.append(mandatory)
                        part.closedTurnOrigins.insert(incoming)
                        continue
                    }
                    if let rule = rules.first(where: {
                        !restrictions[$0].isMandatory && restrictions[$0].fromWay == fromWay && restrictions[$0].toWay == toWay
                    }) {
                        part.applied.append(rule)
                        part.closedTurnOrigins.insert(incoming)
                        continue
                    }
                    if next == out { uTurnAllowed = true } else { allowed.append(next) }
                }
                // A U-turn only where nothing else works: dead ends, or every other turn forbidden.
                if allowed.isEmpty && uTurnAllowed { allowed.append(out) }
                for next in allowed {
                    // The one place a turn's cost is decided, and what entering a road open only
                    // to those with business there costs (car.lua's routability weight).
                    let cost = Int64(turns.cost(from: incoming, to: next, ends: ends, obstacles: nodeObstacles))
                        + Int64(RestrictedAccess.entryCost(network, from: incoming, to: next))
                    // Saturated at `infiniteWeight` (no path): a segment's weight is clamped
                    // there when its time passes 24.8 days, and a road thousands of km long
                    // (a node misplaced, found by fuzzing) came near enough that the turn's
                    // cost took the sum past `Int32.max`, a trap.
                    part.arcs.append(WeightedArc(tail: incoming, head: next, weight: Int32(clamping: Int64(weight(next)) + cost), payload: 0))
                }
            }
        }
        return part
    }
}
