import WayfinderGraph
import WayfinderJSON

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

/// Where an instruction is written, piece by piece: fixed English phrases (ASCII, nothing
/// to escape), the name and ref of the step's road (which the sink holds), and numbers.
protocol InstructionSink {
    mutating func phrase(_ text: StaticString)
    mutating func name()
    mutating func ref()
    /// The name of the rotary a step enters.
    mutating func rotaryName()
    mutating func number(_ n: Int)
}

/// Composes an instruction as UTF-8 bytes, for a `String`.
struct InstructionBytes: InstructionSink {
    let roadName: String, roadRef: String, ringName: String
    var bytes: [UInt8] = []
    mutating func phrase(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }
    mutating func name() { bytes.append(contentsOf: roadName.utf8) }
    mutating func ref() { bytes.append(contentsOf: roadRef.utf8) }
    mutating func rotaryName() { bytes.append(contentsOf: ringName.utf8) }
    mutating func number(_ n: Int) { bytes.append(contentsOf: String(n).utf8) }
}

/// Writes a step's instruction straight into the step's JSON object, inside quotes the caller
/// writes. The road's name and ref were written (escaped) just before, in the step's "name"
/// and "ref": they are copied from there instead of escaped again.
struct StepInstructionJSON: InstructionSink {
    var writer: RawWriter
    /// Where the escaped name, ref and rotary name lie, counted as `RawWriter.count` is.
    let nameBytes: Range<Int>, refBytes: Range<Int>, rotaryBytes: Range<Int>
    @inline(__always) mutating func phrase(_ text: StaticString) { writer.literal(text) }
    @inline(__always) mutating func name() { writer.repeatBytes(nameBytes) }
    @inline(__always) mutating func ref() { writer.repeatBytes(refBytes) }
    @inline(__always) mutating func rotaryName() { writer.repeatBytes(rotaryBytes) }
    @inline(__always) mutating func number(_ n: Int) { writer.integer(n) }
}

/// English instruction text in the manner of OSRM's text instructions and of what
/// travellers read in MKDirections or Google: "Turn left onto Carrer Major".
public enum Instructions {
    public static func english(_ step: RouteStep, mode: TravelMode) -> String {
        english(step.maneuver, name: step.name, ref: step.ref, rotaryName: step.rotaryName ?? "",
                roadClass: step.roadClass, mode: mode, waypoint: step.arrivalWaypoint)
    }

    /// The text of a maneuver onto the road named `name` / `ref`, of class `roadClass`.
    /// `waypoint`: on an arrival at an intermediate waypoint, its number ("your 2nd destination").
    public static func english(_ maneuver: Maneuver, name: String, ref: String, rotaryName: String = "",
                               roadClass: RoadClass, mode: TravelMode, waypoint: Int? = nil) -> String {
        var out = InstructionBytes(roadName: name, roadRef: ref, ringName: rotaryName)
        write(maneuver, named: !name.isEmpty, reffed: !ref.isEmpty, rotaryNamed: !rotaryName.isEmpty, roadClass: roadClass,
              mode: mode, waypoint: waypoint, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Most bytes `write` gives into JSON for a step onto `name` / `ref` (escaped): a road is
    /// named at most once, among phrases of at most ~60 bytes.
    static func maxJSONCount(name: String, ref: String) -> Int { 128 + 6 * (name.utf8.count + ref.utf8.count) }

    /// Writes the text of a maneuver onto a road with a name (`named`) and/or a ref (`reffed`),
    /// which `out` writes when asked.
    @inline(__always)
    static func write<Sink: InstructionSink>(_ maneuver: Maneuver, named: Bool, reffed: Bool, rotaryNamed: Bool = false,
                                             roadClass: RoadClass, mode: TravelMode, waypoint: Int?, into out: inout Sink) {
        Text(maneuver, named: named, reffed: reffed, rotaryNamed: rotaryNamed, roadClass: roadClass, mode: mode,
             waypoint: waypoint).write(into: &out)
    }

    /// One instruction's parts, and how they are put together.
    private struct Text {
        let maneuver: Maneuver
        let named: Bool
        let reffed: Bool
        let rotaryNamed: Bool
        let roadClass: RoadClass
        let walking: Bool
        let unnamed: Bool
        /// A walker's unnamed stairs: "Take the stairs".
        let stairs: Bool
        let waypoint: Int?

        @inline(__always)
        init(_ maneuver: Maneuver, named: Bool, reffed: Bool, rotaryNamed: Bool, roadClass: RoadClass, mode: TravelMode,
             waypoint: Int?) {
            self.maneuver = maneuver
            self.rotaryNamed = rotaryNamed
            self.waypoint = waypoint
            self.named = named
            self.reffed = reffed
            self.roadClass = roadClass
            walking = mode == .walking
            unnamed = !named && !reffed
            stairs = walking && unnamed && roadClass == .steps
        }

        /// Whether there is a road to name: a name or ref, or for a walker the kind of path.
        var hasRoad: Bool { !unnamed || walking }

        /// The road as a traveller reads it: "Name (Ref)", the ref alone, or a walker's kind of path.
        func road<Sink: InstructionSink>(_ out: inout Sink) {
            if unnamed {
                if walking { out.phrase(WalkKind(roadClass.rawValue).phrase) }
            } else if !reffed {
                out.name()
            } else if !named {
                out.ref()
            } else {
                out.name()
                out.phrase(" (")
                out.ref()
                out.phrase(")")
            }
        }

        func onto<Sink: InstructionSink>(_ out: inout Sink) {
            guard hasRoad else { return }
            out.phrase(" onto ")
            road(&out)
        }

        func write<Sink: InstructionSink>(into out: inout Sink) {
            let m = maneuver
            let modifier = m.modifier ?? .straight
            switch m.type {
            case .depart:
                out.phrase(walking ? "Walk " : "Head ")
                out.phrase(compassPhrase(m.bearingAfter))
                guard hasRoad else { return }
                out.phrase(walking && unnamed && !stairs ? " along " : " on ")
                road(&out)
            case .arrive:
                // osrm-text-instructions: "your {nth} destination", nth empty at the last one.
                out.phrase("You have arrived at your ")
                if let waypoint {
                    out.number(waypoint)
                    out.phrase(ordinalSuffix(waypoint))
                    out.phrase(" ")
                }
                out.phrase("destination")
                switch m.modifier {
                case .some(let side) where side.isLeft: out.phrase(", on the left")
                case .some(let side) where side.isRight: out.phrase(", on the right")
                case .some(.straight): out.phrase(", straight ahead")
                default: break
                }
            case .turn, .endOfRoad:
                if stairs { return takeStairs(modifier, &out) }
                out.phrase(turnPhrase(modifier))
                onto(&out)
            case .newName, .notification:
                // A notification (boarding or leaving a ferry) reads as osrm-text-instructions
                // has it: "Continue left onto …".
                if stairs { return takeStairs(modifier, &out) }
                out.phrase("Continue")
                out.phrase(continuePhrase(modifier))
                if walking && unnamed {
                    out.phrase(" along ")
                    road(&out)
                } else if hasRoad {
                    onto(&out)
                } else if modifier == .straight {
                    out.phrase(" straight")
                }
            case .continue:
                if modifier == .uturn { out.phrase("Make a U-turn at the end of the road"); return }
                guard !unnamed else {
                    out.phrase(turnPhrase(modifier))
                    return onto(&out)
                }
                switch modifier {
                case .straight: out.phrase("Continue straight")
                case .slightLeft: out.phrase("Keep left")
                case .slightRight: out.phrase("Keep right")
                default: out.phrase(turnPhrase(modifier))
                }
                out.phrase(" to stay on ")
                road(&out)
            case .fork:
                out.phrase(modifier.isLeft ? "Keep left" : modifier.isRight ? "Keep right" : "Keep straight")
                if unnamed {
                    out.phrase(" at the fork")
                } else {
                    out.phrase(" onto ")
                    road(&out)
                }
            case .merge:
                out.phrase(modifier.isLeft ? "Merge left" : modifier.isRight ? "Merge right" : "Merge")
                onto(&out)
            case .onRamp, .offRamp:
                out.phrase(modifier.isLeft ? "Take the ramp on the left" : modifier.isRight ? "Take the ramp on the right" : "Take the ramp")
                onto(&out)
            case .roundabout, .rotary:
                // osrm-text-instructions: "Enter the roundabout and take the 2nd exit onto X",
                // "Enter Place X and exit onto Y"; without an exit, "…and exit onto X".
                if m.type == .rotary && rotaryNamed {
                    out.phrase("Enter ")
                    out.rotaryName()
                } else {
                    out.phrase(m.type == .rotary ? "Enter the rotary" : "Enter the roundabout")
                }
                if let exit = m.exit, exit <= 10 {
                    out.phrase(" and take the ")
                    out.number(exit)
                    out.phrase(ordinalSuffix(exit))
                    out.phrase(" exit")
                    onto(&out)
                } else if hasRoad && !(m.exit == nil && m.type == .rotary && rotaryNamed) {
                    out.phrase(" and exit")
                    onto(&out)
                }
            case .roundaboutTurn:
                out.phrase("At the roundabout ")
                switch modifier {
                case .left: out.phrase("turn left")
                case .right: out.phrase("turn right")
                case .straight: out.phrase("continue straight")
                case .uturn: out.phrase("make a U-turn")
                default:
                    out.phrase("make a ")
                    out.phrase(modifier.name)
                }
                onto(&out)
            case .exitRoundabout, .exitRotary:
                out.phrase(m.type == .exitRotary ? "Exit the rotary" : "Exit the roundabout")
                onto(&out)
            }
        }

        func takeStairs<Sink: InstructionSink>(_ modifier: ManeuverModifier, _ out: inout Sink) {
            if modifier != .straight {
                out.phrase(turnPhrase(modifier))
                out.phrase(" and take")
            } else {
                out.phrase("Take")
            }
            out.phrase(" the stairs")
        }
    }

    static func turnPhrase(_ modifier: ManeuverModifier) -> StaticString {
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
    static func continuePhrase(_ modifier: ManeuverModifier) -> StaticString {
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
    public static func ordinal(_ n: Int) -> String { "\(n)\(ordinalSuffix(n))" }

    static func ordinalSuffix(_ n: Int) -> StaticString {
        switch (n % 10, n % 100) {
        case (_, 11...13): return "th"
        case (1, _): return "st"
        case (2, _): return "nd"
        case (3, _): return "rd"
        default: return "th"
        }
    }

    /// The eight-point compass direction of a bearing.
    public static func compass(_ bearing: Int) -> String { compassPhrase(bearing).description }

    static func compassPhrase(_ bearing: Int) -> StaticString {
        switch ((bearing % 360 + 360) % 360 * 2 + 45) / 90 % 8 {
        case 0: return "north"
        case 1: return "northeast"
        case 2: return "east"
        case 3: return "southeast"
        case 4: return "south"
        case 5: return "southwest"
        case 6: return "west"
        default: return "northwest"
        }
    }
}
