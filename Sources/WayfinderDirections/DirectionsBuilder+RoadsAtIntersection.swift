import WayfinderGraph
import WayfinderRouting

/// The roads meeting at an intersection, as the maneuver phase compares them (`roads`), and
/// as a step records them for OSRM's `intersections` (`intersectionRoads`).
extension DirectionsBuilder {
    /// Collects the roads at intersection `v` for a route arriving by `a` (its bearing at `v`
    /// is `inBearing`); returns the indices of the road arrived by and of `b`.
    func gatherRoads(at v: Int32, arriving a: Int32, leaving b: Int32, inBearing: Double,
                     outBearing: Double) -> (in: Int?, out: Int) {
        roads.removeAll(keepingCapacity: true)
        var inIndex: Int?, outIndex = 0
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x == a ^ 1 { inIndex = roads.count }
            if x == b { outIndex = roads.count }
            // The two bearings the caller knows are not measured again.
            let w = way(x)
            let bearing = x == b ? outBearing : x == a ^ 1 ? Self.normalized(inBearing + 180) : leavingBearing(x)
            roads.append(Road(directed: x, bearing: bearing, deviation: Turn.deviation(inBearing, bearing),
                              allowed: allowed(x), way: w))
        }
        return (inIndex, outIndex)
    }

    /// Position of `roads[i]` by increasing bearing among a handful of roads (ties by index):
    /// the number before it.
    @inline(__always) static func bearingRank(_ i: Int, _ roads: UnsafeBufferPointer<Road>) -> Int {
        let bearing = roads[i].bearing
        var position = 0
        for j in roads.indices where roads[j].bearing < bearing || (roads[j].bearing == bearing && j < i) { position += 1 }
        return position
    }

    /// Takes the `entry` back from the roads just noted (`roads`, by bearing at
    /// `intersectionRoads[start...]`; `inIndex` the road arrived by) that a driver arriving by
    /// `a` may not turn onto (`closesTurns`); asked where `ClosedTurnOrigins` marks `a`.
    @inline(never) func closeTurns(arriving a: Int32, noted start: Int, in inIndex: Int?) {
        guard closesTurns(arriving: a) else { return }
        roads.withUnsafeBufferPointer { roads in
            for i in roads.indices where i != inIndex && roads[i].allowed && !turnIsOpen(from: a, onto: roads[i].directed) {
                intersectionRoads[start + Self.bearingRank(i, roads)].entry = false
            }
        }
    }

    /// Whether some road gathered (`roads`) that is open to traffic may not be taken from `a`,
    /// arriving: driving, a turn restriction or a ring's flow (`RingEntryTurns`) closes turns,
    /// and OSRM's `entry` says so. Asked where the graph file marks such a turn
    /// (`ClosedTurnOrigins`), then read from the search graph's turns (the arcs leaving search
    /// node `a`; driving only, a walker's graph has no turns): where there is one for each
    /// open road but the U-turn, and none to a via-way restriction's copy of a segment, every
    /// open road may be taken.
    func closesTurns(arriving a: Int32) -> Bool {
        let first = Int(turnFirst[Int(a)]), end = Int(turnFirst[Int(a) + 1])
        var open = 0
        for road in roads where road.allowed && road.directed != a ^ 1 { open += 1 }
        guard end - first == open else { return true }
        let copies = Int32(2 * graph.segments.count)
        for i in first..<end where turnArcs[i].head >= copies || turnArcs[i].head == a ^ 1 { return true }
        return false
    }

    /// Whether the search may turn from `a` onto `x` (see `closesTurns`), a via-way
    /// restriction's copies standing for their segments.
    func turnIsOpen(from a: Int32, onto x: Int32) -> Bool {
        for i in Int(turnFirst[Int(a)])..<Int(turnFirst[Int(a) + 1])
        where graph.directedSegment(ofSearchNode: turnArcs[i].head) == x { return true }
        return false
    }

    /// Notes the gathered roads as the step's maneuver intersection (`notePass`).
    func record(_ step: inout RawStep, in inIndex: Int?, out outIndex: Int, uTurn: Bool) {
        let noted = notePass(at: step.boundary, in: inIndex, out: outIndex, uTurn: uTurn, maneuver: true)
        step.intersection = noted.roads
        step.intersectionIn = noted.in
        step.intersectionOut = noted.out
    }
}
