import WayfinderGraph

/// How an unnamed way is described to a walker, and which kinds count as the same path
/// (a footway that becomes a path is not worth a step; stairs always are).
struct WalkKind {
    let phrase: StaticString
    let group: UInt8

    init(_ roadClass: UInt8) {
        switch RoadClass(rawValue: roadClass) ?? .other {
        case .steps: (phrase, group) = ("the stairs", 1)
        case .footway: (phrase, group) = ("the footway", 2)
        case .path: (phrase, group) = ("the path", 2)
        case .cycleway: (phrase, group) = ("the cycleway", 2)
        case .pedestrian: (phrase, group) = ("the pedestrian street", 2)
        case .track: (phrase, group) = ("the track", 2)
        case .service: (phrase, group) = ("the service road", 3)
        default: (phrase, group) = ("the road", 3)
        }
    }
}

@inline(__always) private func += (text: inout [UInt8], piece: String) { text.append(contentsOf: piece.utf8) }
@inline(__always) private func += (text: inout [UInt8], piece: StaticString) {
    piece.withUTF8Buffer { text.append(contentsOf: $0) }
}

/// English instruction text in the manner of OSRM's text instructions and of what
/// travellers read in MKDirections or Google: "Turn left onto Carrer Major".
public enum Instructions {
    public static func english(_ step: RouteStep, mode: TravelMode) -> String {
        english(step.maneuver, name: step.name, ref: step.ref, roadClass: step.roadClass, mode: mode,
                waypoint: step.arrivalWaypoint)
    }

    /// The text of a maneuver onto the road named `name` / `ref`, of class `roadClass`.
    /// `waypoint`: on an arrival at an intermediate waypoint, its number ("your 2nd destination").
    public static func english(_ maneuver: Maneuver, name: String, ref: String, roadClass: RoadClass,
                               mode: TravelMode, waypoint: Int? = nil) -> String {
        var scratch: [UInt8] = []
        english(maneuver, name: name, ref: ref, roadClass: roadClass, mode: mode, waypoint: waypoint, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Composes the text as UTF-8 in `scratch` (replacing what it held), for writers that
    /// copy it on without making a `String`.
    static func english(_ maneuver: Maneuver, name: String, ref: String, roadClass: RoadClass,
                        mode: TravelMode, waypoint: Int?, into scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        Text(maneuver, name: name, ref: ref, roadClass: roadClass, mode: mode, waypoint: waypoint).write(into: &scratch)
    }

    /// Builds one instruction as UTF-8 bytes.
    private struct Text {
        let maneuver: Maneuver
        let name: String
        let ref: String
        let roadClass: RoadClass
        let walking: Bool
        let unnamed: Bool
        /// A walker's unnamed stairs: "Take the stairs".
        let stairs: Bool
        let waypoint: Int?

        init(_ maneuver: Maneuver, name: String, ref: String, roadClass: RoadClass, mode: TravelMode, waypoint: Int?) {
            self.maneuver = maneuver
            self.waypoint = waypoint
            self.name = name
            self.ref = ref
            self.roadClass = roadClass
            walking = mode == .walking
            unnamed = name.isEmpty && ref.isEmpty
            stairs = walking && unnamed && roadClass == .steps
        }


        /// Whether there is a road to name: a name or ref, or for a walker the kind of path.
        var hasRoad: Bool { !unnamed || walking }

        /// The road as a traveller reads it: "Name (Ref)", the ref alone, or a walker's kind of path.
        func road(_ out: inout [UInt8]) {
            if unnamed {
                if walking { out += WalkKind(roadClass.rawValue).phrase }
            } else if ref.isEmpty {
                out += name
            } else if name.isEmpty {
                out += ref
            } else {
                out += name
                out += " ("
                out += ref
                out += ")"
            }
        }

        func onto(_ out: inout [UInt8]) {
            guard hasRoad else { return }
            out += " onto "
            road(&out)
        }

        func write(into out: inout [UInt8]) {
            out.reserveCapacity(64 + name.utf8.count + ref.utf8.count)
            let m = maneuver
            let modifier = m.modifier ?? .straight
            switch m.type {
            case .depart:
                out += walking ? "Walk " : "Head "
                out += compass(m.bearingAfter)
                guard hasRoad else { return }
                out += walking && unnamed && !stairs ? " along " : " on "
                road(&out)
            case .arrive:
                // osrm-text-instructions: "your {nth} destination", nth empty at the last one.
                out += "You have arrived at your "
                if let waypoint {
                    out += ordinal(waypoint)
                    out += " "
                }
                out += "destination"
                switch m.modifier {
                case .some(let side) where side.isLeft: out += ", on the left"
                case .some(let side) where side.isRight: out += ", on the right"
                case .some(.straight): out += ", straight ahead"
                default: break
                }
            case .turn, .endOfRoad:
                if stairs { return takeStairs(modifier, &out) }
                out += turnPhrase(modifier)
                onto(&out)
            case .newName:
                if stairs { return takeStairs(modifier, &out) }
                out += "Continue"
                out += continuePhrase(modifier)
                if walking && unnamed {
                    out += " along "
                    road(&out)
                } else if hasRoad {
                    onto(&out)
                } else if modifier == .straight {
                    out += " straight"
                }
            case .continue:
                if modifier == .uturn { out += "Make a U-turn at the end of the road"; return }
                guard !unnamed else {
                    out += turnPhrase(modifier)
                    return onto(&out)
                }
                switch modifier {
                case .straight: out += "Continue straight"
                case .slightLeft: out += "Keep left"
                case .slightRight: out += "Keep right"
                default: out += turnPhrase(modifier)
                }
                out += " to stay on "
                road(&out)
            case .fork:
                out += modifier.isLeft ? "Keep left" : modifier.isRight ? "Keep right" : "Keep straight"
                if unnamed {
                    out += " at the fork"
                } else {
                    out += " onto "
                    road(&out)
                }
            case .merge:
                out += modifier.isLeft ? "Merge left" : modifier.isRight ? "Merge right" : "Merge"
                onto(&out)
            case .onRamp, .offRamp:
                out += modifier.isLeft ? "Take the ramp on the left" : modifier.isRight ? "Take the ramp on the right" : "Take the ramp"
                onto(&out)
            case .roundabout:
                guard let exit = m.exit else { out += "Enter the roundabout"; return }
                out += "At the roundabout, take the "
                out += ordinal(exit)
                out += " exit"
                onto(&out)
            case .exitRoundabout:
                out += "Exit the roundabout"
                onto(&out)
            }
        }

        func takeStairs(_ modifier: ManeuverModifier, _ out: inout [UInt8]) {
            if modifier != .straight {
                out += turnPhrase(modifier)
                out += " and take"
            } else {
                out += "Take"
            }
            out += " the stairs"
        }
    }

    static func turnPhrase(_ modifier: ManeuverModifier) -> String {
        switch modifier {
        case .uturn: return "Make a U-turn"
        case .straight: return "Go straight"
        case .slightLeft: return "Make a slight left"
        case .slightRight: return "Make a slight right"
        case .sharpLeft: return "Make a sharp left"
        case .sharpRight: return "Make a sharp right"
        case .left: return "Turn left"
        case .right: return "Turn right"
        }
    }

    /// What follows "Continue": "" straight on, " slightly left", " left", ...
    static func continuePhrase(_ modifier: ManeuverModifier) -> String {
        switch modifier {
        case .straight: return ""
        case .uturn: return " back"
        case .slightLeft: return " slightly left"
        case .slightRight: return " slightly right"
        case .sharpLeft: return " sharply left"
        case .sharpRight: return " sharply right"
        case .left: return " left"
        case .right: return " right"
        }
    }

    /// "1st", "2nd", "3rd", "4th", ..., "11th", "21st".
    public static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// The eight-point compass direction of a bearing.
    public static func compass(_ bearing: Int) -> String {
        compassNames[((bearing % 360 + 360) % 360 * 2 + 45) / 90 % 8]
    }

    private static let compassNames = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
}
