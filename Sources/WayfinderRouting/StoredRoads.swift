import WayfinderGraph

/// The roads of osrm-routed's node-based graph, seen from ours.
///
/// osrm-routed keeps a road once, in one stored direction: a one-way road in its direction of
/// travel, a two-way road from its end with the lower OSM node id to the higher (its
/// node-based graph numbers nodes in OSM id order, and a road is a chain of segments through
/// nodes where only it goes on). Its `approaches` read a
/// waypoint's side against that direction (`ApproachSide.swift`), and its `nodes` annotation
/// names the ends of the piece of road a waypoint lies on in that order
/// (`WayfinderDirections/DirectionsBuilder+NodeAnnotation.swift`).
extension RoutingGraph {
    /// Whether osrm-routed stores the road of `segment` in the segment's forward direction:
    /// a one-way road open forward, or a two-way road whose end behind the segment has a lower
    /// OSM node id than the end ahead of it. True on a graph file without node ids, and on a
    /// ring with no end.
    public func storesForward(_ segment: Int32) -> Bool {
        let s = segments[Int(segment)]
        if !s.allows(forward: true) || !s.allows(forward: false) { return s.allows(forward: true) }
        guard !pointNodeIds.isEmpty else { return true }
        let ahead = roadEnd(from: 2 * segment), behind = roadEnd(from: 2 * segment + 1)
        return pointNodeIds[behind] <= pointNodeIds[ahead]
    }

    /// The directed segment that carries directed segment `x` on through its end node, when
    /// that node is no node of osrm-routed's graph (only the same road goes on there); nil at
    /// an intersection, a dead end or where the road changes.
    /// As the perceived bearings read a road on (`PerceivedBearing.continuation`), and the ref
    /// and classes alike too: osrm-routed joins two segments only where their name entry
    /// (name and ref) and classes agree.
    public func roadContinuation(of x: Int32) -> Int32? {
        let w = ways[Int(segments[Int(x >> 1)].way)]
        guard let y = PerceivedBearing(segments: segments, points: points, ways: ways, nodeFirst: nodeFirst, nodeLeaving: nodeLeaving)
            .continuation(of: x, way: w) else { return nil }
        let u = ways[Int(segments[Int(y >> 1)].way)]
        guard u.ref == w.ref, u.classes(forward: y & 1 == 0) == w.classes(forward: x & 1 == 0),
              u.classes(forward: y & 1 != 0) == w.classes(forward: x & 1 != 0) else { return nil }
        return y
    }

    /// The point of the road's end reached by travelling on from directed segment `x`.
    private func roadEnd(from x: Int32) -> Int {
        var along = x, hops = 0
        // A road is rarely more than a few segments; a ring of them ends where it began.
        while hops < 10_000, let next = roadContinuation(of: along), next >> 1 != x >> 1 {
            along = next
            hops += 1
        }
        let s = segments[Int(along >> 1)]
        return Int(along & 1 == 0 ? s.lastPoint : s.firstPoint)
    }
}
