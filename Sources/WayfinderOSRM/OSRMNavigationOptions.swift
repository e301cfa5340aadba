import WayfinderDirections
import WayfinderRouting

extension OSRMRouteQuery {
    /// The Mapbox Directions API's options for navigation SDKs, read by /route.
    public static let navigationOptions: Set<String> = ["voice_instructions", "banner_instructions", "voice_units", "language",
                                                 "roundabout_exits"]
    /// `voice_instructions`, `banner_instructions`, `voice_units`, `roundabout_exits` and
    /// `language`. Instructions exist in English only: another language is refused (Mapbox
    /// answers an unknown one with an error too) rather than answered in English unasked.
    /// Voice and banner instructions belong to steps: asked for without `steps=true`, an error.
    static func navigation(_ osrm: OSRMRequest, steps: Bool) throws(OSRMError) -> NavigationOptions {
        var navigation = NavigationOptions()
        navigation.voiceInstructions = try osrm.flag("voice_instructions", default: false)
        navigation.bannerInstructions = try osrm.flag("banner_instructions", default: false)
        navigation.voiceUnits = try osrm.choice("voice_units", VoiceUnits.allCases.map { ($0.rawValue, $0) }, default: .imperial)
        if osrm.options["roundabout_exits"] != nil { navigation.roundaboutExits = try osrm.flag("roundabout_exits", default: true) }
        if let language = osrm.options["language"] {
            let lower = language.lowercased()
            guard lower == "en" || lower.hasPrefix("en-") || lower.hasPrefix("en_") else {
                throw OSRMError("InvalidOptions",
                                "language \"\(language)\" is not supported by this server: instructions are in English only (language=en)")
            }
        }
        if navigation.writesSteps && !steps {
            throw OSRMError("InvalidOptions", "\(navigation.voiceInstructions ? "voice_instructions" : "banner_instructions")=true needs steps=true")
        }
        return navigation
    }

    /// The options of a `format=pbf` answer, which carries steps with their instruction (a
    /// client reads it as the maneuver's) and the distance and duration annotations only:
    /// `annotations=true` asks for those two there; the rest is refused, not dropped.
    public func protobufOptions() throws(OSRMError) -> ResponseOptions {
        var options = options
        if options.navigation.writesSteps {
            throw OSRMError("InvalidOptions", "voice_instructions and banner_instructions are not available with format=pbf")
        }
        if request.options["annotations"] == "true" { options.annotations = [.distance, .duration] }
        if !options.annotations.subtracting([.distance, .duration]).isEmpty {
            throw OSRMError("InvalidOptions", "format=pbf carries the distance and duration annotations only")
        }
        return options
    }
}
