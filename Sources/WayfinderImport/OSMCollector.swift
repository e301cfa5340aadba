import WayfinderGraph

/// Counters reported by the importer; clipped extracts make some of them non-zero.
public struct ImportCounts: Sendable {
    public var routableWays = 0
    public var skippedWayRefs = 0
    public var restrictions = 0
    /// Restriction relations with missing members or more from/to ways than their kind allows.
    public var restrictionsIncomplete = 0
    /// Restriction relations ignored on purpose: exceptions for cars, `*_on_red`, unknown values.
    public var restrictionsIgnored = 0
    public var restrictionsViaWay = 0
    public var barriers = 0
}

/// First pass over the OSM file: keeps routable ways (geometry stored once for all modes),
/// node tags that matter for routing, and turn restrictions.
final class OSMCollector: OSMHandler {
    /// Every point of every kept way piece, in order, and the OSM node id of each.
    var points: [FixedCoordinate] = []
    var pointNodeIds: [Int64] = []
    var ways: [WayInfo] = []
    /// `points[wayFirstPoint[i] ... wayLastPoint[i]]` is the geometry of `ways[i]`.
    var wayFirstPoint: [Int32] = []
    var wayLastPoint: [Int32] = []
    /// Per mode (index `mode.rawValue - 1`), per way: allowed speeds (empty for a mode not built).
    var access: [[WayAccess]] = [[], [], []]
    var blockedNodes: [Set<Int64>] = [[], [], []]
    /// Driving: what each node with traffic signals, stop or give-way signs or a gate costs.
    var obstacles: [Int64: [NodeObstacle]] = [:]
    /// Turn restrictions for cars, and those for bicycles (`restriction:bicycle`, another
    /// reading of `except`).
    var restrictions: [TurnRestriction] = []
    var bicycleRestrictions: [TurnRestriction] = []
    var strings = StringTableBuilder()
    /// The signs of the kept ways that have any, by way (`WaySignTable`).
    var signs: [WaySigns] = []
    /// The turn lanes of the kept ways that have any, by way (`WayLaneTable`).
    var lanes: [WayLanes] = []
    /// `type=maneuver` relations (`ManeuverRelations.swift`).
    var maneuvers: [ManeuverRelation] = []
    var counts = ImportCounts()

    /// In `TravelMode` order.
    private let profiles: [any Profile] = [DrivingProfile(), WalkingProfile(), CyclingProfile()]
    /// Whether each mode (same order) is built. The others' profiles are not run: a way only
    /// they could use is not kept, and they block no node (`--modes driving,walking` reads
    /// 10x10 faster and keeps fewer points).
    private let built: [Bool]

    init(modes: [TravelMode] = TravelMode.allCases) {
        built = TravelMode.allCases.map(modes.contains)
    }

    /// The turn restrictions `mode` obeys (walkers obey none).
    func restrictions(of mode: TravelMode) -> [TurnRestriction] {
        switch mode {
        case .driving: return restrictions
        case .cycling: return bicycleRestrictions
        case .walking: return []
        }
    }

    /// Gives back the room the arrays grew into while reading (up to half of each: they
    /// double), once nothing more is appended. Each is copied to one of its exact size.
    func dropSpareCapacity() {
        func exact<T>(_ array: inout [T]) { array = array.withUnsafeBufferPointer { Array($0) } }
        exact(&points)
        exact(&pointNodeIds)
        exact(&ways)
        exact(&wayFirstPoint)
        exact(&wayLastPoint)
        for m in access.indices { exact(&access[m]) }
    }

    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        if tags.has("highway") || tags.has("barrier") {
            let found = NodeObstacle.parse(tags)
            if !found.isEmpty { obstacles[id] = found }
        }
        guard tags.has("barrier") || AccessRules.anyModeKeys.contains(where: tags.has) else { return }
        var blocked = false
        for (index, profile) in profiles.enumerated() where built[index] && profile.blocks(node: tags) {
            blockedNodes[index].insert(id)
            blocked = true
        }
        if blocked { counts.barriers += 1 }
    }

    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        // Ferries and shuttle trains need no `highway` tag (`Ferries`). Walkers also use
        // platforms, piers and parking areas, and any way with an access tag for them
        // (foot.lua): those come with a class no car profile drives.
        let highway = tags["highway"], onBoard = Ferries.transport(route: tags["route"])
        let road = highway.flatMap { WayfinderImport.roadClass(highway: $0) }
        guard road != nil || onBoard != nil || WalkingProfile.mayBeWalked(tags) else { return }
        let (roadClass, isLink) = road ?? (onBoard != nil ? .other : WalkingProfile.walkingOnlyClass(tags), false)
        let modes = zip(profiles, TravelMode.allCases).map { profile, mode in
            guard built[Int(mode.rawValue - 1)] else { return WayAccess(forwardSpeed: 0, backwardSpeed: 0) }
            // The bicycle profile reads ferries and movable bridges itself (its own speeds,
            // pushing aboard: `CyclingProfile`).
            return mode == .cycling ? profile.access(way: tags, roadClass: roadClass)
            : onBoard.flatMap { Ferries.access(way: tags, transport: $0, mode: mode) }
                ?? Ferries.movableBridge(road == nil && onBoard != nil ? WayAccess(forwardSpeed: 0, backwardSpeed: 0)
                                            : profile.access(way: tags, roadClass: roadClass), tags: tags, mode: mode)
        }
        guard modes.contains(where: \.isUsable) else { return }
        counts.routableWays += 1
        var flags: UInt8 = isLink ? WayInfo.isLink : 0
        var info = WayInfo(osmId: id, name: 0, ref: 0, roadClass: roadClass, flags: 0)
        info.transport = (onBoard ?? .road).rawValue
        info.lanes = LaneTags.count(tags)
        if tags.value("junction", isAnyOf: ["roundabout", "circular"]) { flags |= WayInfo.isRoundabout }
        if tags.value("junction", isAnyOf: ["circular"]) { flags |= WayInfo.isCircular }
        if isUnderground(tags) { flags |= WayInfo.isUnderground }
        let driving = modes[Int(TravelMode.driving.rawValue - 1)]
        let classes = WayClasses.carProfile(way: tags, highway: highway, driving: driving)
        (info.forwardClasses, info.backwardClasses) = (classes.forward.rawValue, classes.backward.rawValue)
        if !driving.isStartpoint { flags |= WayInfo.carNoStart }
        if driving.forwardRestricted { flags |= WayInfo.carRestrictedForward }
        if driving.backwardRestricted { flags |= WayInfo.carRestrictedBackward }
        let name = strings.intern(announcedName(tags))
        let ref = strings.intern(tags["ref"] ?? "")
        let signed = SignTags.read(tags)
        var sign = WaySigns(way: 0, destinations: strings.intern(signed.destinations), exits: strings.intern(signed.exits),
                            pronunciation: strings.intern(signed.pronunciation))
        let laned = LaneTags.read(tags)
        var lane = WayLanes(way: 0, forward: strings.intern(laned.forward), backward: strings.intern(laned.backward))
        // Clipped extracts lose nodes: each run of located nodes becomes its own piece.
        var runStart = -1
        func closeRun(_ end: Int) {
            defer { runStart = -1 }
            guard runStart >= 0, end - runStart >= 2 else { return }
            wayFirstPoint.append(Int32(points.count))
            for i in runStart..<end {
                points.append(nodes.location(i)!)
                pointNodeIds.append(nodes.id(i))
            }
            wayLastPoint.append(Int32(points.count - 1))
            (info.name, info.ref, info.flags) = (name, ref, flags)
            if !sign.isEmpty {
                sign.way = Int32(ways.count)
                signs.append(sign)
            }
            if !lane.isEmpty {
                lane.way = Int32(ways.count)
                lanes.append(lane)
            }
            ways.append(info)
            for m in 0..<modes.count where built[m] { access[m].append(modes[m]) }
        }
        for i in 0..<nodes.count {
            if nodes.location(i) == nil {
                counts.skippedWayRefs += 1
                closeRun(i)
            } else if runStart < 0 {
                runStart = i
            }
        }
        closeRun(nodes.count)
    }

    /// The areas go to the geocoder's and base map's collectors, on the other thread.
    var receivesAreas: Bool { false }

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        if let maneuver = ManeuverRelation.parse(members: members, tags: tags) {
            maneuvers.append(maneuver)
            return
        }
        switch TurnRestriction.parse(members: members, tags: tags) {
        case .notARestriction: break
        case .ignored: counts.restrictionsIgnored += 1
        case .invalid: counts.restrictionsIncomplete += 1
        case .restrictions(let found):
            // Counted per from/to pair: a `no_entry` with three from-ways makes three.
            counts.restrictions += found.count
            if found[0].isViaWay { counts.restrictionsViaWay += found.count }
            restrictions += found
        }
        // The counts are the cars'; bicycles' restrictions are mostly the same relations.
        if built[Int(TravelMode.cycling.rawValue - 1)],
           case .restrictions(let found) = TurnRestriction.parse(members: members, tags: tags, vehicle: .bicycle) {
            bicycleRestrictions += found
        }
    }
}

/// Whether a way runs below the surface or indoors: a tunnel (not a building passage, which
/// is at street level), a negative layer, `indoor`, a corridor, `location=underground`.
func isUnderground(_ tags: OSMTags) -> Bool {
    if let tunnel = tags["tunnel"], tunnel != "no", tunnel != "building_passage" { return true }
    if let layer = tags["layer"].flatMap({ Int($0) }), layer < 0 { return true }
    if let indoor = tags["indoor"], indoor != "no" { return true }
    return tags.value("highway", is: "corridor") || tags.value("location", isAnyOf: ["underground", "indoor"])
}
