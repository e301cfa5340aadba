import WayfinderGraph

/// Car rules, after OSRM car.lua.
struct DrivingProfile: Profile {
    static let accessKeys = ["access", "vehicle", "motor_vehicle", "motorcar"]
    /// Access values that close a road to ordinary cars (OSRM car.lua's blacklist).
    static let closed: Set<String> = ["no", "private", "agricultural", "forestry", "emergency", "psv",
                                      "customers", "delivery", "bus", "permit"]
    /// `construction=*` values of a road still open to traffic (OSRM car.lua's whitelist).
    static let passableConstruction: Set<String> = ["no", "widening", "minor"]
    /// Barriers a car can pass (OSRM car.lua's whitelist); every other barrier blocks.
    static let passableBarriers: Set<String> = ["cattle_grid", "border_control", "toll_booth", "sally_port",
                                                "gate", "lift_gate", "no", "entrance", "height_restrictor", "arch"]

    static func defaultSpeed(_ roadClass: RoadClass, isLink: Bool) -> Double {
        switch roadClass {
        case .motorway: return isLink ? 45 : 90
        case .trunk: return isLink ? 40 : 85
        case .primary: return isLink ? 30 : 65
        case .secondary: return isLink ? 25 : 55
        case .tertiary: return isLink ? 20 : 40
        case .unclassified, .residential: return 25
        case .livingStreet: return 10
        case .service: return 15
        default: return 0
        }
    }

    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess {
        let isLink = tags["highway"]?.hasSuffix("_link") ?? false
        var speed = Self.defaultSpeed(roadClass, isLink: isLink)
        if speed == 0 { return WayAccess(forwardSpeed: 0, backwardSpeed: 0) }
        if tags.value("area", is: "yes") || tags.value("service", is: "emergency_access") || tags.value("highway", is: "road")
            || tags["construction"].map({ !Self.passableConstruction.contains($0) }) ?? false
            || tags.value("oneway", is: "reversible") {
            // Also: `highway=road` (not yet classified, maybe not built), a road under construction,
            // and a reversible one-way (its direction changes a few times a day), as OSRM.
            return WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        }
        if let access = accessValue(tags, Self.accessKeys), Self.closed.contains(access) {
            return WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        }
        if let limit = tags["maxspeed"].flatMap(parseMaxspeed) {
            // Signposted limits are rarely reached on average; OSRM scales them the same way.
            speed = max(5, limit * 0.8)
        }
        var forward = speed, backward = speed
        if let limit = tags["maxspeed:forward"].flatMap(parseMaxspeed) { forward = max(5, limit * 0.8) }
        if let limit = tags["maxspeed:backward"].flatMap(parseMaxspeed) { backward = max(5, limit * 0.8) }
        // Only motorways and roundabouts are one-way without a tag (not their links), as in OSRM.
        let impliedOneway = (roadClass == .motorway && !isLink) || tags.value("junction", isAnyOf: ["roundabout", "circular"])
        let oneway = tags["oneway:motorcar"] ?? tags["oneway:motor_vehicle"] ?? tags["oneway:vehicle"] ?? tags["oneway"]
        return WayAccess(forward: forward, backward: backward, oneway: oneway, implied: impliedOneway)
    }

    func blocks(node tags: OSMTags) -> Bool {
        if let access = accessValue(tags, Self.accessKeys) {
            if Self.closed.contains(access) { return true }
            if ["yes", "permissive", "designated", "destination"].contains(access) { return false }
        }
        guard let barrier = tags["barrier"] else { return false }
        return !Self.passableBarriers.contains(barrier)
    }
}
