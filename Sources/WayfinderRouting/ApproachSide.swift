import WayfinderGraph

// On which side of a two-way road a waypoint lies, as osrm-routed reads it for `approaches`:
// against the road's stored direction (`StoredRoads.swift`), with the sign of a triangle's
// area in degrees on its 10⁻⁶° grid, a point on the road's line (a waypoint on a node of the
// road, as most are when they come from a map) counting as lying on the right. So under
// right-hand traffic `curb` at a point on a two-way road leaves and reaches it in the stored
// direction only.

extension Snapper {
    /// Whether `p` lies to the left of the line from `u` to `v` (counter-clockwise), computed
    /// as osrm-routed does: on its grid of 10⁻⁶°, in degrees, the terms summed in its order,
    /// so that a point on the line (area exactly 0) is not to the left.
    static func isLeft(of u: FixedCoordinate, _ v: FixedCoordinate, _ p: FixedCoordinate) -> Bool {
        @inline(__always) func grid(_ value: Int32) -> Double { (Double(value) / FixedCoordinate.scale * 1e6).rounded() / 1e6 }
        let lat1 = grid(u.lat), lon1 = grid(u.lon), lat2 = grid(v.lat), lon2 = grid(v.lon)
        let lat3 = grid(p.lat), lon3 = grid(p.lon)
        var area = -lon2 * lat1
        area += lon3 * lat1
        area += lon1 * lat2
        area -= lon3 * lat2
        area -= lon1 * lat3
        area += lon2 * lat3
        return 0.5 * area > 0
    }
}

/// The roads of an intersection a route may leave or reach a waypoint there by, when its
/// approach narrows each road on its own: two bits per road end of the node, in
/// `RoutingGraph.nodeLeaving` order, "leaving by it" and "arriving by it". osrm-routed keeps a
/// candidate for every road at the nearest point and tests the approach against each, so a
/// waypoint on an intersection may still leave by a road whose side allows it, or arrive by
/// one and turn. Empty: not narrowed so (the snap's segment and `directions` decide).
public struct NodeRoads: Sendable, Hashable {
    var bits: UInt32 = 0
    /// The classes the route excludes: no road of them is turned onto at the intersection.
    var excluding: WayClasses = []
    /// The most road ends a node's bits hold.
    static let capacity = 16

    public init() {}
    public var isEmpty: Bool { bits == 0 }
    /// Whether a route may leave by road end `i` (the directed segment leaving the node).
    func leaves(_ i: Int) -> Bool { bits & 1 << (2 * i) != 0 }
    /// Whether a route may arrive by road end `i` (its directed segment arriving at the node).
    func arrives(_ i: Int) -> Bool { bits & 2 << (2 * i) != 0 }
}

extension RoutingGraph {
    /// The intersection a snap lies on: an end of its segment within a centimetre.
    func intersection(of snap: Snap) -> Int32? {
        let s = segments[Int(snap.segment)]
        let along = snap.fraction * Double(s.length)
        if along < 0.01 { return s.fromNode }
        if Double(s.length) - along < 0.01 { return s.toNode }
        return nil
    }
}

extension Snapper {
    /// The roads of the intersection `snap` lies on that osrm-routed would keep as candidates
    /// for input point `p` (those whose nearest point to `p` is the intersection too, usable
    /// as the snapper's own: open for starting, not excluded), each allowed in the direction
    /// that has `p` on the side `approach` asks for (both on a one-way road). Empty when the
    /// snap is not on an intersection, or it has more road ends than `NodeRoads` holds.
    func roadsAtNode(_ snap: Snap, _ p: FixedCoordinate, approach: Approach, anyRoad: Bool, excluding: WayClasses) -> NodeRoads {
        guard let v = graph.intersection(of: snap) else { return NodeRoads() }
        let first = Int(graph.nodeFirst[Int(v)]), end = Int(graph.nodeFirst[Int(v) + 1])
        guard end - first <= NodeRoads.capacity else { return NodeRoads() }
        let projection = LocalProjection(latitude: p.latitude)
        let checkStart = graph.mode != .walking && !anyRoad
        let keepsLeft = DrivingSide.at(p) == .left
        var roads = NodeRoads()
        roads.excluding = excluding
        for i in 0..<(end - first) {
            let x = graph.nodeLeaving[first + i], segment = x >> 1, s = graph.segments[Int(segment)]
            if checkStart && !graph.isStartpoint(segment: Int(segment)) { continue }
            // The road's piece at the intersection, as the snapper measures it.
            let entry = SnapEntry(segment: segment, offset: x & 1 == 0 ? 0 : s.lastPoint - s.firstPoint - 1)
            if segment != snap.segment && graph.closest(entry, to: p, projection).distance > snap.distance + 0.01 { continue }
            var leave = true, arrive = true
            if s.weight(forward: true) >= 0 && s.weight(forward: false) >= 0 {
                let a = graph.points[Int(s.firstPoint + entry.offset)], b = graph.points[Int(s.firstPoint + entry.offset + 1)]
                let stored = graph.storesForward(segment)
                var right = stored ? !Self.isLeft(of: a, b, p) : !Self.isLeft(of: b, a, p)
                if keepsLeft { right.toggle() }
                if approach == .opposite { right.toggle() }
                // Travelling the segment forward is allowed; leaving by x is that when x is forward.
                let forward = right == stored
                leave = forward == (x & 1 == 0)
                arrive = !leave
            }
            if leave && graph.allowsDirected(x, excluding: excluding) { roads.bits |= 1 << (2 * i) }
            if arrive && graph.allowsDirected(x ^ 1, excluding: excluding) { roads.bits |= 2 << (2 * i) }
        }
        return roads
    }
}
