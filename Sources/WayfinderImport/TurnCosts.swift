import WayfinderGraph

/// What a car pays to go from one directed segment into the next at their common node, beyond
/// driving the next segment: the node's obstacles (signals, signs, gates) and the turn itself.
/// After OSRM car.lua's `process_turn`; `SearchGraph` asks it once per allowed turn.
struct TurnCosts {
    let segments: [RoadSegment]
    let points: [FixedCoordinate]
    let ways: [WayInfo]

    /// Milliseconds for the turn `incoming -> next` at a node whose segment ends (as leaving
    /// directed segments) are `ends`.
    func cost(from incoming: Int32, to next: Int32, ends: ArraySlice<Int32>, obstacles: [NodeObstacle]?) -> Int32 {
        var cost: Int32 = 0
        if let obstacles {
            for o in obstacles where o.applies(arrivingForward: incoming & 1 == 0, roads: ends.count,
                                               fromLength: segments[Int(incoming >> 1)].length,
                                               toLength: segments[Int(next >> 1)].length,
                                               minorEntry: { minorEntry(incoming, next, ends) }) {
                cost += o.cost
            }
        }
        if next == incoming ^ 1 {
            cost += Turn.uTurnCost
        } else if ends.count > 2 || changesTransport(incoming, next) {
            // Only at a real junction: a way node between two segments (an obstacle's) is no
            // turn, unless a ferry is boarded or left there (car.lua charges that as a turn).
            // Mirrored where traffic keeps left (Sydney, London): there a right turn crosses it.
            let deviation = DrivingSide.at(node(incoming)).rightHandDeviation(
                Turn.deviation(bearing(incoming, atStart: false), bearing(next, atStart: true)))
            // No oncoming traffic to cross on a roundabout, nor when entering or leaving one.
            let roundabout = isRoundabout(incoming) || isRoundabout(next)
            cost += Turn.cost(deviation: deviation, crossesOncoming: !roundabout)
        }
        // Whole deciseconds, as OSRM stores a turn's duration (segments are too: TravelTimes).
        return (cost + 50) / 100 * 100
    }

    /// Where a directed segment ends: the turn's node.
    func node(_ directed: Int32) -> FixedCoordinate {
        let s = segments[Int(directed >> 1)]
        return points[Int(directed & 1 == 0 ? s.lastPoint : s.firstPoint)]
    }

    /// Bearing of a directed segment where it leaves (`atStart`) or enters its end node.
    func bearing(_ directed: Int32, atStart: Bool) -> Double {
        let s = segments[Int(directed >> 1)]
        let forward = directed & 1 == 0
        let (a, b) = forward == atStart
            ? (points[Int(s.firstPoint)], points[Int(s.firstPoint) + 1])
            : (points[Int(s.lastPoint) - 1], points[Int(s.lastPoint)])
        return forward ? Geo.bearing(a, b) : Geo.bearing(b, a)
    }

    private func changesTransport(_ a: Int32, _ b: Int32) -> Bool {
        ways[Int(segments[Int(a >> 1)].way)].transport != ways[Int(segments[Int(b >> 1)].way)].transport
    }

    private func isRoundabout(_ directed: Int32) -> Bool {
        ways[Int(segments[Int(directed >> 1)].way)].flags & WayInfo.isRoundabout != 0
    }

    /// km/h along a directed segment (0 where not allowed), whole as OSRM's turn speeds are.
    private func speed(_ directed: Int32) -> Int {
        let s = segments[Int(directed >> 1)], w = s.weight(forward: directed & 1 == 0)
        return w > 0 ? Int((Double(s.length) / Double(w) * 3600).rounded()) : 0
    }

    /// OSRM's `entering_by_minor_road`: the road arrived by is slower than the one taken or
    /// any other road at the node.
    private func minorEntry(_ incoming: Int32, _ next: Int32, _ ends: ArraySlice<Int32>) -> Bool {
        var fastest = speed(next)
        for x in ends where x != incoming ^ 1 && x != next { fastest = max(fastest, speed(x), speed(x ^ 1)) }
        return fastest > speed(incoming)
    }
}
