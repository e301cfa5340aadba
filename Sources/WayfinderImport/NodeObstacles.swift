import WayfinderGraph

/// Something on a node that costs a car time as it passes: traffic signals, stop and give-way
/// signs, gates. After OSRM car.lua's `process_node` (with lib/obstacles.lua) and the part of
/// its `process_turn` that charges them; the costs are OSRM's.
struct NodeObstacle: Equatable {
    enum Kind: UInt8 {
        case trafficSignals, stop, stopMinor, giveWay, gate
    }
    /// Which travellers pay, relative to the direction of the way through the node: OSRM's
    /// `forward` charges those arriving from the node before it on the way, `backward` those
    /// from the node after it; `none` and `both` charge everyone (a stop sign tagged without a
    /// direction is then narrowed by `applies`' distance rule).
    enum Direction: UInt8 {
        case none, forward, backward, both
    }
    var kind: Kind
    var direction: Direction
    /// Milliseconds.
    var cost: Int32

    /// The obstacles a node's tags describe for a car (none: an empty array).
    static func parse(_ tags: OSMTags) -> [NodeObstacle] {
        var out: [NodeObstacle] = []
        // A gate costs a minute (car.lua's barrier_penalties) unless an access tag says who may
        // pass: then the access rules decide alone (a closed one blocks the node instead). An
        // empty value says nothing (OSRM's scenarios, which tag `access=` so, expect the wait).
        if let barrier = tags["barrier"], barrier == "gate" || barrier == "lift_gate",
           !AccessRules.car.keys.contains(where: { !(tags[$0] ?? "").isEmpty }) {
            out.append(NodeObstacle(kind: .gate, direction: .both, cost: 60_000))
        }
        guard let highway = tags["highway"] else { return out }
        var direction = tags["direction"]
        let kind: Kind, cost: Int32
        switch highway {
        case "traffic_signals":
            // `traffic_signals:direction` trumps `direction`.
            direction = tags["traffic_signals:direction"] ?? direction
            (kind, cost) = (.trafficSignals, 2000)
        case "stop": (kind, cost) = (tags.value("stop", is: "minor") ? .stopMinor : .stop, 2000)
        case "give_way": (kind, cost) = (.giveWay, 1000)
        default: return out
        }
        // Any other direction value (a compass bearing, a typo) counts as none, as in OSRM.
        let parsed: Direction = switch direction {
        case "forward": .forward
        case "backward": .backward
        case "both": .both
        default: .none
        }
        out.append(NodeObstacle(kind: kind, direction: parsed, cost: cost))
        return out
    }

    /// Whether this obstacle charges a car making a turn at its node.
    /// - `arrivingForward`: the car arrives along its way's direction.
    /// - `roads`: road ends at the node (2 on a plain way node).
    /// - `fromLength`, `toLength`: metres of the segments arrived by and left by.
    /// - `minorEntry`: some other road at the node is faster than the one arrived by (OSRM's
    ///   `entering_by_minor_road`, comparing speeds); only asked for `stop=minor`.
    func applies(arrivingForward: Bool, roads: Int, fromLength: Float, toLength: Float,
                 minorEntry: () -> Bool) -> Bool {
        switch direction {
        case .forward where !arrivingForward, .backward where arrivingForward: return false
        default: break
        }
        // A minor stop at the centre of an intersection stops only those entering by a minor road.
        if kind == .stopMinor && !minorEntry() { return false }
        // A stop sign stands within 20 m before the junction it guards: on a way node just past
        // a junction (close behind, far ahead) an undirected one is for the other direction.
        if kind == .stop && direction == .none && roads == 2 && fromLength < 20 && toLength > 20 { return false }
        return true
    }
}
