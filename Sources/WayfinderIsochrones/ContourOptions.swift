import WayfinderGraph

/// What a contour's limit and the reached values measure: seconds (asked in minutes) or metres.
public enum ContourMetric: String, Sendable {
    case time, distance
}

/// The grid of the time field (`TimeGrid`): how fine it is and how far from a reached road it
/// reaches. Per-mode defaults (`init(mode:)`), measured and chosen as their comments say.
///
/// The shape rules these numbers serve (the contract):
/// - a reached road lies inside its contour: every cell a reached road crosses is seeded with
///   the road's least value in it, and every node within `freeRadius` of a seeded cell's
///   centre takes that value: the cell's own corners (half its diagonal) and a little more
///   (0.9 cells in all), so the cell of a reached point lies inside and the default
///   generalization (half a cell) rarely cuts into it. A wider radius (2.6 cells, which no
///   generalization can undo) drew the bands around the roads so wide that unreached roads
///   beside them fell inside: on Andorra at 5 minutes' walk 3.2 % of unreachable road points
///   inside against 0.9 %, with no reached point outside either way
///   (`scripts/compare-isochrone`, BENCHMARKS.md);
/// - an unreached road lies outside beyond `reach` plus a cell's diagonal: nodes farther than
///   `reach` from every seeded cell's centre are unreached, and a cell whose corners are all
///   unreached lies wholly outside;
/// - between `freeRadius` and `reach` the value grows at `offRoadSpeed`, so a road reached
///   just before the limit gets a narrow band and one reached early a band `reach` wide. The
///   speed is not a walk across the verge but how quickly the band narrows: measured, a slow
///   one (a steep rise) keeps the unreached roads beside a reached one outside without
///   leaving any reached road out (below).
public struct ContourGrid: Sendable, Equatable {
    /// The finest cell, metres. The builder makes cells larger when the reached roads' extent
    /// would need more than `maxNodes` nodes.
    public var cellSize: Double
    /// How far from a reached road the contour may reach, metres ("the width of a street").
    /// Never less than `freeRadius` plus a cell.
    public var reach: Double
    /// How fast the value grows between `freeRadius` and `reach`, metres a second (time
    /// contours; distance contours count off-road metres as metres).
    public var offRoadSpeed: Double
    /// The most nodes of one isochrone's grids, shared by its contours (each drawn on a grid of
    /// its own, `ContourBuilder`, in proportion to the square root of its limit): bounds the
    /// memory (4 bytes a node for the field, 8 for the contour tracer) and the time of a very
    /// large isochrone.
    public var maxNodes: Int

    /// One grid per contour (fine cells for the small ones), or one for all. Per contour
    /// costs a GEOS union where two grids' boundaries cross; it pays for walking, whose
    /// 5-minute contour would otherwise get the cells of a 20-minute one, and not for driving,
    /// whose contours are kilometres across at any limit (Andorra driving: 11.6 ms an isochrone
    /// against 6.2 ms, for the same agreement).
    public var gridPerContour = false

    public init(cellSize: Double, reach: Double, offRoadSpeed: Double, maxNodes: Int = 500_000) {
        precondition(cellSize > 0 && reach > 0 && offRoadSpeed > 0 && maxNodes >= 64, "ContourGrid: positive sizes")
        self.cellSize = cellSize
        self.reach = reach
        self.offRoadSpeed = offRoadSpeed
        self.maxNodes = maxNodes
    }

    /// Walking: 6 m cells at most, a reach of 25 m (a street with its pavements, as a
    /// pedestrian would cut across it), a band rising at 0.25 m/s, a grid per contour and
    /// 10,800 nodes for all of them (5, 10 and 20 minutes: 2,450, 3,460 and 4,890 nodes, a
    /// 20-minute walk ~3.5 km across in ~50 m cells, a 5-minute one in ~18 m cells).
    /// Driving: 20 m cells at most, a reach of 60 m (a street and the plots along it, where a
    /// driver parks and walks), a band rising at 0.5 m/s, one grid of 100,000 nodes (a
    /// 15-minute drive in Andorra, ~15 km across, in ~50 m cells).
    /// Measured beside Valhalla on Andorra's and Liechtenstein's 20 origins
    /// (`scripts/compare-isochrone`; BENCHMARKS.md has the runs):
    /// - the band's speed: walking 1 → 0.5 → 0.25 m/s, unreachable points inside at 20
    ///   minutes in Liechtenstein 0.54 → 0.45 → 0.30 %, at 5 minutes 0.55 → 0.30 → 0.22 %;
    ///   driving 2 → 0.5 m/s, Liechtenstein at 5 minutes 0.36 → 0.19 %; none missed in any run;
    ///   driving at 0.25 m/s gained 0.02 points and took 1 ms more a request;
    /// - walking's shares: equal (3,200 nodes each of 9,600) left the 20-minute contour in
    ///   ~60 m cells, 1.0 % unreachable inside in Liechtenstein against Valhalla's 0.34 %;
    ///   in proportion to the limits, the 5-minute one went to 2.5 % in Andorra;
    /// - the budgets: walking with 12,288 nodes in equal shares took 0.3 ms more a request for
    ///   0.1–0.5 points;
    ///   driving with 300,000, 0.1 points more at 10 minutes and 1.4 ms more.
    public init(mode: TravelMode) {
        switch mode {
        case .walking:
            self.init(cellSize: 6, reach: 25, offRoadSpeed: 0.25, maxNodes: 10_800)
            gridPerContour = true
        case .driving: self.init(cellSize: 20, reach: 60, offRoadSpeed: 0.5, maxNodes: 100_000)
        case .cycling:
            // Between the two (a 20-minute ride is ~10 km across): not yet measured beside
            // Valhalla's `bicycle` costing.
            self.init(cellSize: 10, reach: 40, offRoadSpeed: 0.5, maxNodes: 30_000)
            gridPerContour = true
        }
    }

    /// Within this distance of a seeded cell's centre a node takes the cell's value unchanged:
    /// half the cell's diagonal (its own corners) and a fifth of a cell more.
    @inlinable public static func freeRadius(cell: Double) -> Double { cell * 0.9 }
}

/// How an isochrone's contours are drawn.
public struct ContourOptions: Sendable {
    /// Polygons (true), or the polygons' boundary lines (false), as Valhalla's and Mapbox's
    /// `polygons` parameter.
    public var polygons: Bool
    /// 0...1: polygons whose area is under `denoise` times the largest polygon's area of the
    /// same contour are dropped (Valhalla's and Mapbox's `denoise`); 1, the default as theirs,
    /// keeps only the largest.
    public var denoise: Double
    /// The Douglas–Peucker tolerance in metres (Valhalla's `generalize`), topology preserving
    /// (no ring crosses another after it); nil: half a cell of the grid used, which takes the
    /// grid's staircase out of the lines and keeps every reached road inside (`ContourGrid`);
    /// 0: none. A larger tolerance may move a boundary past a reached road by the excess, as
    /// Mapbox's documentation warns.
    public var generalize: Double?
    /// The grid; nil: the defaults of the request's travel mode, `ContourGrid(mode:)`.
    public var grid: ContourGrid?

    public init(polygons: Bool = true, denoise: Double = 1.0, generalize: Double? = nil, grid: ContourGrid? = nil) {
        self.polygons = polygons
        self.denoise = denoise
        self.generalize = generalize
        self.grid = grid
    }
}

/// One contour: the limit asked (minutes or metres as given, not converted), its shape.
public struct Contour: Sendable {
    public var limit: Double
    public var metric: ContourMetric
    /// Polygons: each an outer ring then its holes; each ring closed (first == last), outer CCW, holes CW.
    /// Coordinates lie on the 10^-6 degree grid that GeoJSON's 6 decimals write, and the
    /// polygons are valid there (snapped by GEOS, `ContourPolygons`).
    public var polygons: [[[FixedCoordinate]]]
    /// Lines (polygons=false): the contour's boundary lines, each a closed ring.
    public var lines: [[FixedCoordinate]]

    public init(limit: Double, metric: ContourMetric, polygons: [[[FixedCoordinate]]] = [], lines: [[FixedCoordinate]] = []) {
        self.limit = limit
        self.metric = metric
        self.polygons = polygons
        self.lines = lines
    }
}

