import WayfinderGraph

/// What a waypoint asks of its snap besides being near: OSRM's `bearings`, `approaches` and
/// `snapping` options, one value per waypoint. The default asks nothing more.
public struct SnapConstraints: Sendable, Equatable {
    /// Only roads travelled in this heading at the snapped point (OSRM `bearings`: a
    /// navigation app rerouting sends the vehicle's heading, so that the new route does not
    /// start on the carriageway across the barrier or against the traffic).
    public var bearing: BearingRange?
    /// On which side of the road the route leaves or reaches the point (OSRM `approaches`).
    public var approach: Approach = .unrestricted
    /// OSRM `snapping=any`: roads no drive may start or end on (private service roads,
    /// car.lua's `is_startpoint = false`) are candidates too.
    public var anyRoad = false

    public init(bearing: BearingRange? = nil, approach: Approach = .unrestricted, anyRoad: Bool = false) {
        self.bearing = bearing
        self.approach = approach
        self.anyRoad = anyRoad
    }
}

/// A heading in degrees clockwise from north (0–360) and how far either side of it a road's
/// direction may turn (0–180): OSRM's `bearings` element `value,range`.
public struct BearingRange: Sendable, Equatable {
    public var degrees: Double
    public var range: Double

    public init(degrees: Double, range: Double) {
        self.degrees = degrees
        self.range = range
    }

    /// Whether travelling in heading `bearing` is within the range.
    @inlinable public func allows(_ bearing: Double) -> Bool {
        let difference = abs(bearing - degrees).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference) <= range
    }
}

/// OSRM's `approaches` element.
public enum Approach: String, Sendable, CaseIterable {
    /// Either side.
    case unrestricted
    /// With the point on the side of the road traffic keeps to (a passenger steps out onto the
    /// kerb, not into the traffic): for right-hand traffic, with the point on the right.
    case curb
    /// With the point on the other side.
    case opposite
}

extension Snapper {
    /// The directions of travel along sub-segment `entry` whose heading `bearing` allows and
    /// that the segment itself allows (a one-way street against its heading is no match).
    func directions(_ entry: SnapEntry, allowedBy bearing: BearingRange) -> SnapDirections {
        let s = graph.segments[Int(entry.segment)]
        let a = graph.points[Int(s.firstPoint + entry.offset)], b = graph.points[Int(s.firstPoint + entry.offset + 1)]
        let heading = Geo.bearing(a, b)
        var allowed: SnapDirections = []
        if s.weight(forward: true) >= 0 && bearing.allows(heading) { allowed.insert(.forward) }
        if s.weight(forward: false) >= 0 && bearing.allows(heading + 180) { allowed.insert(.backward) }
        return allowed
    }

    /// Narrows `snap` (made from sub-segment `entry` for input point `p`) to the direction
    /// that has `p` on the side `approach` asks for, given the side traffic keeps to there.
    /// One-way roads keep their directions, as osrm-routed does: there is only one way to
    /// reach them. The side is osrm-routed's (`ApproachSide.swift`): a point on the road's
    /// line lies on the right of the road's stored direction.
    func narrow(_ snap: inout Snap, _ entry: SnapEntry, _ p: FixedCoordinate, approach: Approach) {
        guard approach != .unrestricted else { return }
        let s = graph.segments[Int(entry.segment)]
        guard s.weight(forward: true) >= 0, s.weight(forward: false) >= 0, snap.directions == .both else { return }
        let a = graph.points[Int(s.firstPoint + entry.offset)], b = graph.points[Int(s.firstPoint + entry.offset + 1)]
        let stored = graph.storesForward(entry.segment)
        var right = stored ? !Self.isLeft(of: a, b, p) : !Self.isLeft(of: b, a, p)
        if DrivingSide.at(p) == .left { right.toggle() }    // the kerb is on the left there
        if approach == .opposite { right.toggle() }
        // Leaving or reaching the point in the stored direction when it lies on the side asked for.
        snap.directions = right == stored ? .forward : .backward
    }
}
