import WayfinderGraph
import WayfinderRouting

/// Sliproads (dedicated turn roads), after OSRM's sliproad handler: a short road that cuts
/// the corner of an intersection ahead, from the road travelled to the crossing road. Taking
/// it is the turn made at that intersection, said where the sliproad leaves, onto the road it
/// leads to: "Turn right onto Second Street", not "Turn right" and then "Turn right onto
/// Second Street" a few metres on.
///
///     a ... b ---- c ...        b-c: the main road, going on to the intersection c
///            `     |            b-d: the sliproad
///              `   |            c-d: the crossing road, taken at d
///                  d
extension DirectionsBuilder {
    /// Farthest the main road may run to the intersection cut (metres, OSRM's
    /// `MAX_SLIPROAD_THRESHOLD`, scaled down for lesser roads by `sliproadScale`).
    static let sliproadReach = 250.0

    /// An intersection met away from the route: its node, the segment arriving there and a
    /// copy of `roads` gathered there.
    typealias Junction = (node: Int32, arriving: Int32, roads: [Road])

    /// OSRM's `handleSliproad`, on the raw steps: a step taking a sliproad is merged with the
    /// maneuver at the next intersection (said or not), into a turn (a continue where the road
    /// taken keeps the name of the road left) onto the road taken there.
    func foldSliproads() {
        guard isVehicle else { return }
        var i = 1
        while i + 1 < raw.count {
            let s = raw[i]
            guard Self.mayBeSliproad(s.type), let modifier = s.modifier, modifier != .uturn, modifier != .straight,
                  s.boundary < pieces.count, isSliproad(at: s.boundary) else { i += 1; continue }
            let k = s.boundary
            var j = k + 1
            while j < pieces.count && startDegree[j] <= 2 { j += 1 }
            if j >= pieces.count {
                // The destination lies on the sliproad.
                raw[i].type = .turn
                i += 1
                continue
            }
            var last = i
            while last + 1 < raw.count && raw[last + 1].boundary <= j && raw[last + 1].type != .arrive { last += 1 }
            let next = last > i && raw[last].boundary == j ? raw[last] : nil
            if let next, next.type.entersRing || next.type.leavesRing {
                i += 1
                continue
            }
            let before = pieceWay[k - 1], after = next?.way ?? pieceWay[j]
            let outHeading = next?.bearingAfter ?? leavingBearing(directed(pieces[j]))
            let exitIn = Self.normalized(leavingBearing(directed(pieces[j - 1]) ^ 1) + 180)
            raw[i].type = isNamed(before) && isNamed(after) && sameRoad(before, after) ? .continue : .turn
            raw[i].modifier = combinedModifier(entryIn: s.bearingBefore, entryOut: leavingBearing(directed(pieces[k])),
                                               exitIn: exitIn, exitOut: outHeading,
                                               entryLength: travelled[j] - travelled[k])
            raw[i].bearingAfter = outHeading
            raw[i].way = after
            raw.removeSubrange((i + 1)..<(last + 1))
            i += 1
        }
    }

    private static func mayBeSliproad(_ type: ManeuverType) -> Bool {
        switch type {
        case .turn, .continue, .newName, .fork, .offRamp, .onRamp, .endOfRoad: return true
        default: return false
        }
    }

    /// OSRM's `findTotalTurnAngle`: two turns to one side (or any two through a short gap)
    /// add up; otherwise the first turn is the one that counts.
    func combinedModifier(entryIn: Double, entryOut: Double, exitIn: Double, exitOut: Double,
                          entryLength: Double) -> ManeuverModifier {
        let entry = Turn.deviation(entryIn, entryOut), exit = Turn.deviation(exitIn, exitOut)
        let total = Turn.deviation(entryIn, exitOut)
        let sameSide = (entry >= -5 && exit >= -5) || (entry <= 5 && exit <= 5)
        let useTotal = abs(total) >= 20 && (entryLength < collapseDistance || sameSide)
        return ManeuverModifier(deviation: useTotal ? total : entry)
    }

    /// Scale of `sliproadReach` for a road (OSRM's `scaledThresholdByRoadClass`).
    func sliproadScale(_ way: Int32) -> Double {
        let p = priority(way)
        switch p {
        case 0: return 1
        case 2, 4: return 0.8
        case 6: return 0.6
        case 8: return 0.5
        case 10: return 0.4
        case 11, 14: return 0.3
        case 1, 3, 5, 7, 9: return 0.3
        default: return 0.1
        }
    }

    /// The intersection reached along directed segment `x`, passing nodes where only the road
    /// goes on (at most `hops` segments): the segment arriving there, and the metres from `x`'s start.
    func reach(along x: Int32, hops: Int = 10) -> (arriving: Int32, node: Int32, metres: Double) {
        var e = x, metres = Double(graph.segments[Int(x >> 1)].length)
        for _ in 0..<hops {
            let v = startNode(e ^ 1), range = leaving(v)
            guard range.count == 2 else { return (e, v, metres) }
            let first = graph.nodeLeaving[range.lowerBound]
            e = first == e ^ 1 ? graph.nodeLeaving[range.lowerBound + 1] : first
            metres += Double(graph.segments[Int(e >> 1)].length)
        }
        return (e, startNode(e ^ 1), metres)
    }

    /// The roads at the end of directed segment `e`, ordered as `orderRoads` does (the road
    /// back first). Overwrites `roads`.
    func junction(arrivingBy e: Int32) -> Junction {
        let v = startNode(e ^ 1), inBearing = Self.normalized(leavingBearing(e ^ 1) + 180)
        let gathered = gatherRoads(at: v, arriving: e, leaving: e ^ 1, inBearing: inBearing,
                                   outBearing: Self.normalized(inBearing + 180))
        _ = orderRoads(in: gathered.in, out: gathered.out)
        return (v, e, roads)
    }

    /// Whether the route takes a sliproad at boundary `k` (OSRM's sliproad conditions).
    func isSliproad(at k: Int) -> Bool {
        let a = directed(pieces[k - 1]), b = directed(pieces[k]), via = way(a)
        guard startDegree[k] > 2, !isLowPriority(way(b)), !isRoundabout(way(b)) else { return false }
        let here = junction(arrivingBy: a)
        roads = here.roads
        guard let out = roads.firstIndex(where: { $0.directed == b }),
              let main = mainRoad(via: via, at: here.node) else { return false }
        roads = here.roads
        let mainRoad = roads[main], slip = roads[out]
        // The main road continues the road travelled; the sliproad lies beside it.
        let m = info(mainRoad.way), v = info(via)
        guard m.roadClass == v.roadClass, (m.flags ^ v.flags) & WayInfo.isLink == 0, m.transport == v.transport,
              isNamed(mainRoad.way), isNamed(via), sameRoad(via, mainRoad.way),
              out == main - 1 || out == main + 1,
              slip.allowed, Self.offStraight(slip) <= 80, abs(slip.deviation - mainRoad.deviation) > 1e-9 else { return false }
        let toRight = out < main
        // The intersection ahead on the main road, near enough.
        let ahead = reach(along: mainRoad.directed)
        guard ahead.metres <= Self.sliproadReach * sliproadScale(mainRoad.way), ahead.node != here.node else { return false }
        let c = junction(arrivingBy: ahead.arriving)
        guard c.roads.count > 1 else { return false }
        let crossing = toRight ? c.roads[1] : c.roads[c.roads.count - 1]
        guard crossing.allowed else { return false }
        // Where the sliproad leads: one more road than the crossing one, a plain way on.
        let end = reach(along: b)
        let d = junction(arrivingBy: end.arriving)
        guard d.roads.count >= 3, d.roads.count <= 4, d.node != here.node, d.node != c.node,
              d.roads.contains(where: { $0.allowed && info($0.way).transport == v.transport }),
              info(way(b)).transport == v.transport else { return false }
        if d.roads.count == 4 && !cornerOfFour(c: c, d: d, crossing: crossing, toRight: toRight) { return false }
        roads = d.roads
        guard let onward = obviousRoad(via: way(end.arriving), current: way(end.arriving)) ?? onlyWayOn(),
              Self.offStraight(roads[onward]) <= 80, !isRoundabout(roads[onward].way) else { return false }
        guard hugsCorner(b, until: end.arriving, from: here.node, corner: c, toRight: toRight) else { return false }
        // The triangle b-c-d is neither a speck nor a block.
        let bc = Geo.distance(graph.points[nodePoint(here.node)], graph.points[nodePoint(c.node)])
        let cd = Geo.distance(graph.points[nodePoint(c.node)], graph.points[nodePoint(d.node)])
        let most = Self.sliproadReach * sliproadScale(way(b))
        guard bc * cd / 2 >= 3, bc * cd / 2 <= most * most else { return false }
        return d.roads.contains { candidate in
            reachesCorner(candidate, c: c, d: d, crossing: crossing, sliproad: way(b), main: mainRoad.way)
        }
    }

    /// The main road at intersection `v` for a route arriving by way `via` (`roads` gathered
    /// there): the obvious way on, or at a fork the branch beside one that may be a sliproad.
    private func mainRoad(via: Int32, at v: Int32) -> Int? {
        if let obvious = obviousRoad(via: via, current: via) { return obvious }
        guard roads.count == 3, let fork = findFork(via: via, current: via), fork == (1, 2) else { return nil }
        let saved = roads
        let right = junction(arrivingBy: reach(along: saved[1].directed).arriving)
        let left = junction(arrivingBy: reach(along: saved[2].directed).arriving)
        roads = saved
        if Self.canEndSliproad(right.roads) && v != left.node { return 2 }
        if Self.canEndSliproad(left.roads) && v != right.node { return 1 }
        return nil
    }

    /// The one road of `roads` one may take, if there is exactly one.
    private func onlyWayOn() -> Int? {
        var found: Int?
        for i in 1..<roads.count where roads[i].allowed {
            if found != nil { return nil }
            found = i
        }
        return found
    }

    /// OSRM's `canBeTargetOfSliproad`: three roads, only one way on and none back.
    private static func canEndSliproad(_ roads: [Road]) -> Bool {
        roads.count == 3 && !roads[0].allowed && !(roads[1].allowed && roads[2].allowed)
    }

    /// A sliproad ending at a four-way intersection `d`: the crossing road from `c` ends at
    /// `d`, and the road beside it at `c` meets a road leaving `d` sharply at one node.
    private func cornerOfFour(c: Junction, d: Junction, crossing: Road, toRight: Bool) -> Bool {
        guard c.roads.count >= 3, reach(along: crossing.directed).node == d.node else { return false }
        let beside = c.roads[toRight ? 2 : c.roads.count - 2]
        let node = reach(along: beside.directed).node
        return d.roads.contains { road in
            let m = ManeuverModifier(deviation: road.deviation)
            return reach(along: road.directed).node == node && (m == .sharpLeft || m == .sharpRight)
        }
    }

    /// Whether the sliproad bends towards the corner it cuts (every shape point on the corner's
    /// side of the straight line from its start to its end) and the crossing road is no
    /// hairpin back, where the main road is long enough for the drawing to tell.
    private func hugsCorner(_ b: Int32, until last: Int32, from v: Int32, corner c: Junction, toRight: Bool) -> Bool {
        let start = graph.points[nodePoint(v)], stop = graph.points[nodePoint(startNode(last ^ 1))]
        guard Geo.distance(start, graph.points[nodePoint(c.node)]) >= 3 else { return true }
        let (ex, ey) = projection.offset(stop, from: start)
        var e = b
        while true {
            let s = graph.segments[Int(e >> 1)]
            for p in Int(s.firstPoint)...Int(s.lastPoint) {
                let (px, py) = projection.offset(graph.points[p], from: start)
                let cross = px * ey - py * ex   // > 0: the point lies right of the chord
                if (toRight && cross > 1e-6) || (!toRight && cross < -1e-6) { return false }
            }
            if e == last { break }
            let w = startNode(e ^ 1), range = leaving(w)
            let first = graph.nodeLeaving[range.lowerBound]
            e = first == e ^ 1 ? graph.nodeLeaving[range.lowerBound + 1] : first
        }
        let outer = toRight ? c.roads[1] : c.roads[c.roads.count - 1]
        return Self.offStraight(outer) <= 140 || isLink(way(b))
    }

    /// OSRM's last test: a road at `d` bearing a name met at `c` leads back to `c` (or to where
    /// the crossing road from `c` goes, leaving `d` sharply beside it).
    private func reachesCorner(_ candidate: Road, c: Junction, d: Junction, crossing: Road,
                               sliproad: Int32, main: Int32) -> Bool {
        guard c.roads.contains(where: { sameRoad($0.way, candidate.way) }) else { return false }
        if !isLink(sliproad) && isNamed(sliproad) && isNamed(main) && isNamed(candidate.way)
            && !sameRoad(main, sliproad) && !sameRoad(sliproad, candidate.way) { return false }
        if isLink(sliproad) && isLink(candidate.way) { return false }
        let target = reach(along: candidate.directed).node
        if target == c.node { return true }
        let m = ManeuverModifier(deviation: candidate.deviation)
        // (The two meet head on there: their bearings nearly opposite.)
        return target == reach(along: crossing.directed).node && Self.apart(candidate.bearing, crossing.bearing) > 155
            && (m == .sharpLeft || m == .sharpRight)
    }

    /// The index in `graph.points` of intersection `v`'s location: the first point of a
    /// segment leaving it.
    func nodePoint(_ v: Int32) -> Int {
        let x = graph.nodeLeaving[Int(graph.nodeFirst[Int(v)])]
        let s = graph.segments[Int(x >> 1)]
        return Int(x & 1 == 0 ? s.firstPoint : s.lastPoint)
    }
}
