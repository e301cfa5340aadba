import WayfinderGraph

/// A turn restriction relation reduced to what the turn graph needs: one from-way, a via node
/// or a chain of via ways, one to-way.
struct TurnRestriction: Equatable {
    var fromWay: Int64
    /// The via node of a via-node restriction (ignored when `viaWays` is not empty).
    var viaNode: Int64
    /// The via ways of a via-way restriction, in the relation's order (empty: via node).
    var viaWays: [Int64] = []
    var toWay: Int64
    /// `only_*` (every other turn from `fromWay` at the via node is forbidden) versus `no_*`.
    var isMandatory: Bool

    var isViaWay: Bool { !viaWays.isEmpty }

    /// What a relation says for cars, after OSRM's restriction parser (car.lua's restriction
    /// keys and exceptions): the restrictions it makes (one per from/to pair), or why none.
    enum Parsed {
        case notARestriction
        /// Ignored on purpose: an exception for cars, a value that is not `no_*`/`only_*`
        /// (`*_on_red` is about traffic lights, not the turn).
        case ignored
        /// Members missing, or more than one from-way (to-way) where only `no_entry`
        /// (`no_exit`) may have several.
        case invalid
        case restrictions([TurnRestriction])
    }

    /// Vehicle classes whose restrictions bind a car and whose exceptions free it (car.lua).
    static let carClasses = ["motorcar", "motor_vehicle", "vehicle"]

    static func parse(members: [OSMMember], tags: OSMTags) -> Parsed {
        guard tags.value("type", is: "restriction") else { return .notARestriction }
        let values = (["restriction"] + carClasses.map { "restriction:" + $0 }).compactMap { tags[$0] }
        guard !values.isEmpty else { return .notARestriction }
        if let except = tags["except"], except.split(separator: ";").contains(where: { carClasses.contains(String($0)) }) {
            return .ignored
        }
        // Every restriction value must be understood; the last one decides (as OSRM).
        var isMandatory = false, multiFrom = false, multiTo = false
        for value in values {
            if value.hasPrefix("only_") {
                isMandatory = true
            } else if value.hasPrefix("no_") && !value.hasSuffix("_on_red") {
                isMandatory = false
                if value.hasPrefix("no_exit") { multiTo = true }
                if value.hasPrefix("no_entry") { multiFrom = true }
            } else {
                return .ignored
            }
        }
        var from: [Int64] = [], to: [Int64] = [], viaWays: [Int64] = [], viaNode: Int64?
        for member in members {
            switch (member.role, member.type) {
            case ("from", .way): from.append(member.ref)
            case ("to", .way): to.append(member.ref)
            case ("via", .node): viaNode = member.ref; viaWays.removeAll()
            case ("via", .way): viaWays.append(member.ref)
            default: break
            }
        }
        guard !from.isEmpty, !to.isEmpty, viaNode != nil || !viaWays.isEmpty,
              from.count == 1 || multiFrom, to.count == 1 || multiTo else { return .invalid }
        var out: [TurnRestriction] = []
        for f in from {
            for t in to {
                out.append(TurnRestriction(fromWay: f, viaNode: viaNode ?? -1, viaWays: viaWays, toWay: t, isMandatory: isMandatory))
            }
        }
        return .restrictions(out)
    }
}
