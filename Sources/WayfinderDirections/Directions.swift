import WayfinderGraph
import WayfinderRouting

/// Per stretch between consecutive points of a route's line (OSRM's leg `annotation`):
/// `distance[i]` metres and `duration[i]` seconds from point `i` to point `i + 1`. They add
/// up to the route's distance and duration.
public struct LegAnnotation: Sendable {
    public let distance: [Double]
    public let duration: [Double]
    /// The OSM node id of each point of the line (`DirectionsBuilder+NodeAnnotation.swift`); empty when the
    /// graph file keeps none.
    public var nodes: [Int64] = []
    /// OSRM's `datasources`: per stretch, 0 for the profile's speed, `i` for the `i`th speed
    /// file of the last customization (`DirectionsBuilder+LiveTraffic.swift`); empty when the
    /// whole leg runs on the profile's.
    public var datasources: [UInt8] = []
    /// OSRM's `metadata.datasource_names`: "lua profile", then the speed files' names.
    public var sourceNames: [String] = [LiveSpeedTable.profileSource]
}

/// A route explained: its line, and the steps that say where to turn.
public struct Directions: Sendable {
    public let mode: TravelMode
    public let drivingSide: DrivingSide
    /// The route's whole line, from the snapped source to the snapped target; each step's
    /// `geometry` is a range of it.
    public let line: [FixedCoordinate]
    /// `depart` first, `arrive` last.
    public let steps: [RouteStep]
    /// Roads at each intersection (`RouteStep.intersection`, `StepIntersection.roads`).
    public let intersectionRoads: [IntersectionRoad]
    /// Every intersection of every step, in route order (`RouteStep.intersections`).
    public let intersections: [StepIntersection]
    /// The lanes at those intersections (`StepIntersection.lanes`).
    public let lanes: [Lane]
    /// Metres and seconds of the whole route: the sums of the steps'.
    public let distance: Double
    public let duration: Double
    /// Metres and seconds of each stretch between consecutive points of `line`; nil unless
    /// asked for (`DirectionsBuilder.directions(for:destination:waypoint:annotated:)`).
    public let annotation: LegAnnotation?

    init(mode: TravelMode, drivingSide: DrivingSide, line: [FixedCoordinate], steps: [RouteStep],
         intersectionRoads: [IntersectionRoad], distance: Double, duration: Double, annotation: LegAnnotation?,
         intersections: [StepIntersection] = [], lanes: [Lane] = []) {
        self.mode = mode
        self.drivingSide = drivingSide
        self.line = line
        self.steps = steps
        self.intersectionRoads = intersectionRoads
        self.intersections = intersections
        self.lanes = lanes
        self.distance = distance
        self.duration = duration
        self.annotation = annotation
    }

    /// Builds the steps of `route`. `destination` is the coordinate the user asked for (not
    /// the snapped one): with it the arrival says on which side the destination lies.
    public init(route: Route, graph: RoutingGraph, destination: FixedCoordinate? = nil) {
        self = DirectionsBuilder(graph: graph).directions(for: route, destination: destination)
    }

    /// A step's line: at least one point; exactly one only for a zero-length step.
    public func geometry(of step: RouteStep) -> ArraySlice<FixedCoordinate> { line[step.geometry] }

    /// The names of the two longest named stretches, in route order (OSRM's leg summary).
    public var summary: String {
        var first = -1, second = -1
        steps.withUnsafeBufferPointer { steps in
            for i in steps.indices where steps[i].maneuver.type != .arrive && !steps[i].name.isEmpty {
                if first < 0 || steps[i].distance > steps[first].distance {
                    second = first
                    first = i
                } else if (second < 0 || steps[i].distance > steps[second].distance) && steps[i].name != steps[first].name {
                    second = i
                }
            }
        }
        if second >= 0 && steps[second].name == steps[first].name { second = -1 }
        if first < 0 { return "" }
        if second < 0 { return steps[first].name }
        return first < second ? "\(steps[first].name), \(steps[second].name)" : "\(steps[second].name), \(steps[first].name)"
    }
}
