// TEMPORARY: contract 1's request options, until branch `directions` lands
// OSRMRouteResponse.swift in WayfinderDirections; delete this file after merging it.
import WayfinderDirections

public struct RouteAnnotations: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let distance = RouteAnnotations(rawValue: 1)
    public static let duration = RouteAnnotations(rawValue: 2)
}

public struct ResponseOptions: Sendable {
    public var steps: Bool = false
    public var geometry: GeometryFormat = .polyline
    public var overview: Overview = .simplified
    public var annotations: RouteAnnotations = []
    public init(steps: Bool = false, geometry: GeometryFormat = .polyline, overview: Overview = .simplified,
                annotations: RouteAnnotations = []) {
        self.steps = steps
        self.geometry = geometry
        self.overview = overview
        self.annotations = annotations
    }
}
