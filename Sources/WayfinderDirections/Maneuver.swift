import WayfinderGraph

/// What a step asks the traveller to do, with OSRM v5's names (`description`).
public enum ManeuverType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case depart, arrive, turn, newName, `continue`, endOfRoad, fork, merge, onRamp, offRamp
    /// Entering a roundabout; `Maneuver.exit` says which exit is taken.
    case roundabout
    /// Leaving a roundabout the route started on.
    case exitRoundabout

    public var description: String { name.description }

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

    /// The modifier of a change of bearing in degrees (negative = to the left): straight
    /// below 20°, slight below 60°, plain below 140°, sharp beyond. A U-turn is only ever
    /// set explicitly (turning back onto the same road), never read off an angle.
    public init(deviation d: Double) {
        let a = abs(d)
        if a < 20 { self = .straight; return }
        let left = d < 0
        if a < 60 { self = left ? .slightLeft : .slightRight }
        else if a < 140 { self = left ? .left : .right }
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
    /// The exit taken, counted from the entry, on `roundabout` and `exitRoundabout` steps.
    public var exit: Int?
}

/// Which side of the road traffic keeps to.
public enum DrivingSide: UInt8, Sendable, CustomStringConvertible {
    case right, left

    public var description: String { self == .left ? "left" : "right" }

    /// Left in the countries that drive on the left, found by a small table of boxes
    /// (coarse at some borders, exact enough for a route's start), right elsewhere.
    public static func at(_ p: FixedCoordinate) -> DrivingSide {
        let lat = p.latitude, lon = p.longitude
        for box in leftHandBoxes where lon >= box.0 && lon <= box.2 && lat >= box.1 && lat <= box.3 { return .left }
        return .right
    }

    /// (min lon, min lat, max lon, max lat).
    private static let leftHandBoxes: [(Double, Double, Double, Double)] = [
        (-8.7, 49.8, 1.5, 60.9),        // Great Britain, Northern Ireland
        (1.5, 51.6, 1.8, 53.0),         // East Anglia's coast
        (-10.7, 51.4, -5.9, 55.4),      // Ireland
        (112.9, -43.7, 153.7, -10.6),   // Australia
        (166.4, -47.3, 178.6, -34.4),   // New Zealand
        (130.8, 30.0, 142.1, 41.6),     // Japan: Honshu, Shikoku, east Kyushu
        (129.5, 30.9, 130.8, 34.0),     // Japan: west Kyushu
        (139.3, 41.3, 146.0, 45.6),     // Japan: Hokkaido
        (122.9, 24.0, 131.4, 28.5),     // Japan: Okinawa
        (68.1, 6.5, 88.2, 27.5),        // India, Sri Lanka, south Pakistan and Nepal
        (71.5, 27.5, 80.5, 35.6),       // north India and Pakistan
        (80.0, 26.3, 88.2, 30.4),       // Nepal
        (88.0, 20.5, 92.3, 28.3),       // Bangladesh, Bhutan, north-east India
        (16.4, -35.0, 41.0, -17.5),     // South Africa, Lesotho, Eswatini, Namibia, Botswana, Zimbabwe, Mozambique
        (30.5, -17.5, 41.9, 4.5),       // Malawi, Tanzania, Kenya, Uganda
        (95.0, -11.0, 141.0, 4.5),      // Indonesia, Timor, Papua New Guinea
        (98.0, 0.8, 104.5, 10.5),       // Malaysia (peninsula), Singapore, south Thailand
        (99.2, 12.5, 102.5, 16.5),      // central Thailand
        (109.5, 0.85, 119.3, 7.4),      // Malaysia (Borneo), Brunei
        (113.8, 22.15, 114.45, 22.57),  // Hong Kong
        (113.52, 22.1, 113.6, 22.22),   // Macau
        (32.2, 34.5, 34.6, 35.7),       // Cyprus
        (14.18, 35.8, 14.58, 36.1),     // Malta
        (-78.4, 17.7, -76.2, 18.6),     // Jamaica
        (-59.8, 2.0, -54.0, 6.9),       // Guyana, Suriname
    ]
}

/// One road at a step's maneuver intersection (OSRM's `intersections[0]`).
public struct IntersectionRoad: Sendable, Equatable {
    /// Degrees clockwise from north, 0...359, of the road leaving the intersection.
    public var bearing: UInt16
    /// Whether the route could enter this road here.
    public var entry: Bool
}

/// One instruction of a route: a maneuver, then the stretch travelled until the next one.
public struct RouteStep: Sendable {
    public var maneuver: Maneuver
    /// The road travelled after the maneuver (after the exit, on a roundabout); "" when unnamed.
    public var name: String
    public var ref: String
    /// Class of that road, for describing unnamed paths ("the footway", "the stairs").
    public var roadClass: RoadClass
    /// Metres and seconds from this maneuver to the next; they add up to the route's.
    public var distance: Double
    public var duration: Double
    /// Search weight: the duration (the weight is travel time).
    public var weight: Double { duration }
    /// Indices into `Directions.line`: this step's line starts where the previous one ended.
    public var geometry: ClosedRange<Int>
    /// Roads at the maneuver's intersection, a range of `Directions.intersectionRoads`, and
    /// the indices (within it) of the road arrived by and the one taken (nil at the ends).
    public var intersection: Range<Int>
    public var intersectionIn: Int?
    public var intersectionOut: Int?
    public var mode: TravelMode
    /// On the arrival of a leg that ends at an intermediate waypoint: that waypoint's number,
    /// counted from 1 after the start (OSRM's "You have arrived at your 1st destination");
    /// nil at the final destination.
    public var arrivalWaypoint: Int?
    /// English text, e.g. "Turn left onto Carrer Major" (composed when asked for).
    public var instruction: String { Instructions.english(self, mode: mode) }
}
