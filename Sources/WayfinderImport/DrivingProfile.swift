import WayfinderGraph

/// Car rules, after OSRM car.lua's `process_way` (its handlers in the same order: closures,
/// physical limits, access, one-way, service, HOV, speed, maxspeed, surface, start points).
///
/// Not taken over: car.lua's rate penalties (narrow roads, single lanes, missing lane markings,
/// parking aisles, side roads, alternating one-ways, `priority`). In OSRM they change only the
/// routing weight, never the duration; this graph has one weight that is also the duration, so
/// applying them would make reported times wrong. Routes may therefore prefer such roads a little
/// more than OSRM does.
struct DrivingProfile: Profile {
    /// The one-way tag a car obeys: the most specific of `oneway:motorcar` … `oneway`.
    static func onewayValue(_ tags: OSMTags) -> String? {
        tags["oneway:motorcar"] ?? tags["oneway:motor_vehicle"] ?? tags["oneway:vehicle"] ?? tags["oneway"]
    }

    /// Whether cars may only go forward, or only backward, along the way: the `oneway` tag, or
    /// implied on motorways and roundabouts unless `oneway=no` (OSRM's `is_forward_oneway` /
    /// `is_reverse_oneway`, which also decide which destination signs a way has).
    static func onewayDirection(_ tags: OSMTags, highway: String) -> (forward: Bool, reverse: Bool) {
        let oneway = onewayValue(tags)
        switch oneway {
        case "-1": return (false, true)
        case "yes", "1", "true": return (true, false)
        default:
            let implied = oneway != "no"
                && (highway == "motorway" || tags.value("junction", isAnyOf: ["roundabout", "circular"]))
            return (implied, false)
        }
    }

    /// `construction=*` values of a road still open to traffic (OSRM car.lua's whitelist).
    static let passableConstruction: Set<String> = ["no", "widening", "minor"]
    /// Road types a car may not use whatever the access tags say (OSRM car.lua's `avoid`).
    static let avoidedHighways: Set<String> = ["steps", "construction", "proposed", "area", "reversible", "impassable", "hov_lanes"]
    /// km/h by road type (OSRM car.lua `speeds`).
    static let highwaySpeeds: [String: Double] = [
        "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65, "primary_link": 30,
        "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20, "unclassified": 25,
        "residential": 25, "living_street": 10, "service": 15, "winter_road": 20, "ice_road": 15,
    ]
    /// km/h on a road type without its own speed that an access tag opens to cars (`default_speed`).
    static let defaultSpeed = 10.0

    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess {
        let closed = WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        let highway = tags["highway"] ?? ""
        if Self.isClosed(tags, highway: highway) { return closed }
        var (forwardOpen, backwardOpen) = PhysicalLimits.carFits(tags)

        // Access, each direction on its own (`vehicle:forward=no`, …).
        let rules = AccessRules.car, decision = rules.decide(way: tags, highway: highway)
        let (forwardAccess, backwardAccess) = (decision.values.forward, decision.values.backward)
        var result = closed
        (result.forwardRestricted, result.backwardRestricted) = (decision.forwardRestricted, decision.backwardRestricted)
        if decision.forwardClosed { forwardOpen = false }
        if decision.backwardClosed { backwardOpen = false }
        if !forwardOpen && !backwardOpen { return closed }

        // One-way: the most specific `oneway:*` tag wins; motorways and roundabouts are one-way
        // unless `oneway=no` (only these values count, as in OSRM: `reverse`, `false`, … do not).
        let (forwardOneway, reverseOneway) = Self.onewayDirection(tags, highway: highway)
        if reverseOneway { forwardOpen = false }
        if forwardOneway { backwardOpen = false }
        if tags.value("service", is: "emergency_access") { return closed }
        Self.markHOV(tags, &result, forwardOneway: forwardOneway, reverseOneway: reverseOneway)

        // Speed: by road type; a type without one only where an access tag opens it.
        var forward = -1.0, backward = -1.0
        if let speed = Self.highwaySpeeds[highway] {
            (forward, backward) = (speed, speed)
        } else {
            if let access = forwardAccess, !rules.isDenied(access) { forward = Self.defaultSpeed }
            else if forwardAccess == nil && backwardAccess != nil { forwardOpen = false }
            if let access = backwardAccess, !rules.isDenied(access) { backward = Self.defaultSpeed }
            else if backwardAccess == nil && forwardAccess != nil { backwardOpen = false }
        }
        // No speed either way: a road type cars do not use (OSRM stops here, before maxspeed).
        if forward < 0 && backward < 0 { return closed }
        let limits = Maxspeed.limits(tags)
        if let limit = limits.forward { forward = limit * Maxspeed.reduction }
        if let limit = limits.backward { backward = limit * Maxspeed.reduction }
        if let cap = SurfaceSpeeds.cap(tags) {
            forward = min(forward, cap)
            backward = min(backward, cap)
        }
        result.forwardSpeed = forwardOpen ? max(0, forward) : 0
        result.backwardSpeed = backwardOpen ? max(0, backward) : 0
        if !result.isUsable { return closed }
        // A private service road (a driveway, a company's yard) is no place to start or end.
        result.isStartpoint = !(highway == "service" && forwardAccess == "private")
        return result
    }

    /// Ways no car may use (OSRM `blocked_ways` and `avoid_ways`): areas, steps, roads under
    /// construction or only proposed, reversible one-ways (their direction changes a few
    /// times a day), impassable ones.
    static func isClosed(_ tags: OSMTags, highway: String) -> Bool {
        if avoidedHighways.contains(highway) { return true }
        if tags.value("area", is: "yes") || tags.value("oneway", is: "reversible")
            || tags.value("impassable", is: "yes") || tags.value("status", is: "impassable") {
            return true
        }
        if let construction = tags["construction"], !passableConstruction.contains(construction) { return true }
        return false
    }

    /// `hov:lanes` and its `:forward` / `:backward` forms, made once (`markHOV`).
    static let hovLanes: DirectionalKeys = ["hov:lanes"]

    /// `hov=designated`, or every lane of a direction HOV-only (`hov:lanes=designated|designated`):
    /// restricted, so that a route uses it only when it starts or ends there (OSRM `hov` handler).
    static func markHOV(_ tags: OSMTags, _ result: inout WayAccess, forwardOneway: Bool, reverseOneway: Bool) {
        if tags.value("hov", is: "designated") {
            result.forwardRestricted = true
            result.backwardRestricted = true
        }
        let lanes = directionalValues(tags, key: hovLanes, forwardOneway: forwardOneway, reverseOneway: reverseOneway)
        func allDesignated(_ value: String?) -> Bool {
            guard let value else { return false }
            return value.split(separator: "|", omittingEmptySubsequences: false).allSatisfy { $0 == "designated" }
        }
        if allDesignated(lanes.forward) { result.forwardRestricted = true }
        if allDesignated(lanes.backward) { result.backwardRestricted = true }
    }

    func blocks(node tags: OSMTags) -> Bool { CarBarriers.blocks(tags) }
}
