import WayfinderGraph

/// Cycling rules, after OSRM 26's bicycle.lua: its `process_way` handlers in the same order
/// (`blocked_ways`, `handle_bicycle_tags`, `handle_cycleway_separate`, `surface`,
/// `vehicle_speed_cap`, `startpoint`), with its tables, so that the same tags give the same
/// answer, direction by direction.
///
/// Unlike driving and walking, each direction of a way has its own way of travel
/// (`WayAccess.forwardTransport` / `backwardTransport`): ridden (`.road`), pushed at walking
/// pace (`.pushing`: on footways and steps, against a one-way street, where `foot=yes` lets
/// walkers on), or carried (`.ferry`, `.train`). The handlers are split by facet:
/// `CyclingProfile+Cycleways.swift` (cycle lanes and tracks, contraflow, `cycleway=separate`)
/// and `CyclingProfile+Pushing.swift` (`bike_push_handler`, `bicycle=dismount`).
///
/// Not taken over: bicycle.lua's `safety_handler` ("cyclability"): it only acts for the
/// `cyclability` weight, and OSRM's bicycle profile weighs by duration, as this graph does.
/// The road class passed in is not read: speeds come from the raw tags (bicycle.lua's own
/// tables), never from `roadClass(highway:)` (which files `road` under `unclassified` and
/// `bridleway` under `path`, both of which bicycles may not ride).
struct CyclingProfile: Profile {
    static let defaultSpeed = 15.0
    static let walkingSpeed = 4.0
    /// bicycle.lua `vehicle_max_speed`: no derived speed exceeds it (none of the tables does).
    static let vehicleMaxSpeed = 21.0
    static let ferrySpeed = 5.0

    /// km/h ridden by road type (`bicycle_speeds`). Every other `highway` value (motorways,
    /// trunks, `road`, bridleways, footways, steps, unknown ones) is ridden only where an
    /// access tag, a cycle lane or track, or pushing opens it.
    static let bicycleSpeeds: [String: Double] = [
        "cycleway": defaultSpeed, "primary": defaultSpeed, "primary_link": defaultSpeed, "secondary": defaultSpeed,
        "secondary_link": defaultSpeed, "tertiary": defaultSpeed, "tertiary_link": defaultSpeed,
        "residential": defaultSpeed, "unclassified": defaultSpeed, "living_street": defaultSpeed,
        "service": defaultSpeed, "track": 12, "path": 13,
    ]
    /// km/h pushed by road type (`pedestrian_speeds`) and on piers (`man_made_speeds`).
    static let pedestrianSpeeds: [String: Double] = ["footway": walkingSpeed, "pedestrian": walkingSpeed, "steps": 2]
    static let manMadeSpeeds: [String: Double] = ["pier": walkingSpeed]
    /// km/h on platforms, `railway=` or `public_transport=` (`platform_speeds`): ridden, not
    /// pushed, at walking pace.
    static let platformSpeeds: [String: Double] = ["platform": walkingSpeed]
    static let amenitySpeeds: [String: Double] = ["parking": 10, "parking_entrance": 10]
    /// km/h on board a train that takes bicycles (`railway_speeds`).
    static let railwaySpeeds: [String: Double] = [
        "train": 10, "railway": 10, "subway": 10, "light_rail": 10, "monorail": 10, "tram": 10,
    ]
    /// `route_speeds`: ferries only (a `shuttle_train` carries cars, not bicycles).
    static let routeSpeeds: [String: Double] = ["ferry": ferrySpeed]
    /// `bridge_speeds`: a movable bridge is ridden at 5 km/h, for the waits while it is open.
    static let bridgeSpeeds: [String: Double] = ["movable": 5]
    /// Caps by surface, km/h (`surface_speeds`; the tracktype and smoothness tables are empty).
    static let surfaceSpeeds: [String: Double] = [
        "asphalt": defaultSpeed, "chipseal": defaultSpeed, "concrete": defaultSpeed, "concrete_lanes": defaultSpeed,
        "wood": 10, "metal": 10, "cobblestone:flattened": 10, "paving_stones": 10, "compacted": 10, "fine_gravel": 10,
        "ground": 10, "sett": 9, "dirt": 8, "cobblestone": 7, "unpaved": 6, "gravel": 6, "pebblestone": 6,
        "grass_paver": 6, "earth": 6, "grass": 6, "laterite": 5, "mud": 3, "sand": 3, "woodchips": 3,
    ]
    /// `construction=*` values of a way still open (`construction_whitelist`).
    static let passableConstruction: Set<String> = ["no", "widening", "minor"]
    /// Node barriers that stop a bicycle unless an access tag on the node lets it through.
    static let blockingBarriers: Set<String> = ["yes", "wall", "fence"]
    /// Keys of which a way needs one, non-empty, to be looked at (the start of
    /// `handle_bicycle_tags`): a building with `access=yes` is not a way.
    static let routableKeys = ["highway", "route", "railway", "amenity", "man_made", "public_transport", "bridge"]

    /// Whether the way has one of `routableKeys` with a value (read without copying it out:
    /// every way of the file passes here).
    static func mayBeCycled(_ tags: OSMTags) -> Bool {
        routableKeys.contains { tags.rawValue($0).map { $0.pointee != 0 } ?? false }
    }

    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess {
        let refused = WayAccess(forwardSpeed: 0, backwardSpeed: 0)
        if Self.isBlocked(tags) { return refused }
        // handle_bicycle_tags
        guard var way = Way(tags) else { return refused }
        way.setSpeeds(tags)
        way.applyOneway(tags)
        way.applyCycleways(tags)
        way.pushBikes(tags)
        way.limitToMaxspeed(tags)
        way.closeDirectionsWithoutTime()
        way.closeDeniedDirections()
        // The rest of process_way.
        if Self.hasSeparateCycleway(tags) { return refused }
        if let cap = tags["surface"].flatMap({ Self.surfaceSpeeds[$0] }) {
            way.eachDirection { $0.speed = min(cap, $0.speed) }
        }
        way.eachDirection { if $0.speed > 0 { $0.speed = min($0.speed, Self.vehicleMaxSpeed) } }
        return way.result
    }

    /// bicycle.lua's `process_node`. An access tag on the node (the first of `bicycle`,
    /// `vehicle`, `access` present, as it stands: no `;` resolution) decides alone: a wall with
    /// `access=yes` (or any other value not in the blacklist, such as `destination`) is a
    /// door; a bollard with `access=no` blocks. Access tags on a crossing node are about
    /// crossing the road, not riding along it: they do not block. Only `yes`, `wall` and
    /// `fence` block by themselves (gates, bollards, cycle barriers are passed); a fence that
    /// only sounds for livestock (`sensory=audible`) does not.
    func blocks(node tags: OSMTags) -> Bool {
        if let access = AccessRules.bicycle.plainValue(tags), !access.isEmpty {
            return AccessRules.bicycle.isDenied(access) && !tags.value("highway", is: "crossing")
        }
        guard let barrier = tags.nonEmptyValue("barrier"), Self.blockingBarriers.contains(barrier) else { return false }
        return !(barrier == "fence" && tags.value("sensory", isAnyOf: ["audible", "audio"]))
    }

    /// lib/way_handlers.lua `blocked_ways` with bicycle.lua's `avoid` set (impassable,
    /// construction, proposed, motorroad): no access tag reopens these. A real road with a
    /// `proposed=*` upgrade stays open; areas, toll roads, steps and `oneway=reversible`
    /// (read as two-way by the one-way rules) are not blocked for bicycles.
    static func isBlocked(_ tags: OSMTags) -> Bool {
        let highway = tags["highway"]
        if highway == "construction" || tags.value("railway", is: "construction") || tags.value("motorroad", is: "yes") {
            return true
        }
        if let construction = tags["construction"], !passableConstruction.contains(construction) { return true }
        if tags.has("proposed") && (highway == nil || highway == "proposed") { return true }
        return tags.value("impassable", is: "yes") || tags.value("status", is: "impassable")
    }

    /// bicycle.lua's `Measure.get_max_speed`, not the car's `Maxspeed`: the leading digits
    /// (`"50.5"` is 50, `" 10"` and `"walk"` are nothing), times 1.609 when the value says
    /// `mph` or `mp/h`; no zone tables (`DE:urban` is nothing). 0 when there is no number.
    static func maxspeed(_ value: String?) -> Double {
        guard let value else { return 0 }
        let digits = value.utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let number = Double(String(decoding: digits, as: UTF8.self)) else { return 0 }
        return value.containsBytes("mph") || value.containsBytes("mp/h") ? number * 1.609 : number
    }

    /// One-way value of bicycle.lua's `oneway_handler`: +1 forward only, -1 backward only,
    /// 0 both ways; nil for any other value (`reverse`, `reversible`, `alternating`, a typo),
    /// which says nothing, unlike the car's reading.
    static func onewayDirection(_ value: String?) -> Int? {
        switch value {
        case "yes", "1", "true": return 1
        case "no", "0", "false": return 0
        case "-1": return -1
        default: return nil
        }
    }
}

extension CyclingProfile {
    /// One direction of a way while the handlers run: bicycle.lua's `result.forward_mode` and
    /// `result.forward_speed` (or their backward twins).
    struct Direction {
        /// How the direction is travelled (`.road` = ridden); nil for `mode.inaccessible`.
        var transport: Transport? = .road
        /// km/h; -1 until a handler gives one (the pushing handler looks for that value).
        var speed = -1.0

        static let closed = Direction(transport: nil, speed: 0)

        /// What the pushing handler may fill: closed, or still without a speed.
        var lacksSpeed: Bool { transport == nil || speed == -1 }

        /// lib/maxspeed.lua `limit`: a positive limit only lowers the speed.
        mutating func limit(to maxspeed: Double) {
            if maxspeed > 0 { speed = min(speed, maxspeed) }
        }
    }

    /// A way as bicycle.lua's handlers see it: the `data` table (values read once, decisions
    /// one handler hands to the next) and the `result` of each direction.
    struct Way {
        /// `data.highway`: the raw `highway` value, or `movable` on a movable bridge (whose
        /// branch of the speed handler replaces it, so that a motorway bridge implies no oneway).
        var highway: String?
        /// `data.access`: the first of `bicycle`, `vehicle`, `access` present, as it stands
        /// (lib/access.lua `find_access_tag`). The railway and unknown-way branches of the
        /// speed handler read this one, not the directional values.
        let access: String?
        /// The resolved directional values (`vehicle:forward=…`, a `;` list's best part) and
        /// which directions their blacklist closes, read for the whole hierarchy at once.
        let decision: AccessDecision
        /// Roundabouts, circular junctions and motorways (not their links, not trunks).
        var impliedOneway = false
        /// `oneway=-1` (or `oneway:bicycle=-1`): a cycle lane then runs backward.
        var reverse = false
        /// `data.way_type_allows_pushing`: the way may be pushed where it may not be ridden.
        var allowsPushing = false
        /// Seconds for the whole way from a valid `duration` tag; -1 when none.
        var duration = -1.0
        var forward = Direction(), backward = Direction()

        /// The start of `handle_bicycle_tags`: nil (the way is refused) without any of the
        /// routable keys, or when the access tags close it: the plain value is blacklisted,
        /// or both directions' resolved values are. This refuses pushing too (`footway` with
        /// `bicycle=no` is not pushed; `bicycle=use_sidepath` sends cyclists to the sidepath).
        init?(_ tags: OSMTags) {
            guard CyclingProfile.mayBeCycled(tags) else { return nil }
            let rules = AccessRules.bicycle
            access = rules.plainValue(tags)
            decision = rules.decide(way: tags, highway: nil)
            if rules.isDenied(access) || decision.isClosed { return nil }
            highway = tags["highway"]
        }

        mutating func eachDirection(_ body: (inout Direction) -> Void) {
            body(&forward)
            body(&backward)
        }

        mutating func setBothSpeeds(_ speed: Double) {
            eachDirection { $0.speed = speed }
        }

        /// bicycle.lua `speed_handler`: the first branch that matches sets both directions.
        /// Where a branch leaves no speed (-1), only a cycle lane or pushing can open the way.
        mutating func setSpeeds(_ tags: OSMTags) {
            let duration = tags["duration"].flatMap(parseWayDuration).map { Double(max($0, 1)) }
            let accessAllowed = access.map(AccessRules.bicycle.allowed.contains) ?? false
            if let bridge = tags["bridge"], let speed = CyclingProfile.bridgeSpeeds[bridge] {
                highway = bridge
                self.duration = duration ?? -1
                setBothSpeeds(speed)
                allowsPushing = true
            } else if let speed = tags["route"].flatMap({ CyclingProfile.routeSpeeds[$0] }) {
                // A ferry with a `duration` keeps no speed: then `foot=yes` lets the bicycle be
                // pushed aboard (the duration still decides the time), as in OSRM.
                eachDirection { $0.transport = .ferry }
                if let duration { self.duration = duration } else { setBothSpeeds(speed) }
            } else if let speed = tags["railway"].flatMap({ CyclingProfile.platformSpeeds[$0] })
                        ?? tags["public_transport"].flatMap({ CyclingProfile.platformSpeeds[$0] }) {
                setBothSpeeds(speed)
                allowsPushing = true
            } else if accessAllowed, let speed = tags["railway"].flatMap({ CyclingProfile.railwaySpeeds[$0] }) {
                // On board, when the railway lets bicycles on. A street with tram rails and
                // `bicycle=yes` becomes a train ride (and no place to start) as in OSRM; without
                // that tag it is a street like any other (the branches below).
                eachDirection { $0.transport = .train }
                setBothSpeeds(speed)
            } else if let speed = tags["amenity"].flatMap({ CyclingProfile.amenitySpeeds[$0] })
                        ?? highway.flatMap({ CyclingProfile.bicycleSpeeds[$0] }) {
                setBothSpeeds(speed)
                allowsPushing = true
            } else if accessAllowed {
                // Any other way an access tag opens (`highway=footway` + `bicycle=yes`, a
                // runway with `access=yes`): ridden at the default speed, steps included.
                setBothSpeeds(CyclingProfile.defaultSpeed)
                allowsPushing = true
            }
        }

        /// bicycle.lua `oneway_handler`: `oneway:bicycle`, else `oneway`, else the implied
        /// one-way of roundabouts and motorways. Only the listed values count; the car's
        /// `oneway:vehicle` and the like are not read. `oneway=no` on a roundabout makes it
        /// two-way but keeps it "implied" for the cycle lanes and pushing.
        mutating func applyOneway(_ tags: OSMTags) {
            impliedOneway = tags.value("junction", isAnyOf: ["roundabout", "circular"]) || highway == "motorway"
            let direction = CyclingProfile.onewayDirection(tags["oneway:bicycle"])
                ?? CyclingProfile.onewayDirection(tags["oneway"]) ?? (impliedOneway ? 1 : 0)
            if direction == 1 { backward.transport = nil }
            if direction == -1 {
                forward.transport = nil
                reverse = true
            }
        }

        /// lib/maxspeed.lua `limit` with bicycle.lua's reading of `maxspeed`,
        /// `maxspeed:forward`, `maxspeed:backward` (a direction's own tag before the plain
        /// one). It only lowers, pushing speeds included (`oneway=yes` + `maxspeed=2`: pushed
        /// back at 2 km/h), never a `duration`; unlike the car, the limit is not reduced to 80 %.
        mutating func limitToMaxspeed(_ tags: OSMTags) {
            let plain = CyclingProfile.maxspeed(tags["maxspeed"])
            let forwardLimit = CyclingProfile.maxspeed(tags["maxspeed:forward"])
            let backwardLimit = CyclingProfile.maxspeed(tags["maxspeed:backward"])
            forward.limit(to: forwardLimit > 0 ? forwardLimit : plain)
            backward.limit(to: backwardLimit > 0 ? backwardLimit : plain)
        }

        /// "Not routable if no speed assigned": a direction without speed or duration is closed.
        mutating func closeDirectionsWithoutTime() {
            let duration = duration
            eachDirection { if $0.speed <= 0 && duration <= 0 { $0.transport = nil } }
        }

        /// The end of `handle_bicycle_tags`: a direction whose own resolved access value is
        /// blacklisted (`vehicle:forward=agricultural`) is closed, after the pushing rules, so
        /// it is not pushed either. `bicycle=yes` fills both directions first and keeps them open.
        mutating func closeDeniedDirections() {
            if decision.forwardClosed { forward = .closed }
            if decision.backwardClosed { backward = .closed }
        }

        /// The way for the graph. A direction is kept, as by OSRM's extractor, when it has a
        /// mode and a speed or a duration. A ferry timed by its `duration` has no speed of
        /// its own: it gets the ferry speed, which only marks it open (the duration decides).
        /// OSRM's `startpoint` with `allowed_start_modes` cycling and pushing: no route starts
        /// or ends on a ferry or a train.
        var result: WayAccess {
            let duration = max(duration, 0)
            func speed(_ direction: Direction) -> Double {
                guard direction.transport != nil else { return 0 }
                return direction.speed > 0 ? direction.speed : duration > 0 ? CyclingProfile.ferrySpeed : 0
            }
            var access = WayAccess(forwardSpeed: speed(forward), backwardSpeed: speed(backward), duration: duration)
            access.forwardTransport = forward.transport ?? .road
            access.backwardTransport = backward.transport ?? .road
            access.isStartpoint = [(forward, access.forwardSpeed), (backward, access.backwardSpeed)].contains {
                $1 > 0 && ($0.transport == .road || $0.transport == .pushing)
            }
            return access
        }
    }
}
