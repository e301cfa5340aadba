import WayfinderGraph

/// The import side of `RestrictedAccess`: which directed segments are restricted for cars,
/// and the charge of a turn onto one.
extension RestrictedAccess {
    /// `WayInfo` flags of a way the car profile rated `access`.
    static func wayFlags(_ access: WayAccess) -> UInt8 {
        (access.forwardRestricted ? WayInfo.carRestrictedForward : 0) | (access.backwardRestricted ? WayInfo.carRestrictedBackward : 0)
    }

    /// The extra cost of the driving turn from directed segment `incoming` into `next`
    /// (`2 * segment + (backward ? 1 : 0)`): the entry penalty when it leaves an unrestricted
    /// direction for a restricted one, as OSRM car.lua's `process_turn`.
    static func entryCost(_ network: RoadNetwork, from incoming: Int32, to next: Int32) -> Int32 {
        network.isRestricted(next) && !network.isRestricted(incoming) ? entryPenalty : 0
    }
}

extension RoadNetwork {
    /// Whether directed segment `x` is restricted for cars (always false on the walking network).
    func isRestricted(_ x: Int32) -> Bool {
        restrictedSegments.isEmpty ? false : restrictedSegments[Int(x >> 1)] & (x & 1 == 0 ? 1 : 2) != 0
    }
}
