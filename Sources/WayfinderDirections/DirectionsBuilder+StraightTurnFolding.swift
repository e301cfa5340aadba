import WayfinderGraph
import WayfinderRouting

/// A walker's turn straight on right before another maneuver. Where no road is obvious
/// (onto a ring, onto a lesser path) going straight on is still said ("turn straight"), but
/// a few metres before the next maneuver, with no other road between, it only delays that
/// maneuver: OSRM's collapsing ("maneuver preceded by a name change") folds the straight
/// step into the step before it and keeps the maneuver after it.
extension DirectionsBuilder {
    /// Whether raw step `i` (its stretch already known to be short) is a walker's straight
    /// turn that only leads into raw step `i + 1`, a maneuver of the same kind of transport.
    func isStraightTurnBeforeManeuver(_ i: Int) -> Bool {
        let s = raw[i], next = raw[i + 1]
        guard graph.mode == .walking, s.type == .turn, s.modifier == .straight, next.type != .arrive,
              transportAfter(s) == transportAfter(next),
              transportAfter(raw[i - 1]) == transportAfter(s) else { return false }
        return passesNoIntersection(between: s.boundary, and: next.boundary)
    }
}
