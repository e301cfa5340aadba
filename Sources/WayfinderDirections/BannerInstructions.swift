import WayfinderGraph
import WayfinderJSON

/// What a navigation app shows for the maneuver that ends a step, as the Mapbox Directions
/// API's `bannerInstructions` (read by MapLibre Navigation's `BannerInstructions` and
/// Ferrostar's `BannerInstruction`): one banner per step, shown along the whole step
/// (`distanceAlongGeometry` = the step's length), with
/// - `primary`: where the maneuver leads, as the instruction names it (the road's name and
///   ref, else the signed destination, else the whole instruction, e.g. "Turn left"), the
///   maneuver's `type` and `modifier`, for rings the `degrees` turned (180 = straight on,
///   counted the way traffic goes round) and the `driving_side`;
/// - `secondary`: the signed destination when the primary names the road ("A1: Berlin"), else null;
/// - `sub`: the lanes of the road arrived by, when they are known (`turn:lanes`), as
///   components of type `lane` with their `directions`, `active` (leads where the route
///   goes) and, on an active lane, `active_direction` (the arrow to follow).
/// The arrival step has none.
extension Directions {
    /// Most bytes `writeBannerInstructions` takes for step `i`.
    func bannerBound(_ i: Int) -> Int {
        guard i + 1 < steps.count else { return 32 }
        let crossed = steps[i + 1].intersections
        let lanes = crossed.isEmpty ? 0 : intersections[crossed.lowerBound].lanes.count
        return 1024 + 4 * InstructionWriter.bound(steps[i + 1]) + lanes * 256
    }

    /// `,"bannerInstructions":[…]` of step `i`, whose "distance" was written as `length`.
    func writeBannerInstructions(_ w: inout RawWriter, step i: Int, length: Double) {
        w.literal(",\"bannerInstructions\":[")
        defer { w.byte(UInt8(ascii: "]")) }
        guard i + 1 < steps.count else { return }
        steps.withUnsafeBufferPointer { all in writeBanner(&w, all.baseAddress! + i + 1, j: i + 1, length: length) }
    }

    /// The banner for step `next` (number `j`), shown along the `length` metres before it.
    private func writeBanner(_ w: inout RawWriter, _ next: UnsafePointer<RouteStep>, j: Int, length: Double) {
        let m = next.pointee.maneuver
        let label = RoadLabel(name: next.pointee.name, ref: next.pointee.ref, classes: next.pointee.classes)
        let signed = next.pointee.destinations.map { !$0.isEmpty } ?? false
        w.literal("{\"distanceAlongGeometry\":")
        w.fixed(Int64((length * 10).rounded()), decimals: 1)
        w.literal(",\"primary\":{\"text\":\"")
        var text = InstructionWriter(writer: w, step: next)
        let start = text.writer.count
        if m.type == .arrive {
            text.phrase(next.pointee.arrivalWaypoint == nil ? "Your destination" : "Your waypoint")
        } else if label != .none && m.type != .depart {
            label.write(&text)
        } else if signed {
            text.destination()
        } else {
            text.instruction(mode: mode)
        }
        w = text.writer
        let written = start..<w.count
        w.literal("\",\"components\":[{\"text\":\"")
        w.repeatBytes(written)
        w.literal("\",\"type\":\"text\"}],\"type\":")
        w.quoted(m.type.name)
        if let modifier = m.modifier {
            w.literal(",\"modifier\":")
            w.quoted(modifier.name)
        }
        if m.type.entersRing, let degrees = ringDegrees(j) {
            w.literal(",\"degrees\":")
            w.integer(degrees)
        }
        w.literal(",\"driving_side\":")
        w.literal(next.pointee.drivingSide == .left ? "\"left\"" : "\"right\"")
        w.literal("},\"secondary\":")
        if signed && label != .none && m.type != .arrive {
            w.literal("{\"text\":\"")
            var destination = InstructionWriter(writer: w, step: next)
            let from = destination.writer.count
            destination.destination()
            w = destination.writer
            let range = from..<w.count
            w.literal("\",\"components\":[{\"text\":\"")
            w.repeatBytes(range)
            w.literal("\",\"type\":\"text\"}]}")
        } else {
            w.literal("null")
        }
        if !next.pointee.intersections.isEmpty {
            let lanes = intersections[next.pointee.intersections.lowerBound].lanes
            if !lanes.isEmpty { writeLaneComponents(&w, self.lanes[lanes], modifier: m.modifier ?? .straight) }
        }
        w.byte(UInt8(ascii: "}"))
    }

    /// `,"sub":{"text":"","components":[lanes]}`: each lane left to right.
    private func writeLaneComponents(_ w: inout RawWriter, _ lanes: ArraySlice<Lane>, modifier: ManeuverModifier) {
        w.literal(",\"sub\":{\"text\":\"\",\"components\":[")
        for (k, lane) in lanes.enumerated() {
            if k > 0 { w.byte(UInt8(ascii: ",")) }
            w.literal("{\"text\":\"\",\"type\":\"lane\",\"directions\":")
            w.laneIndications(lane.indications)
            w.literal(",\"active\":")
            w.bool(lane.valid)
            if lane.valid, let arrow = Self.activeArrow(lane.indications, modifier) {
                w.literal(",\"active_direction\":")
                w.literal(LaneIndications.quotedNames[arrow])
            }
            w.byte(UInt8(ascii: "}"))
        }
        w.literal("]}")
    }

    /// Which arrow of a lane the route follows: the only one, else the one pointing where the
    /// maneuver turns, else the nearest to it (by bit index, OSRM's order).
    static func activeArrow(_ arrows: LaneIndications, _ modifier: ManeuverModifier) -> Int? {
        let bits = LaneIndications.names.indices.filter { arrows.rawValue & (1 << UInt16($0)) != 0 }
        if bits.count <= 1 { return bits.first }
        let wanted: Int
        switch modifier {
        case .straight: wanted = 1
        case .sharpLeft: wanted = 2
        case .left: wanted = 3
        case .slightLeft: wanted = 4
        case .slightRight: wanted = 5
        case .right: wanted = 6
        case .sharpRight: wanted = 7
        case .uturn: wanted = 8
        }
        guard let deviation = LaneIndications.deviations[wanted] else { return bits.first }
        // Between two as near, the turning arrow (a slight left on a "left;through" lane is the left).
        func off(_ bit: Int) -> Double { abs((LaneIndications.deviations[bit] ?? 999) - deviation) + (bit == 1 ? 0.5 : 0) }
        return bits.min { off($0) < off($1) }
    }

    /// Degrees turned on the ring entered at step `j`, from the bearing before entering to the
    /// bearing after leaving (at its exit step, else where the next maneuver begins): 180 is
    /// straight on; counted anticlockwise where traffic keeps right (rings turn that way), so
    /// that a right turn is 90 and a left one 270; clockwise where it keeps left.
    func ringDegrees(_ j: Int) -> Int? {
        guard j + 1 < steps.count else { return nil }
        let before = steps[j].maneuver.bearingBefore
        let after = steps[j + 1].maneuver.type.leavesRing ? steps[j + 1].maneuver.bearingAfter
            : steps[j + 1].maneuver.bearingBefore
        let turned = steps[j].drivingSide == .left ? after - before : before - after
        let degrees = ((180 + turned) % 360 + 360) % 360
        return degrees == 0 ? 360 : degrees
    }
}
