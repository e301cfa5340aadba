import WayfinderGraph
import WayfinderRouting

/// Roundabouts, in the maneuver phase, as OSRM announces them. Where the route enters a ring
/// it gets one step counting the exits up to the one taken, and where it leaves, an exit
/// step, so that a navigation app can say both "take the 2nd exit" and, at the exit,
/// "exit the roundabout". Which words depends on the ring (`RingKind`):
/// - a large ring with a name of its own is a *rotary*, entered like a place
///   ("Enter Place de l'Etoile and take the 3rd exit");
/// - a small ring with few, well separated roads is a *roundabout turn*: one step, said as the
///   turn it amounts to ("At the roundabout turn left"), with no exit step;
/// - any other ring is a *roundabout*.
extension DirectionsBuilder {
    /// How a ring is announced.
    enum RingKind { case roundabout, rotary, turn }

    /// A named ring wider than this (radius, metres) is a rotary; a ring said as a turn must
    /// be smaller (OSRM's MAX_ROUNDABOUT_RADIUS and MAX_ROUNDABOUT_INTERSECTION_RADIUS).
    static let rotaryRadius = 15.0
    static let ringTurnRadius = 15.0
    /// Roads of a ring said as a turn must leave it more than this far apart (degrees), so
    /// that "turn left" cannot be mistaken for another exit (OSRM's NARROW_TURN_ANGLE).
    static let distinctExitAngle = 40.0

    /// The kind of the ring through roundabout node `v`: walks the ring once in the direction
    /// of travel, measuring its length and noting its names, the names of the roads that
    /// meet it and the nodes where roads meet it.
    func ringKind(at v: Int32) -> RingKind {
        // Routes pass the same rings again and again: remember the last kinds read.
        let slot = Int(v) & (ringKinds.count - 1)
        if ringKinds[slot].node == v { return ringKinds[slot].kind }
        let kind = readRingKind(at: v)
        ringKinds[slot] = (v, kind)
        return kind
    }

    func readRingKind(at v: Int32) -> RingKind {
        var length = 0.0, ringName: Int32 = 0, names = 0, circular = false
        var meetings = 0, simple = true, sharesName = false
        // The first road off the ring at each of the first four meetings; their bearings are
        // measured only for a ring small and simple enough to be said as a turn.
        var sides: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
        var node = v, steps = 0
        repeat {
            var next: Int32 = -1
            var side: Int32 = -1
            for i in leaving(node) {
                let x = graph.nodeLeaving[i], w = way(x)
                if isRoundabout(w) {
                    guard allowed(x) else { continue }
                    // Two ways on: a ring tagged in both directions or a fork; no kind to read.
                    if next >= 0 { return .roundabout }
                    next = x
                    let wi = info(w)
                    circular = circular || wi.flags & WayInfo.isCircular != 0
                    if wi.name != 0 && wi.name != ringName {
                        names += 1
                        ringName = wi.name
                    }
                } else if side < 0 {
                    side = x
                }
            }
            guard next >= 0 else { return .roundabout }
            let degree = leaving(node).count
            if degree > 2 {
                if meetings < 4 {
                    switch meetings {
                    case 0: sides.0 = side
                    case 1: sides.1 = side
                    case 2: sides.2 = side
                    default: sides.3 = side
                    }
                }
                meetings += 1
                simple = simple && degree <= 3
            }
            length += Double(graph.segments[Int(next >> 1)].length)
            let s = graph.segments[Int(next >> 1)]
            node = next & 1 == 0 ? s.toNode : s.fromNode
            steps += 1
        } while node != v && steps < 10_000
        guard node == v, meetings > 0 else { return .roundabout }
        // One road meets the ring: more a turning loop than a roundabout.
        if meetings == 1 { return .turn }
        if names == 1 {
            // A rotary's name is its own: no road that meets it carries it on.
            sharesName = ringNameContinues(ringName, from: v)
        }
        let radius = length / (2 * Double.pi)
        if names == 1 && (circular || (!sharesName && radius > Self.rotaryRadius)) { return .rotary }
        guard meetings <= 4, simple, radius < Self.ringTurnRadius else { return .roundabout }
        var bearings = [sides.0, sides.1, sides.2, sides.3].prefix(meetings).map { $0 >= 0 ? leavingBearing($0) : 0 }
        bearings.sort()
        bearings.append(bearings[0] + 360)
        for i in 0..<meetings where bearings[i + 1] - bearings[i] <= Self.distinctExitAngle { return .roundabout }
        return .turn
    }

    /// Whether a road meeting the ring through `v` carries the ring's name `name` (then the
    /// ring is part of that street, not a place of its own).
    func ringNameContinues(_ name: Int32, from v: Int32) -> Bool {
        var node = v, steps = 0
        repeat {
            var next: Int32 = -1
            for i in leaving(node) {
                let x = graph.nodeLeaving[i], w = way(x)
                if isRoundabout(w) {
                    if allowed(x) { next = x }
                } else if info(w).name == name {
                    return true
                }
            }
            guard next >= 0 else { return false }
            let s = graph.segments[Int(next >> 1)]
            node = next & 1 == 0 ? s.toNode : s.fromNode
            steps += 1
        } while node != v && steps < 10_000
        return false
    }

    /// Whether a route arriving on the ring at node `v` by `a` passes an exit there worth
    /// counting: a road it may take off the ring, unless every such road is a service road
    /// or track leaving a ring that is not one itself (OSRM does not count those;
    /// `isLowPriority` is in DirectionsBuilder+ObviousRoad.swift).
    func hasExit(at v: Int32, arriving a: Int32) -> Bool {
        let ringMinor = isLowPriority(way(a))
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x != a ^ 1 && allowed(x) && !isRoundabout(way(x)) && (ringMinor || !isLowPriority(way(x))) { return true }
        }
        return false
    }

    /// Whether, where the route enters the ring at `v` (arriving by `a`, onto the ring by
    /// `b`), it could also have left by another road on the driving side before the ring: that
    /// road is the ring's exit at the entry, and counts as the first (OSRM's "enter at exit").
    /// (Only where the ring itself goes on ahead or to the driving side: entering a ring that
    /// turns against the traffic, as OSRM's scenarios have it, the road beside is not counted.)
    /// Reads the roads gathered at the entry (`roads`): `ring` is the index of the ring's road.
    func entryCountsAsExit(arriving a: Int32, ring: Int) -> Bool {
        let ringDeviation = roads[ring].deviation
        let right = drivingSide == .right
        guard right ? ringDeviation > -20 : ringDeviation < 20 else { return false }
        for road in roads {
            let x = road.directed
            guard x != a ^ 1, x != roads[ring].directed, road.allowed, !isRoundabout(road.way) else { continue }
            let s = graph.segments[Int(x >> 1)]
            if (x & 1 == 0 ? s.toNode : s.fromNode) == startNode(a) { continue }
            if right ? road.deviation > ringDeviation : road.deviation < ringDeviation { return true }
        }
        return false
    }

    /// Makes the steps of a ring entered at boundary `k`: the entry, with the exits counted up
    /// to the one taken and the direction of that exit from the entry, and (but on a ring said
    /// as a turn) the exit. Returns the boundary after the exit.
    func roundabout(enteringAt k: Int) -> Int {
        let n = pieces.count
        let a = directed(pieces[k - 1]), b = directed(pieces[k])
        let v = startNode(b)
        let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180)
        let (inIndex, outIndex) = gatherRoads(at: v, arriving: a, leaving: b, inBearing: inBearing,
                                              outBearing: leavingBearing(b, tangent: true))
        let kind = ringKind(at: v)
        // A roundabout's or a rotary's modifier is the turn onto the ring (OSRM's); a ring said
        // as a turn takes the direction of its exit from the entry (below).
        let entryModifier = ManeuverModifier(deviation: roads[outIndex].deviation)
        var step = RawStep(type: kind == .rotary ? .rotary : kind == .turn ? .roundaboutTurn : .roundabout, modifier: nil,
                           boundary: k, bearingBefore: inBearing, bearingAfter: roads[outIndex].bearing, way: way(b))
        step.ringWay = way(b)
        record(&step, in: inIndex, out: outIndex, uTurn: false)
        if isVehicle && leaving(v).count > 2 {
            turnCost[k] = turnCostAt(deviation: roads[outIndex].deviation)
        }
        var exits = entryCountsAsExit(arriving: a, ring: outIndex) ? 1 : 0
        var j = k + 1
        while j < n {
            let aj = directed(pieces[j - 1]), bj = directed(pieces[j])
            let vj = startNode(bj)
            if !isRoundabout(way(bj)) {
                exits += 1
                let exitBearing = leavingBearing(bj)
                step.exit = exits
                step.exitBoundary = j
                step.way = way(bj)
                step.modifier = kind == .turn ? ringTurnModifier(arriving: a, leaving: bj) : entryModifier
                raw.append(step)
                if kind != .turn {
                    exitStep(at: j, arriving: aj, leaving: bj, outBearing: exitBearing, exit: exits, kind: kind)
                } else {
                    notePassedIntersection(at: j, arriving: aj, leaving: bj)
                }
                return j + 1
            }
            if hasExit(at: vj, arriving: aj) { exits += 1 }
            notePassedIntersection(at: j, arriving: aj, leaving: bj)
            j += 1
        }
        // The route ends on the ring: no exit to count, and a ring said as a turn is a roundabout.
        if kind == .turn { step.type = .roundabout }
        step.modifier = entryModifier
        raw.append(step)
        return n
    }

    /// A ring said as a turn takes the direction from the road arrived by to the road left by,
    /// both read at their first shape points: the ring is small, and the roads into it often
    /// bend just before it, where a reading tens of metres along follows the bend. (OSRM uses
    /// its listed bearings, in 15° steps; side by side these agree with it more often than
    /// our perceived bearings: 310 more ring turns over 1,000 random Andorra car routes, 220
    /// more in Liechtenstein.)
    func ringTurnModifier(arriving a: Int32, leaving b: Int32) -> ManeuverModifier {
        let inBearing = Self.normalized(leavingBearing(a ^ 1, tangent: true) + 180)
        return ManeuverModifier(deviation: Turn.deviation(inBearing, leavingBearing(b, tangent: true)))
    }

    /// Where the route meets a ring at one node without driving on it (in by one road, out by
    /// another), OSRM says it leaves the roundabout there; unless it goes straight across
    /// between the ring's two halves (a "throughabout"), which is an ordinary intersection.
    /// Appends that step and returns true, or returns false where boundary `k` is no such place.
    func passesRing(at k: Int) -> Bool {
        let a = directed(pieces[k - 1]), b = directed(pieces[k]), v = startNode(b)
        guard graph.isRingNode(Int(v)) else { return false }
        let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180), outBearing = leavingBearing(b)
        let (inIndex, outIndex) = gatherRoads(at: v, arriving: a, leaving: b, inBearing: inBearing, outBearing: outBearing)
        let dOut = roads[outIndex].deviation
        if abs(dOut) < 25 {
            // The ring's two halves, read at their tangents (a small ring is one loop of a way).
            var ringLeft = false, ringRight = false
            for i in leaving(v) where isRoundabout(way(graph.nodeLeaving[i])) {
                if Turn.deviation(inBearing, leavingBearing(graph.nodeLeaving[i], tangent: true)) < dOut {
                    ringLeft = true
                } else {
                    ringRight = true
                }
            }
            if ringLeft && ringRight { return false }
        }
        var step = RawStep(type: ringKind(at: v) == .rotary ? .exitRotary : .exitRoundabout,
                           modifier: ManeuverModifier(deviation: dOut), boundary: k, bearingBefore: inBearing,
                           bearingAfter: outBearing, way: way(b), exit: 1)
        record(&step, in: inIndex, out: outIndex, uTurn: false)
        turnCost[k] = turnCostAt(deviation: dOut)
        raw.append(step)
        return true
    }

    /// Appends the step leaving a ring at boundary `j` (arriving on the ring by `a`, leaving it
    /// by `b`), the exit taken being number `exit`.
    func exitStep(at j: Int, arriving a: Int32, leaving b: Int32, outBearing: Double, exit: Int, kind: RingKind) {
        let inBearing = Self.normalized(leavingBearing(a ^ 1, tangent: true) + 180)
        let (inIndex, outIndex) = gatherRoads(at: startNode(b), arriving: a, leaving: b, inBearing: inBearing,
                                              outBearing: outBearing)
        // The exit's direction from the ring arriving as the guidance perceives it (2 m along
        // the ring, OSRM's measure); from its last shape point (the bearing listed, and the
        // search's turn cost), 68 of 1,000 Andorra routes had an exit a band off OSRM's.
        let perceivedIn = Self.normalized(leavingBearing(a ^ 1) + 180)
        var step = RawStep(type: kind == .rotary ? .exitRotary : .exitRoundabout,
                           modifier: ManeuverModifier(deviation: Turn.deviation(perceivedIn, outBearing)), boundary: j,
                           bearingBefore: inBearing, bearingAfter: outBearing, way: way(b), exit: exit)
        record(&step, in: inIndex, out: outIndex, uTurn: false)
        if isVehicle && roads.count > 2 {
            turnCost[j] = turnCostAt(deviation: roads[outIndex].deviation)
        }
        raw.append(step)
    }
}
