import WayfinderGraph
import WayfinderRouting

/// Which maneuver the route makes at an ordinary intersection, from the roads there: their
/// deviations from straight on, their names and classes, links and highways.
extension DirectionsBuilder {
    /// The walker's maneuver at an ordinary intersection (and the driver's before OSRM's
    /// intersection rules took over, still used for ramps and merges): nil where the way simply
    /// goes on. `current` is the way whose name the traveller was last given.
    func classifyByRivals(_ a: Int32, _ b: Int32, current: Int32, inIndex: Int?,
                          outIndex: Int) -> (ManeuverType, ManeuverModifier)? {
        let out = roads[outIndex]
        let dOut = out.deviation
        let wa = way(a), inInfo = info(wa), outInfo = info(out.way)
        var modifier = ManeuverModifier(deviation: dOut)

        // The other roads the route could have taken, and those that compete with this one.
        var others = 0, bestOther = 180.0, nearest: Road?
        /// The straightest other road at least as important as the one taken.
        var bestRival = 180.0
        var inRoadGoesOn = false, roadAhead = false, roadLeft = dOut <= -45, roadRight = dOut >= 45
        var arrivingOther: Road?
        let outMinor = isMinor(out.way)
        for (i, road) in roads.enumerated() where i != outIndex && road.directed != a ^ 1 {
            let d = abs(road.deviation)
            if d < 45 { roadAhead = true }
            if road.deviation <= -45 { roadLeft = true }
            if road.deviation >= 45 { roadRight = true }
            if allowed(road.directed ^ 1) && arrivingOther == nil { arrivingOther = road }
            guard road.allowed else { continue }
            others += 1
            if info(road.way).roadClass <= outInfo.roadClass { bestRival = min(bestRival, d) }
            if !outMinor && isMinor(road.way) { continue }
            if d < 60 && sameRoad(current, road.way) && (isNamed(current) || graph.mode == .walking) { inRoadGoesOn = true }
            if d < bestOther {
                bestOther = d
                nearest = road
            }
        }
        // Turning back onto the road arrived by: a named road is continued (OSRM's basic
        // turn type compares the names, which are the same), an unnamed one turned onto.
        if b == a ^ 1 { return (others == 0 || inInfo.name != 0 ? .continue : .turn, .uturn) }

        /// Left or right of the other road, for maneuvers whose angle is too small to say.
        func side(of other: Road?, left: ManeuverModifier, right: ManeuverModifier) -> ManeuverModifier {
            guard let other else { return dOut < 0 ? left : right }
            return dOut < other.deviation ? left : right
        }

        if isVehicle {
            if inInfo.flags & WayInfo.isLink != 0 && outInfo.flags & WayInfo.isLink == 0 && Self.isHighway(outInfo),
               let arrivingOther, roads.count > 3 || (isNamed(out.way) && sameRoad(arrivingOther.way, out.way)) {
                // Where three roads meet, a merge needs a highway passing by: the road arriving
                // beside the ramp carries the same name on (OSRM's motorway handler); two ramps
                // joining or a ramp starting a highway merge into nothing.
                // The main road arrives from behind on the side we merge to.
                return (.merge, arrivingOther.deviation < 0 ? .slightLeft : .slightRight)
            }
            if let ending = highwayEndingInRamps(a, outIndex: outIndex) { return ending }
            // Onto a ramp is said even where it is the only way on (OSRM's on ramp at a bend).
            if inInfo.flags & WayInfo.isLink == 0 && outInfo.flags & WayInfo.isLink != 0 && (others > 0 || roads.count <= 2)
                && (Self.isHighway(inInfo) || Self.isHighway(outInfo)) {
                if modifier == .straight { modifier = side(of: nearest, left: .slightLeft, right: .slightRight) }
                return (Self.isHighway(inInfo) ? .offRamp : .onRamp, modifier)
            }
        }
        let absOut = abs(dOut)
        if others == 0 {
            // No choice: only a change of name is worth a word.
            guard announces(current, out.way) else { return nil }
            // Where two roads simply join, a bend is no turn: OSRM's obvious maneuver there
            // is a new name, with the bend as its modifier.
            // (Driving only: a walker's bends onto stairs and paths keep their turns.)
            return (absOut >= 45 && (roads.count > 2 || graph.mode == .walking) ? .turn : .newName, modifier)
        }
        if sameRoad(current, out.way) && (isNamed(current) || graph.mode == .walking) {
            // The road goes on under its name: a word only where it is not the way straight on.
            if Self.isQuiet(absOut, bestRival) { return nil }
            // Nearly straight, but another road is straighter: say on which side it goes on.
            if modifier == .straight { modifier = side(of: nearest, left: .slightLeft, right: .slightRight) }
            return (.continue, modifier)
        }
        let obvious = absOut < 35 && bestOther >= absOut + 25 && !inRoadGoesOn
        if obvious { return announces(current, out.way) ? (.newName, modifier) : nil }
        if absOut < 45 && bestOther < 45 && !inRoadGoesOn {
            // The leftmost branch keeps left, the rightmost right, a middle one straight.
            var branchLeft = false, branchRight = false
            for (i, road) in roads.enumerated() where i != outIndex && road.allowed && abs(road.deviation) < 45 {
                if road.deviation < dOut { branchLeft = true } else { branchRight = true }
            }
            return (.fork, branchLeft && branchRight ? .straight : branchLeft ? .slightRight : .slightLeft)
        }
        if absOut >= 45 && !roadAhead && roadLeft && roadRight { return (.endOfRoad, modifier) }
        return (.turn, modifier)
    }
}

extension DirectionsBuilder {
    /// OSRM's motorway handler where a highway (arrived by directed segment `a`) ends in
    /// ramps only, no highway going on: a single ramp carries it on unannounced (`.some(nil)`),
    /// two ramps are a fork. nil where this is not such a place.
    func highwayEndingInRamps(_ a: Int32, outIndex: Int) -> (ManeuverType, ManeuverModifier)?? {
        let inInfo = info(way(a)), out = roads[outIndex]
        guard Self.isHighway(inInfo), inInfo.flags & WayInfo.isLink == 0, isLink(out.way) else { return nil }
        var other: Road?
        for (i, road) in roads.enumerated() where i != outIndex && road.directed != a ^ 1 && road.allowed {
            guard isLink(road.way), other == nil else { return nil }  // a highway goes on, or a third way
            other = road
        }
        guard let other else { return .some(nil) }
        return (.fork, out.deviation < other.deviation ? .slightLeft : .slightRight)
    }

    /// The road taken, `absOut` degrees off straight, goes without saying when the straightest
    /// rival is `bestRival` degrees off.
    static func isQuiet(_ absOut: Double, _ bestRival: Double) -> Bool {
        (absOut < 45 && bestRival >= absOut - 10) || (absOut < 60 && bestRival >= absOut + 10)
    }
}
