import CGEOS
import Glibc
import WayfinderGraph

/// Per thread: reuses its grid and GEOS context.
///
/// The contours of an isochrone from the roads its search reached: the time field on a grid
/// (`TimeGrid`), its iso-line at each limit (`MarchingSquares`), each line's rings made into
/// polygons, denoised, generalized and snapped by GEOS (`ContourPolygons`). Like the project's
/// other per-thread query objects (`Router`, `TableQuery`), it is not for sharing between
/// threads: it keeps its buffers (the field, the tracer's edge table, the GEOS context) from
/// one call to the next, so a query allocates little beyond its answer.
public final class ContourBuilder {
    private let grid = TimeGrid()
    private let squares = MarchingSquares()
    private let geos = GEOSContext()
    private let assembly: ContourPolygons
    /// Per limit drawn, its rings (reused).
    private var rings: [ContourRings] = [ContourRings()]

    /// What GEOS said when it last failed (a contour then comes back without shapes); nil
    /// when every contour of the last call was drawn.
    public private(set) var lastError: String?

    public init() {
        assembly = ContourPolygons(geos: geos)
    }

    /// `limits` in the same unit as `reached.values` (seconds or metres), ascending or not (answer in the order given).
    ///
    /// Each contour's `limit` is the limit as given here; a caller that asked in minutes puts
    /// the minutes back (`Contour.limit`), as the answer must carry the value asked. Limits
    /// that are not finite and positive get an empty contour.
    public func contours(of reached: ReachedRoads, origin: FixedCoordinate, limits: [Double], metric: ContourMetric,
                         mode: TravelMode, options: ContourOptions) -> [Contour] {
        lastError = nil
        lastTimings = Timings()
        lastCellSize = 0
        lastGridNodes = 0
        var clock = monotonic()
        func lap(_ phase: inout UInt64) {
            let time = monotonic()
            phase += time - clock
            clock = time
        }
        var answer = limits.map { Contour(limit: $0, metric: metric) }
        let drawn = limits.indices.filter { limits[$0].isFinite && limits[$0] > 0 }
        guard !drawn.isEmpty else { return answer }
        var parameters = options.grid ?? ContourGrid(mode: mode)
        // With `gridPerContour`, one grid per contour, over the roads reached within its own
        // limit: a 5-minute walk gets cells as fine as its size allows rather than those of
        // the 20-minute one drawn with it. The node budget is shared (so the work stays
        // bounded) in proportion to the square roots of the limits: a contour's extent grows
        // with its limit, so equal shares left the largest in the coarsest cells, and shares
        // in proportion to the limits the smallest (`ContourGrid.init(mode:)` has the figures).
        // Otherwise one grid for all, over the largest: its level sets nest by construction
        // (simplified by half a cell each, they may come within that of each other).
        let perContour = parameters.gridPerContour && drawn.count > 1
        let budget = parameters.maxNodes, total = drawn.reduce(0) { $0 + limits[$1].squareRoot() }
        let ceiling = drawn.map { limits[$0] }.max()!
        // A metre off the road: seconds at the band's speed, or itself.
        let rate = metric == .time ? 1 / parameters.offRoadSpeed : 1
        let denoise = min(1, max(0, options.denoise.isFinite ? options.denoise : 1))
        let placement = ContourPolygons.Placement(origin: origin)
        // Smallest first: each contour takes in the one drawn before it (`within`).
        var smaller: OpaquePointer?
        defer { if let smaller { GEOSGeom_destroy_r(geos.handle, smaller) } }
        let ascending = drawn.sorted { limits[$0] < limits[$1] }
        grid.project(reached, origin: origin)
        for (position, index) in ascending.enumerated() {
            let limit = limits[index]
            // Per contour: its own grid's one level; else the shared grid's level `position`.
            let level = perContour ? 0 : position
            if perContour || position == 0 {
                if perContour { parameters.maxNodes = max(32 * 32, Int(Double(budget) * limit.squareRoot() / total)) }
                grid.fill(reached, ceiling: perContour ? limit : ceiling, rate: rate, parameters: parameters)
                lap(&lastTimings.field)
                let levels = perContour ? [Float(limit)] : ascending.map { Float(limits[$0]) }
                if grid.isEmpty {
                    for k in rings.indices { rings[k].removeAll() }
                } else {
                    squares.rings(of: grid, levels: levels, into: &rings)
                    lastCellSize = grid.cell
                    lastGridNodes += grid.columns * grid.rows
                }
                lap(&lastTimings.rings)
            }
            if rings.count <= level { rings.append(ContourRings()) }
            let tolerance = max(0, options.generalize ?? grid.cell / 2)
            let made = assembly.shapes(rings[level], denoise: denoise, tolerance: tolerance, placement: placement,
                                       polygons: options.polygons, within: perContour ? smaller : nil)
            lap(&lastTimings.polygons)
            guard let made else {
                lastError = assembly.lastError
                continue
            }
            if let previous = smaller { GEOSGeom_destroy_r(geos.handle, previous) }
            smaller = made.shape
            answer[index].polygons = made.shapes.polygons
            answer[index].lines = made.shapes.lines
        }
        return answer
    }

    /// Where the last call's time went, nanoseconds: for benchmarks.
    public struct Timings: Sendable {
        /// The time field (`TimeGrid`).
        public var field: UInt64 = 0
        /// Marching squares, every limit (`MarchingSquares`).
        public var rings: UInt64 = 0
        /// GEOS: assembly, denoise, generalize, snapping, read-out (`ContourPolygons`).
        public var polygons: UInt64 = 0
    }
    public private(set) var lastTimings = Timings()

    private func monotonic() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The cell size of the last call's grid (its largest contour's), metres (larger than the
    /// options' when the reached roads spread far): for tests and benchmarks.
    public private(set) var lastCellSize = 0.0
    /// The nodes of the last call's grids, every contour's.
    public private(set) var lastGridNodes = 0
}
