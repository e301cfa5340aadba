import WayfinderGraph
import WayfinderJSON

/// English instruction text as osrm-text-instructions (v5, en) composes it from an OSRM
/// step, so that a client showing ours reads what it would show for OSRM's: "Turn left onto
/// Carrer Major", "Keep right onto A 1", "Continue straight to stay on Main Street".
///
/// Deliberate differences, where osrm-text-instructions would have nothing to say:
/// - a walker on an unnamed way hears what kind of way it is, put where the name would go
///   ("Turn left onto the footway"), and unnamed stairs are announced as such ("Turn right
///   and take the stairs"): on foot, most of a route is unnamed, and "Turn left" alone does
///   not tell which of several paths to take;
/// - ordinals go on past the 10th ("your 11th destination"), where OSRM's table stops;
/// - an arrival says it arrives even when the last way is a ferry.
/// Signposted destinations and exit numbers choose the variant as osrm-text-instructions
/// does: both on an off ramp "Take exit 12B towards Lyon", else destinations over the name
/// ("Turn left towards Lyon"), else the exit ("Take exit 12B"), else the name or the default.
public enum Instructions {
    public static func english(_ step: RouteStep, mode: TravelMode) -> String {
        english(step.maneuver, name: step.name, ref: step.ref, rotaryName: step.rotaryName ?? "",
                roadClass: step.roadClass, mode: mode, waypoint: step.arrivalWaypoint, transport: step.transport, classes: step.classes,
                drivingSide: step.drivingSide, destinations: step.destinations ?? "", exits: step.exits ?? "")
    }

    /// The text of a maneuver onto the road named `name` / `ref`, of class `roadClass`, with
    /// OSRM's `classes` (a motorway is called by its ref), on board `transport`, where traffic
    /// keeps to `drivingSide` (an off ramp on that side says no side).
    /// `rotaryName`: on a step entering a rotary, the rotary's own name.
    /// `waypoint`: on an arrival at an intermediate waypoint, its number ("your 2nd destination").
    public static func english(_ maneuver: Maneuver, name: String, ref: String, rotaryName: String = "",
                               roadClass: RoadClass, mode: TravelMode, waypoint: Int? = nil,
                               transport: Transport = .road, classes: WayClasses = [],
                               drivingSide: DrivingSide = .right, destinations: String = "", exits: String = "") -> String {
        var out = InstructionBytes(roadName: name, roadRef: ref, ringName: rotaryName, destinations: destinations, exits: exits)
        write(maneuver, name: name, ref: ref, rotaryNamed: !rotaryName.isEmpty, roadClass: roadClass, classes: classes,
              transport: transport, drivingSide: drivingSide, mode: mode, waypoint: waypoint,
              signed: Signed(destinations: !destinations.isEmpty, exits: !exits.isEmpty), into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Most bytes `write` gives into JSON for a step onto `name` / `ref` (escaped): a road is
    /// named at most once, among phrases of at most ~60 bytes.
    static func maxJSONCount(name: String, ref: String) -> Int { 128 + 6 * (name.utf8.count + ref.utf8.count) }

    /// Writes the text of a maneuver onto the road `name` / `ref`, whose parts `out` writes
    /// when asked (`name` and `ref` are only looked at, to choose what to call the road).
    @inline(__always)
    static func write<Sink: InstructionSink>(_ maneuver: Maneuver, name: String, ref: String, rotaryNamed: Bool = false,
                                             roadClass: RoadClass, classes: WayClasses, transport: Transport,
                                             drivingSide: DrivingSide, mode: TravelMode, waypoint: Int?,
                                             signed: Signed = Signed(), into out: inout Sink) {
        Text(maneuver, label: RoadLabel(name: name, ref: ref, classes: classes), rotaryNamed: rotaryNamed,
             roadClass: roadClass, transport: transport, drivingSide: drivingSide, mode: mode,
             waypoint: waypoint, signed: signed).write(into: &out)
    }

    /// Which signs a step has to read out (the sink holds their text).
    struct Signed {
        var destinations = false, exits = false
    }

    /// One instruction's parts, and how they are put together.
    private struct Text {
        let maneuver: Maneuver
        let label: RoadLabel
        let rotaryNamed: Bool
        let roadClass: RoadClass
        let transport: Transport
        let drivingSide: DrivingSide
        let walking: Bool
        let cycling: Bool
        let waypoint: Int?
        let signed: Signed

        @inline(__always)
        init(_ maneuver: Maneuver, label: RoadLabel, rotaryNamed: Bool, roadClass: RoadClass, transport: Transport,
             drivingSide: DrivingSide, mode: TravelMode, waypoint: Int?, signed: Signed) {
            self.signed = signed
            self.maneuver = maneuver
            self.label = label
            self.rotaryNamed = rotaryNamed
            self.roadClass = roadClass
            self.transport = transport
            self.drivingSide = drivingSide
            self.walking = mode == .walking
            self.cycling = mode == .cycling
            self.waypoint = waypoint
        }

        /// Whether there is a road to name: a name or ref, or for a walker the kind of way.
        var hasRoad: Bool { label != .none || walking }

        /// A walker's unnamed stairs: "Take the stairs".
        var stairs: Bool { walking && label == .none && roadClass == .steps }

        /// The road as a traveller reads it: "Name (Ref)", either alone, or a walker's kind of way.
        func road<Sink: InstructionSink>(_ out: inout Sink) {
            if label == .none {
                if walking { out.phrase(WalkKind(roadClass.rawValue).phrase) }
            } else {
                label.write(&out)
            }
        }

        /// " towards {destination}" when the road is signed to somewhere (the "destination"
        /// variant wins over the name), else " onto " and the road, if there is one.
        func onto<Sink: InstructionSink>(_ out: inout Sink) {
            if signed.destinations {
                out.phrase(" towards ")
                return out.destination()
            }
            guard hasRoad else { return }
            out.phrase(" onto ")
            road(&out)
        }

        /// The "name" variant of `phrasing` when there is a road to name, else the "default".
        func say<Sink: InstructionSink>(_ phrasing: Phrasing, _ out: inout Sink) {
            if signed.destinations {
                out.phrase(phrasing.towards)
                out.phrase(" towards ")
                out.destination()
                return out.phrase(phrasing.tail)
            }
            guard hasRoad else { return out.phrase(phrasing.alone) }
            out.phrase(phrasing.lead)
            out.phrase(phrasing.link)
            road(&out)
            out.phrase(phrasing.tail)
        }

        /// A stretch where the bike is pushed (against a one-way street, on a footway, on
        /// steps): "Push your bike north along Main Street" at the start, "Turn left and push
        /// your bike along the Footpath" at a turn, "Push your bike along …" straight on.
        func pushBike<Sink: InstructionSink>(_ modifier: ManeuverModifier, _ out: inout Sink) {
            switch maneuver.type {
            case .depart:
                out.phrase("Push your bike ")
                out.phrase(compassPhrase(maneuver.bearingAfter))
            case .newName, .notification,
                 .continue where modifier == .straight:
                out.phrase("Push your bike")
            default:
                out.phrase(InstructionPhrases.phrasing(maneuver.type, modifier, drivingSide: drivingSide).alone)
                out.phrase(" and push your bike")
            }
            guard label != .none else { return }
            out.phrase(" along ")
            label.write(&out)
        }

        func write<Sink: InstructionSink>(into out: inout Sink) {
            let m = maneuver
            let modifier = m.modifier ?? .straight
            if transport == .ferry && m.type != .arrive && !m.type.entersRing && !m.type.leavesRing {
                // Only a ferry's own name follows "Take the ferry", never "the road".
                guard label != .none || signed.destinations else { return out.phrase(InstructionPhrases.ferry.alone) }
                return say(InstructionPhrases.ferry, &out)
            }
            if transport == .pushing && m.type != .arrive && !m.type.entersRing && !m.type.leavesRing {
                return pushBike(modifier, &out)
            }
            switch m.type {
            case .depart:
                out.phrase(cycling ? "Cycle " : "Head ")
                out.phrase(compassPhrase(m.bearingAfter))
                guard hasRoad else { return }
                out.phrase(" on ")
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
            case .turn, .endOfRoad, .newName, .notification:
                if stairs { return takeStairs(modifier, &out) }
                say(InstructionPhrases.phrasing(m.type, modifier, drivingSide: drivingSide), &out)
            case .offRamp where signed.exits:
                // "Take exit 12B", the side only when it is not the usual one, then any destination.
                out.phrase("Take exit ")
                out.exit()
                out.phrase(InstructionPhrases.offRampSide(modifier, drivingSide: drivingSide))
                if signed.destinations {
                    out.phrase(" towards ")
                    out.destination()
                }
            case .continue, .fork, .merge, .onRamp, .offRamp:
                say(InstructionPhrases.phrasing(m.type, modifier, drivingSide: drivingSide), &out)
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
                } else if (hasRoad || signed.destinations) && !(m.exit == nil && m.type == .rotary && rotaryNamed) {
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

        /// "Take the stairs" straight on, else the turn first: "Turn right and take the stairs".
        func takeStairs<Sink: InstructionSink>(_ modifier: ManeuverModifier, _ out: inout Sink) {
            if modifier != .straight {
                out.phrase(InstructionPhrases.turn(modifier).lead)
                out.phrase(" and take")
            } else {
                out.phrase("Take")
            }
            out.phrase(" the stairs")
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

    /// With osrm-text-instructions' sectors: the four cardinal points 40° wide (north from
    /// 340° to 20°), the four between them 50°.
    static func compassPhrase(_ bearing: Int) -> StaticString {
        switch (bearing % 360 + 360) % 360 {
        case 0...20, 340...: return "north"
        case 21..<70: return "northeast"
        case 70...110: return "east"
        case 111..<160: return "southeast"
        case 160...200: return "south"
        case 201..<250: return "southwest"
        case 250...290: return "west"
        default: return "northwest"
        }
    }
}
