import WayfinderGraph

/// Turns a driver may not make where roads meet a one-way ring (a roundabout) at one of the
/// ring's own nodes: from the road arrived by, no road may be taken that lies on the far side
/// of it from the ring's way on, between it and the ring arriving there. Such a turn crosses
/// the ring's traffic against its flow; the route has to go round the ring instead.
///
/// OSRM's rule (`isTurnAllowed` in its intersection analysis), geometric and the same on
/// either side of the road: measured as turns from the ring arriving at the node, the road
/// arrived by makes some angle `from` and the ring's way on some angle `ring`; where `from`
/// is less than `ring`, every road at a smaller angle than `from` is closed, where it is
/// greater, every road at a greater one. Mappers draw this where a dual carriageway's two
/// halves (or a road's way in and way out) meet the ring at the same node; without the rule
/// the route turns across the ring there.
struct RingEntryTurns {
    let segments: [RoadSegment]
    let points: [FixedCoordinate]
    let ways: [WayInfo]
    /// The directed segments leaving each node (`RoadNetwork.leavingSegments`).
    let first: [Int32], leaving: [Int32]

    /// Appends to `forbidden` the directed segments among `ends` (those leaving the node that
    /// `incoming` arrives at) that a driver arriving by `incoming` may not take there. Leaves
    /// it unchanged at every node no ring passes: most nodes, decided without a bearing.
    func exitsAgainstTheRing(arriving incoming: Int32, ends: ArraySlice<Int32>, into forbidden: inout [Int32]) {
        guard ends.contains(where: isRoundabout) else { return }
        /// The bearing of the road arrived by, from the node back along it.
        let back = bearing(incoming ^ 1)
        // The ring arriving (a ring segment closed leaving the node) and the ring going on; of
        // several, those turning most from the road arrived by (OSRM's tie-breakers, for two
        // rings linked at one node).
        var ringIn: Double?, ringOut: Double?, inAngle = 0.0, outAngle = 0.0
        for x in ends where isRoundabout(x) {
            if isOpen(x) {
                let out = bearing(x), angle = Self.turnAngle(back, out)
                if angle > outAngle { (ringOut, outAngle) = (out, angle) }
            } else if isOpen(x ^ 1) {
                let arriving = bearing(x) + 180, angle = Self.turnAngle(arriving, back)
                if angle > inAngle { (ringIn, inAngle) = (arriving, angle) }
            }
        }
        guard let ringIn, let ringOut else { return }
        let ring = Self.turnAngle(ringIn, ringOut), from = Self.turnAngle(ringIn, back)
        let cameFrom = startNode(incoming)
        for x in ends where isOpen(x) && startNode(x ^ 1) != cameFrom {
            let to = Self.turnAngle(ringIn, bearing(x))
            if (from < ring && to < from) || (from > ring && to > from) { forbidden.append(x) }
        }
    }

    /// OSRM's turn angle from travelling at bearing `entry` to leaving at bearing `exit`: 180
    /// straight on, below it to the right, above it to the left.
    static func turnAngle(_ entry: Double, _ exit: Double) -> Double { 180 - Turn.deviation(entry, exit) }

    /// The bearing `x` leaves its node with, as the guidance perceives it (`PerceivedBearing`,
    /// as OSRM measures its turn angles). Only asked at nodes of rings, a few in a thousand.
    private func bearing(_ x: Int32) -> Double {
        segments.withUnsafeBufferPointer { segments in
            points.withUnsafeBufferPointer { points in
                ways.withUnsafeBufferPointer { ways in
                    first.withUnsafeBufferPointer { first in
                        leaving.withUnsafeBufferPointer { leaving in
                            PerceivedBearing(segments: segments, points: points, ways: ways, nodeFirst: first,
                                             nodeLeaving: leaving).bearing(x)
                        }
                    }
                }
            }
        }
    }

    private func isOpen(_ x: Int32) -> Bool { segments[Int(x >> 1)].weight(forward: x & 1 == 0) >= 0 }

    private func isRoundabout(_ x: Int32) -> Bool {
        ways[Int(segments[Int(x >> 1)].way)].flags & WayInfo.isRoundabout != 0
    }

    private func startNode(_ x: Int32) -> Int32 {
        let s = segments[Int(x >> 1)]
        return x & 1 == 0 ? s.fromNode : s.toNode
    }
}
