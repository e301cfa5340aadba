import WayfinderGraph

extension RoadNetwork {
    /// Two ways drawn over the same nodes (a way mapped twice, or a stretch shared by a route
    /// and a local street with other tags) give parallel segments along the same points. OSRM
    /// keeps one edge per pair of nodes, the later way's: its tags (a name, `access=destination`)
    /// are the ones a route sees there. So does this, where the later way allows every direction
    /// the earlier one does (otherwise both stay, and neither loses a direction).
    mutating func keepLaterOfOverlappingSegments(pointNodeIds: [Int64]) {
        struct Key: Equatable {
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
        // Segments with the same key share their lower node: bucket them by it (counting
        // sort, in segment order), so that each segment looks for the last earlier one with its
        // key among the few at that node, instead of hashing millions of keys (at 20x20 the
        // walking network's dictionary took seconds and a few hundred MB).
        var first = [Int32](repeating: 0, count: nodeCount + 1)
        for s in segments where s.fromNode != s.toNode { first[Int(min(s.fromNode, s.toNode)) + 1] += 1 }
        for v in 0..<nodeCount { first[v + 1] += first[v] }
        var bucket = [Int32](repeating: 0, count: Int(first[nodeCount]))
        var fill = first
        var dropped = [Bool](repeating: false, count: segments.count)
        for (i, s) in segments.enumerated() where s.fromNode != s.toNode {
            let low = Int(min(s.fromNode, s.toNode)), k = key(s)
            // The latest earlier segment with the same key, if any.
            var j = Int(fill[low]) - 1
            while j >= Int(first[low]) && key(segments[Int(bucket[j])]) != k { j -= 1 }
            if j >= Int(first[low]) {
                let earlier = Int(bucket[j])
                if directions(segments[earlier]) & ~directions(s) == 0 { dropped[earlier] = true }
            }
            bucket[Int(fill[low])] = Int32(i)
            fill[low] += 1
        }
        guard dropped.contains(true) else { return }
        let keep = segments.indices.filter { !dropped[$0] }
        segments = keep.map { segments[$0] }
        if !restrictedSegments.isEmpty { restrictedSegments = keep.map { restrictedSegments[$0] } }
        if !segmentTransports.isEmpty { segmentTransports = keep.map { segmentTransports[$0] } }
    }
}
