import WayfinderGraph

/// Walking rules, after OSRM foot.lua.
struct WalkingProfile: Profile {
    static let accessKeys = ["access", "foot"]
    static let closed: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "emergency"]
    static let walkingSpeed = 5.0

    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess {
        let none = WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        let access = accessValue(tags, Self.accessKeys)
        let explicitlyAllowed = access.map { ["yes", "designated", "permissive", "destination"].contains($0) } ?? false
        switch roadClass {
        case .other:
            return none   // highway values without a walking rule (runway, …), as before `.other` existed
        case .motorway, .trunk, .cycleway:
            // Walkers only where a sign says so.
            if !explicitlyAllowed { return none }
        default:
            break
        }
        if let access, Self.closed.contains(access) { return none }
        if tags.value("sidewalk", is: "separate") && !explicitlyAllowed && roadClass.rawValue <= RoadClass.secondary.rawValue {
            // The sidewalk is mapped as its own footway; routing on it keeps walkers off the carriageway.
            return none
        }
        return WayAccess(forward: Self.walkingSpeed, backward: Self.walkingSpeed, oneway: tags["oneway:foot"], implied: false)
    }

    func blocks(node tags: OSMTags) -> Bool {
        guard let access = accessValue(tags, Self.accessKeys) else { return false }
        return Self.closed.contains(access)
    }
}
