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

    /// What a relation says for one kind of vehicle, after OSRM's restriction parser: the
    /// restrictions it makes (one per from/to pair), or why none.
    enum Parsed {
        case notARestriction
        /// Ignored on purpose: an exception for the vehicle, a value that is not `no_*`/`only_*`
        /// (`*_on_red` is about traffic lights, not the turn).
        case ignored
        /// Members missing, or more than one from-way (to-way) where only `no_entry`
        /// (`no_exit`) may have several.
        case invalid
        case restrictions([TurnRestriction])
    }

    /// The vehicle classes a restriction is read for (a profile's `restrictions` set): their
    /// `restriction:<class>` keys bind the vehicle besides `restriction`, and an `except` list
    /// naming one of them frees it.
    struct Vehicle: Sendable {
        let classes: [String]
        /// `restriction`, then `restriction:<class>` for each class, in that order (the last
        /// value found decides).
        let keys: [String]

        init(classes: [String]) {
            self.classes = classes
            keys = ["restriction"] + classes.map { "restriction:" + $0 }
        }

        /// car.lua.
        static let car = Vehicle(classes: ["motorcar", "motor_vehicle", "vehicle"])
        /// bicycle.lua: `restriction` and `restriction:bicycle`; `except=bicycle` frees.
        static let bicycle = Vehicle(classes: ["bicycle"])

        /// Whether an `except` value frees this vehicle. As OSRM's `ShouldIgnoreRestriction`,
        /// the list is split on `;` and its parts are not trimmed: `bus;bicycle` frees a
        /// bicycle, `bus; bicycle` and `bus, bicycle` do not.
        func isExcepted(_ except: String) -> Bool {
            except.split(separator: ";").contains { classes.contains(String($0)) }
        }
    }

    /// What the relation says for `vehicle` (cars unless told otherwise).
    static func parse(members: [OSMMember], tags: OSMTags, vehicle: Vehicle = .car) -> Parsed {
        guard tags.value("type", is: "restriction") else { return .notARestriction }
        let values = vehicle.keys.compactMap { tags[$0] }
        guard !values.isEmpty else { return .notARestriction }
        if let except = tags["except"], vehicle.isExcepted(except) { return .ignored }
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
