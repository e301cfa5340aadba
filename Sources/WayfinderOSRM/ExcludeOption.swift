import WayfinderGraph
import WayfinderRouting

/// OSRM's `exclude=motorway,toll` (on /route and /table): the classes of roads a route may
/// not use, any combination of car.lua's excludable `toll`, `motorway` and `ferry`. A class
/// the profile cannot exclude (any for walking, an unknown name, or a graph file built before
/// exclusions) is osrm-routed's `InvalidValue` "Exclude flag combination is not supported.".
extension OSRMRequest {
    /// The excluded classes of this request (none without the option).
    public func excludedClasses() throws(OSRMError) -> WayClasses {
        guard let text = options["exclude"] else { return [] }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ",") }) else {
            throw .badQuery("exclude must be a list of classes separated by commas")
        }
        guard mode == .driving, let classes = ExclusionFilter.parse(text) else { throw Self.unsupportedExclusion }
        return classes
    }

    public static let unsupportedExclusion = OSRMError("InvalidValue", "Exclude flag combination is not supported.")
}
