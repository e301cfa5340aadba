import WayfinderGraph

extension RoutingGraph {
    /// `count` reproducible points on roads of the main network (shape points of random
    /// segments), for benchmarks and for checking a freshly built graph.
    public func randomRoadPoints(count: Int, seed: UInt64) -> [FixedCoordinate] {
        var rng = SplitMix64(seed: seed)
        var result: [FixedCoordinate] = []
        guard !segments.isEmpty, (componentSize.first ?? 0) > 0 else { return [] }
        result.reserveCapacity(count)
        var attempts = 0
        while result.count < count && attempts < 100 * count + 1000 {
            attempts += 1
            let s = Int.random(in: 0..<segments.count, using: &rng)
            guard segmentComponent[s] == 0 else { continue }
            let segment = segments[s]
            result.append(points[Int(Int32.random(in: segment.firstPoint...segment.lastPoint, using: &rng))])
        }
        return result
    }
}
