import WayfinderGraph

/// Roads open only to those with business there (`access=destination`, `private`, delivery,
/// an all-HOV road): OSRM car.lua's "restricted" ways. OSRM lets a route start or end on them
/// but charges its maximal turn weight, 32767 deciseconds, for entering one from an
/// unrestricted road, so that nobody passes through.
///
/// Known difference: OSRM charges the weight only and reports durations without it. This
/// graph has one weight that is also the duration, and the duration table (TableQuery) cannot
/// take the charge back, so routes and tables that enter a restricted road report it in
/// their duration too, until the graph carries durations apart from weights.
enum RestrictedAccess {
    /// Milliseconds added to a driving turn from an unrestricted onto a restricted direction.
    static let entryPenalty: Int32 = 3_276_700

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
