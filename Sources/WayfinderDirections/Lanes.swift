import WayfinderGraph

/// What the arrows painted on one lane show (OSRM's `TurnLaneType`): a lane may show several
/// ("through;right"). The bits are in OSRM's order, which is the order the JSON lists them in.
public struct LaneIndications: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let none = LaneIndications(rawValue: 1 << 0)
    public static let straight = LaneIndications(rawValue: 1 << 1)
    public static let sharpLeft = LaneIndications(rawValue: 1 << 2)
    public static let left = LaneIndications(rawValue: 1 << 3)
    public static let slightLeft = LaneIndications(rawValue: 1 << 4)
    public static let slightRight = LaneIndications(rawValue: 1 << 5)
    public static let right = LaneIndications(rawValue: 1 << 6)
    public static let sharpRight = LaneIndications(rawValue: 1 << 7)
    public static let uturn = LaneIndications(rawValue: 1 << 8)
    public static let mergeToLeft = LaneIndications(rawValue: 1 << 9)
    public static let mergeToRight = LaneIndications(rawValue: 1 << 10)

    /// OSRM's name of each bit, by bit index (`indications` in the JSON).
    public static let names = ["none", "straight", "sharp left", "left", "slight left", "slight right", "right",
                               "sharp right", "uturn", "merge to left", "merge to right"]
    /// The OSM value of each bit, by bit index (`turn:lanes`: "through", "slight_left", …).
    static let tagValues = ["none", "through", "sharp_left", "left", "slight_left", "slight_right", "right",
                            "sharp_right", "reverse", "merge_to_left", "merge_to_right"]
    /// The direction each arrow points, degrees off straight on (negative = left), by bit
    /// index; nil for the arrows that show no turn (none, merges).
    static let deviations: [Double?] = [nil, 0, -135, -90, -45, 45, 90, 135, -180, nil, nil]

    /// The arrows of one lane of a `turn:lanes` value ("through;right"); an empty lane, or one
    /// whose arrows are all unknown, shows none.
    init(tag lane: Substring) {
        var mask: UInt16 = 0
        for token in lane.split(separator: ";") {
            let value = token.trimmingPrefix(" ")
            if let bit = Self.tagValues.firstIndex(where: { $0 == value }) { mask |= 1 << UInt16(bit) }
        }
        rawValue = mask == 0 ? Self.none.rawValue : mask
    }

    /// The names of the arrows shown, in OSRM's order.
    public var names: [String] { Self.names.indices.compactMap { rawValue & (1 << UInt16($0)) != 0 ? Self.names[$0] : nil } }
}

/// One lane of the road arrived by at an intersection (OSRM's `intersections[].lanes[]`), from
/// left to right: its arrows, and whether it leads where the route goes (`valid`).
public struct Lane: Sendable, Equatable {
    public var indications: LaneIndications
    public var valid: Bool

    public init(indications: LaneIndications, valid: Bool) {
        (self.indications, self.valid) = (indications, valid)
    }
}

/// The lanes at an intersection, as OSRM's turn lane handler matches them to the roads there:
/// each arrow to the road it points at, lanes without arrows to the roads no arrow points at
/// (or else to the turn of the lane beside them), and the lanes valid for the road taken.
extension DirectionsBuilder {
    /// An arrow further than this (degrees) from every road is meant for a later intersection.
    static let laneFitTolerance = 75.0

    /// The lanes of the description with string `id` for a route arriving at the gathered
    /// roads (`roads`) by `inIndex` and leaving by `outIndex`, appended to `lanes`. Returns
    /// their range (empty when no lane leads there) and whether every arrow fits this
    /// intersection (when not, some are for the next one: `valid` then says only which lanes
    /// lead off here, and a route going on takes the next intersection's).

    func appendLanes(id: Int32, in inIndex: Int?, out outIndex: Int) -> (range: Range<Int>, fits: Bool) {
        parseLanes(id)
        let start = lanes.count
        let count = laneMasks.count
        guard count > 0 else { return (start..<start, true) }
        // The arrows shown on any lane, and the road each points at.
        var shown: UInt16 = 0
        for m in laneMasks { shown |= m.rawValue }
        shown &= ~(LaneIndications.none.rawValue | LaneIndications.mergeToLeft.rawValue
                   | LaneIndications.mergeToRight.rawValue)
        guard shown != 0 else { return (start..<start, true) }
        let uTurnDeviation = drivingSide == .left ? 180.0 : -180.0
        // Candidate roads: every road one may take, the way back only for a U-turn arrow.
        laneRoads.removeAll(keepingCapacity: true)
        for (i, road) in roads.enumerated() where road.allowed || i == outIndex {
            if i == inIndex {
                if shown & LaneIndications.uturn.rawValue != 0 || i == outIndex { laneRoads.append((i, uTurnDeviation)) }
            } else {
                laneRoads.append((i, road.deviation))
            }
        }
        guard !laneRoads.isEmpty else { return (start..<start, true) }
        laneRoads.sort { $0.deviation < $1.deviation }
        laneArrows.removeAll(keepingCapacity: true)
        for bit in 0..<LaneIndications.deviations.count where shown & (1 << UInt16(bit)) != 0 {
            laneArrows.append((bit, LaneIndications.deviations[bit]!))
        }
        laneArrows.sort { $0.deviation < $1.deviation }
        // Per arrow bit: the road it points at. As many arrows as roads pair up in order.
        for bit in laneTargets.indices { laneTargets[bit] = -1 }
        var fits = true
        if laneArrows.count == laneRoads.count {
            for (arrow, road) in zip(laneArrows, laneRoads) { laneTargets[arrow.bit] = road.index }
        } else {
            for arrow in laneArrows {
                var best = -1, bestOff = Double.infinity
                for road in laneRoads {
                    let off = abs(Turn.deviation(arrow.deviation, road.deviation))
                    if off < bestOff { (best, bestOff) = (road.index, off) }
                }
                // An arrow pointing at no road here is for a later intersection.
                if bestOff > Self.laneFitTolerance {
                    fits = false
                    best = -1
                }
                laneTargets[arrow.bit] = best
            }
        }
        let target = laneTargets
        // Roads no arrow points at (the way back only for a U-turn) are the unmarked lanes'.
        var anyUnmarked = false, unmarkedTaken = false
        for road in laneRoads where !target.contains(road.index) {
            if road.index == inIndex && road.index != outIndex { continue }
            anyUnmarked = true
            if road.index == outIndex { unmarkedTaken = true }
        }
        func leadsOut(_ mask: UInt16) -> Bool {
            for bit in 0..<target.count where mask & (1 << UInt16(bit)) != 0 && target[bit] == outIndex { return true }
            return false
        }
        func turnOf(lane j: Int) -> Bool {
            let mask = laneMasks[j].rawValue
            if mask == LaneIndications.none.rawValue {
                if anyUnmarked { return unmarkedTaken }
                // Every road has an arrow: the lane goes where the nearest lane with arrows goes.
                var d = 1
                while d < count {
                    if j - d >= 0 && laneMasks[j - d] != .none { return leadsOut(laneMasks[j - d].rawValue) }
                    if j + d < count && laneMasks[j + d] != .none { return leadsOut(laneMasks[j + d].rawValue) }
                    d += 1
                }
                return false
            }
            if mask & (LaneIndications.mergeToLeft.rawValue | LaneIndications.mergeToRight.rawValue) != 0
                && mask & shown == 0 {
                return leadsOut(LaneIndications.straight.rawValue) || (target[1] < 0 && roads[outIndex].deviation.magnitude < 45)
            }
            return leadsOut(mask)
        }
        var anyValid = false
        for j in 0..<count {
            let valid = turnOf(lane: j)
            anyValid = anyValid || valid
            lanes.append(Lane(indications: laneMasks[j], valid: valid))
        }
        if fits && !anyValid {
            lanes.removeSubrange(start...)
            return (start..<start, true)
        }
        return (start..<lanes.count, fits)
    }

    /// Reads lane description `id` into `laneMasks` (kept while the route stays on it). The
    /// arrows of a description once parsed are kept in a direct-mapped cache (`parsedLaneCache`):
    /// a city has few descriptions, and parsing one decodes and splits its text.
    func parseLanes(_ id: Int32) {
        guard id != parsedLanes else { return }
        parsedLanes = id
        laneMasks.removeAll(keepingCapacity: true)
        guard id > 0, Int(id) < graph.names.count else { return }
        let slot = Int(id) & (Self.parsedLaneSlots - 1), base = slot * Self.parsedLaneWidth
        if parsedLaneCache[slot].id == id {
            for j in 0..<Int(parsedLaneCache[slot].count) { laneMasks.append(parsedLaneMasks[base + j]) }
            return
        }
        let text = graph.names[id]
        for lane in text.split(separator: "|", omittingEmptySubsequences: false) {
            laneMasks.append(LaneIndications(tag: lane))
        }
        if laneMasks.count <= Self.parsedLaneWidth {
            for (j, mask) in laneMasks.enumerated() { parsedLaneMasks[base + j] = mask }
            parsedLaneCache[slot] = (id, Int32(laneMasks.count))
        }
    }

    /// Slots of the parsed-lanes cache, and the most lanes a cached description may have.
    static let parsedLaneSlots = 256, parsedLaneWidth = 16
}
