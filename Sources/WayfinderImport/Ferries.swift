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
        // The access tags are read as on a road, before boarding (OSRM's `access` step runs
        // before `ferries`), so `motor_vehicle=yes` opens a ferry tagged `access=no` to cars.
        // A ferry without a `highway` tag is never "restricted" (only roads are, in car.lua):
        // there `private` and `destination` close it.
        let decision = (mode == .driving ? AccessRules.car : AccessRules.foot).decide(way: tags, highway: tags["highway"])
        if decision.isClosed { return WayAccess(forwardSpeed: 0, backwardSpeed: 0) }
        let (forwardOpen, backwardOpen) = (!decision.forwardClosed, !decision.backwardClosed)
        // car.lua reads `oneway:motorcar` … `oneway`; foot.lua only `oneway:foot`.
        let oneway = mode == .driving
            ? DrivingProfile.onewayValue(tags)
            : tags["oneway:foot"]
        var access = WayAccess(forward: forwardOpen ? speed : 0, backward: backwardOpen ? speed : 0, oneway: oneway, implied: false)
        if let seconds = tags["duration"].flatMap(parseWayDuration) { access.duration = Double(max(seconds, 1)) }
        (access.forwardRestricted, access.backwardRestricted) = (decision.forwardRestricted, decision.backwardRestricted)
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
}
