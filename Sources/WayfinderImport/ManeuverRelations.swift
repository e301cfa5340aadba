import WayfinderGraph

/// `type=maneuver` (or `manoeuvre`) relations, after OSRM's maneuver override parser: a
/// from-way, optional via-ways, a to-way and exactly one via node, with the maneuver to say
/// at that node (`manoeuvre` winning over `maneuver`) and an optional `direction`. Read in
/// the one pass over the file; located (the via node's coordinate) when the file is written.
struct ManeuverRelation: Equatable {
    var fromWay: Int64
    var viaWays: [Int64]
    var toWay: Int64
    var viaNode: Int64
    var kind: ManeuverOverride.Kind
    /// 0: keep the computed direction; else 1 + the index in `ManeuverOverride.directions`.
    var direction: UInt8

    /// The relation's override, or nil where it is none or incomplete (no from- or to-way,
    /// not exactly one via node, an unknown maneuver or direction).
    static func parse(members: [OSMMember], tags: OSMTags) -> ManeuverRelation? {
        guard tags.value("type", isAnyOf: ["maneuver", "manoeuvre"]),
              let value = tags["manoeuvre"] ?? tags["maneuver"], let kind = ManeuverOverride.Kind(tag: value) else { return nil }
        var direction: UInt8 = 0
        if let d = tags["direction"] {
            guard let i = ManeuverOverride.directions.firstIndex(of: d) else { return nil }
            direction = UInt8(i + 1)
        }
        var from: [Int64] = [], to: [Int64] = [], viaWays: [Int64] = [], viaNodes: [Int64] = []
        for member in members {
            switch (member.role, member.type) {
            case ("from", .way): from.append(member.ref)
            case ("to", .way): to.append(member.ref)
            case ("via", .way): viaWays.append(member.ref)
            case ("via", .node): viaNodes.append(member.ref)
            default: break
            }
        }
        guard from.count == 1, to.count == 1, viaNodes.count == 1, viaWays.count <= ManeuverOverride.maxViaWays else { return nil }
        return ManeuverRelation(fromWay: from[0], viaWays: viaWays, toWay: to[0], viaNode: viaNodes[0],
                                kind: kind, direction: direction)
    }
}

extension OSMCollector {
    /// The maneuver relations read whose via node lies on a road read, located there.
    func maneuverOverrides(pointNodeIds: [Int64]) -> [ManeuverOverride] {
        guard !maneuvers.isEmpty else { return [] }
        var located: [Int64: FixedCoordinate] = [:]
        for m in maneuvers { located[m.viaNode] = FixedCoordinate(lat: 0, lon: 0) }
        var found = Set<Int64>()
        for (i, id) in pointNodeIds.enumerated() where located[id] != nil && !found.contains(id) {
            located[id] = points[i]
            found.insert(id)
        }
        return maneuvers.compactMap { m in
            guard found.contains(m.viaNode), let via = located[m.viaNode] else { return nil }
            return ManeuverOverride(via: via, fromWay: m.fromWay, viaWays: m.viaWays, toWay: m.toWay,
                                    kind: m.kind, direction: m.direction)
        }
    }
}
