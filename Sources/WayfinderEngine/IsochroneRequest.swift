import WayfinderGraph
import WayfinderIsochrones
import WayfinderRouting

/// Where one can get to from a point, or come from (`arrive`), within some minutes or metres:
/// the request behind the Mapbox Isochrone API's and Valhalla's `/isochrone`.
///
/// The point is snapped as a route's first waypoint; a `ReachQuery` finds every road within
/// the largest limit (exact times, the router's); a `ContourBuilder` draws one contour per
/// limit around the roads reached.
public struct IsochroneRequest: Sendable {
    public var mode: TravelMode
    public var location: FixedCoordinate
    /// The limits, in minutes (`metric == .time`) or metres, as asked, in the order asked.
    public var contours: [Double]
    public var metric = ContourMetric.time
    public var direction = ReachDirection.depart
    /// Polygons, or their boundary lines (`polygons=false`).
    public var polygons = true
    /// 0...1: polygons smaller than this share of a contour's largest are dropped.
    public var denoise = 1.0
    /// Metres of simplification (Douglas–Peucker); nil for the builder's default.
    public var generalize: Double?
    /// Per contour, a colour (hex without '#'), nil for the default; empty for all defaults.
    public var colors: [String?] = []

    public init(mode: TravelMode, location: FixedCoordinate, contours: [Double]) {
        self.mode = mode
        self.location = location
        self.contours = contours
    }

    /// Checks the contours and options against the engine's limits, with osrm-routed's words.
    public func validate(limits: EngineLimits) throws(EngineError) {
        guard !contours.isEmpty else { throw .invalidValue("At least one contour is required") }
        guard contours.count <= limits.maxContours else {
            throw .tooBig("Number of contours \(contours.count) is higher than current maximum (\(limits.maxContours))")
        }
        let (largest, unit) = metric == .time ? (limits.maxContourMinutes, "minutes") : (limits.maxContourMetres, "metres")
        for value in contours {
            guard value.isFinite, value > 0 else { throw .invalidValue("Contour \(value) must be a positive number of \(unit)") }
            guard value <= largest else {
                throw .tooBig("Contour \(value) is higher than current maximum (\(Self.written(largest)) \(unit))")
            }
        }
        guard denoise.isFinite, (0...1).contains(denoise) else { throw .invalidValue("denoise must be between 0 and 1") }
        if let generalize, !(generalize.isFinite && generalize >= 0) {
            throw .invalidValue("generalize must be a number of metres, 0 or more")
        }
        guard colors.isEmpty || colors.count == contours.count else {
            throw .invalidValue("contours_colors must give one colour per contour (\(contours.count))")
        }
        for case let color? in colors where !Self.isHexColor(color) {
            throw .invalidValue("Colour \(color) is not 6 hex digits")
        }
    }

    /// The contours, in the order asked; `noSegment` when no road is within the engine's
    /// snapping radius of the point.
    public func answer(_ queries: EngineQueries) throws(EngineError) -> IsochroneAnswer {
        let graph = try queries.routingGraph(mode)
        // The main network's nearest road when there is one in reach: a lone point has no
        // other waypoint to pull it off an island (as a route's island rule does), and an
        // isochrone from a footpath cut off from the rest would be a few metres across
        // (Valhalla's `minimum_reachability` does the same).
        guard let found = Snapper(graph: graph).nearest(to: location, maxDistance: queries.limits.maxSnapRadius) else {
            throw .noSegment(waypoint: 0)
        }
        let snap = found.main ?? found.any
        let reach = queries.reachQuery(mode)!
        if direction == .arrive && reach.transposed == nil { reach.transposed = queries.graph.transposedBase(mode) }
        let largest = contours.max()!
        switch metric {
        case .time: reach.search(from: snap, direction: direction, maxMilliseconds: Int32(largest * 60_000))
        case .distance: reach.search(from: snap, direction: direction, maxMilliseconds: Int32.max / 4, maxMetres: largest)
        }
        let roads = queries.reachedRoads
        roads.value.collect(from: reach, metric: metric)
        let limits = metric == .time ? contours.map { $0 * 60 } : contours
        let options = ContourOptions(polygons: polygons, denoise: denoise, generalize: generalize)
        var shapes = queries.contourBuilder.contours(of: roads.value, origin: snap.location, limits: limits, metric: metric,
                                                     mode: mode, options: options)
        // The builder works in seconds; the answer gives each contour as asked.
        for i in shapes.indices { shapes[i].limit = contours[i] }
        return IsochroneAnswer(contours: shapes, colors: colors.isEmpty ? Array(repeating: nil, count: contours.count) : colors,
                               origin: snap.location, reachedRoads: reach.labelledNodes)
    }

    static func isHexColor(_ text: String) -> Bool {
        text.utf8.count == 6 && text.utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
    }

    static func written(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// An isochrone request's answer: one contour per limit, in the order asked.
public struct IsochroneAnswer: Sendable {
    public var contours: [Contour]
    /// Per contour, the colour asked for, nil for the default.
    public var colors: [String?]
    /// Where the point was snapped: the search started (or ended) there.
    public var origin: FixedCoordinate
    /// Search nodes labelled, for the logs and the benchmark.
    public var reachedRoads: Int
}
