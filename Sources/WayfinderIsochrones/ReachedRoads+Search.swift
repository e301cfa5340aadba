import WayfinderGraph
import WayfinderRouting

extension ReachedRoads {
    /// Replaces the stretches with what `query`'s last search reached: each reached piece of
    /// road as a stretch along its geometry, every vertex valued in seconds (`.time`) or
    /// metres (`.distance`), interpolated along the piece (both are linear along it).
    public mutating func collect(from query: ReachQuery, metric: ContourMetric) {
        removeAll()
        let graph = query.graph
        // One flat projection for the whole isochrone: a few kilometres across, it measures
        // within a fraction of a percent of the segments' own lengths, at a multiply a step.
        let projection = LocalProjection(latitude: query.snap.location.latitude)
        query.forEachReachedPiece { piece in
            append(piece, of: graph, metric: metric, projection)
        }
    }

    /// One piece: the segment's points between its fractions, in the direction of travel.
    private mutating func append(_ piece: ReachPiece, of graph: RoutingGraph, metric: ContourMetric,
                                 _ projection: LocalProjection) {
        let s = graph.segments[Int(piece.segment)]
        let first = Int(s.firstPoint), count = Int(s.lastPoint - s.firstPoint) + 1
        @inline(__always) func point(_ i: Int) -> FixedCoordinate { graph.points[first + (piece.forward ? i : count - 1 - i)] }
        let length = Double(s.length)
        let from = piece.start * length, to = piece.end * length
        let (a, b) = metric == .time ? (piece.startSeconds, piece.endSeconds) : (piece.startMetres, piece.endMetres)
        @inline(__always) func value(_ m: Double) -> Float {
            to > from ? Float(a + (b - a) * (min(max(m, from), to) - from) / (to - from)) : Float(a)
        }
        beginStretch()
        var walked = 0.0, previous = point(0)
        if from <= 0 { appendVertex(previous, value(0)) }
        for i in 1..<count {
            let p = point(i)
            let (dx, dy) = projection.offset(p, from: previous)
            let step = (dx * dx + dy * dy).squareRoot()
            let next = walked + step
            if next > from && walked < to && step > 0 {
                if walked < from { appendVertex(Self.interpolate(previous, p, (from - walked) / step), value(from)) }
                if next >= to && piece.end < 1 {
                    appendVertex(Self.interpolate(previous, p, (to - walked) / step), value(to))
                    break
                }
                appendVertex(p, value(next))
            }
            walked = next
            previous = p
        }
        endStretch()
    }

    private static func interpolate(_ a: FixedCoordinate, _ b: FixedCoordinate, _ t: Double) -> FixedCoordinate {
        let t = min(1, max(0, t))
        return FixedCoordinate(lat: a.lat + Int32((Double(b.lat - a.lat) * t).rounded()),
                               lon: a.lon + Int32((Double(b.lon - a.lon) * t).rounded()))
    }
}
