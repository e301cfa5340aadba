import WayfinderGraph

/// The restricted-entry charge of the driving search graph (`RestrictedRoads`).
enum RestrictedAccess {
    /// The extra cost of the driving turn from directed segment `incoming` into `next`
    /// (`2 * segment + (backward ? 1 : 0)`): the entry penalty when it leaves an unrestricted
    /// direction for a restricted one, as OSRM car.lua's `process_turn`.
    static func entryCost(_ network: RoadNetwork, from incoming: Int32, to next: Int32) -> Int32 {
        network.isRestricted(next) && !network.isRestricted(incoming) ? RestrictedRoads.entryCharge : 0
    }
}

extension RoadNetwork {
    /// Whether directed segment `x` is restricted for cars (always false on the walking network).
    func isRestricted(_ x: Int32) -> Bool {
        restrictedSegments.isEmpty ? false : restrictedSegments[Int(x >> 1)] & (x & 1 == 0 ? 1 : 2) != 0
    }
}
