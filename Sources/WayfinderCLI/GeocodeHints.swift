import WayfinderRouting
import WayfinderGeocoding
import WayfinderGraph

/// Hints for a coordinate the graph cannot answer: given with latitude and longitude
/// swapped ("did you mean 60.1699,24.9384? the CLI takes LAT,LON"), or simply outside the
/// graph's area (named by its box and biggest place). They are added to the error, or
/// written as a warning on stderr when the command still answers; exit codes stay as
/// documented.
extension GeocodeCommands {
    /// The hint for `point`, nil when it lies inside the graph's area.
    static func hint(_ point: FixedCoordinate, geocoder: Geocoder) -> String? {
        geocoder.area.hint(for: point, order: .latLon)
    }

    /// A warning on stderr when the point of `option` lies outside the graph's area.
    static func warnIfOutside(_ point: FixedCoordinate, option: String, text: String, geocoder: Geocoder, console: Console) {
        if let hint = hint(point, geocoder: geocoder) { console.error("warning: \(option) \(text): \(hint)\n") }
    }

    /// The area of a graph file: the geocoder's, named after its biggest place, when the file
    /// has an index; else the routing snap grid's box.
    static func area(file: GraphFile, grid: SnapGrid) -> GraphArea {
        (try? Geocoder(file: file))?.area ?? GraphArea(grid: grid)
    }

    /// `route`'s failure wording with the hint of the point that has no road near it.
    static func routeWording(_ points: [FixedCoordinate], area: GraphArea) -> RouteFailureWording {
        let hints = points.map { area.hint(for: $0, order: .latLon) }
        let base = RouteCommand.failureWording(stops: points.count)
        return RouteFailureWording(noSegment: { i in base.noSegment(i) + (i < hints.count ? hints[i].map { "; " + $0 } ?? "" : "") },
                                   noRoute: base.noRoute)
    }
}
