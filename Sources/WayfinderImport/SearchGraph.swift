import Dispatch
import Foundation
import WayfinderContraction
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

    /// `cores`: with one free when this starts (cycling builds alone, the other modes done),
    /// the intersections are taken in two halves at once; the arcs are the same, in the same
    /// order.
    init(turnExpanded network: RoadNetwork, mode: TravelMode, points: [FixedCoordinate], ways: [WayInfo],
         restrictions: [TurnRestriction], obstacles: [Int64: [NodeObstacle]], cores: CoreBudget? = nil) {
        nodeCount = 2 * network.segments.count
        let turns = TurnArcs(network: network, mode: mode, points: points, ways: ways,
                             restrictions: restrictions, obstacles: obstacles)
        let n = network.nodeCount, borrowed = cores?.borrow(upTo: 1) ?? 0
        // Halved by the turns to weigh (the ends leaving the nodes before), not by nodes.
        let split = turns.first.firstIndex { Int($0) >= turns.leaving.count / 2 } ?? n
        let ranges = borrowed == 0 ? [0..<n] : [0..<split, split..<n]
        let parts = UnsafeResults<TurnArcs.Part>(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { parts[$0] = turns.arcs(at: ranges[$0]) }
        cores?.release(borrowed)
        var applied = [Bool](repeating: false, count: restrictions.count)
        for part in parts.values {
            arcs += part.arcs
            closedTurnOrigins.formUnion(part.closedTurnOrigins)
            for r in part.applied { applied[r] = true }
        }
        restrictionsApplied = applied.lazy.filter { $0 }.count
        let viaWay = ViaWayRestrictions(restrictions, network: network, ways: ways, arcs: &arcs)
        nodeCount += viaWay.copies.count
        self.viaWay = viaWay
    }
}
