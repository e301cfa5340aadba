import WayfinderGraph

/// What a vehicle pays to go from one directed segment into the next at their common node,
/// beyond travelling the next segment: the node's obstacles and the turn itself. After OSRM
/// car.lua's and bicycle.lua's `process_turn`; `SearchGraph` asks it once per allowed turn.
/// - driving: signals, signs and gates (`NodeObstacle`), a sigmoid of the angle where three
///   roads meet or a ferry is boarded, the oncoming-traffic wait (`Turn.cost`);
/// - cycling: signals only (2 s), and a square of the angle (`Turn.cyclingMilliseconds`) at
///   every change of road, a bend from one street into another included: bicycle.lua has no
///   three-roads guard, and OSRM charges every turn between two ways it does not merge.
/// Both mirror the angle where traffic keeps left (`DrivingSide`), as the issue asks of every
/// profile (OSRM's bicycle.lua does not; its car.lua does).
struct TurnCosts {
    let segments: [RoadSegment]
    let points: [FixedCoordinate]
    let ways: [WayInfo]
    let mode: TravelMode
    /// Cycling: each segment's directions' transports (`RoadNetwork.segmentTransports`).
    let transports: [UInt8]

    /// Milliseconds for the turn `incoming -> next` at a node whose segment ends (as leaving
    /// directed segments) are `ends`.
    func cost(from incoming: Int32, to next: Int32, ends: ArraySlice<Int32>, obstacles: [NodeObstacle]?) -> Int32 {
        var cost: Int32 = 0
        if let obstacles {
            for o in obstacles where (mode == .driving || o.kind == .trafficSignals)
                && o.applies(arrivingForward: incoming & 1 == 0, roads: ends.count,
                             fromLength: segments[Int(incoming >> 1)].length,
                             toLength: segments[Int(next >> 1)].length,
                             minorEntry: { minorEntry(incoming, next, ends) }) {
                cost += o.cost
            }
        }
        // Mirrored where traffic keeps left (Sydney, London): there a right turn crosses it.
        func deviation() -> Double {
            DrivingSide.at(node(incoming)).rightHandDeviation(
                Turn.deviation(bearing(incoming, atStart: false), bearing(next, atStart: true)))
        }
        if mode == .cycling {
            if next == incoming ^ 1 {
                cost += Turn.cyclingUTurnCost
            } else if ends.count > 2 || changesRoad(incoming, next) {
                cost += Int32(Turn.cyclingMilliseconds(deviation: deviation()))
            } else if cost > 0 {
                // Signals where a road just goes on (no junction, the same road): OSRM keeps
                // the node to charge them and calls the turn function with an angle of 180°,
                // so a bike waits 2 s plus a full turn-back's 17.1 s there. Copied, not fixed:
                // Helsinki's signals are mostly mapped so, and without it the durations of
                // 1,000 random rides there were 8 % under OSRM's (BENCHMARKS.md).
                cost += Int32(Turn.cyclingMilliseconds(deviation: 180))
            }
            // Whole deciseconds, cut as OSRM casts a turn's duration to its integer.
            return cost / 100 * 100
        }
        if next == incoming ^ 1 {
            cost += Turn.uTurnCost
        } else if ends.count > 2 || changesTransport(incoming, next) {
            // Only at a real junction: a way node between two segments (an obstacle's) is no
            // turn, unless a ferry is boarded or left there (car.lua charges that as a turn).
            // No oncoming traffic to cross on a roundabout, nor when entering or leaving one.
            let roundabout = isRoundabout(incoming) || isRoundabout(next)
            cost += Turn.cost(deviation: deviation(), crossesOncoming: !roundabout)
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

    private func way(_ directed: Int32) -> WayInfo { ways[Int(segments[Int(directed >> 1)].way)] }

    private func changesTransport(_ a: Int32, _ b: Int32) -> Bool { way(a).transport != way(b).transport }

    /// Cycling: whether a two-road node joins roads OSRM would not merge into one (another
    /// name, class or kind of ring, another way of travelling): a bend there is a turn.
    private func changesRoad(_ a: Int32, _ b: Int32) -> Bool {
        let from = way(a), to = way(b)
        return from.name != to.name || from.roadClass != to.roadClass || changesTransport(a, b)
            || (from.flags ^ to.flags) & WayInfo.isRoundabout != 0 || directionTransport(a) != directionTransport(b)
    }

    /// A directed segment's transport as cycling sets it per direction (0: the way's own).
    private func directionTransport(_ directed: Int32) -> UInt8 {
        guard !transports.isEmpty else { return 0 }
        let byte = transports[Int(directed >> 1)]
        return directed & 1 == 0 ? byte & 0x0F : byte >> 4
    }

    private func isRoundabout(_ directed: Int32) -> Bool { way(directed).flags & WayInfo.isRoundabout != 0 }

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
