import WayfinderGraph
import WayfinderRouting

/// Roundabouts on foot. A walker may go round a ring either way, so there are no roundabout
/// steps (OSRM's foot guidance has none either): the ring is walked as a road. But stepping
/// onto or off it is never the obvious way on (OSRM's `findObviousTurn` gives up on a road
/// found obvious whose `junction=roundabout` differs from the road arrived by): entering a
/// ring, leaving it, and going round it where an exit lies straighter are each said, though
/// the way looks plain. (`junction=circular` rings are not roundabouts there, and walk as roads.)
extension DirectionsBuilder {
    /// Whether `way` is part of a roundabout a walker walks as a road (not `junction=circular`).
    /// (Its bearings are read 2 m along it, as OSRM reads rings: `PerceivedBearing`.)
    @inline(__always) func isWalkedRing(_ way: Int32) -> Bool {
        info(way).flags & (WayInfo.isRoundabout | WayInfo.isCircular) == WayInfo.isRoundabout
    }

    /// Whether going from way `a` onto way `b` steps onto or off a walked ring (walkers only).
    @inline(__always) func crossesRingEdge(_ a: Int32, _ b: Int32) -> Bool {
        graph.mode == .walking && isWalkedRing(a) != isWalkedRing(b)
    }

    /// OSRM's rule for a candidate nearly straight on: where the candidate is on the ring, or
    /// off it, as the road arrived by, a road across the ring's edge that turns off further is
    /// no rival (the exits of a ring do not compete with going round it).
    func isRingExitBesideCandidate(_ road: Road, _ candidate: Road, via: Int32) -> Bool {
        guard graph.mode == .walking else { return false }
        let viaRing = isWalkedRing(via)
        return viaRing == isWalkedRing(candidate.way) && viaRing != isWalkedRing(road.way)
            && Self.offStraight(candidate) < Self.offStraight(road)
    }

    /// Whether raw steps `i` and `i + 1` step onto a walked ring and off it again (or off and
    /// back on): however short the stretch between, these are two steps, not a wiggle to fold
    /// away (OSRM keeps both; only its name-change collapsing could merge them).
    func walksOntoAndOffRing(_ i: Int) -> Bool {
        crossesRingEdge(raw[i - 1].way, raw[i].way) || crossesRingEdge(raw[i].way, raw[i + 1].way)
    }
}
