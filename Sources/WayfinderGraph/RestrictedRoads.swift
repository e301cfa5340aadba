/// Roads open only to those with business there (`access=destination`, `private`, delivery,
/// an all-HOV road): OSRM car.lua's "restricted" ways. A route may start or end on one, but
/// entering one from an open road costs `entryCharge` in the driving search, so that nobody
/// passes through unless there is no other way (as OSRM's maximal turn weight).
///
/// The charge steers the search only: like OSRM, which charges it to the weight and not to
/// the duration, `Router` takes it back out of a route's reported time (one charge per entry
/// along the path, read from the way flags below).
public enum RestrictedRoads {
    /// Milliseconds charged for entering a restricted direction from an open one (OSRM's
    /// `max_turn_weight`, 32767 deciseconds).
    public static let entryCharge: Int32 = 3_276_700
}

extension WayInfo {
    /// Car: the way's forward (backward) direction is restricted (`RestrictedRoads`).
    public static let carRestrictedForward: UInt8 = 16
    public static let carRestrictedBackward: UInt8 = 32

    @inlinable public func isCarRestricted(forward: Bool) -> Bool {
        flags & (forward ? Self.carRestrictedForward : Self.carRestrictedBackward) != 0
    }
}
