/// Roads open only to those with business there (`access=destination`, `private`, delivery,
/// an all-HOV road): OSRM car.lua's "restricted" ways. OSRM lets a route start or end on them
/// but charges its maximal turn weight, 32767 deciseconds, for entering one from an
/// unrestricted road, so that nobody passes through. The charge steers the search only: OSRM
/// reports durations without it, and so does `Router` (it takes the charges the path paid back).
public enum RestrictedAccess {
    /// Milliseconds added to a driving turn from an unrestricted onto a restricted direction.
    public static let entryPenalty: Int32 = 3_276_700
}

extension WayInfo {
    /// Car: the way's forward / backward direction is restricted (driving only; walking ignores it).
    public static let carRestrictedForward: UInt8 = 4
    public static let carRestrictedBackward: UInt8 = 8

    @inlinable public func isCarRestricted(forward: Bool) -> Bool {
        flags & (forward ? Self.carRestrictedForward : Self.carRestrictedBackward) != 0
    }
}
