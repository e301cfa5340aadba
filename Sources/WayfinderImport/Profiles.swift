import Foundation
import WayfinderGraph

/// How one travel mode may use one way: speeds in km/h per direction (0 = not allowed).
struct WayAccess {
    var forwardSpeed: Double
    var backwardSpeed: Double
    var isUsable: Bool { forwardSpeed > 0 || backwardSpeed > 0 }
}

/// Tag rules of one travel mode, in the spirit of OSRM's car.lua and foot.lua.
protocol Profile {
    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess
    /// Whether a node (barrier, access tags) stops this mode passing through it.
    func blocks(node tags: OSMTags) -> Bool
}

/// Maps `highway=*` to a class; nil for values no mode routes on (proposed, platform, …).
func roadClass(highway: String) -> (RoadClass, isLink: Bool)? {
    switch highway {
    case "motorway": return (.motorway, false)
    case "motorway_link": return (.motorway, true)
    case "trunk": return (.trunk, false)
    case "trunk_link": return (.trunk, true)
    case "primary": return (.primary, false)
    case "primary_link": return (.primary, true)
    case "secondary": return (.secondary, false)
    case "secondary_link": return (.secondary, true)
    case "tertiary": return (.tertiary, false)
    case "tertiary_link": return (.tertiary, true)
    case "unclassified", "road": return (.unclassified, false)
    case "residential": return (.residential, false)
    case "living_street": return (.livingStreet, false)
    case "service": return (.service, false)
    case "track": return (.track, false)
    case "path", "bridleway": return (.path, false)
    case "footway", "corridor": return (.footway, false)
    case "cycleway": return (.cycleway, false)
    case "pedestrian": return (.pedestrian, false)
    case "steps": return (.steps, false)
    default: return nil
    }
}

/// The most specific access tag present wins: `keys` go from general to specific.
private func accessValue(_ tags: OSMTags, _ keys: [String]) -> String? {
    for key in keys.reversed() {
        if let value = tags[key] { return value }
    }
    return nil
}

/// Oneway direction from the tags: +1 forward only, -1 backward only, 0 both.
extension WayAccess {
    /// `forward` and `backward` speeds, the one against a `oneway` tag's direction closed
    /// (`implied`: one-way when the tag is absent or unknown, as on motorways and roundabouts).
    init(forward: Double, backward: Double, oneway value: String?, implied: Bool) {
        switch value {
        case "yes", "1", "true": self.init(forwardSpeed: forward, backwardSpeed: 0)
        case "-1", "reverse": self.init(forwardSpeed: 0, backwardSpeed: backward)
        case "no", "0", "false": self.init(forwardSpeed: forward, backwardSpeed: backward)
        default: self.init(forwardSpeed: forward, backwardSpeed: implied ? 0 : backward)
        }
    }
}

struct DrivingProfile: Profile {
    static let accessKeys = ["access", "vehicle", "motor_vehicle", "motorcar"]
    /// Access values that close a road to ordinary cars (OSRM car.lua's blacklist).
    static let closed: Set<String> = ["no", "private", "agricultural", "forestry", "emergency", "psv",
                                      "customers", "delivery", "bus", "permit"]
    /// Barriers a car can pass (OSRM car.lua's whitelist); every other barrier blocks.
    /// `construction=*` values of a road still open to traffic (OSRM car.lua's whitelist).
    static let passableConstruction: Set<String> = ["no", "widening", "minor"]
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

struct WalkingProfile: Profile {
    static let accessKeys = ["access", "foot"]
    static let closed: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "emergency"]
    static let walkingSpeed = 5.0

    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess {
        let none = WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        let access = accessValue(tags, Self.accessKeys)
        let explicitlyAllowed = access.map { ["yes", "designated", "permissive", "destination"].contains($0) } ?? false
        switch roadClass {
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

/// Parses `maxspeed` values: "50", "50 km/h", "30 mph", "walk", and a few "XX:zone" codes.
/// Returns km/h, or nil for values that say nothing usable ("signals", "none", …).
func parseMaxspeed(_ raw: String) -> Double? {
    let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
    if value == "walk" { return 7 }
    if let colon = value.firstIndex(of: ":") {
        switch value[value.index(after: colon)...] {
        case "urban": return 50
        case "rural": return 90
        case "motorway": return 120
        case "trunk": return 100
        case "living_street": return 20
        default: return nil
        }
    }
    var digits = Substring(value)
    var factor = 1.0
    if value.hasSuffix("mph") {
        digits = value.dropLast(3)
        factor = 1.609344
    } else if value.hasSuffix("km/h") {
        digits = value.dropLast(4)
    } else if value.hasSuffix("kmh") {
        digits = value.dropLast(3)
    }
    guard let number = Double(digits.trimmingCharacters(in: .whitespaces)), number > 0, number < 400 else { return nil }
    return number * factor
}
