import WayfinderGraph

/// A turn restriction relation reduced to what the turn graph needs.
struct TurnRestriction {
    var fromWay: Int64
    var viaNode: Int64
    var toWay: Int64
    /// `only_*` (every other turn from `fromWay` at the via node is forbidden) versus `no_*`.
    var isMandatory: Bool
}

/// Counters reported by the importer; clipped extracts make some of them non-zero.
public struct ImportCounts: Sendable {
    public var routableWays = 0
    public var skippedWayRefs = 0
    public var restrictions = 0
    public var restrictionsIncomplete = 0
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
    /// Per mode (index `mode.rawValue - 1`), per way: allowed speeds.
    var access: [[WayAccess]] = [[], []]
    var blockedNodes: [Set<Int64>] = [[], []]
    var trafficSignals: Set<Int64> = []
    var restrictions: [TurnRestriction] = []
    var strings = StringTableBuilder()
    var counts = ImportCounts()

    private let profiles: [any Profile] = [DrivingProfile(), WalkingProfile()]

    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        if tags.value("highway", is: "traffic_signals") { trafficSignals.insert(id) }
        guard tags.has("barrier") || tags.has("access") || tags.has("motor_vehicle") || tags.has("foot")
            || tags.has("vehicle") || tags.has("motorcar") else { return }
        var blocked = false
        for (index, profile) in profiles.enumerated() where profile.blocks(node: tags) {
            blockedNodes[index].insert(id)
            blocked = true
        }
        if blocked { counts.barriers += 1 }
    }

    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        guard let highway = tags["highway"], let (roadClass, isLink) = WayfinderImport.roadClass(highway: highway) else { return }
        let modes = profiles.map { $0.access(way: tags, roadClass: roadClass) }
        guard modes.contains(where: \.isUsable) else { return }
        counts.routableWays += 1
        var flags: UInt8 = isLink ? WayInfo.isLink : 0
        if tags.value("junction", isAnyOf: ["roundabout", "circular"]) { flags |= WayInfo.isRoundabout }
        if !modes[Int(TravelMode.driving.rawValue - 1)].isStartpoint { flags |= WayInfo.carNoStart }
        let name = strings.intern(tags["name"] ?? "")
        let ref = strings.intern(tags["ref"] ?? "")
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
            ways.append(WayInfo(osmId: id, name: name, ref: ref, roadClass: roadClass, flags: flags))
            for m in 0..<modes.count { access[m].append(modes[m]) }
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

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        guard tags.value("type", is: "restriction") else { return }
        guard let kind = tags["restriction"] ?? tags["restriction:motorcar"] ?? tags["restriction:motor_vehicle"] else { return }
        if let except = tags["except"], except.contains("motorcar") || except.contains("motor_vehicle") { return }
        // `no_right_turn_on_red` and the like are about traffic lights, not about the turn.
        if kind.hasSuffix("_on_red") { return }
        counts.restrictions += 1
        var from: Int64?, to: Int64?, via: Int64?, viaIsWay = false
        for member in members {
            switch (member.role, member.type) {
            case ("from", .way): from = member.ref
            case ("to", .way): to = member.ref
            case ("via", .node): via = member.ref
            case ("via", .way): viaIsWay = true
            default: break
            }
        }
        if viaIsWay {
            counts.restrictionsViaWay += 1
            return
        }
        guard let from, let to, let via, kind.hasPrefix("no_") || kind.hasPrefix("only_") else {
            counts.restrictionsIncomplete += 1
            return
        }
        restrictions.append(TurnRestriction(fromWay: from, viaNode: via, toWay: to, isMandatory: kind.hasPrefix("only_")))
    }
}
