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
        let projection = LocalProjection(latitude: p.latitude)
        var best: [Found] = []   // sorted by distance, at most `count`
        graph.visitSnapCells(around: p, maxDistance: maxDistance, projection: projection,
                             done: { reach in best.count == count && best[count - 1].distance <= reach }) { entries in
            for i in entries {
                let entry = graph.snapEntries[i]
                let (distance, t) = graph.closest(entry, to: p, projection)
                guard distance <= maxDistance, best.count < count || distance < best[count - 1].distance else { continue }
                // A segment spans several cells and pieces: keep its nearest piece only.
                if let same = best.firstIndex(where: { $0.segment == entry.segment }) {
                    guard distance < best[same].distance else { continue }
                    best.remove(at: same)
                } else if best.count == count {
                    best.removeLast()
                }
                let at = best.firstIndex { $0.distance > distance } ?? best.count
                best.insert(Found(segment: entry.segment, location: graph.point(entry, at: t), distance: distance), at: at)
            }
        }
        return best
    }
}
