import WayfinderGraph

/// What a step asks the traveller to do, with OSRM v5's names (`description`).
public enum ManeuverType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case depart, arrive, turn, newName, `continue`, endOfRoad, fork, merge, onRamp, offRamp
    /// Entering a roundabout; `Maneuver.exit` says which exit is taken.
    case roundabout
    /// Leaving a roundabout, at the exit taken (after a `roundabout` step, or where the route
    /// started on the ring).
    case exitRoundabout
    /// Boarding or leaving a ferry or a train where the road would otherwise go on
    /// unannounced or with a plain change of name (OSRM: the travel mode changes).
    case notification
    /// Entering a large named ring (a traffic circle, or `junction=circular`): read like a
    /// place, "Enter Place de l'Etoile and take the 3rd exit".
    case rotary
    /// A small roundabout with few, well separated roads, said as the turn it amounts to:
    /// "At the roundabout turn left". It has no exit step.
    case roundaboutTurn
    /// Leaving a rotary, at the exit taken.
    case exitRotary

    public var description: String { name.description }

    /// Whether the step enters a ring (`roundabout`, `rotary`, `roundabout turn`).
    public var entersRing: Bool { self == .roundabout || self == .rotary || self == .roundaboutTurn }
    /// Whether the step leaves a ring at its exit.
    public var leavesRing: Bool { self == .exitRoundabout || self == .exitRotary }

    /// OSRM's name, e.g. "new name".
    public var name: StaticString {
        switch self {
        case .depart: return "depart"
        case .arrive: return "arrive"
        case .turn: return "turn"
        case .newName: return "new name"
        case .continue: return "continue"
        case .endOfRoad: return "end of road"
        case .fork: return "fork"
        case .merge: return "merge"
        case .onRamp: return "on ramp"
        case .offRamp: return "off ramp"
        case .roundabout: return "roundabout"
        case .exitRoundabout: return "exit roundabout"
        case .notification: return "notification"
        case .rotary: return "rotary"
        case .roundaboutTurn: return "roundabout turn"
        case .exitRotary: return "exit rotary"
        }
    }
}

/// The direction of a maneuver, from the change of bearing (OSRM v5's names).
public enum ManeuverModifier: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case uturn, sharpRight, right, slightRight, straight, slightLeft, left, sharpLeft

    public var description: String { name.description }

    /// OSRM's name, e.g. "slight left".
    public var name: StaticString {
        switch self {
        case .uturn: return "uturn"
        case .sharpRight: return "sharp right"
        case .right: return "right"
        case .slightRight: return "slight right"
        case .straight: return "straight"
        case .slightLeft: return "slight left"
        case .left: return "left"
        case .sharpLeft: return "sharp left"
        }
    }

    /// The modifier of a change of bearing in degrees (negative = to the left), in OSRM's
    /// bands (`getTurnDirection`): straight up to 20°, slight up to 40°, plain up to 120°,
    /// sharp beyond. Narrow slight bands keep "slight" for real bends: a road leaving at 50°
    /// is a turn a driver has to steer. A U-turn is only ever set explicitly (turning back
    /// onto the same road), never read off an angle.
    public init(deviation d: Double) {
        let a = abs(d)
        if a <= 20 { self = .straight; return }
        let left = d < 0
        if a <= 40 { self = left ? .slightLeft : .slightRight }
        else if a <= 120 { self = left ? .left : .right }
        else { self = left ? .sharpLeft : .sharpRight }
    }

    public var isLeft: Bool { self == .slightLeft || self == .left || self == .sharpLeft }
    public var isRight: Bool { self == .slightRight || self == .right || self == .sharpRight }
    public var isSlight: Bool { self == .slightLeft || self == .slightRight }
}

/// Where and how a step begins.
public struct Maneuver: Sendable, Equatable {
    public var type: ManeuverType
    public var modifier: ManeuverModifier?
    /// Degrees clockwise from north, 0...359: the direction of travel just before and just
    /// after the maneuver (0 before a departure and after an arrival, as in OSRM).
    public var bearingBefore: Int
    public var bearingAfter: Int
    public var location: FixedCoordinate
    /// The exit taken, counted from the entry, on the steps entering and leaving a ring.
    public var exit: Int?
}
