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

    /// Notes the gathered roads as the step's maneuver intersection (`notePass`).
    func record(_ step: inout RawStep, in inIndex: Int?, out outIndex: Int, uTurn: Bool) {
        let noted = notePass(at: step.boundary, in: inIndex, out: outIndex, uTurn: uTurn, maneuver: true)
        step.intersection = noted.roads
        step.intersectionIn = noted.in
        step.intersectionOut = noted.out
    }
}
