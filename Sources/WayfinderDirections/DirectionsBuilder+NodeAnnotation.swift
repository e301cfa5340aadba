import WayfinderGraph
import WayfinderRouting

/// OSRM's `nodes` annotation: the OSM node id of every point of a leg's line. A point of the
/// line is a point of the piece it lies on (matched in travel order). At each end osrm-routed
/// names the piece of road its snapped point lies on (one stretch between two shape points):
/// the start takes that stretch's first node in travel order, the end its last.
///
/// A snapped point between two nodes lies on one stretch. One on a node lies on two, and
/// osrm-routed takes the first of them in its road's stored direction (`StoredRoads.swift`),
/// or at an intersection the road the route leaves or arrives by: there the start names the
/// node before it when the route travels the stored direction, or arrives by a road and turns
/// (an empty first piece), and the end the node after it when the route travels against it,
/// or turns into a road and stops (an empty last piece). osrm-routed then repeats the point in
/// its line, and the list has one id more than ours.
extension DirectionsBuilder {
    /// One id per point of `line` (as measured: `pieces`, `lineIndex`), and the node before
    /// or after an end as osrm-routed names it; none when the graph file keeps no node ids.
    func nodeIds(_ line: [FixedCoordinate]) -> [Int64] {
        let ids = graph.pointNodeIds
        guard !ids.isEmpty, !line.isEmpty else { return [] }
        var nodes = [Int64](repeating: -1, count: line.count)
        var nearestPiece = [Int](repeating: -1, count: line.count)
        var startPoint = -1, endPoint = -1   // the piece's point index of a snapped end on a node
        for k in pieces.indices {
            let piece = pieces[k], s = graph.segments[Int(piece.segment)]
            let first = Int(s.firstPoint), count = Int(s.lastPoint - s.firstPoint) + 1
            @inline(__always) func point(_ c: Int) -> Int { first + (piece.forward ? c : count - 1 - c) }
            let pieceIds = ids.ids(first...Int(s.lastPoint))  // decoded in one pass (PointNodeIds)
            var cursor = 0
            for j in lineIndex[k]...lineIndex[k + 1] where j < line.count {
                var c = cursor
                while c < count && graph.points[point(c)] != line[j] { c += 1 }
                if c < count {
                    if nodes[j] < 0 { nodes[j] = pieceIds[point(c) - first] }
                    if j == 0 && k == 0 { startPoint = c }
                    if j == line.count - 1 && k == pieces.count - 1 { endPoint = c }
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
        guard let firstPiece = pieces.first, let lastPiece = pieces.last else { return nodes }
        if startPoint >= 0, let before = pointBefore(firstPiece, at: startPoint) { nodes.insert(ids[before], at: 0) }
        if endPoint >= 0, let after = pointAfter(lastPiece, at: endPoint) { nodes.append(ids[after]) }
        return nodes
    }

    /// The point osrm-routed names before a start on point `c` (in travel order) of `piece`,
    /// when that is not the start's own node.
    private func pointBefore(_ piece: RoutePiece, at c: Int) -> Int? {
        let s = graph.segments[Int(piece.segment)], count = Int(s.lastPoint - s.firstPoint) + 1
        let x = directed(piece)
        // Starting at the piece's last point: it is empty, the road arrived by at an
        // intersection before turning.
        if c == count - 1 { return count > 1 ? point(x, count - 2) : nil }
        guard graph.storesForward(piece.segment) == piece.forward else { return nil }
        if c > 0 { return point(x, c - 1) }
        // On a node of ours that is none of osrm-routed's: the point before it on the road.
        guard let behind = graph.roadContinuation(of: x ^ 1) else { return nil }
        return point(behind, 1)
    }

    /// The point osrm-routed names after an end on point `c` (in travel order) of `piece`,
    /// when that is not the end's own node.
    private func pointAfter(_ piece: RoutePiece, at c: Int) -> Int? {
        let s = graph.segments[Int(piece.segment)], count = Int(s.lastPoint - s.firstPoint) + 1
        let x = directed(piece)
        // Ending at the piece's first point: it is empty, the road turned into at an
        // intersection.
        if c == 0 { return count > 1 ? point(x, 1) : nil }
        guard graph.storesForward(piece.segment) != piece.forward else { return nil }
        if c < count - 1 { return point(x, c + 1) }
        guard let ahead = graph.roadContinuation(of: x) else { return nil }
        return point(ahead, 1)
    }

    /// Point `c` of directed segment `x`, counted in its direction of travel.
    private func point(_ x: Int32, _ c: Int) -> Int {
        let s = graph.segments[Int(x >> 1)]
        return x & 1 == 0 ? Int(s.firstPoint) + c : Int(s.lastPoint) - c
    }
}
