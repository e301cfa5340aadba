import WayfinderGraph

extension RoutingGraph {
    /// Metres covered by a piece.
    @inlinable public func length(of piece: RoutePiece) -> Double {
        Double(segments[Int(piece.segment)].length) * max(0, piece.end - piece.start)
    }

    /// Metres covered by a route.
    public func distance(of route: Route) -> Double {
        route.pieces.reduce(0) { $0 + length(of: $1) }
    }

    /// The route's line from the snapped source to the snapped target, without repeated points.
    public func geometry(of route: Route) -> [FixedCoordinate] {
        var line: [FixedCoordinate] = []
        for piece in route.pieces { appendGeometry(of: piece, to: &line) }
        if line.isEmpty { line = [route.source.location, route.target.location] }
        if line.count == 1 { line.append(line[0]) }
        return line
    }

    /// Appends the points of a piece in the direction of travel, cut at its fractions.
    public func appendGeometry(of piece: RoutePiece, to line: inout [FixedCoordinate]) {
        let s = segments[Int(piece.segment)]
        let count = Int(s.lastPoint - s.firstPoint) + 1
        @inline(__always) func point(_ i: Int) -> FixedCoordinate {
            points[Int(s.firstPoint) + (piece.forward ? i : count - 1 - i)]
        }
        func append(_ p: FixedCoordinate) { if line.last != p { line.append(p) } }
        if piece.start <= 0 && piece.end >= 1 {
            // Whole segments (all but the first and last piece) need no measuring: copied in
            // one go, without the first point when it repeats the line's last.
            let first = Int(s.firstPoint), last = Int(s.lastPoint)
            let skip = line.last == point(0) ? 1 : 0
            if piece.forward {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: points[(first + skip)...last]))
            } else {
                // An index loop: appending a reversed slice takes a slow generic path.
                line.reserveCapacity(line.count + last - skip - first + 1)
                var i = last - skip
                while i >= first {
                    line.append(points[i])
                    i -= 1
                }
            }
            return
        }
        let startMetres = piece.start * Double(s.length), endMetres = piece.end * Double(s.length)
        var walked = 0.0
        for i in 0..<(count - 1) {
            let a = point(i), b = point(i + 1)
            let step = Geo.rulerDistance(a, b)   // the metric of segment lengths
            let next = walked + step
            if next >= startMetres && walked <= endMetres {
                if walked >= startMetres { append(a) } else { append(interpolate(a, b, (startMetres - walked) / step)) }
                if next > endMetres {
                    append(interpolate(a, b, (endMetres - walked) / step))
                    return
                }
                if piece.end >= 1 {
                    // Started, and running to the end: the rest needs no measuring.
                    for j in (i + 1)..<count { append(point(j)) }
                    return
                }
            }
            walked = next
        }
        if piece.end >= 1 || walked <= endMetres { append(point(count - 1)) }
    }

    private func interpolate(_ a: FixedCoordinate, _ b: FixedCoordinate, _ t: Double) -> FixedCoordinate {
        guard t.isFinite else { return a }
        let t = min(1, max(0, t))
        return FixedCoordinate(lat: a.lat + Int32((Double(b.lat - a.lat) * t).rounded()),
                               lon: a.lon + Int32((Double(b.lon - a.lon) * t).rounded()))
    }
}
