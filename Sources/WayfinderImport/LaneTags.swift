import WayfinderGraph

/// The turn lanes of a way as OSRM's car profile reads them (`lib/guidance.lua`,
/// `get_turn_lanes`): `turn:lanes:forward` / `turn:lanes:backward`, or `turn:lanes` for the
/// direction(s) a road may be driven in; lanes closed to cars by `vehicle:lanes` are dropped,
/// and empty lanes kept for buses at the edge (`lanes:psv` and its kin) are trimmed off. The
/// descriptions are kept as tagged ("left|through;right"); the directions read them.
enum LaneTags {
    /// The lane description for each direction of the way, "" for none.
    static func read(_ tags: OSMTags) -> (forward: String, backward: String) {
        let keys = tags.nonEmptyValue("turn:lanes") != nil || tags.nonEmptyValue("turn:lanes:forward") != nil
            || tags.nonEmptyValue("turn:lanes:backward") != nil
        guard keys else { return ("", "") }
        let (onewayForward, onewayReverse) = DrivingProfile.onewayDirection(tags, highway: tags["highway"] ?? "")
        func byDirection(_ key: String) -> (forward: String?, backward: String?) {
            var forward = tags.nonEmptyValue(key + ":forward"), backward = tags.nonEmptyValue(key + ":backward")
            if forward == nil || backward == nil {
                let common = tags.nonEmptyValue(key)
                if onewayForward {
                    forward = forward ?? common
                } else if onewayReverse {
                    backward = backward ?? common
                } else {
                    forward = forward ?? common
                    backward = backward ?? common
                }
            }
            return (forward, backward)
        }
        let turn = byDirection("turn:lanes"), vehicle = byDirection("vehicle:lanes")
        let psv = psvCounts(tags)
        // A backward description is read against the way, so its bus lanes swap sides.
        let forward = turn.forward.map { process($0, vehicle: vehicle.forward, left: psv.backward, right: psv.forward) }
        let backward = turn.backward.map { process($0, vehicle: vehicle.backward, left: psv.forward, right: psv.backward) }
        return (forward ?? "", backward ?? "")
    }

    /// The way's lane count as OSRM's car profile reads it: `lanes` where tagged (0 where it
    /// is no number), else the sum of `lanes:forward` and `lanes:backward`; whole parts.
    static func count(_ tags: OSMTags) -> UInt8 {
        func number(_ text: String?) -> Int {
            // One number, spaces around it allowed (Lua's `tonumber`).
            guard let words = text?.split(separator: " "), words.count == 1,
                  let value = Double(words[0]), value.isFinite, value > 0 else { return 0 }
            return Int(min(value, 255))
        }
        if let lanes = tags.nonEmptyValue("lanes") { return UInt8(number(lanes)) }
        return UInt8(min(number(tags.nonEmptyValue("lanes:forward")) + number(tags.nonEmptyValue("lanes:backward")), 255))
    }

    /// Lanes for buses and taxis in each direction (`lanes:psv`, `lanes:taxi`, …; the first
    /// tagged), 0 where untagged or not a positive whole number.
    static func psvCounts(_ tags: OSMTags) -> (forward: Int, backward: Int) {
        var forward: String?, backward: String?
        let (onewayForward, onewayReverse) = DrivingProfile.onewayDirection(tags, highway: tags["highway"] ?? "")
        for key in ["lanes:psv", "lanes:taxi", "lanes:share_taxi", "lanes:minibus", "lanes:bus"] {
            var f = tags[key + ":forward"], b = tags[key + ":backward"]
            if f == nil || b == nil {
                let common = tags[key]
                if onewayForward { f = f ?? common } else if onewayReverse { b = b ?? common } else {
                    f = f ?? common
                    b = b ?? common
                }
            }
            forward = forward ?? f
            backward = backward ?? b
        }
        func count(_ s: String?) -> Int { s.flatMap { Int($0) }.map { $0 > 0 ? $0 : 0 } ?? 0 }
        return (count(forward), count(backward))
    }

    /// One direction's description with the lanes cars may not use removed: by `vehicle`
    /// (one yes/no per lane; ignored when the counts differ), else the `left` and `right`
    /// outermost lanes when they are empty (bus lanes).
    static func process(_ lanes: String, vehicle: String?, left: Int, right: Int) -> String {
        if let vehicle {
            let tokens = lanes.split(separator: "|", omittingEmptySubsequences: false)
            let access = vehicle.split(separator: "|", omittingEmptySubsequences: false)
            guard tokens.count == access.count else { return lanes }
            return zip(tokens, access).filter { $0.1 == "yes" }.map { String($0.0) }.joined(separator: "|")
        }
        var s = Substring(lanes)
        if left > 0 && left < s.count && s.prefix(left).allSatisfy({ $0 == "|" }) { s = s.dropFirst(left) }
        if right > 0 && right < s.count && s.suffix(right).allSatisfy({ $0 == "|" }) { s = s.dropLast(right) }
        return String(s)
    }
}
