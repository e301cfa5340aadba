/// Which OSM nodes stop a car, as OSRM car.lua's `process_node`. An access tag on the node
/// decides alone (a `barrier=wall` with `access=yes` is passable, a gate with `access=no` is
/// not); without one, the barrier type decides. Gates cost time but do not block (their time
/// penalty is a turn cost, not decided here).
enum CarBarriers {
    /// Barriers a car passes (OSRM's whitelist, plus the gates it penalises instead of blocking).
    static let passable: Set<String> = ["cattle_grid", "border_control", "toll_booth", "sally_port", "no",
                                        "entrance", "height_restrictor", "arch", "gate", "lift_gate"]

    static func blocks(_ tags: OSMTags) -> Bool {
        // `private`, `destination`, … let a car through (to reach its destination).
        if let blocked = AccessRules.car.blocks(node: tags) { return blocked }
        guard let barrier = tags["barrier"] else { return false }
        if barrier == "height_restrictor", let raw = tags["maxheight"],
           let height = PhysicalLimits.height(raw), height < PhysicalLimits.vehicleHeight {
            return true
        }
        if passable.contains(barrier) { return false }
        // A bollard that sinks into the road for permitted cars.
        if barrier == "bollard" && tags.value("bollard", is: "rising") { return false }
        // A lowered or flush kerb, or a crossing's kerb mapped on the road itself.
        if barrier == "kerb" && (tags.value("kerb", isAnyOf: ["lowered", "flush"]) || tags.value("highway", is: "crossing")) {
            return false
        }
        // A virtual fence that only sounds for livestock.
        if barrier == "fence" && tags.value("sensory", isAnyOf: ["audible", "audio"]) { return false }
        return true
    }
}
