import Foundation
import WayfinderGraph

/// Walking rules, after OSRM foot.lua and the lib/way_handlers.lua steps it runs (blocked
/// ways, access per direction, separately mapped sidewalks, `oneway:foot`, speed by kind of
/// way, surface, conveyors), in that order, so that the same tags give the same answer.
struct WalkingProfile: Profile {
    static let walkingSpeed = 5.0

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

        let decision = AccessRules.foot.decide(way: tags, highway: highway)
        let (forwardAccess, backwardAccess) = (decision.values.forward, decision.values.backward)
        var forward = !decision.forwardClosed, backward = !decision.backwardClosed
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
        if let blocked = AccessRules.foot.blocks(node: tags) { return blocked }
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

    static func hasSeparateSidewalk(_ tags: OSMTags) -> Bool {
        ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"].contains { tags.value($0, is: "separate") }
    }
}
