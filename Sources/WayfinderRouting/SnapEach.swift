import WayfinderGraph

extension Snapper {
    /// `snap(_:maxDistance:)` for many points at once that tolerates points with no road in
    /// reach: those get nil, and the others are snapped exactly as `snap` snaps them without
    /// the missing ones (the same move off small islands when they are not all on one piece
    /// of network). One nearest-road search per point, where trying `snap` and falling back
    /// would search twice or three times (the C library's `wf_table`: large tables of points
    /// of which some lie off the map).
    public func snapEach(_ points: [FixedCoordinate], maxDistance: Double) -> [Snap?] {
        let found = points.map { nearest(to: $0, maxDistance: maxDistance) }
        let components = graph.segmentComponent
        guard let first = found.first(where: { $0 != nil }) ?? nil else { return found.map { _ in nil } }
        let component = components[Int(first.any.segment)]
        let together = found.allSatisfy { $0 == nil || components[Int($0!.any.segment)] == component }
        return found.map { snap in snap.map { together ? $0.any : ($0.main ?? $0.any) } }
    }
}
