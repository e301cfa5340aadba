import WayfinderGraph
import WayfinderRouting

/// Phase 2, finding maneuvers: walks the boundaries between pieces, skips the many where the
/// road plainly goes on (decided without measuring a bearing where possible), and makes a raw
/// step where `classify` or a roundabout says the traveller has to do something.
extension DirectionsBuilder {
    /// Appends to `raw` the steps between the departure and the arrival, and notes the turn
    /// costs at the boundaries (driving).
    func findManeuvers() {
        let n = pieces.count
        var k = 1
        var ringExits = 0   // exits passed since a start on a roundabout
        while k < n {
            let a = directed(pieces[k - 1]), b = directed(pieces[k])
            let wa = pieceWay[k - 1], wb = pieceWay[k]
            let degree = Int(startDegree[k])
            let inRing = isRoundabout(wa), outRing = isRoundabout(wb)
            if !inRing && outRing {
                k = roundabout(enteringAt: k)
                continue
            }
            // The road the traveller was last told about (names may lapse without a word).
            let current = raw[raw.count - 1].way
            // Boarding or leaving a ferry or a train is always said (OSRM: a mode change).
            let boards = graph.transport(of: a) != graph.transport(of: b)
            // Straight through a plain joint of two ways: only a name change matters.
            if degree == 2 && b != a ^ 1 && !announces(current, wb) && !inRing && !boards {
                notePassedIntersection(at: k, arriving: a, leaving: b)
                k += 1
                continue
            }
            let v = startNode(b)
            if !inRing && degree > 2 && b != a ^ 1 && isVehicle && passesRing(at: k) {
                k += 1
                continue
            }
            let inBearing = Self.normalized(leavingBearing(a ^ 1, tangent: inRing) + 180), outBearing = leavingBearing(b)
            let dOut = Turn.deviation(inBearing, outBearing)
            if isVehicle {
                turnCost[k] = b == a ^ 1 ? turnCosts.uTurn(graph.mode)
                    : degree > 2 || boards || graph.mode == .cycling ? turnCostAt(deviation: dOut) : 0
            }
            // Every road's bearing is measured once, here, for the quiet check and the maneuver.
            let gathered = gatherRoads(at: v, arriving: a, leaving: b, inBearing: inBearing, outBearing: outBearing)
            if !inRing && b != a ^ 1 && !boards && goesOnQuietly(a, b, wa, wb, current: current, deviation: dOut) {
                if listsIntersections && isListed(k, a, b) { notePass(at: k, in: gathered.in, out: gathered.out, uTurn: false) }
                k += 1
                continue
            }
            let (inIndex, outIndex) = orderRoads(in: gathered.in, out: gathered.out)
            var step: RawStep?
            if inRing {
                if outRing {
                    if hasExit(at: v, arriving: a) { ringExits += 1 }
                } else {
                    // The route started on the ring: only its exit is said.
                    step = RawStep(type: ringKind(at: v) == .rotary ? .exitRotary : .exitRoundabout,
                                   modifier: ManeuverModifier(deviation: dOut), boundary: k,
                                   bearingBefore: inBearing, bearingAfter: roads[outIndex].bearing, way: wb, exit: ringExits + 1)
                    ringExits = 0
                }
            } else if case (var type, let modifier)? = classify(a, b, current: current, inIndex: inIndex, outIndex: outIndex) {
                // A bend where two roads join reads as a new name, but right after an
                // intersection it is the turn made there, pulled back (OSRM's collapsing).
                if type == .newName && degree <= 2 && abs(dOut) >= 45 && intersectionJustBefore(k) { type = .turn }
                // Where the road would go on (or only its name change), a change of transport
                // is a notification, as OSRM's obvious turns with a mode change are.
                // (A walker's bend where two ways join stays a turn, but not at a quay.)
                let notifies = boards && b != a ^ 1
                    && (type == .newName || type == .continue || (type == .turn && degree <= 2))
                step = RawStep(type: notifies ? .notification : type, modifier: modifier, boundary: k,
                               bearingBefore: inBearing, bearingAfter: roads[outIndex].bearing, way: wb)
            } else if boards {
                step = RawStep(type: .notification, modifier: ManeuverModifier(deviation: dOut), boundary: k,
                               bearingBefore: inBearing, bearingAfter: roads[outIndex].bearing, way: wb)
            }
            if var step {
                record(&step, in: inIndex, out: outIndex, uTurn: b == a ^ 1)
                raw.append(step)
            } else if listsIntersections && isListed(k, a, b) {
                notePass(at: k, in: inIndex, out: outIndex, uTurn: b == a ^ 1)
            }
            k += 1
        }
    }

    /// Whether the route passed an intersection of more than two roads within
    /// `collapseDistance` before boundary `k`.
    func intersectionJustBefore(_ k: Int) -> Bool {
        var j = k - 1
        while j >= 1 && travelled[k] - travelled[j] < collapseDistance {
            if startDegree[j] > 2 { return true }
            j -= 1
        }
        return false
    }

    /// The commonest case, decided from the bearings of the roads there (`roads`, gathered):
    /// OSRM's obvious continuation, for drivers and walkers alike (OSRM runs the same turn
    /// handler for its foot profile): the name goes on, the road is no lesser one than the
    /// road arrived by, and every other road (of any class: a footpath beside a footpath
    /// competes) turns off at least twice as far and 12.5° more; a one-way road against us
    /// only counts when the road itself bends beyond 40°. (`classify` would say nil.)
    func goesOnQuietly(_ a: Int32, _ b: Int32, _ wa: Int32, _ wb: Int32, current: Int32,
                       deviation dOut: Double) -> Bool {
        let absOut = abs(dOut)
        guard absOut < 60, sameRoad(current, wb), info(current).name != 0, info(wb).name != 0,
              (info(wa).flags ^ info(wb).flags) & WayInfo.isLink == 0, !strictlyLess(wb, wa),
              !crossesRingEdge(wa, wb) else { return false }
        for road in roads {
            let x = road.directed
            guard x != b, x != a ^ 1, absOut >= 40 || road.allowed else { continue }
            let off = abs(road.deviation)
            if off <= 2 * absOut || off - absOut <= 12.5 { return false }
        }
        return true
    }
}
