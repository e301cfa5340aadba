import WayfinderGraph

/// How one kind of maneuver is worded, in the manner of osrm-text-instructions' English (v5):
/// its "default" variant when the road has nothing to call it by, and its "name" variant
/// `lead + link + road + tail` when it has ("Make a U-turn" + " onto " + "Main Street" +
/// " at the end of the road").
struct Phrasing {
    let lead: StaticString
    let link: StaticString
    let tail: StaticString
    /// The whole text without a road: usually `lead`, sometimes more ("Keep left at the fork").
    let alone: StaticString
    /// What goes before " towards {destination}" in the "destination" variant: usually `lead`.
    let towards: StaticString

    init(_ lead: StaticString, _ link: StaticString, tail: StaticString = "", alone: StaticString? = nil,
         towards: StaticString? = nil) {
        self.lead = lead
        self.link = link
        self.tail = tail
        self.alone = alone ?? lead
        self.towards = towards ?? lead
    }
}

/// The wording of each maneuver type and modifier. The cases mirror the keys of
/// osrm-text-instructions' en.json: a type's own entry for a modifier when it has one (e.g.
/// "new name" / "sharp left": "Take a sharp left"), else its "default" entry with the modifier
/// spelled out ("Turn {modifier}": "Turn slight left"), for the same texts OSRM's clients show.
enum InstructionPhrases {
    static func phrasing(_ type: ManeuverType, _ modifier: ManeuverModifier, drivingSide: DrivingSide) -> Phrasing {
        switch type {
        case .turn, .depart, .arrive, .roundabout, .exitRoundabout, .rotary, .roundaboutTurn, .exitRotary:
            return turn(modifier)
        case .newName: return newName(modifier)
        case .continue: return continuing(modifier)
        case .endOfRoad: return endOfRoad(modifier)
        case .fork: return fork(modifier)
        case .merge: return merge(modifier)
        case .onRamp: return ramp(modifier)
        case .offRamp:
            // osrm-text-instructions leaves out the side of an off ramp on the side traffic
            // keeps to: the usual exit is "Take the ramp onto …", only the odd one has a side.
            let usualSide = drivingSide == .right ? modifier.isRight : modifier.isLeft
            return ramp(usualSide ? .straight : modifier)
        case .notification: return notification(modifier)
        }
    }

    /// "turn": "Turn left", "Go straight", else "Make a {modifier}"; then " onto {way_name}".
    static func turn(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .left: return Phrasing("Turn left", " onto ")
        case .right: return Phrasing("Turn right", " onto ")
        case .straight: return Phrasing("Go straight", " onto ")
        case .slightLeft: return Phrasing("Make a slight left", " onto ")
        case .slightRight: return Phrasing("Make a slight right", " onto ")
        case .sharpLeft: return Phrasing("Make a sharp left", " onto ")
        case .sharpRight: return Phrasing("Make a sharp right", " onto ")
        case .uturn: return Phrasing("Make a U-turn", " onto ")
        }
    }

    /// "new name": straight on, the modifier is dropped ("Continue onto {way_name}").
    static func newName(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .straight: return Phrasing("Continue", " onto ", alone: "Continue straight")
        case .left: return Phrasing("Continue left", " onto ")
        case .right: return Phrasing("Continue right", " onto ")
        case .slightLeft: return Phrasing("Continue slightly left", " onto ")
        case .slightRight: return Phrasing("Continue slightly right", " onto ")
        case .sharpLeft: return Phrasing("Take a sharp left", " onto ")
        case .sharpRight: return Phrasing("Take a sharp right", " onto ")
        case .uturn: return Phrasing("Make a U-turn", " onto ")
        }
    }

    /// "continue": the road bends or turns and keeps its name ("… to stay on {way_name}").
    static func continuing(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .straight: return Phrasing("Continue straight", " to stay on ", towards: "Continue")
        case .left: return Phrasing("Turn left", " to stay on ")
        case .right: return Phrasing("Turn right", " to stay on ")
        case .slightLeft: return Phrasing("Make a slight left", " to stay on ")
        case .slightRight: return Phrasing("Make a slight right", " to stay on ")
        case .sharpLeft: return Phrasing("Make a sharp left", " to stay on ")
        case .sharpRight: return Phrasing("Make a sharp right", " to stay on ")
        case .uturn: return Phrasing("Make a U-turn", " and continue on ")
        }
    }

    /// "end of road": "Turn {modifier}" (slight and sharp included), straight "Continue
    /// straight", and the U-turn says where it is.
    static func endOfRoad(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .straight: return Phrasing("Continue straight", " onto ")
        case .left: return Phrasing("Turn left", " onto ")
        case .right: return Phrasing("Turn right", " onto ")
        case .slightLeft: return Phrasing("Turn slight left", " onto ")
        case .slightRight: return Phrasing("Turn slight right", " onto ")
        case .sharpLeft: return Phrasing("Turn sharp left", " onto ")
        case .sharpRight: return Phrasing("Turn sharp right", " onto ")
        case .uturn:
            return Phrasing("Make a U-turn", " onto ", tail: " at the end of the road",
                            alone: "Make a U-turn at the end of the road")
        }
    }

    /// "fork": "Keep left onto {way_name}", "Keep left at the fork" when there is no name.
    static func fork(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .left, .slightLeft: return Phrasing("Keep left", " onto ", alone: "Keep left at the fork")
        case .right, .slightRight: return Phrasing("Keep right", " onto ", alone: "Keep right at the fork")
        case .straight: return Phrasing("Keep straight", " onto ", alone: "Keep straight at the fork")
        case .sharpLeft: return Phrasing("Take a sharp left", " onto ", alone: "Take a sharp left at the fork")
        case .sharpRight: return Phrasing("Take a sharp right", " onto ", alone: "Take a sharp right at the fork")
        case .uturn: return Phrasing("Make a U-turn", " onto ")
        }
    }

    /// "merge": only the side counts ("Merge left"); straight is a plain "Merge".
    static func merge(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .left, .slightLeft, .sharpLeft: return Phrasing("Merge left", " onto ")
        case .right, .slightRight, .sharpRight: return Phrasing("Merge right", " onto ")
        case .straight: return Phrasing("Merge", " onto ")
        case .uturn: return Phrasing("Make a U-turn", " onto ")
        }
    }

    /// "on ramp" and "off ramp": the side only ("Take the ramp on the left").
    static func ramp(_ modifier: ManeuverModifier) -> Phrasing {
        if modifier.isLeft { return Phrasing("Take the ramp on the left", " onto ") }
        if modifier.isRight { return Phrasing("Take the ramp on the right", " onto ") }
        return Phrasing("Take the ramp", " onto ")
    }

    /// The side an off ramp's exit number is announced with: none on the side traffic keeps
    /// to (the usual exit), else " on the left" / " on the right" ("Take exit 4 on the left").
    static func offRampSide(_ modifier: ManeuverModifier, drivingSide: DrivingSide) -> StaticString {
        let usualSide = drivingSide == .right ? modifier.isRight : modifier.isLeft
        if usualSide { return "" }
        if modifier.isLeft { return " on the left" }
        return modifier.isRight ? " on the right" : ""
    }

    /// "notification" (boarding or leaving a ferry): "Continue {modifier}", the modifier as is.
    static func notification(_ modifier: ManeuverModifier) -> Phrasing {
        switch modifier {
        case .straight: return Phrasing("Continue straight", " onto ")
        case .left: return Phrasing("Continue left", " onto ")
        case .right: return Phrasing("Continue right", " onto ")
        case .slightLeft: return Phrasing("Continue slight left", " onto ")
        case .slightRight: return Phrasing("Continue slight right", " onto ")
        case .sharpLeft: return Phrasing("Continue sharp left", " onto ")
        case .sharpRight: return Phrasing("Continue sharp right", " onto ")
        case .uturn: return Phrasing("Make a U-turn", " onto ")
        }
    }

    /// A step on board a ferry, whatever its maneuver (osrm-text-instructions' "modes"):
    /// "Take the ferry {way_name}".
    static let ferry = Phrasing("Take the ferry", " ")
}
