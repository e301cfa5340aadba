import WayfinderGraph
import WayfinderRouting

/// Phase 3, folding: the raw steps made at single intersections, folded where short
/// stretches between them make several steps say one thing.
extension DirectionsBuilder {
    /// Metres from raw step `i` to the next.
    func length(_ i: Int) -> Double { travelled[raw[i + 1].boundary] - travelled[raw[i].boundary] }

    /// Removes the noise of short stretches (shorter than `collapseDistance`), in this order:
    /// - a slight bend to stay on the road, or a name change, right before another maneuver
    ///   is said by that maneuver;
    /// - a short detour that ends on the road it left, heading the same way, is no maneuver
    ///   at all (crossings, wiggles);
    /// - a name change right after a maneuver names the road that maneuver takes;
    /// - (driving) two turns through a short gap that reverse the direction are one U-turn;
    ///   a short name change and the turn after it are one turn (dual carriageways);
    /// - a turn and, right after, a turn to stay on the road it took are one turn.
    /// Before these, at any distance: a name that comes back (`isNameOscillation`).
    func collapse() {
        var i = 1
        while i + 1 < raw.count {
            let s = raw[i], next = raw[i + 1]
            let afterExit = travelled[next.boundary] - travelled[s.exitBoundary ?? s.boundary]
            if isUTurnAtTheOnlyWayOn(i) {
                raw[i].type = .continue
                raw[i].modifier = .uturn
                raw[i].bearingAfter = next.bearingAfter
                raw[i].way = next.way
                raw.remove(at: i + 1)
                continue
            }
            if isNameOscillation(i) {
                raw.removeSubrange(i...(i + 1))
                continue
            }
            guard afterExit < collapseDistance, !isStairs(s.way), !isStairs(next.way) else { i += 1; continue }
            let foldable = Self.isFoldable(s.type), nextFoldable = Self.isFoldable(next.type)
            if next.type == .arrive {
                if s.type == .newName && !hasLanes(s) { raw.remove(at: i) } else { i += 1 }
                continue
            }
            if (s.type == .continue && (s.modifier == .straight || s.modifier?.isSlight == true))
                || (s.type == .newName && !nextFoldable) || isStraightTurnBeforeManeuver(i) {
                raw.remove(at: i)
                continue
            }
            let combined = Turn.deviation(s.bearingBefore, next.bearingAfter)
            let backOnTheRoad = sameRoad(raw[i - 1].way, next.way)
            if foldable && nextFoldable && backOnTheRoad && abs(combined) < 45 && !isVisibleZigZag(i) && !walksOntoAndOffRing(i) {
                raw.removeSubrange(i...(i + 1))
                continue
            }
            if foldable && nextFoldable && !backOnTheRoad && abs(combined) < 45 && isZigZag(i) && !isVisibleZigZag(i)
                && transportAfter(s) == transportAfter(next) {
                // A staggered crossing onto another street: going straight on under a new name.
                raw[i].type = .newName
                raw[i].modifier = ManeuverModifier(deviation: combined)
                raw[i].bearingAfter = next.bearingAfter
                raw[i].way = next.way
                raw.remove(at: i + 1)
                continue
            }
            if isTurnThroughAnUnnamedStub(i) {
                // The turn is onto the named road the stub leads to (OSRM's combined turn).
                raw[i].modifier = ManeuverModifier(deviation: combined)
                raw[i].bearingAfter = next.bearingAfter
                raw[i].way = next.way
                raw.remove(at: i + 1)
                continue
            }
            if next.type == .newName && abs(Turn.deviation(next.bearingBefore, next.bearingAfter)) < 45 {
                // Continuing a road only to leave its name at once is turning onto the new one.
                if s.type == .continue && s.modifier != .uturn && !sameRoad(raw[i - 1].way, next.way) { raw[i].type = .turn }
                raw[i].way = next.way
                raw.remove(at: i + 1)
                continue
            }
            guard foldable && (nextFoldable || next.type == .onRamp || next.type == .offRamp || next.type == .merge) else {
                i += 1
                continue
            }
            var merged: RawStep
            if isVehicle && abs(combined) > 150 && nextFoldable {
                // Back onto the road the route came by is continuing it (OSRM collapses a
                // U-turn only between equal names, and always as "continue uturn").
                merged = s
                merged.type = backOnTheRoad ? .continue : .turn
                merged.modifier = .uturn
            } else if isVehicle && s.type == .newName {
                merged = next
                merged.boundary = s.boundary
                merged.bearingBefore = s.bearingBefore
                merged.intersection = s.intersection
                merged.intersectionIn = s.intersectionIn
                merged.intersectionOut = s.intersectionOut
                if next.type != .fork && nextFoldable {
                    merged.modifier = ManeuverModifier(deviation: combined)
                    if backOnTheRoad {
                        merged.type = .continue
                    } else if merged.type == .continue || (merged.type == .newName && abs(combined) >= 45) {
                        merged.type = .turn
                    }
                }
            } else if next.type == .continue && sameRoad(s.way, next.way) && s.type != .fork {
                merged = s
                merged.modifier = ManeuverModifier(deviation: combined)
                if merged.type == .newName && abs(combined) >= 45 { merged.type = .turn }
            } else {
                i += 1
                continue
            }
            merged.bearingAfter = next.bearingAfter
            merged.way = next.way
            raw[i] = merged
            raw.remove(at: i + 1)
        }
        // A name change a few metres after the start: the start is on the new road.
        if raw.count > 2 && raw[1].type == .newName && length(0) < collapseDistance && !hasLanes(raw[1]) {
            raw[0].way = raw[1].way
            raw.remove(at: 1)
        }
        plainEndsOfRoad()
        // Walkers too (OSRM's foot guidance folds them alike): a footway's name for a few
        // metres between two streets is noise, not a street to look for.
        suppressShortNameChanges()
        foldManeuversAboard()
    }

    /// OSRM's ferry collapse: aboard, a route may pass from one way of a ferry line to
    /// another of the same name (a crossing drawn as several ways); the traveller has nothing
    /// to do there, so only boarding and landing are announced. Changing to another line
    /// (another name) is a step.
    func foldManeuversAboard() {
        var i = 1
        while i + 1 < raw.count {
            let aboard = transportAfter(raw[i - 1])
            // A ring's step whose exit boards is not aboard: its exit step says the boarding.
            let onBoard = (aboard == .ferry || aboard == .train) && !raw[i - 1].type.entersRing
            if onBoard && transportAfter(raw[i]) == aboard && sameRoad(raw[i - 1].way, raw[i].way) { raw.remove(at: i) } else { i += 1 }
        }
    }

    /// OSRM's end-of-road rule after collapsing: "at the end of the road" helps only where the
    /// traveller passed another intersection since the last instruction (it says which one
    /// to turn at); otherwise it is a plain turn, or a continue onto the name last said. An
    /// intersection passed is one the step lists (`isListed`: driveways are none) where more
    /// than two roads meet (a joint where a name changes is an instruction of its own to OSRM
    /// at that stage, not a place passed). With driveways counted, walkers heard "end of road"
    /// where OSRM says "turn" at ~450 T's over Liechtenstein's 1,000 compared routes.
    func plainEndsOfRoad() {
        for i in 1..<raw.count where raw[i].type == .endOfRoad {
            let previous = raw[i - 1]
            var passed = false
            for k in ((previous.exitBoundary ?? previous.boundary) + 1)..<max(raw[i].boundary, 1)
            where startDegree[k] > 2 && isListed(k, directed(pieces[k - 1]), directed(pieces[k])) {
                passed = true
                break
            }
            if !passed { raw[i].type = isNamed(raw[i].way) && sameRoad(previous.way, raw[i].way) ? .continue : .turn }
        }
    }

    /// Whether raw steps `i` and `i + 1` only leave the name of step `i - 1` and give it back,
    /// each straight on (a new name, or a turn straight): A, B, A, however long B lasts, as a
    /// bridge or a town's stretch of a road named otherwise. OSRM's name oscillation: the
    /// road the traveller was told goes on. On foot only over an unnamed stretch (not stairs):
    /// over a named one it folded names OSRM's foot guidance still says (Liechtenstein: 1.8 %
    /// of OSRM's maneuvers lost for 0.7 % of ours).
    func isNameOscillation(_ i: Int) -> Bool {
        let s = raw[i], next = raw[i + 1]
        func straightOn(_ r: RawStep) -> Bool { r.type == .newName || (r.type == .turn && r.modifier == .straight) }
        let unnamedStretch = !isNamed(s.way) && !isStairs(s.way) && isNamed(next.way)
        // Not right off a ring (OSRM leaves ring steps out of its collapsing).
        let offRing = raw[i - 1].type.entersRing || raw[i - 1].type.leavesRing
        return (isVehicle || unnamedStretch) && !offRing && straightOn(s) && straightOn(next)
            && sameRoad(raw[i - 1].way, next.way)
            && transportAfter(raw[i - 1]) == transportAfter(s)
            && transportAfter(s) == transportAfter(next)
    }

    /// Whether raw step `i` turns (driving) onto a short unnamed stub that meets no other
    /// road and bends gently (under 45°) onto a named road at raw step `i + 1`: a slip of a
    /// few metres drawn between a junction and a through street. OSRM folds the two into one
    /// turn onto the named road, its modifier the whole change of heading.
    func isTurnThroughAnUnnamedStub(_ i: Int) -> Bool {
        let s = raw[i], next = raw[i + 1]
        guard isVehicle, s.type == .turn, next.type == .turn || next.type == .newName,
              !isNamed(s.way), isNamed(next.way), transportAfter(s) == transportAfter(next),
              abs(Turn.deviation(next.bearingBefore, next.bearingAfter)) < 45 else { return false }
        return passesNoIntersection(between: s.boundary, and: next.boundary)
    }

    /// Whether the route meets no other road strictly between boundaries `k` and `later`.
    func passesNoIntersection(between k: Int, and later: Int) -> Bool {
        for j in (k + 1)..<max(later, k + 1) where startDegree[j] > 2 { return false }
        return true
    }

    /// Whether raw steps `i` and `i + 1` are a right-angled zig-zag (right then left, or left
    /// then right) with more than 3 m between the turns: a driver sees two turns there, so
    /// OSRM only folds a staggered intersection of a couple of metres.
    func isVisibleZigZag(_ i: Int) -> Bool { isZigZag(i) && length(i) > 3 }

    /// Whether raw steps `i` and `i + 1` turn right then left, or left then right, each at
    /// about a right angle.
    func isZigZag(_ i: Int) -> Bool {
        let first = Turn.deviation(raw[i].bearingBefore, raw[i].bearingAfter)
        let second = Turn.deviation(raw[i + 1].bearingBefore, raw[i + 1].bearingAfter)
        let rightLeft = (45..<135).contains(first) && (-135 ..< -45).contains(second)
        let leftRight = (-135 ..< -45).contains(first) && (45..<135).contains(second)
        return rightLeft || leftRight
    }

    /// Whether raw steps `i` and `i + 1` turn back onto the road of step `i - 1` where the
    /// second turn is the only way on and no intersection lies between them, however far
    /// apart (the two carriageways of a road joined by a cross street): OSRM's U-turn
    /// collapse. (Short ones are folded with the other short steps.)
    func isUTurnAtTheOnlyWayOn(_ i: Int) -> Bool {
        let s = raw[i], next = raw[i + 1]
        guard isVehicle, s.type == .turn || s.type == .continue || s.type == .endOfRoad,
              Self.isFoldable(next.type), s.modifier != .uturn, next.modifier != .uturn,
              abs(Turn.deviation(s.bearingBefore, next.bearingAfter)) > 150,
              sameRoad(raw[i - 1].way, next.way) else { return false }
        var entries = 0
        for road in intersectionRoads[next.intersection] where road.entry { entries += 1 }
        guard entries == 1 else { return false }
        for k in (s.boundary + 1)..<next.boundary where startDegree[k] > 2 { return false }
        return true
    }

    /// Below this many metres to the next maneuver a change of name is not worth a step
    /// (OSRM's `NAME_SEGMENT_CUTOFF_LENGTH`).
    static let nameSegmentCutoff = 105.0

    /// OSRM's `suppressShortNameSegments`: a change of name that gives back the name last
    /// said, or whose name is left again within `nameSegmentCutoff`, is folded into the step
    /// before it, so a short tunnel or a stretch of motorway between two roads makes no
    /// steps. Turns, ramps and boarding a ferry (a change of mode) always stay, and so do a
    /// walker's steps onto and off stairs (ours, not OSRM's: stairs matter to someone with a
    /// pram or a wheelchair, and the street at their foot is where the walker goes on).
    func suppressShortNameChanges() {
        var previous = 0, i = 1
        while i + 1 < raw.count {
            let s = raw[i]
            let stairs = graph.mode == .walking && (isStairs(s.way) || isStairs(raw[previous].way))
            // A name change with lanes to keep to is said (OSRM's `name_change_without_lanes`).
            if s.type == .newName && !stairs && !hasLanes(s) && transportAfter(raw[previous]) == transportAfter(s)
                && (sameRoad(raw[previous].way, s.way) || length(i) < Self.nameSegmentCutoff) {
                raw.remove(at: i)
                continue
            }
            previous = i
            i += 1
        }
    }

    static func isFoldable(_ type: ManeuverType) -> Bool {
        switch type {
        case .turn, .newName, .continue, .endOfRoad, .fork: return true
        default: return false
        }
    }
}
