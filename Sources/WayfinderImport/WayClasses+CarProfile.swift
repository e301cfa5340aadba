import WayfinderGraph

extension WayClasses {
    /// car.lua's `classes` of any way a car may use, road or ferry, in each direction
    /// (OSRM `WayHandlers.classes`; `toll:forward`, `route:backward` … count for their
    /// direction only). `restricted` is no reading of its own: it is the car's routing
    /// decision, `driving` (restricted access values on road types that may be restricted, as
    /// `AccessRules` resolves them, and all-HOV roads), so the class says what the search
    /// charges.
    static func carProfile(way tags: OSMTags, highway: String?, driving: WayAccess) -> (forward: WayClasses, backward: WayClasses) {
        var forward: WayClasses = [], backward: WayClasses = []
        if let tunnel = tags["tunnel"], tunnel != "no" {
            forward.insert(.tunnel)
            backward.insert(.tunnel)
        }
        if (tags["toll:forward"] ?? tags["toll"]) == "yes" { forward.insert(.toll) }
        if (tags["toll:backward"] ?? tags["toll"]) == "yes" { backward.insert(.toll) }
        if (tags["route:forward"] ?? tags["route"]) == "ferry" { forward.insert(.ferry) }
        if (tags["route:backward"] ?? tags["route"]) == "ferry" { backward.insert(.ferry) }
        if driving.forwardRestricted { forward.insert(.restricted) }
        if driving.backwardRestricted { backward.insert(.restricted) }
        if highway == "motorway" || highway == "motorway_link" {
            forward.insert(.motorway)
            backward.insert(.motorway)
        }
        return (forward, backward)
    }
}
