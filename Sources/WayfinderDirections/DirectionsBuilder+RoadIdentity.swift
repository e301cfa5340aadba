import WayfinderGraph
import WayfinderRouting

/// Identity of a road, for "does the road go on": which changes of way a traveller notices,
/// and which roads compete with one another at an intersection.
extension DirectionsBuilder {
    /// Whether going from way `a` onto way `b` is staying on the same road as a traveller
    /// reads it, after OSRM's name announcement rules: the same name, or one street's names
    /// (`NameChanges`), with a ref kept, gained or dropped; a ref kept where the name ends (a
    /// tunnel or a town stretch of a numbered road); both unnamed. A walker's unnamed paths
    /// are alike by kind: stairs, paths, streets.
    func sameRoad(_ a: Int32, _ b: Int32) -> Bool {
        if a == b { return true }
        let x = info(a), y = info(b)
        if x.name != 0 && x.name == y.name && (x.ref == y.ref || x.ref == 0 || y.ref == 0) { return true }
        let fromEmpty = x.name == 0 && x.ref == 0, toEmpty = y.name == 0 && y.ref == 0
        if fromEmpty || toEmpty {
            guard fromEmpty && toEmpty else { return false }
            return isVehicle || WalkKind(x.roadClass).group == WalkKind(y.roadClass).group
        }
        // From a name to a bare ref, or the reverse: OSRM announces it ("Main St" → "A1").
        if (x.name == 0 && y.ref == 0) || (y.name == 0 && x.ref == 0) { return false }
        let refContained = x.ref == 0 || y.ref == 0 || x.ref == y.ref
            || NameChanges.refContained(graph.names.bytes(x.ref), graph.names.bytes(y.ref))
        // A name that begins or ends counts as the same (OSRM's containment of the empty name).
        if x.name == 0 || y.name == 0 || x.name == y.name { return refContained }
        // A change of compass word alone keeps the road even where the refs change.
        if refContained {
            let xName = graph.names.bytes(x.name), yName = graph.names.bytes(y.name)
            if NameChanges.startsWith(xName, yName) || NameChanges.startsWith(yName, xName) { return true }
        }
        return compassChange(x.name, y.name)
    }

    /// `NameChanges.compassChange` of two names, cached by their string ids.
    func compassChange(_ a: Int32, _ b: Int32) -> Bool {
        let pair = UInt64(UInt32(bitPattern: min(a, b))) << 32 | UInt64(UInt32(bitPattern: max(a, b)))
        let slot = Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if compassChanges[slot].pair == pair { return compassChanges[slot].same }
        let same = NameChanges.compassChange(graph.names.bytes(a), graph.names.bytes(b))
        compassChanges[slot] = (pair, same)
        return same
    }

    /// Whether the change from `a` to `b` is worth a word where nothing else happens: only
    /// onto a road with a name or ref to say (as OSRM, for drivers and walkers alike: going
    /// straight on from a street onto an unnamed footway is no step), or for a walker onto
    /// stairs, which are worth knowing of.
    func announces(_ a: Int32, _ b: Int32) -> Bool {
        guard !sameRoad(a, b) else { return false }
        let y = info(b)
        return y.name != 0 || y.ref != 0 || (graph.mode == .walking && isStairs(b))
    }

    /// Whether a way has a name or ref to speak of.
    func isNamed(_ way: Int32) -> Bool { info(way).name != 0 || info(way).ref != 0 }

    /// Roads too small to compete with a bigger one for "which way is straight on".
    func isMinor(_ way: Int32) -> Bool {
        isVehicle && info(way).roadClass >= RoadClass.service.rawValue
    }

    static func isHighway(_ w: WayInfo) -> Bool {
        w.roadClass == RoadClass.motorway.rawValue || w.roadClass == RoadClass.trunk.rawValue
    }

    func isStairs(_ way: Int32) -> Bool { info(way).roadClass == RoadClass.steps.rawValue }
}
