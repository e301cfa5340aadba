import Foundation
import WayfinderGraph

/// Walking rules, after OSRM foot.lua and the lib/way_handlers.lua steps it runs (blocked
/// ways, access per direction, separately mapped sidewalks, `oneway:foot`, speed by kind of
/// way, surface, conveyors), in that order, so that the same tags give the same answer.
struct WalkingProfile: Profile {
    static let walkingSpeed = 5.0

    /// Access keys, most specific first (foot.lua `access_tags_hierarchy`), with the
    /// `:forward`/`:backward` variants spelled out once.
    static let accessKeys: [(plain: String, forward: String, backward: String)] =
        ["foot", "access"].map { ($0, $0 + ":forward", $0 + ":backward") }
    static let allowed: Set<String> = ["yes", "foot", "permissive", "designated"]
    /// `use_sidepath`: a compulsory parallel footway is mapped, and walkers must take it.
    /// (Unlike car.lua, `emergency` or `destination` do not close a way to walkers.)
    static let closed: Set<String> = ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"]

    /// Kinds of way walked whatever their access tags (foot.lua `speeds`): every other way,
    /// motorways, trunks, cycleways, bridleways, `highway=road` and any unknown value
    /// included, needs an access tag that lets walkers on.
    static let walkedHighways: Set<String> = [
        "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
        "unclassified", "residential", "living_street", "service", "track", "path", "steps",
        "pedestrian", "platform", "footway", "pier",
    ]
    static let walkedAmenities: Set<String> = ["parking", "parking_entrance"]

    /// Surfaces that slow a walker down, km/h (foot.lua `surface_speeds`).
    static let surfaceSpeeds: [String: Double] = [
        "fine_gravel": walkingSpeed * 0.75, "gravel": walkingSpeed * 0.75, "pebblestone": walkingSpeed * 0.75,
        "mud": walkingSpeed * 0.5, "sand": walkingSpeed * 0.5,
    ]

    /// Node barriers that stop a walker unless an access tag lets them through.
    static let blockingBarriers: Set<String> = ["yes", "wall", "fence"]

    /// Whether a way without a known `highway` class could still be walked: foot.lua looks
    /// no further at a way with none of these keys (a building with `access=yes` is not a path).
    static func mayBeWalked(_ tags: OSMTags) -> Bool {
        for key in ["highway", "railway", "amenity", "man_made", "public_transport", "platform", "route", "bridge"]
        where tags.nonEmptyValue(key) != nil {
            return true
        }
        return false
    }

    /// The class of a way with no known `highway` class: platforms and piers are announced
    /// and drawn as footways; anything else (car parks, unknown `highway` values) as `other`.
    static func walkingOnlyClass(_ tags: OSMTags) -> RoadClass {
        let isPlatform = tags.value("highway", isAnyOf: ["platform", "pier"]) || tags.value("railway", is: "platform")
            || tags.value("public_transport", is: "platform") || tags.value("man_made", is: "pier")
        return isPlatform ? .footway : .other
    }

    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess {
        let none = WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        let highway = tags.nonEmptyValue("highway")
        // Ways that are not there to walk on: motor roads, impassable ones, unbuilt ones (a
        // real road with a `proposed=*` upgrade stays walkable).
        if tags.value("motorroad", is: "yes") || tags.value("impassable", is: "yes") || tags.value("status", is: "impassable") {
            return none
        }
        if tags.nonEmptyValue("proposed") != nil && (highway == nil || highway == "proposed") { return none }

        let (forwardAccess, backwardAccess) = Self.directedAccess(tags)
        var forward = !Self.isClosed(forwardAccess), backward = !Self.isClosed(backwardAccess)
        if !forward && !backward { return none }

        if Self.hasSeparateSidewalk(tags) {
            // The sidewalk is its own way; walk there, not on the carriageway, unless the
            // carriageway itself lets walkers on (`foot=yes`, `foot=destination`, …).
            forward = forward && forwardAccess != nil
            backward = backward && backwardAccess != nil
            if !forward && !backward { return none }
        }

        // Walkers ignore `oneway`; only `oneway:foot` binds them.
        let oneway = tags.nonEmptyValue("oneway:foot")
        switch oneway {
        case "-1": forward = false
        case "yes", "1", "true": backward = false
        default: break
        }

        if !Self.isWalkedKind(tags, highway: highway) {
            // Any other way only with an access tag for walkers; a tag for one direction
            // only leaves the other closed.
            if forwardAccess == nil { forward = false }
            if backwardAccess == nil { backward = false }
        }

        // Moving walkways and escalators run one way unless tagged `oneway=no`.
        if let conveying = tags.nonEmptyValue("conveying"), highway == "steps" || highway == "footway",
           oneway ?? tags.nonEmptyValue("oneway") != "no" {
            if conveying == "forward" { backward = false }
            if conveying == "backward" { forward = false }
        }

        let speed = tags.nonEmptyValue("surface").flatMap { Self.surfaceSpeeds[$0] }.map { min($0, Self.walkingSpeed) } ?? Self.walkingSpeed
        return WayAccess(forwardSpeed: forward ? speed : 0, backwardSpeed: backward ? speed : 0)
    }

    func blocks(node tags: OSMTags) -> Bool {
        // An access tag on the node decides alone: `access=yes` opens a wall (a door in it).
        if let access = Self.accessKeys.lazy.compactMap({ tags.nonEmptyValue($0.plain) }).first {
            return Self.closed.contains(access)
        }
        guard let barrier = tags.nonEmptyValue("barrier"), Self.blockingBarriers.contains(barrier) else { return false }
        // A rising bollard is down for walkers; an audible fence is a sound that keeps cattle in.
        if tags.value("bollard", is: "rising") { return false }
        if barrier == "fence" && tags.value("sensory", isAnyOf: ["audible", "audio"]) { return false }
        return true
    }

    /// Kinds walked at walking speed without any access tag (foot.lua `speeds`).
    static func isWalkedKind(_ tags: OSMTags, highway: String?) -> Bool {
        if let highway, walkedHighways.contains(highway) { return true }
        if tags.value("railway", is: "platform") || tags.value("man_made", is: "pier") { return true }
        if let amenity = tags.nonEmptyValue("amenity"), walkedAmenities.contains(amenity) { return true }
        return false
    }

    /// The access value of each direction: per key from the most specific, a `:forward` or
    /// `:backward` value before the plain one (OSRM's `get_forward_backward_by_set`).
    static func directedAccess(_ tags: OSMTags) -> (forward: String?, backward: String?) {
        var forward: String?, backward: String?
        for key in accessKeys {
            if forward == nil { forward = tags.nonEmptyValue(key.forward) }
            if backward == nil { backward = tags.nonEmptyValue(key.backward) }
            if forward == nil || backward == nil {
                let common = tags.nonEmptyValue(key.plain)
                forward = forward ?? common
                backward = backward ?? common
            }
            if forward != nil && backward != nil { break }
        }
        return (forward.map(resolveList), backward.map(resolveList))
    }

    /// `yes;no`-style lists: the most permissive part counts (OSRM's `resolve_access`).
    static func resolveList(_ value: String) -> String {
        guard value.contains(";") else { return value }
        var best: String?, bestRank = -1
        for part in value.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let rank = allowed.contains(trimmed) ? 3 : closed.contains(trimmed) ? 1 : 0
            if rank > bestRank { (best, bestRank) = (trimmed, rank) }
        }
        return best ?? value
    }

    static func isClosed(_ access: String?) -> Bool { access.map(closed.contains) ?? false }

    static func hasSeparateSidewalk(_ tags: OSMTags) -> Bool {
        ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"].contains { tags.value($0, is: "separate") }
    }
}

extension OSMTags {
    /// A tag's value, nil when absent or empty (an empty value says nothing, as in OSRM).
    func nonEmptyValue(_ key: String) -> String? {
        guard let raw = rawValue(key), raw.pointee != 0 else { return nil }
        return String(cString: raw)
    }
}
