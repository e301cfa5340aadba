import WayfinderGraph

/// OSRM's `nodes` annotation: the OSM node id of every point of a leg's line. A point of the
/// line is a point of the piece it lies on (matched in travel order); a snapped end between
/// two nodes has none of its own: as osrm-routed, the start takes the node before it and the
/// end the node after it.
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
            // A snapped end, between two points of its piece: as osrm-routed, the start takes
            // the point before it and the end the point after it (in travel order).
            guard nearestPiece[j] >= 0 else { nodes[j] = nodes.first { $0 >= 0 } ?? 0; continue }
            let k = nearestPiece[j], piece = pieces[k], s = graph.segments[Int(piece.segment)]
            let first = Int(s.firstPoint), count = Int(s.lastPoint - s.firstPoint) + 1
            @inline(__always) func point(_ c: Int) -> Int { first + (piece.forward ? c : count - 1 - c) }
            let atStart = j == lineIndex[k]
            let target = (atStart ? piece.start : piece.end) * Double(s.length)
            var walked = 0.0, c = 0
            while c + 1 < count {
                let next = walked + Geo.rulerDistance(graph.points[point(c)], graph.points[point(c + 1)])
                if atStart ? next > target : walked >= target { break }
                walked = next
                c += 1
            }
            nodes[j] = ids[point(atStart ? c : min(count - 1, c + (walked >= target ? 0 : 1)))]
        }
        return nodes
    }
}
