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
            let bearing = x == b ? outBearing : x == a ^ 1 ? Self.normalized(inBearing + 180) : leavingBearing(x)
            roads.append(Road(directed: x, bearing: bearing, deviation: Turn.deviation(inBearing, bearing),
                              allowed: allowed(x), way: way(x)))
        }
        return (inIndex, outIndex)
    }

    /// Appends the gathered roads, by increasing bearing, to the step's intersection.
    func record(_ step: inout RawStep, in inIndex: Int?, out outIndex: Int, uTurn: Bool) {
        let start = intersectionRoads.count
        intersectionRoads.append(contentsOf: repeatElement(IntersectionRoad(bearing: 0, entry: false), count: roads.count))
        var stepIn: Int?, stepOut: Int?
        intersectionRoads.withUnsafeMutableBufferPointer { recorded in
            roads.withUnsafeBufferPointer { roads in
                for i in roads.indices {
                    let road = roads[i]
                    // Position by bearing among a handful of roads: count those before it.
                    var position = 0
                    for j in roads.indices
                    where roads[j].bearing < road.bearing || (roads[j].bearing == road.bearing && j < i) { position += 1 }
                    let entry = road.allowed && (i != inIndex || uTurn)
                    recorded[start + position] = IntersectionRoad(bearing: UInt16(Self.rounded(road.bearing)), entry: entry)
                    if i == inIndex { stepIn = position }
                    if i == outIndex { stepOut = position }
                }
            }
        }
        if let stepIn { step.intersectionIn = stepIn }
        if let stepOut { step.intersectionOut = stepOut }
        step.intersection = start..<intersectionRoads.count
    }
}
