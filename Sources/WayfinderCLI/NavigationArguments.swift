import WayfinderDirections

extension RouteCommand {
    /// `--voice-instructions`, `--banner-instructions`, `--voice-units`, `--roundabout-exits`:
    /// the Mapbox extensions of the json output, as the HTTP service's options of the same names.
    static func navigationOptions(_ args: Arguments) throws(CommandError) -> NavigationOptions {
        var navigation = NavigationOptions()
        navigation.voiceInstructions = args.has("voice-instructions")
        navigation.bannerInstructions = args.has("banner-instructions")
        if let text = args["voice-units"] {
            guard let units = VoiceUnits(rawValue: text) else { throw .usage("--voice-units must be imperial or metric, got \"\(text)\"") }
            navigation.voiceUnits = units
        }
        switch args["roundabout-exits"] {
        case nil: break
        case "true": navigation.roundaboutExits = true
        case "false": navigation.roundaboutExits = false
        case let other?: throw .usage("--roundabout-exits must be true or false, got \"\(other)\"")
        }
        return navigation
    }
}
