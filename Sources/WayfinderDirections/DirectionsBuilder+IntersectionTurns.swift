import WayfinderGraph
import WayfinderRouting

/// A traveller's maneuver at an ordinary intersection, after OSRM's turn handler (which OSRM
/// runs for its foot profile too, so walkers get the same words): the obvious
/// way on (`obviousRoad`) goes unsaid or is a change of name; two or three nearly straight
/// branches with nothing obvious among them are a fork; the stem of a T whose arms leave at
/// right angles meets the end of the road; everything else is a turn, or a continue where the
/// road keeps its name. Ramps and merges are still told by `classifyByRivals`.
///
/// Works on `roads` as `orderRoads` leaves them (the road arrived by first).
extension DirectionsBuilder {
    /// The maneuver onto `roads[outIndex]`, or nil where the road simply goes on. `current`
    /// is the way whose name the traveller was last given.
    func classify(_ a: Int32, _ b: Int32, current: Int32, inIndex: Int?,
                  outIndex out: Int) -> (ManeuverType, ManeuverModifier)? {
        let via = way(a), taken = roads[out].way
        guard inIndex == 0, b != a ^ 1, !isRamp(via), !isRamp(taken),
              !(isLink(taken) && Self.isHighway(info(via))),
              info(via).transport == info(taken).transport else {
            return classifyByRivals(a, b, current: current, inIndex: inIndex, outIndex: out)
        }
        let n = roads.count
        if n == 2 { return announces(current, taken) ? (.newName, ManeuverModifier(deviation: roads[1].deviation)) : nil }
        let obvious = obviousRoad(via: via, current: current)
        // The fork is looked for only where it can matter (no obvious way on, or all links).
        if n == 3 {
            let allLinks = roads.allSatisfy { isLink($0.way) }
            if allLinks || obvious == nil, let fork = findFork(via: via, current: current) {
                return out >= fork.right && out <= fork.left ? forkManeuver(out, fork, current: current)
                    : basicManeuver(out, current: current)
            }
            if obvious == nil && isEndOfRoad {
                return (.endOfRoad, out == 1 ? .right : .left)
            }
            if let obvious {
                if out == obvious { return obviousManeuver(out, current: current) }
                // Both straight on: the one not obvious keeps to its side.
                var m = ManeuverModifier(deviation: roads[out].deviation)
                if m == .straight && ManeuverModifier(deviation: roads[obvious].deviation) == .straight {
                    m = out == 1 ? .slightRight : .slightLeft
                }
                return (basicType(out, current: current), m)
            }
            return basicManeuver(out, current: current)
        }
        if let obvious {
            if out == obvious { return obviousManeuver(out, current: current) }
            return sidedManeuver(out, rightEnd: obvious, leftStart: obvious + 1, current: current)
        }
        let fork = findFork(via: via, current: current)
        if let fork, out >= fork.right && out <= fork.left {
            if fork.left - fork.right == 1 && abs(priority(roads[fork.left].way) - priority(roads[fork.right].way)) > 1 {
                // A fork of unequal roads: the more important one is the way on.
                let leftMinor = priority(roads[fork.left].way) > priority(roads[fork.right].way)
                if out == (leftMinor ? fork.right : fork.left) { return obviousManeuver(out, current: current) }
                return (basicType(out, current: current), leftMinor ? .slightLeft : .slightRight)
            }
            return forkManeuver(out, fork, current: current)
        }
        if let fork { return sidedManeuver(out, rightEnd: fork.right, leftStart: fork.left + 1, current: current) }
        // No way on stands out: the sides are split at the straightest road.
        guard let s = straightmost({ _ in true }) else { return basicManeuver(out, current: current) }
        if Self.offStraight(roads[s]) < 25 && !roads[s].allowed {
            return sidedManeuver(out, rightEnd: s, leftStart: s + 1, current: current)
        }
        let angle = Self.angle(roads[s])
        if angle == 180 { return basicManeuver(out, current: current) }
        return angle > 180 ? sidedManeuver(out, rightEnd: s, leftStart: s, current: current)
            : sidedManeuver(out, rightEnd: s + 1, leftStart: s + 1, current: current)
    }

    /// A turn to one side, its modifier set apart from a neighbour's where both would be alike.
    func sidedManeuver(_ out: Int, rightEnd: Int, leftStart: Int, current: Int32) -> (ManeuverType, ManeuverModifier) {
        (basicType(out, current: current),
         sideModifier(out, rightEnd: rightEnd, leftStart: leftStart) ?? ManeuverModifier(deviation: roads[out].deviation))
    }

    /// OSRM's basic turn type: a continue where the road keeps its name, else a turn.
    func basicType(_ i: Int, current: Int32) -> ManeuverType {
        let w = roads[i].way
        return info(current).name != 0 && info(w).name != 0 && !nameChanges(current, w) ? .continue : .turn
    }

    func basicManeuver(_ i: Int, current: Int32) -> (ManeuverType, ManeuverModifier) {
        (basicType(i, current: current), ManeuverModifier(deviation: roads[i].deviation))
    }

    /// The obvious way on: nothing to say where the name stays, else a new name; onto a
    /// through street (the name goes on across the intersection) a turn, said straight when
    /// nearly straight and the street goes on for a while.
    func obviousManeuver(_ i: Int, current: Int32) -> (ManeuverType, ManeuverModifier)? {
        let road = roads[i], modifier = ManeuverModifier(deviation: road.deviation)
        guard announces(current, road.way) else { return nil }
        guard isThroughStreet(i) else { return (.newName, modifier) }
        if isMotorwayLike(road.way) { return (.merge, road.deviation < 0 ? .slightRight : .slightLeft) }
        let length = Double(graph.segments[Int(road.directed >> 1)].length)
        return (.turn, Self.offStraight(road) < 40 && length > 60 ? .straight : modifier)
    }

    /// Whether `roads[i]` is part of a street crossing the intersection: the same name and
    /// class leave on the opposite side.
    func isThroughStreet(_ i: Int) -> Bool {
        let road = roads[i], w = info(road.way)
        guard w.name != 0 else { return false }
        for j in 1..<roads.count where j != i {
            let other = info(roads[j].way)
            if Self.apart(Self.angle(roads[j]), Self.angle(road)) > 155 && other.name == w.name
                && other.roadClass == w.roadClass && (other.flags ^ w.flags) & WayInfo.isLink == 0 { return true }
        }
        return false
    }

    /// A T: exactly two roads on, one at right angles to each side (within 40°), far apart.
    var isEndOfRoad: Bool {
        let right = Self.angle(roads[1]), left = Self.angle(roads[2])
        return Self.apart(right, 90) < 40 && Self.apart(left, 270) < 40 && Self.apart(right, left) > 80
    }

    // MARK: Forks

    /// The branches of a fork (indices in `roads`, two or three neighbours from `right` to
    /// `left`): nearly straight, set apart from the other roads, of like class, none obvious.
    func findFork(via: Int32, current: Int32) -> (right: Int, left: Int)? {
        let n = roads.count
        guard n >= 3, let straightest = straightmost({ _ in true }), Self.offStraight(roads[straightest]) <= 40 else { return nil }
        /// Whether `outer`, next to the candidate `inner`, ends the run of fork candidates.
        func ends(_ inner: Road, _ outer: Road) -> Bool {
            Self.offStraight(outer) > 40
                && (Self.apart(Self.angle(inner), Self.angle(outer)) > 40 || Self.offStraight(inner) > 60)
        }
        var right = straightest
        while right > 1 && !ends(roads[right], roads[right - 1]) { right -= 1 }
        var left = straightest
        while left < n - 1 && !ends(roads[left], roads[left + 1]) { left += 1 }
        guard right < left, left - right < 3 else { return nil }
        let next = left == n - 1 ? roads[0] : roads[left + 1]
        guard Self.apart(Self.angle(roads[left]), Self.angle(next)) >= 60,
              Self.apart(Self.angle(roads[right]), Self.angle(roads[right - 1])) >= 60 else { return nil }
        let rightIsLink = isLink(roads[right].way)
        for i in right...left {
            let r = roads[i]
            guard r.allowed, info(r.way).transport == info(via).transport, isLink(r.way) == rightIsLink else { return nil }
            if i < left && (isObvious(r, beside: roads[i + 1], via: via, current: current)
                            || isObvious(roads[i + 1], beside: r, via: via, current: current)) { return nil }
            for j in right...left where j != i && obviousByClass(via: via, r.way, beside: roads[j].way) { return nil }
        }
        return (right, left)
    }

    /// Whether `road` is obvious beside `other` (OSRM's `isObviousOfTwo`): by class, by going
    /// perfectly straight under the same name, or by being much straighter.
    func isObvious(_ road: Road, beside other: Road, via: Int32, current: Int32) -> Bool {
        if obviousByClass(via: via, road.way, beside: other.way) { return true }
        if obviousByClass(via: via, other.way, beside: road.way) { return false }
        let off = Self.offStraight(road), otherOff = Self.offStraight(other)
        if info(current).name != 0 && off < 1e-9 && !nameChanges(current, road.way) { return true }
        return otherOff / off > 1.4 && abs(otherOff - off) > 25
    }

    /// The maneuver onto branch `i` of a fork: keep left, right, or (the middle of three)
    /// straight; a service branch beside a proper road is a plain slight turn, and the proper
    /// road beside it goes without saying.
    func forkManeuver(_ i: Int, _ fork: (right: Int, left: Int), current: Int32) -> (ManeuverType, ManeuverModifier)? {
        if fork.left - fork.right == 2 {
            guard i == fork.right + 1 else { return (.fork, i == fork.left ? .slightLeft : .slightRight) }
            if Self.offStraight(roads[i]) < 3 && !announces(current, roads[i].way) { return nil }
            return (.fork, .straight)
        }
        let leftMinor = isLowPriority(roads[fork.left].way), rightMinor = isLowPriority(roads[fork.right].way)
        if i == fork.left {
            if rightMinor && !leftMinor { return nil }
            return (leftMinor && !rightMinor ? .turn : .fork, .slightLeft)
        }
        if leftMinor && !rightMinor { return nil }
        return (rightMinor && !leftMinor ? .turn : .fork, .slightRight)
    }
}
