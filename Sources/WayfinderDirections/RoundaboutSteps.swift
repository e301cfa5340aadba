import WayfinderGraph
import WayfinderRouting

/// Roundabouts, in the maneuver phase: one step where the route enters a ring, counting the
/// exits passed up to the one taken.
extension DirectionsBuilder {
    /// Whether a route arriving at roundabout node `v` by `a` could leave the roundabout there.
    func hasExit(at v: Int32, arriving a: Int32) -> Bool {
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x != a ^ 1 && allowed(x) && !isRoundabout(way(x)) { return true }
        }
        return false
    }

    /// Makes the step of a roundabout entered at boundary `k`: counts the exits passed up to
    /// the one taken. Returns the boundary after the exit.
    func roundabout(enteringAt k: Int) -> Int {
        let n = pieces.count
        let a = directed(pieces[k - 1]), b = directed(pieces[k])
        let v = startNode(b)
        let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180)
        let (inIndex, outIndex) = gatherRoads(at: v, arriving: a, leaving: b, inBearing: inBearing,
                                              outBearing: leavingBearing(b))
        var step = RawStep(type: .roundabout, modifier: nil, boundary: k, bearingBefore: inBearing,
                           bearingAfter: roads[outIndex].bearing, way: way(b))
        record(&step, in: inIndex, out: outIndex, uTurn: false)
        if graph.mode == .driving && leaving(v).count > 2 {
            turnCost[k] = Double(Turn.cost(deviation: roads[outIndex].deviation))
        }
        var exits = 0
        var j = k + 1
        while j < n {
            let aj = directed(pieces[j - 1]), bj = directed(pieces[j])
            let vj = startNode(bj)
            if !isRoundabout(way(bj)) {
                exits += 1
                step.exit = exits
                step.exitBoundary = j
                step.way = way(bj)
                step.modifier = ManeuverModifier(deviation: Turn.deviation(inBearing, leavingBearing(bj)))
                raw.append(step)
                return j + 1
            }
            if hasExit(at: vj, arriving: aj) { exits += 1 }
            j += 1
        }
        // The route ends on the roundabout.
        raw.append(step)
        return n
    }
}
