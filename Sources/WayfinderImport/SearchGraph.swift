import Foundation
import WayfinderGraph

/// The graph a mode is searched on, as arcs for contraction.
///
/// Walking: nodes are intersections; an arc per usable segment direction, payload
/// `2 * segment + (backward ? 1 : 0)`.
/// Driving and cycling: nodes are directed segments (`2 * segment + (backward ? 1 : 0)`); an arc is an
/// allowed turn from one into the next, weighing the next segment plus the turn's cost. This
/// makes turn restrictions, the U-turn rule and the turns closed against a ring's flow
/// (`RingEntryTurns`) exact. Via-way restrictions add copies of the directed segments along
/// their via ways as further nodes (`ViaWayRestrictions`).
struct SearchGraph {
    var nodeCount = 0
    var arcs: [WeightedArc] = []
    /// Via-node restrictions that forbade at least one turn; the rest name ways or nodes not
    /// in the graph.
    var restrictionsApplied = 0
    /// Driving: the directed segments from whose end a restriction or a ring's flow closes a
    /// turn onto an open road (`ClosedTurnOrigins`).
    var closedTurnOrigins: Set<Int32> = []
    /// Driving: the via-way restrictions, and the directed segment each search node beyond
    /// `2 * segments` copies (`ViaWayRestrictions`).
    var viaWay: ViaWayRestrictions?

    init(walking network: RoadNetwork) {
        nodeCount = network.nodeCount
        for (s, segment) in network.segments.enumerated() {
            if segment.forwardWeight >= 0 {
                arcs.append(WeightedArc(tail: segment.fromNode, head: segment.toNode,
                                        weight: segment.forwardWeight, payload: Int32(2 * s)))
            }
            if segment.backwardWeight >= 0 {
                arcs.append(WeightedArc(tail: segment.toNode, head: segment.fromNode,
                                        weight: segment.backwardWeight, payload: Int32(2 * s + 1)))
            }
        }
    }

    init(turnExpanded network: RoadNetwork, mode: TravelMode, points: [FixedCoordinate], ways: [WayInfo],
         restrictions: [TurnRestriction], obstacles: [Int64: [NodeObstacle]]) {
        let segments = network.segments
        nodeCount = 2 * segments.count
        let (first, leaving) = network.leavingSegments()
        var restrictionsAt: [Int64: [Int]] = [:]
        for (i, r) in restrictions.enumerated() where !r.isViaWay { restrictionsAt[r.viaNode, default: []].append(i) }
        var applied = [Bool](repeating: false, count: restrictions.count)
        let turns = TurnCosts(segments: segments, points: points, ways: ways, mode: mode, transports: network.segmentTransports)
        let ringEntries = RingEntryTurns(segments: segments, points: points, ways: ways, first: first, leaving: leaving)
        var againstTheRing: [Int32] = []

        func weight(_ directed: Int32) -> Int32 { segments[Int(directed >> 1)].weight(forward: directed & 1 == 0) }
        func wayId(_ directed: Int32) -> Int64 { ways[Int(segments[Int(directed >> 1)].way)].osmId }

        var allowed: [Int32] = []
        for v in 0..<network.nodeCount {
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
                if !againstTheRing.isEmpty { closedTurnOrigins.insert(incoming) }
                for next in ends where weight(next) >= 0 && !againstTheRing.contains(next) {
                    let toWay = wayId(next)
                    if let mandatory, restrictions[mandatory].toWay != toWay {
                        applied[mandatory] = true
                        closedTurnOrigins.insert(incoming)
                        continue
                    }
                    if let rule = rules.first(where: {
                        !restrictions[$0].isMandatory && restrictions[$0].fromWay == fromWay && restrictions[$0].toWay == toWay
                    }) {
                        applied[rule] = true
                        closedTurnOrigins.insert(incoming)
                        continue
                    }
                    if next == out { uTurnAllowed = true } else { allowed.append(next) }
                }
                // A U-turn only where nothing else works: dead ends, or every other turn forbidden.
                if allowed.isEmpty && uTurnAllowed { allowed.append(out) }
                for next in allowed {
                    // The one place a turn's cost is decided, and what entering a road open only
                    // to those with business there costs (car.lua's routability weight).
                    let cost = turns.cost(from: incoming, to: next, ends: ends, obstacles: nodeObstacles)
                        + RestrictedAccess.entryCost(network, from: incoming, to: next)
                    arcs.append(WeightedArc(tail: incoming, head: next, weight: weight(next) + cost, payload: 0))
                }
            }
        }
        restrictionsApplied = applied.lazy.filter { $0 }.count
        let viaWay = ViaWayRestrictions(restrictions, network: network, ways: ways, arcs: &arcs)
        nodeCount += viaWay.copies.count
        self.viaWay = viaWay
    }
}
