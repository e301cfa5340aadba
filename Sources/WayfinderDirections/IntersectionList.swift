import WayfinderGraph
import WayfinderRouting

/// One intersection a step passes (OSRM's `intersections[]`): the maneuver's first, then every
/// other one up to the next maneuver, so that a navigation app can show the roads the
/// traveller goes by and the lanes to keep to before the turn.
public struct StepIntersection: Sendable, Equatable {
    public var location: FixedCoordinate
    /// The roads meeting there, by increasing bearing: a range of `Directions.intersectionRoads`.
    public var roads: Range<Int>
    /// Indices within `roads` of the road arrived by (nil at the departure) and of the one
    /// taken (nil at the arrival).
    public var `in`: Int?
    public var out: Int?
    /// OSRM's `classes` of the road taken (driving only).
    public var classes: WayClasses
    /// The lanes of the road arrived by, left to right, with those leading to the road taken:
    /// a range of `Directions.lanes` (empty where the road has no `turn:lanes`).
    public var lanes: Range<Int>

    public init(location: FixedCoordinate, roads: Range<Int>, in inIndex: Int?, out outIndex: Int?, classes: WayClasses,
                lanes: Range<Int>) {
        (self.location, self.roads, self.in, self.out, self.classes, self.lanes) = (location, roads, inIndex, outIndex, classes, lanes)
    }
}

/// Which intersections a step lists, and how they are noted while the maneuvers are found.
///
/// OSRM lists every node of its compressed graph the route passes: every intersection of more
/// than two roads, and the joints where two ways that differ meet (a change of name). Each is
/// noted once, in route order, as a `PassNote` with its roads in `intersectionRoads`; a step
/// then lists the notes from its maneuver's boundary up to the next step's, so that folding
/// steps together folds their lists too.
extension DirectionsBuilder {
    /// An intersection noted at a boundary, before the steps are known.
    struct PassNote {
        var boundary: Int
        var roads: Range<Int>
        var inIndex: Int?
        var outIndex: Int
        var lanes: Range<Int>
        /// The lane description read (string id), and whether its arrows fit here (when not,
        /// its lanes take their `valid` from the next intersection on the same lanes).
        var laneId: Int32
        var lanesFit: Bool
    }

    /// Notes the gathered roads (`roads`) at boundary `k`, by increasing bearing, arrived by
    /// `inIndex` and left by `outIndex` (indices in `roads`); returns the positions of those
    /// two by bearing and the roads' range in `intersectionRoads`. A maneuver's lanes are read
    /// even when the intersections are not listed: they decide whether a name change is said.
    @discardableResult
    func notePass(at k: Int, in inIndex: Int?, out outIndex: Int, uTurn: Bool,
                  maneuver: Bool = false) -> (in: Int?, out: Int, roads: Range<Int>) {
        let start = intersectionRoads.count
        // Room first, filled by position below (a plain loop: the generic append of a
        // repeated element measured slower than the whole sort).
        for _ in 0..<roads.count { intersectionRoads.append(IntersectionRoad(bearing: 0, entry: false)) }
        var inPosition: Int?, outPosition = 0
        intersectionRoads.withUnsafeMutableBufferPointer { recorded in
            roads.withUnsafeBufferPointer { roads in
                for i in roads.indices {
                    let road = roads[i], position = Self.bearingRank(i, roads)
                    let entry = road.allowed && (i != inIndex || uTurn)
                    recorded[start + position] = IntersectionRoad(bearing: UInt16(Self.rounded(road.bearing)), entry: entry)
                    if i == inIndex { inPosition = position }
                    if i == outIndex { outPosition = position }
                }
            }
        }
        // A turn closed by a restriction or a ring is no entry (one bit read nearly everywhere).
        if k > 0 && graph.mode.isTurnExpanded {
            let a = directed(pieces[k - 1])
            if closedTurnOrigins.mayClose(from: a) { closeTurns(arriving: a, noted: start, in: inIndex) }
        }
        var note = PassNote(boundary: k, roads: start..<intersectionRoads.count, inIndex: inPosition, outIndex: outPosition,
                            lanes: lanes.count..<lanes.count, laneId: 0, lanesFit: true)
        if (listsIntersections || maneuver) && graph.mode == .driving && k > 0 {
            let arriving = pieces[k - 1]
            note.laneId = lanesOfWay(pieceWay[k - 1], forward: arriving.forward)
            if note.laneId != 0 {
                (note.lanes, note.lanesFit) = appendLanes(id: note.laneId, in: inIndex, out: outIndex)
            }
        }
        passes.append(note)
        return (inPosition, outPosition, note.roads)
    }

    /// Notes the intersection at boundary `k` that no step is made at (measuring its roads),
    /// when every intersection is listed and it is one: more than two roads, a U-turn, or a
    /// joint of two ways under different names.
    func notePassedIntersection(at k: Int, arriving a: Int32, leaving b: Int32) {
        guard listsIntersections, isListed(k, a, b) else { return }
        if let last = passes.last, last.boundary == k { return }
        let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180)
        let gathered = gatherRoads(at: startNode(b), arriving: a, leaving: b, inBearing: inBearing,
                                   outBearing: leavingBearing(b))
        notePass(at: k, in: gathered.in, out: gathered.out, uTurn: b == a ^ 1)
    }

    /// The lane description (string id, 0 for none) of `way` in the direction travelled: the
    /// last one looked up is kept, as a route passes several intersections on one way.
    func lanesOfWay(_ way: Int32, forward: Bool) -> Int32 {
        let key = 2 * Int64(way) + (forward ? 0 : 1)
        if key != lastLaneLookup.key { lastLaneLookup = (key, graph.lanes.lanes(ofWay: way, forward: forward)) }
        return lastLaneLookup.id
    }

    /// Whether boundary `k` (from `a` onto `b`), where no step is made, is an intersection
    /// OSRM lists: a U-turn, a joint of two ways under different names, or a node of more
    /// than two roads; but not a named road going on under its name past driveways only
    /// (OSRM's driveway handler makes that no turn at all: every other road there is a
    /// service road or lesser). Walkers alike: OSRM's foot profile classifies roads the same
    /// way, and a footpath or a service road beside a street is no intersection of its steps.
    func isListed(_ k: Int, _ a: Int32, _ b: Int32) -> Bool {
        let wa = pieceWay[k - 1], wb = pieceWay[k]
        if b == a ^ 1 { return true }
        guard startDegree[k] > 2 else { return wa != wb && info(wa).name != info(wb).name }
        guard !isLowPriority(wa), !isLowPriority(wb),
              info(wa).name != 0, info(wa).name == info(wb).name, info(wa).ref == info(wb).ref else { return true }
        for i in leaving(startNode(b)) {
            let x = graph.nodeLeaving[i]
            if x != b && x != a ^ 1 && !isLowPriority(way(x)) { return true }
        }
        return false
    }

    /// Lanes whose arrows point past their intersection take their `valid` from the next
    /// intersection noted on the same lanes (the turn they are painted for); a route turning
    /// off before it keeps the lanes leading off here, if any (else none are listed).
    func settleDeferredLanes() {
        var i = passes.count - 1
        while i >= 0 {
            if !passes[i].lanesFit {
                let here = passes[i].lanes
                if i + 1 < passes.count, passes[i + 1].laneId == passes[i].laneId,
                   passes[i + 1].lanes.count == here.count, !here.isEmpty {
                    let next = passes[i + 1].lanes
                    for j in 0..<here.count { lanes[here.lowerBound + j].valid = lanes[next.lowerBound + j].valid }
                    passes[i].lanesFit = true
                } else if !lanes[here].contains(where: \.valid) {
                    passes[i].lanes = here.lowerBound..<here.lowerBound
                }
            }
            i -= 1
        }
    }

    /// Whether raw step `step` has lanes leading where it goes at its maneuver (OSRM's
    /// `hasLanes`: such a name change is worth saying, the lanes tell which to take).
    func hasLanes(_ step: RawStep) -> Bool {
        var low = 0, high = passes.count
        while low < high {
            let mid = (low + high) / 2
            if passes[mid].boundary < step.boundary { low = mid + 1 } else { high = mid }
        }
        return low < passes.count && passes[low].boundary == step.boundary && lanes[passes[low].lanes].contains(where: \.valid)
    }

    /// The classes of the road taken at boundary `k` (driving; none at the arrival).
    func classesTaken(at k: Int) -> WayClasses {
        guard isVehicle, k < pieces.count else { return [] }
        let piece = pieces[k]
        return graph.mode.classes(info(graph.segments[Int(piece.segment)].way).classes(forward: piece.forward))
    }
}
