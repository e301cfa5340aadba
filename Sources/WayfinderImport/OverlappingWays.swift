import WayfinderGraph

extension RoadNetwork {
    /// Two ways drawn over the same nodes (a way mapped twice, or a stretch shared by a route
    /// and a local street with other tags) give parallel segments along the same points. OSRM
    /// keeps one edge per pair of nodes, the later way's: its tags (a name, `access=destination`)
    /// are the ones a route sees there. So does this, where the later way allows every direction
    /// the earlier one does (otherwise both stay, and neither loses a direction).
    mutating func keepLaterOfOverlappingSegments(pointNodeIds: [Int64]) {
        struct Key: Hashable {
            var low: Int32, high: Int32, points: Int32
            /// OSM node next to `low` along the segment: tells apart two roads between the same nodes.
            var nextToLow: Int64
        }
        func key(_ s: RoadSegment) -> Key {
            let forward = s.fromNode <= s.toNode
            let next = forward ? pointNodeIds[Int(s.firstPoint) + 1] : pointNodeIds[Int(s.lastPoint) - 1]
            return Key(low: min(s.fromNode, s.toNode), high: max(s.fromNode, s.toNode),
                       points: s.lastPoint - s.firstPoint, nextToLow: next)
        }
        /// Directions allowed, in the orientation of the key (bit 1 low to high, bit 2 back).
        func directions(_ s: RoadSegment) -> Int {
            let (lowToHigh, highToLow) = s.fromNode <= s.toNode ? (s.forwardWeight, s.backwardWeight) : (s.backwardWeight, s.forwardWeight)
            return (lowToHigh >= 0 ? 1 : 0) | (highToLow >= 0 ? 2 : 0)
        }
        var latest: [Key: Int] = [:]
        var dropped = [Bool](repeating: false, count: segments.count)
        for (i, s) in segments.enumerated() where s.fromNode != s.toNode {
            let k = key(s)
            if let earlier = latest[k], directions(segments[earlier]) & ~directions(s) == 0 {
                dropped[earlier] = true
            }
            latest[k] = i
        }
        guard dropped.contains(true) else { return }
        let keep = segments.indices.filter { !dropped[$0] }
        segments = keep.map { segments[$0] }
        if !restrictedSegments.isEmpty { restrictedSegments = keep.map { restrictedSegments[$0] } }
        if !segmentTransports.isEmpty { segmentTransports = keep.map { segmentTransports[$0] } }
    }
}
