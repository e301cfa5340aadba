import WayfinderGraph
import WayfinderRouting

/// Modifiers of the turns on one side of an intersection of four or more roads, after OSRM's
/// `assignRightTurns` / `assignLeftTurns`: two roads on one side that the angle alone would
/// call the same ("right" and "right") are told apart, one of them shifted to slight or sharp,
/// so that the traveller can tell which is meant.
///
/// A side is seen as a list from the road arrived by outwards: position 1 is the sharpest turn
/// on that side. The left side is the right side mirrored.
extension DirectionsBuilder {
    /// The modifier of `roads[out]` among the turns on its side of the intersection: the
    /// roads `roads[1..<rightEnd]` on the right, `roads[leftStart...]` on the left. Nil where
    /// the angle alone decides (or `out` is on neither side).
    func sideModifier(_ out: Int, rightEnd: Int, leftStart: Int) -> ManeuverModifier? {
        let n = roads.count
        if out >= 1 && out < rightEnd {
            return rightSide(count: rightEnd, target: out) { roads[$0] }
        }
        if out >= leftStart && out < n && leftStart >= 1 {
            // Mirrored: position k is roads[n - k], angles 360 - angle.
            let count = n - leftStart + 1
            guard let m = rightSide(count: count, target: n - out, mirrored: true, { roads[n - $0] }) else { return nil }
            return Self.mirror(m)
        }
        return nil
    }

    static func mirror(_ m: ManeuverModifier) -> ManeuverModifier {
        switch m {
        case .sharpRight: return .sharpLeft
        case .right: return .left
        case .slightRight: return .slightLeft
        case .slightLeft: return .slightRight
        case .left: return .right
        case .sharpLeft: return .sharpRight
        case .straight, .uturn: return m
        }
    }

    /// OSRM's `assignRightTurns` for positions `1..<count`, returning the modifier of
    /// position `target` when a conflict changes it.
    private func rightSide(count: Int, target: Int, mirrored: Bool = false,
                           _ at: (Int) -> Road) -> ManeuverModifier? {
        func angle(_ k: Int) -> Double { mirrored ? 360 - Self.angle(at(k)) : Self.angle(at(k)) }
        func direction(_ k: Int) -> ManeuverModifier { ManeuverModifier(deviation: 180 - angle(k)) }
        var valid = 0
        for k in 1..<max(count, 1) where at(k).allowed { valid += 1 }
        guard count >= 3, valid > 0, count <= 4 else { return nil }
        /// Resolves two roads (`l` left of `r`) of the same direction; the target's modifier.
        func conflict(_ l: Int, _ r: Int) -> ManeuverModifier? {
            guard target == l || target == r else { return nil }
            let (ml, mr) = distinctModifiers(l: angle(l), r: angle(r), allowedL: at(l).allowed, allowedR: at(r).allowed,
                                             priorityL: priority(at(l).way), priorityR: priority(at(r).way))
            return target == l ? ml : mr
        }
        if count == 3 { return direction(1) == direction(2) ? conflict(2, 1) : nil }
        let d1 = direction(1), d2 = direction(2), d3 = direction(3)
        let apart12 = Self.apart(angle(1), angle(2)), apart23 = Self.apart(angle(2), angle(3))
        if d1 != d2 && d2 != d3 { return nil }
        if valid <= 2 {
            if !at(3).allowed { return conflict(2, 1) }
            if !at(1).allowed { return conflict(3, 2) }
            return conflict(3, 1)
        }
        if apart12 >= 40 && apart23 >= 40 {
            return target == 1 ? .sharpRight : target == 2 ? .right : .slightRight
        }
        if (d1 == d2 && d2 == d3) || (d1 == d2 && apart23 < 60) || (d2 == d3 && apart12 < 60) { return nil }
        return apart23 >= 60 ? conflict(2, 1) : conflict(3, 2)
    }

    /// OSRM's `handleDistinctConflict` on the right side: the modifiers of two roads at angles
    /// `l` > `r` that would both get the same one.
    private func distinctModifiers(l: Double, r: Double, allowedL: Bool, allowedR: Bool, priorityL: Int,
                                   priorityR: Int) -> (ManeuverModifier, ManeuverModifier) {
        let dl = ManeuverModifier(deviation: 180 - l), dr = ManeuverModifier(deviation: 180 - r)
        if !allowedL || !allowedR || l == r { return (dl, dr) }
        if dl == .straight || dl == .slightLeft || dr == .slightRight {
            // The less important road is the one shifted aside.
            return priorityL > priorityR ? (.slightLeft, dr) : (dl, .slightRight)
        }
        if Self.apart(l, 90) < 3 { return (.right, .sharpRight) }
        if Self.apart(r, 90) < 3 { return (.slightRight, .right) }
        if Self.apart(l, 270) < 3 { return (.left, .slightLeft) }
        if Self.apart(r, 270) < 3 { return (.sharpLeft, .left) }
        if dl == .sharpLeft { return (.sharpLeft, .left) }
        if dr == .sharpRight { return (.right, .sharpRight) }
        return Self.apart(l, 85) >= Self.apart(r, 85) ? (.slightRight, .right) : (.right, .sharpRight)
    }
}
