import WayfinderGraph

/// Douglas–Peucker simplification, for `overview=simplified`.
public enum LineSimplifier {
    /// A tolerance that keeps the shape at the scale the whole route is seen at: a
    /// thousandth of its extent, between 1 and 50 m.
    public static func tolerance(for line: [FixedCoordinate]) -> Double {
        guard let first = line.first else { return 1 }
        var minLat = first.lat, maxLat = first.lat, minLon = first.lon, maxLon = first.lon
        for p in line {
            minLat = min(minLat, p.lat); maxLat = max(maxLat, p.lat)
            minLon = min(minLon, p.lon); maxLon = max(maxLon, p.lon)
        }
        let diagonal = Geo.distance(FixedCoordinate(lat: minLat, lon: minLon), FixedCoordinate(lat: maxLat, lon: maxLon))
        return min(50, max(1, diagonal / 1000))
    }

    /// The points of `line` needed to stay within `tolerance` metres of it; keeps both ends.
    public static func simplify(_ line: [FixedCoordinate], tolerance: Double) -> [FixedCoordinate] {
        guard line.count > 2 else { return line }
        let projection = LocalProjection(latitude: line[0].latitude)
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        let limit = tolerance * tolerance
        while let (i, j) = stack.popLast() {
            guard j > i + 1 else { continue }
            let (bx, by) = projection.offset(line[j], from: line[i])
            let length2 = bx * bx + by * by
            var worst = 0.0, worstIndex = i
            for k in (i + 1)..<j {
                let (px, py) = projection.offset(line[k], from: line[i])
                var d2: Double
                if length2 == 0 {
                    d2 = px * px + py * py
                } else {
                    let t = max(0, min(1, (px * bx + py * by) / length2))
                    let dx = px - t * bx, dy = py - t * by
                    d2 = dx * dx + dy * dy
                }
                if d2 > worst {
                    worst = d2
                    worstIndex = k
                }
            }
            if worst > limit {
                keep[worstIndex] = true
                stack.append((i, worstIndex))
                stack.append((worstIndex, j))
            }
        }
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }
}
