/// The units announcements speak distances in (the Mapbox Directions API's `voice_units`).
public enum VoiceUnits: String, Sendable, CaseIterable {
    /// Feet and miles: "In 500 feet", "In a quarter mile", "In 2 miles".
    case imperial
    /// Meters and kilometers (US spelling, as the English instructions): "In 250 meters".
    case metric
}

/// What a navigation SDK asks of a route beyond OSRM v5: the Mapbox Directions API's
/// extensions, which MapLibre Navigation and Ferrostar read (`voice_instructions`,
/// `banner_instructions`, `voice_units`, `roundabout_exits`). Off by default, so that a plain
/// OSRM request is answered byte for byte as before.
public struct NavigationOptions: Sendable, Equatable {
    /// Each step gets `voiceInstructions`: what to say, and how far before its maneuver.
    public var voiceInstructions = false
    /// Each step gets `bannerInstructions`: what to show for the maneuver that ends it.
    public var bannerInstructions = false
    /// Mapbox's default is imperial (its only language here is US English, whose locale
    /// speaks feet and miles); `metric` for the rest of the world.
    public var voiceUnits: VoiceUnits = .imperial
    /// Mapbox's `roundabout_exits`: with `false` a roundabout is one step that enters and
    /// leaves it (Mapbox's default); with `true`, or when not asked (OSRM's answer, which
    /// osrm-routed clients expect), entering and exiting are two steps.
    public var roundaboutExits: Bool? = nil

    public init(voiceInstructions: Bool = false, bannerInstructions: Bool = false, voiceUnits: VoiceUnits = .imperial,
                roundaboutExits: Bool? = nil) {
        self.voiceInstructions = voiceInstructions
        self.bannerInstructions = bannerInstructions
        self.voiceUnits = voiceUnits
        self.roundaboutExits = roundaboutExits
    }

    /// Whether any extension is written into the steps.
    public var writesSteps: Bool { voiceInstructions || bannerInstructions }
}
