import WayfinderGraph

/// OSRM's `nodes` annotation: the OSM node id of every point of a leg's line. A point of the
/// line is a point of the piece it lies on (matched in travel order); a snapped end between
/// two nodes takes the id of the piece's nearest point (it has none of its own).
extension DirectionsBuilder {
    /// One id per point of `line` (as measured: `pieces`, `lineIndex`), or none when the graph
    /// file keeps no node ids.
    func nodeIds(_ line: [FixedCoordinate]) -> [Int64] {
        let ids = graph.pointNodeIds
        guard !ids.isEmpty, !line.isEmpty else { return [] }
        var nodes = [Int64](repeating: -1, count: line.count)
        var nearestPiece = [Int](repeating: -1, count: line.count)
        for k in pieces.indices {
            let piece = pieces[k], s = graph.segments[Int(piece.segment)]
            let first = Int(s.firstPoint), count = Int(s.lastPoint - s.firstPoint) + 1
            @inline(__always) func point(_ c: Int) -> Int { first + (piece.forward ? c : count - 1 - c) }
            var cursor = 0
            for j in lineIndex[k]...lineIndex[k + 1] where j < line.count {
                var c = cursor
                while c < count && graph.points[point(c)] != line[j] { c += 1 }
                if c < count {
                    if nodes[j] < 0 { nodes[j] = ids[point(c)] }
                    cursor = c
                } else if nearestPiece[j] < 0 {
                    nearestPiece[j] = k
                }
            }
        }
        for j in nodes.indices where nodes[j] < 0 {
            // A snapped end: the nearest point of its piece (or of the route's only road).
            let segment = nearestPiece[j] >= 0 ? pieces[nearestPiece[j]].segment : (pieces.first?.segment ?? 0)
            let s = graph.segments[Int(segment)]
            var best = Int(s.firstPoint), bestDistance = Double.infinity
            for p in Int(s.firstPoint)...Int(s.lastPoint) {
                let d = Geo.distance(graph.points[p], line[j])
                if d < bestDistance { (best, bestDistance) = (p, d) }
            }
            nodes[j] = ids[best]
        }
        return nodes
    }
}
