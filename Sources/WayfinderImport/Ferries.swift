import WayfinderGraph

/// Ways travelled on board (ferries, shuttle trains) and movable bridges, after OSRM's
/// `handle_ferries` and `handle_movables` (lib/way_handlers.lua) with the speeds of car.lua
/// and foot.lua.
///
/// A ferry needs no `highway` tag: `route=ferry` (or `route=shuttle_train` for cars) makes
/// the way routable at the profile's route speed, or in the time its `duration` tag gives
/// (spread over the way by length). Such ways are not places to start or end a route: a
/// point on the water snaps to the nearest road, as in OSRM.
enum Ferries {
    /// OSRM's `route_speeds`: km/h on board, per mode; nil where the mode does not board.
    static func routeSpeed(_ transport: Transport, mode: TravelMode) -> Double? {
        switch (transport, mode) {
        case (.ferry, _): return 5
        case (.train, .driving): return 10
        default: return nil
        }
    }

    /// The `route=*` values travelled on board.
    static func transport(route: String?) -> Transport? {
        switch route {
        case "ferry": return .ferry
        case "shuttle_train": return .train
        default: return nil
        }
    }

    /// How `mode` may use a way with `route=*` travelled on board; nil when the route is not
    /// one `mode` boards (then the way's `highway` decides, if it has one).
    static func access(way tags: OSMTags, transport: Transport, mode: TravelMode) -> WayAccess? {
        guard let speed = routeSpeed(transport, mode: mode) else { return nil }
        let closed = WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        var (forwardOpen, backwardOpen) = (true, true)
        if mode == .driving {
            // A ferry is never "restricted" (only roads are, in car.lua): car.lua's whole
            // blacklist, `private` and `destination` included, closes it.
            if let value = accessValue(tags, DrivingProfile.accessKeys), CarAccessClass.isDenied(value) { return closed }
        } else {
            let (forward, backward) = WalkingProfile.directedAccess(tags)
            (forwardOpen, backwardOpen) = (!WalkingProfile.isClosed(forward), !WalkingProfile.isClosed(backward))
            if !forwardOpen && !backwardOpen { return closed }
        }
        // car.lua reads `oneway:motorcar` … `oneway`; foot.lua only `oneway:foot`.
        let oneway = mode == .driving
            ? DrivingProfile.onewayValue(tags)
            : tags["oneway:foot"]
        var access = WayAccess(forward: forwardOpen ? speed : 0, backward: backwardOpen ? speed : 0, oneway: oneway, implied: false)
        if let seconds = tags["duration"].flatMap(parseWayDuration) { access.duration = Double(max(seconds, 1)) }
        return access
    }

    /// OSRM's `bridge_speeds`: a movable bridge (`bridge=movable`) is crossed at 5 km/h by
    /// car, for the waits while it is open, or in its `duration`; walkers cross at their pace.
    static func movableBridge(_ access: WayAccess, tags: OSMTags, mode: TravelMode) -> WayAccess {
        guard mode == .driving, access.isUsable, tags.value("bridge", is: "movable") else { return access }
        var bridge = access
        if let seconds = tags["duration"].flatMap(parseWayDuration) {
            bridge.duration = Double(max(seconds, 1))
        } else {
            bridge.forwardSpeed = access.forwardSpeed > 0 ? 5 : 0
            bridge.backwardSpeed = access.backwardSpeed > 0 ? 5 : 0
        }
        return bridge
    }

    /// car.lua's `classes` of a way in each direction (`toll:forward`, `route:backward` …
    /// count for their direction only). `restricted` is car.lua's rule: a road (of the
    /// classes that may be restricted) whose access tag is one of the local-access values.
    static func classes(way tags: OSMTags, highway: String?) -> (forward: WayClasses, backward: WayClasses) {
        var forward: WayClasses = [], backward: WayClasses = []
        if let tunnel = tags["tunnel"], tunnel != "no" {
            forward.insert(.tunnel)
            backward.insert(.tunnel)
        }
        if (tags["toll:forward"] ?? tags["toll"]) == "yes" { forward.insert(.toll) }
        if (tags["toll:backward"] ?? tags["toll"]) == "yes" { backward.insert(.toll) }
        if (tags["route:forward"] ?? tags["route"]) == "ferry" { forward.insert(.ferry) }
        if (tags["route:backward"] ?? tags["route"]) == "ferry" { backward.insert(.ferry) }
        if let highway, restrictableHighways.contains(highway) {
            // The most specific key wins, its `:forward`/`:backward` form before its plain one.
            func access(_ suffix: String) -> String? {
                for key in DrivingProfile.accessKeys.reversed() {
                    if let value = tags[key + suffix] ?? tags[key] { return value }
                }
                return nil
            }
            if let value = access(":forward"), localAccess.contains(value) { forward.insert(.restricted) }
            if let value = access(":backward"), localAccess.contains(value) { backward.insert(.restricted) }
        }
        if highway == "motorway" || highway == "motorway_link" {
            forward.insert(.motorway)
            backward.insert(.motorway)
        }
        return (forward, backward)
    }

    /// car.lua's `restricted_highway_whitelist` and `restricted_access_tag_list`.
    static let restrictableHighways: Set<String> = [
        "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
        "tertiary", "tertiary_link", "residential", "living_street", "unclassified", "service", "winter_road", "ice_road",
    ]
    static let localAccess: Set<String> = ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"]
}
