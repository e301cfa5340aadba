import WayfinderGraph
import WayfinderRouting

/// The `count` nearest road segments of a mode to a point, one snap per segment, nearest
/// first: OSRM's /nearest with `number`. `Snapper` answers only the single nearest (and
/// the nearest on the main network), so this walks the same snapping grid ring by ring,
/// keeping the best `count`, and stops once no farther ring can hold a nearer segment.
struct NearestSegments {
    struct Found {
        var segment: Int32
        var location: FixedCoordinate
        var distance: Double
    }

    let graph: RoutingGraph

    func nearest(to p: FixedCoordinate, count: Int, maxDistance: Double) -> [Found] {
        guard graph.mayHaveRoads(within: maxDistance, of: p) else { return [] }
        let grid = graph.snapGrid
        let projection = LocalProjection(latitude: p.latitude)
        let cellMetres = Double(grid.cellSize) * min(projection.metresPerLatUnit, projection.metresPerLonUnit)
        let column = Int((Double(p.lon) - Double(grid.minLon)) / Double(grid.cellSize))
        let row = Int((Double(p.lat) - Double(grid.minLat)) / Double(grid.cellSize))
        var best: [Found] = []   // sorted by distance, at most `count`
        let maxRing = Int(maxDistance / cellMetres) + 2
        for ring in 0...maxRing {
            let reach = Double(max(0, ring - 1)) * cellMetres
            if reach > maxDistance || (best.count == count && best[count - 1].distance <= reach) { break }
            for r in (row - ring)...(row + ring) where r >= 0 && r < Int(grid.rows) {
                let onEdgeRow = r == row - ring || r == row + ring
                let step = onEdgeRow ? 1 : max(1, 2 * ring)
                var c = column - ring
                while c <= column + ring {
                    if c >= 0 && c < Int(grid.columns) {
                        visit(cell: UInt32(r) * UInt32(grid.columns) + UInt32(c), p, projection, count, maxDistance, &best)
                    }
                    c += step
                }
            }
        }
        return best
    }

    private func visit(cell key: UInt32, _ p: FixedCoordinate, _ projection: LocalProjection, _ count: Int,
                       _ maxDistance: Double, _ best: inout [Found]) {
        for i in graph.snapEntryRange(cell: key) {
            let entry = graph.snapEntries[i]
            let (distance, t) = graph.closest(entry, to: p, projection)
            guard distance <= maxDistance, best.count < count || distance < best[count - 1].distance else { continue }
            let location = graph.point(entry, at: t)
            // A segment spans several cells and pieces: keep its nearest piece only.
            if let same = best.firstIndex(where: { $0.segment == entry.segment }) {
                guard distance < best[same].distance else { continue }
                best.remove(at: same)
            } else if best.count == count {
                best.removeLast()
            }
            let at = best.firstIndex { $0.distance > distance } ?? best.count
            best.insert(Found(segment: entry.segment, location: location, distance: distance), at: at)
        }
    }
}
