import WayfinderGraph

extension Snapper {
    /// The `count` nearest road segments to `p` within `maxDistance` metres, one snap per
    /// segment (its nearest point), nearest first: OSRM's /nearest with `number`.
    /// `nearest(to:maxDistance:)` answers only the single nearest (and the nearest on the main
    /// network); this walks the same snapping grid ring by ring, keeping the best `count`, and
    /// stops once no farther ring can hold a nearer segment.
    /// A `bearing` keeps only the roads travelled in its range there (OSRM's `bearings`);
    /// roads of the `excluding` classes are left out (OSRM's `exclude`).
    public func nearest(to p: FixedCoordinate, count: Int, maxDistance: Double, bearing: BearingRange? = nil,
                        excluding: WayClasses = []) -> [Snap] {
        let excluding = excluding.intersection(.excludable)
        let projection = LocalProjection(latitude: p.latitude)
        var best: [(entry: SnapEntry, t: Double, distance: Double, directions: SnapDirections)] = []   // sorted by distance, at most `count`
        // A cell farther than the radius, or than the farthest of `count` found, holds
        // nothing nearer (each piece of road is listed in every cell it crosses).
        graph.visitSnapCells(around: p, maxDistance: maxDistance, projection: projection,
                             done: { reach in best.count == count && best[count - 1].distance <= reach },
                             skip: { d in d > maxDistance || (best.count == count && d > best[count - 1].distance) },
                             skipFrom: 1) { cell in
            graph.forEachSnapPiece(inCellAt: cell, keep: { excluding.isEmpty || graph.allowsSegment($0, excluding: excluding) }) { entry in
                let directions = bearing.map { self.directions(entry, allowedBy: $0) } ?? .both
                if directions.isEmpty { return }
                let (distance, t) = graph.closest(entry, to: p, projection)
                guard distance <= maxDistance, best.count < count || distance < best[count - 1].distance else { return }
                // A segment spans several cells and pieces: keep its nearest piece only.
                if let same = best.firstIndex(where: { $0.entry.segment == entry.segment }) {
                    guard distance < best[same].distance else { return }
                    best.remove(at: same)
                } else if best.count == count {
                    best.removeLast()
                }
                let at = best.firstIndex { $0.distance > distance } ?? best.count
                best.insert((entry, t, distance, directions), at: at)
            }
        }
        return best.map {
            var found = snap($0.entry, $0.t, $0.distance)
            found.directions = $0.directions
            return found
        }
    }
}
