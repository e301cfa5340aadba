import WayfinderGraph
import WayfinderRouting

/// Turns routes of one graph into `Directions`. Reuses its buffers between routes: keep one
/// per thread (like `Router`) when building many.
///
/// The route is cut at every intersection it passes (a "boundary" between two pieces). At
/// each, the roads meeting there are compared by bearing, name and class, and a step is
/// made only where the traveller has to do something: a turn, a name change, a fork, a
/// ramp, a roundabout. A second pass folds short wiggles and dual-carriageway crossings.
///
/// `directions(for:)` runs the phases in order, each an extension in a file of its own:
/// measuring the pieces (RouteMeasuring), finding maneuvers at the boundaries
/// (ManeuverFinding, RoundaboutSteps, ManeuverClassification, with Bearings,
/// RoadsAtIntersection and RoadIdentity), merging the crossings of divided roads
/// (SegregatedRoads) and the turns by sliproads (Sliproads), folding short steps (StepFolding),
/// mappers' maneuver relations (ManeuverOverrides) and assembling
/// the steps (StepAssembly). They share the buffers below, which are internal only so that
/// those files can reach them.
public final class DirectionsBuilder {
    public let graph: RoutingGraph

    /// Steps shorter than this (metres) are folded into their neighbours where the two
    /// together say the same thing (dual-carriageway crossings, wiggles).
    public var collapseDistance: Double

    var pieces: [RoutePiece] = []
    /// Per piece: its way, and how many road ends meet where it starts (read in one pass,
    /// so that these scattered loads overlap instead of waiting on one another).
    var pieceWay: [Int32] = []
    var startDegree: [Int32] = []
    /// Per boundary `k` (0 = start, `pieces.count` = end): index of its point in the line,
    /// metres and milliseconds travelled before it.
    var lineIndex: [Int] = []
    var travelled: [Double] = []
    var elapsed: [Double] = []
    /// Estimated turn cost (ms) at each boundary, spent by the step it falls in: what the
    /// driving search added at that turn (`Turn`), so the time lands on the step that makes it.
    var turnCost: [Double] = []
    var raw: [RawStep] = []
    var roads: [Road] = []
    var intersectionRoads: [IntersectionRoad] = []
    /// Every intersection the route passes, in route order (`IntersectionList`), and the lanes
    /// read at them; only the maneuvers' when the steps are not asked for.
    var passes: [PassNote] = []
    var lanes: [Lane] = []
    var listsIntersections = true
    /// Whether records are loaded ahead (`DirectionsBuilder+RecordWarming.swift`), and where that leaves its
    /// sum (so that its loads are not dropped).
    let warmsRecords: Bool
    var warmedRecords: UInt32 = 0
    /// Scratch of the lane matching (`Lanes`): the lane description last read, and the roads
    /// and arrows compared.
    var parsedLanes: Int32 = 0
    var laneMasks: [LaneIndications] = []
    /// The last way direction whose lanes were looked up (`lanesOfWay`), and its description.
    var lastLaneLookup: (key: Int64, id: Int32) = (-1, 0)
    /// Lane descriptions already parsed, by string id (`parseLanes`).
    var parsedLaneCache = [(id: Int32, count: Int32)](repeating: (0, 0), count: DirectionsBuilder.parsedLaneSlots)
    var parsedLaneMasks = [LaneIndications](repeating: .none,
                                            count: DirectionsBuilder.parsedLaneSlots * DirectionsBuilder.parsedLaneWidth)
    var laneRoads: [(index: Int, deviation: Double)] = []
    var laneArrows: [(bit: Int, deviation: Double)] = []
    var laneTargets = [Int](repeating: -1, count: LaneIndications.names.count)
    /// Recently used names by string id (direct-mapped), so that a name met again is not
    /// decoded and allocated again.
    var nameCache = [(id: Int32, text: String)](repeating: (0, ""), count: 64)
    /// Kinds of rings recently entered, by entry node (direct-mapped; the graph never changes).
    /// 8192 slots (64 KiB): with 1024, a region of a hundred towns' rings measured 3 % of a
    /// route's time walking rings whose kind had been pushed out.
    var ringKinds = [(node: Int32, kind: RingKind)](repeating: (-1, .roundabout), count: 8192)
    /// Whether two names (string ids, smaller first) differ only by compass words: a
    /// direct-mapped cache, as the comparison (`NameChanges.compassChange`) is quadratic in
    /// their lengths and the same pairs meet at intersection after intersection.
    var compassChanges = [(pair: UInt64, same: Bool)](repeating: (.max, false), count: 1024)
    /// Metres per fixed-point unit of longitude and latitude around the route's start.
    var projection = LocalProjection(latitude: 0)
    /// The side of the road traffic keeps to where the route starts: which roads at a
    /// roundabout's entry lie before the ring.
    var drivingSide = DrivingSide.right

    /// A maneuver before its text and measures exist.
    struct RawStep {
        var type: ManeuverType
        var modifier: ManeuverModifier?
        var boundary: Int
        var bearingBefore: Double
        var bearingAfter: Double
        /// Way travelled after the maneuver (the exit road of a roundabout).
        var way: Int32
        var exit: Int = 0
        /// Where a roundabout step leaves the ring (its `boundary` is where it enters).
        var exitBoundary: Int?
        /// The ring's way, on a step entering a ring (for a rotary's name).
        var ringWay: Int32 = -1
        var intersection: Range<Int> = 0..<0
        var intersectionIn: Int?
        var intersectionOut: Int?
    }

    /// One road at an intersection, leaving it.
    struct Road {
        var directed: Int32
        var bearing: Double
        /// Bearing change from the arriving direction, -180...180 (negative = left).
        var deviation: Double
        var allowed: Bool
        var way: Int32
    }

    /// The search graph's turns, driving (`closesTurns`): the arcs leaving each directed
    /// segment, kept apart from the graph value so that reading them retains nothing.
    let turnFirst: UnsafeBufferPointer<Int32>
    let turnArcs: UnsafeBufferPointer<BaseArc>
    let closedTurnOrigins: ClosedTurnOrigins
    /// The search's turn costs, put back on the steps (`TurnCostTable`).
    let turnCosts = TurnCostTable()

    /// `warmingRecords`: load the graph's records ahead (`DirectionsBuilder+RecordWarming.swift`); by default
    /// only on graphs too large to stay in cache.
    public init(graph: RoutingGraph, warmingRecords: Bool? = nil) {
        self.graph = graph
        (turnFirst, turnArcs, closedTurnOrigins) = (graph.base.first, graph.base.arcs, graph.closedTurnOrigins)
        warmsRecords = warmingRecords ?? Self.warmsRecords(graph)
        // On foot 10 m, OSRM's foot profile's `max_collapse_distance` (short crossings kept).
        collapseDistance = graph.mode != .walking ? 30 : 10
    }

    /// The directions of `route`. `destination`: the coordinate asked for (not the snapped
    /// one), so that the arrival says on which side it lies. `waypoint`: when the route is a
    /// leg ending at an intermediate waypoint, that waypoint's number (1 = the first after the
    /// start), for the arrival's text. `annotated`: also measure each stretch of the line
    /// (`Directions.annotation`). `allIntersections`: list every intersection passed on each
    /// step, with its lanes (OSRM's `intersections`); without it (no steps asked for) a step
    /// knows only its maneuver's.
    public func directions(for route: Route, destination: FixedCoordinate? = nil, waypoint: Int? = nil,
                           annotated: Bool = false, allIntersections: Bool = true) -> Directions {
        listsIntersections = allIntersections
        projection = LocalProjection(latitude: route.source.location.latitude)
        drivingSide = DrivingSide.at(route.source.location)
        if warmsRecords { warmPieceRecords(route) }
        let line = measure(route)
        let n = pieces.count
        raw.removeAll(keepingCapacity: true)
        intersectionRoads.removeAll(keepingCapacity: true)
        passes.removeAll(keepingCapacity: true)
        lanes.removeAll(keepingCapacity: true)
        raw.append(RawStep(type: .depart, boundary: 0, bearingBefore: 0, bearingAfter: 0,
                           way: n > 0 ? way(directed(pieces[0])) : graph.segments[Int(route.source.segment)].way))
        if warmsRecords { warmIntersectionRecords() }
        findManeuvers()
        raw.append(RawStep(type: .arrive, boundary: n, bearingBefore: 0, bearingAfter: 0,
                           way: n > 0 ? way(directed(pieces[n - 1])) : raw[0].way))
        mergeSegregatedCrossings()
        foldSliproads()
        collapse()
        applyManeuverOverrides(line)
        return assemble(route, line: line, destination: destination, waypoint: waypoint, annotated: annotated)
    }

    // MARK: Graph helpers

    @inline(__always) func directed(_ piece: RoutePiece) -> Int32 { 2 * piece.segment + (piece.forward ? 0 : 1) }

    /// Driving or cycling: the guidance of roads with one-way streets, rings, ramps and
    /// sliproads (OSRM's, which is the same for every vehicle); walking has its own rules.
    var isVehicle: Bool { graph.mode != .walking }

    /// The search's cost of a turn by `deviation` at the intersection being read, put back on
    /// its step (`TurnCostTable` for cars, bicycle.lua's square for bikes).
    func turnCostAt(deviation: Double) -> Double {
        graph.mode == .cycling ? Turn.cyclingMilliseconds(deviation: drivingSide.rightHandDeviation(deviation))
            : Double(turnCosts.cost(deviation: deviation, keepingTo: drivingSide))
    }

    /// How the route goes on after step `s`'s maneuver (after a ring, from its exit): on the
    /// road, pushed, aboard a ferry or a train (`RoutingGraph.transport(of:)`: per direction,
    /// so a bike pushed against a one-way street is told apart from the same way ridden).
    func transportAfter(_ s: RawStep) -> Transport {
        graph.transport(of: directed(pieces[min(s.exitBoundary ?? s.boundary, pieces.count - 1)]))
    }
    @inline(__always) func way(_ directed: Int32) -> Int32 { graph.segments[Int(directed >> 1)].way }
    @inline(__always) func info(_ way: Int32) -> WayInfo { graph.ways[Int(way)] }
    @inline(__always) func allowed(_ directed: Int32) -> Bool {
        graph.segments[Int(directed >> 1)].allows(forward: directed & 1 == 0)
    }
    @inline(__always) func startNode(_ directed: Int32) -> Int32 {
        let s = graph.segments[Int(directed >> 1)]
        return directed & 1 == 0 ? s.fromNode : s.toNode
    }
    @inline(__always) func isRoundabout(_ way: Int32) -> Bool {
        isVehicle && info(way).flags & WayInfo.isRoundabout != 0
    }
    @inline(__always) func leaving(_ v: Int32) -> Range<Int> {
        Int(graph.nodeFirst[Int(v)])..<Int(graph.nodeFirst[Int(v) + 1])
    }
}
