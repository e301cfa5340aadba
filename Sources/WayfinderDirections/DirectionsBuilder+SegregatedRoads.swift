import WayfinderGraph
import WayfinderRouting

/// Divided roads (dual carriageways), after OSRM's segregated intersections: where a road
/// meets the two one-way halves of a divided road, the short link between the halves lies
/// inside one intersection. Crossing the first half and turning onto the second is one turn,
/// said where the route meets the first half; going back across the median is one U-turn.
///
/// A link is "inside" (OSRM's `segregated_intersection_classification`) when it is short, one
/// may arrive at its start by a one-way road crossing it (not running straight into it), and
/// leave its end by a one-way road crossing it, all turns at both ends to one side.
extension DirectionsBuilder {
    /// Longest link inside a divided road's intersection (metres, OSRM's `INTERNAL_LENGTH_MAX`).
    static let segregatedLinkLength = 32.0

    /// Whether the directed segment `c` is the link between the two halves of a divided road
    /// (driving only).
    func isSegregatedLink(_ c: Int32) -> Bool {
        let s = graph.segments[Int(c >> 1)]
        guard isVehicle, Double(s.length) <= Self.segregatedLinkLength,
              info(s.way).flags & WayInfo.isRoundabout == 0 else { return false }
        let start = startNode(c), end = startNode(c ^ 1)
        guard start != end, hasCarriageway(at: start, besides: c, arriving: true),
              hasCarriageway(at: end, besides: c ^ 1, arriving: false) else { return false }
        // Angles at the nodes themselves (OSRM's coordinates close to the turn): the links
        // are short and often bent, their far ends say nothing about the turns.
        let heading = leavingBearing(c, tangent: true), arrival = Self.normalized(leavingBearing(c ^ 1, tangent: true) + 180)
        // Arriving at the start: the turns onto `c` from every road one may arrive by.
        var inLeft = false, inRight = false, onewayIn = false
        for i in leaving(start) {
            let x = graph.nodeLeaving[i]
            guard x != c, startNode(x ^ 1) != end, allowed(x ^ 1) else { continue }
            let d = Turn.deviation(Self.normalized(leavingBearing(x, tangent: true) + 180), heading)
            let m = ManeuverModifier(deviation: d)
            if m == .right || m == .sharpRight { inRight = true }
            if m == .left || m == .sharpLeft { inLeft = true }
            if isCarriageway(x) && abs(d) >= 30 { onewayIn = true }
        }
        guard onewayIn else { return false }
        // Leaving the end: the turns from `c` onto every road one may take.
        var outLeft = false, outRight = false, onewayOut = false
        for i in leaving(end) {
            let x = graph.nodeLeaving[i]
            guard x != c ^ 1, startNode(x ^ 1) != start, allowed(x) else { continue }
            let d = Turn.deviation(arrival, leavingBearing(x, tangent: true))
            let m = ManeuverModifier(deviation: d)
            if m == .right || m == .sharpRight { outRight = true }
            if m == .left || m == .sharpLeft { outLeft = true }
            if isCarriageway(x) && abs(d) >= 30 { onewayOut = true }
        }
        guard onewayOut else { return false }
        return !(inLeft && outRight) && !(inRight && outLeft) && !(outLeft && outRight)
    }

    /// A first test without bearings (most short segments have none): whether a road at `v`
    /// other than `own` could be a carriageway one arrives by (or leaves by).
    private func hasCarriageway(at v: Int32, besides own: Int32, arriving: Bool) -> Bool {
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x != own && allowed(arriving ? x ^ 1 : x) && isCarriageway(arriving ? x ^ 1 : x) { return true }
        }
        return false
    }

    /// Whether the road of directed segment `x` could be one half of a divided road: one-way,
    /// no link, and at least a side street.
    private func isCarriageway(_ x: Int32) -> Bool {
        let w = way(x)
        return !(allowed(x) && allowed(x ^ 1)) && !isLink(w) && priority(w) <= 11
    }

    /// OSRM's `collapseSegregatedTurnInstructions`, on the raw steps: where the route takes a
    /// link inside a divided road's intersection, the maneuvers at both its ends (said or not)
    /// become one, at its start: a U-turn where the route comes back the way it came, else
    /// the turn the two make together (nothing, or a new name, where that is straight on).
    func mergeSegregatedCrossings() {
        guard isVehicle else { return }
        let n = pieces.count
        var k = 1
        while k < n - 1 {
            guard startDegree[k] > 2, !isRoundabout(pieceWay[k - 1]), isSegregatedLink(directed(pieces[k])) else {
                k += 1
                continue
            }
            var exit = k + 1   // the boundary where the route leaves the link(s)
            while exit < n - 1 && isSegregatedLink(directed(pieces[exit])) { exit += 1 }
            if exit < n && startDegree[exit] > 2 && !isRoundabout(pieceWay[exit]) {
                mergeCrossing(from: k, to: exit)
            }
            k = exit + 1
        }
        uTurnsOntoTheOtherHalf()
    }

    /// Where the two one-way halves of a divided road meet at one intersection, OSRM sees one
    /// road there (its mergeable roads): turning sharply from one half onto the other is
    /// a U-turn on that road.
    func uTurnsOntoTheOtherHalf() {
        for i in raw.indices where raw[i].type == .turn || raw[i].type == .continue || raw[i].type == .endOfRoad {
            guard let m = raw[i].modifier, m == .sharpLeft || m == .sharpRight else { continue }
            let k = raw[i].boundary
            guard k >= 1, k < pieces.count else { continue }
            let a = directed(pieces[k - 1]), b = directed(pieces[k])
            if isOtherHalf(of: a, b) {
                raw[i].type = .continue
                raw[i].modifier = .uturn
            }
        }
    }

    /// Whether `b`, leaving the intersection `a` arrives at, is the other half of `a`'s road:
    /// the same name and class, one-way out where `a` is one-way in, close beside it.
    func isOtherHalf(of a: Int32, _ b: Int32) -> Bool {
        let wa = way(a), wb = way(b), x = info(wa), y = info(wb)
        guard x.name != 0, x.name == y.name, x.roadClass == y.roadClass, !isLink(wa), !isLink(wb),
              !isRoundabout(wa), !isRoundabout(wb), !allowed(a ^ 1), !allowed(b ^ 1),
              startNode(a) != startNode(b ^ 1) else { return false }
        return Self.apart(leavingBearing(a ^ 1), leavingBearing(b)) < Self.otherHalfAngle
    }

    /// Widest angle between the two halves of a divided road where they meet.
    static let otherHalfAngle = 75.0

    /// Folds the maneuvers at boundaries `k` ... `exit` into one at `k`.
    private func mergeCrossing(from k: Int, to exit: Int) {
        guard let lo = raw.firstIndex(where: { $0.boundary >= k }) else { return }
        var hi = lo
        while hi < raw.count && raw[hi].boundary <= exit { hi += 1 }
        let atStart = raw[lo].boundary == k ? raw[lo] : nil
        let atExit = hi > lo && raw[hi - 1].boundary == exit ? raw[hi - 1] : nil
        if let s = atStart, s.type.entersRing || s.type.leavesRing || s.type == .onRamp || s.type == .offRamp { return }
        if let s = atExit, s.type.entersRing || s.type.leavesRing || s.type == .arrive || s.type == .onRamp || s.type == .offRamp { return }
        let a = directed(pieces[k - 1]), into = directed(pieces[k]), onto = directed(pieces[exit])
        let inHeading = atStart?.bearingBefore ?? Self.normalized(leavingBearing(a ^ 1) + 180)
        let outHeading = atExit?.bearingAfter ?? leavingBearing(onto)
        let total = Turn.deviation(inHeading, outHeading), direction = ManeuverModifier(deviation: total)
        let before = pieceWay[k - 1], after = atExit?.way ?? pieceWay[exit]
        // The maneuver leaving the link as OSRM's steps have it: unsaid is "suppressed".
        let exitType = atExit?.type
        let exitModifier = atExit?.modifier ?? ManeuverModifier(deviation: Turn.deviation(
            Self.normalized(leavingBearing(directed(pieces[exit - 1]) ^ 1) + 180), outHeading))
        let named = isNamed(before) && isNamed(after) && sameRoad(before, after)

        var type: ManeuverType?   // nil: nothing to say
        var modifier = direction
        if abs(total) >= 145 {
            type = .continue
            modifier = .uturn
        } else if raw[lo..<hi].contains(where: { $0.type == .endOfRoad }) {
            // (At either end, or between two links in a row: OSRM keeps the end of the road.)
            type = .endOfRoad
        } else if let s = atStart, s.type == .fork {
            type = .fork
            modifier = s.modifier ?? direction
        } else if direction == .straight && Self.isStraightOn(exitType, exitModifier) {
            type = named ? nil : .newName
        } else if abs(total) <= 55 && exit == k + 1 && straightestAt(k, arriving: a, leaving: into)
                    && straightestAt(exit, arriving: directed(pieces[exit - 1]), leaving: onto) {
            type = named ? nil : .newName
            modifier = .straight
        } else if direction != .straight && (exitType == nil || Self.isPlainTurn(exitType!)) {
            type = .turn
        } else {
            type = exitType
        }
        // Where nothing was said at either end (nor between), the road only bends through the
        // median: no step of its own, unless it comes back.
        if lo == hi && modifier != .uturn { return }
        raw.removeSubrange(lo..<hi)
        guard let type else { return }
        var step = atStart ?? makeStep(at: k, arriving: a, leaving: into)
        step.type = type
        step.modifier = modifier
        step.bearingAfter = outHeading
        step.way = after
        raw.insert(step, at: lo)
    }

    /// OSRM's straight step: a plain maneuver (or none) straight on or slightly to a side.
    private static func isStraightOn(_ type: ManeuverType?, _ modifier: ManeuverModifier) -> Bool {
        guard type == nil || isPlainTurn(type!) else { return false }
        return modifier == .straight || modifier.isSlight
    }

    private static func isPlainTurn(_ type: ManeuverType) -> Bool {
        type == .turn || type == .continue || type == .newName
    }

    /// OSRM's `hasStraightestTurn` at boundary `j`: the route goes on within 55° of straight and
    /// no other road one may take there is clearly straighter.
    private func straightestAt(_ j: Int, arriving a: Int32, leaving b: Int32) -> Bool {
        let v = startNode(b), heading = Self.normalized(leavingBearing(a ^ 1) + 180)
        let taken = abs(Turn.deviation(heading, leavingBearing(b)))
        guard taken <= 55 else { return false }
        var straightest = 180.0, straightestTaken = taken
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            guard x != b, x != a ^ 1, allowed(x) else { continue }
            let d = Turn.deviation(heading, leavingBearing(x))
            if abs(d) < straightest {
                straightest = abs(d)
                straightestTaken = abs(Turn.deviation(heading, leavingBearing(b)) - d)
            }
        }
        return straightestTaken > 10 ? taken <= straightest : true
    }

    /// A raw step at boundary `k` (where nothing was said), with its intersection recorded.
    func makeStep(at k: Int, arriving a: Int32, leaving b: Int32) -> RawStep {
        let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180), outBearing = leavingBearing(b)
        let gathered = gatherRoads(at: startNode(b), arriving: a, leaving: b, inBearing: inBearing, outBearing: outBearing)
        var step = RawStep(type: .turn, modifier: ManeuverModifier(deviation: Turn.deviation(inBearing, outBearing)),
                           boundary: k, bearingBefore: inBearing, bearingAfter: outBearing, way: pieceWay[k])
        record(&step, in: gathered.in, out: gathered.out, uTurn: false)
        return step
    }
}
