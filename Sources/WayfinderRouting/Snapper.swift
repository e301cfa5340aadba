import WayfinderGraph

/// Where an input coordinate meets the road network of a mode.
public struct Snap: Sendable, Equatable {
    public var segment: Int32
    /// Position along the segment in its forward direction, 0 at `fromNode`, 1 at `toNode`.
    public var fraction: Double
    /// The closest point of the segment.
    public var location: FixedCoordinate
    /// Metres from the input coordinate to `location`.
    public var distance: Double
    /// The ways along the segment a route may leave or reach this point (a bearing, an
    /// approach or a waypoint passed straight through narrow them); the segment's own
    /// one-way rules apply on top.
    public var directions: SnapDirections = .both
    /// On an intersection, with an approach: the roads there a route may leave or reach the
    /// point by, each narrowed on its own (`ApproachSide.swift`); empty otherwise.
    public var roadsAtNode = NodeRoads()

    public init(segment: Int32, fraction: Double, location: FixedCoordinate, distance: Double, directions: SnapDirections = .both) {
        self.segment = segment
        self.fraction = fraction
        self.location = location
        self.distance = distance
        self.directions = directions
    }
}

/// Directions along a snapped segment: forward from its `fromNode` to its `toNode`, or backward.
public struct SnapDirections: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let forward = SnapDirections(rawValue: 1)
    public static let backward = SnapDirections(rawValue: 2)
    public static let both: SnapDirections = [.forward, .backward]
}

/// Finds the closest point on any segment usable by the graph's mode (not merely the
/// closest node), preferring the main network over tiny islands when it is within reach,
/// and the surface over tunnels when a surface road is near.
public struct Snapper: Sendable {
    public let graph: RoutingGraph

    public init(graph: RoutingGraph) { self.graph = graph }

    /// Where routes through `points` start, stop and end: each point's nearest usable road
    /// within `maxDistance(i)` metres. When the snaps are not all on one connected piece of
    /// network, those on small islands move to the main network, so that the legs between
    /// them exist. Throws `RouteError.noSegment` for the first point with no road in reach.
    /// `constraints(i)` are point `i`'s bearing, approach and snapping rule. `excluding`: roads
    /// of these classes are no place to start or stop (`ExcludedRoads.swift`).
    public func snap(_ points: [FixedCoordinate], maxDistance: (Int) -> Double,
                     constraints: (Int) -> SnapConstraints = { _ in SnapConstraints() },
                     excluding: WayClasses = []) throws(RouteError) -> [Snap] {
        var found: [(any: Snap, main: Snap?)] = []
        found.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            guard let snap = nearest(to: p, maxDistance: maxDistance(i), constraints: constraints(i), excluding: excluding)
            else { throw .noSegment(point: i) }
            found.append(snap)
        }
        let components = graph.segmentComponent
        guard let first = found.first else { return [] }
        let component = components[Int(first.any.segment)]
        if found.allSatisfy({ components[Int($0.any.segment)] == component }) { return found.map(\.any) }
        return found.map { $0.main ?? $0.any }
    }

    /// How much farther than an underground segment a surface one may be and still be
    /// preferred. A coordinate has no height: one that lies over a tunnel (a square above a
    /// service tunnel, a street above a metro line) almost always means the surface, but a
    /// point deep inside a long tunnel, far from any surface road, means the tunnel.
    public static let surfaceReach = 100.0

    /// The nearest snap within `maxDistance` metres, and the nearest one on the main
    /// network (the same when the nearest is on it). Each prefers a surface segment to an
    /// underground one (tunnel, negative layer, indoor) that is less than `surfaceReach`
    /// metres nearer.
    /// With `constraints`, only roads they allow are candidates, and the snaps are narrowed
    /// to the directions they allow (`SnapConstraints`).
    /// (`pruning` false: every cell of the rings walked, for tests of the pruning.)
    public func nearest(to p: FixedCoordinate, maxDistance: Double, constraints: SnapConstraints = SnapConstraints(),
                        excluding: WayClasses = [], pruning: Bool = true) -> (any: Snap, main: Snap?)? {
        let excluding = excluding.intersection(.excludable)
        let projection = LocalProjection(latitude: p.latitude)
        var best = SurfaceFirst(), bestMain = SurfaceFirst()
        // Past the nearest main-network segment nothing can beat either answer; without a main
        // network, past the nearest segment.
        let hasMainNetwork = graph.hasMainNetwork
        // Private service roads are no place to start or end a drive, nor a ferry a ride (OSRM
        // `is_startpoint`).
        let checkStart = graph.mode != .walking && !constraints.anyRoad
        let bearing = constraints.bearing
        graph.visitSnapCells(around: p, maxDistance: maxDistance, projection: projection,
                             done: { reach in (hasMainNetwork ? bestMain : best).isSettled(reach: reach) },
                             // A cell neither answer can gain from (both settled at its distance).
                             skip: { d in pruning && best.isSettled(reach: d) && (!hasMainNetwork || bestMain.isSettled(reach: d)) }) { cell in
            graph.forEachSnapPiece(inCellAt: cell, keep: { s in
                if checkStart && !graph.isStartpoint(segment: Int(s)) { return false }
                return excluding.isEmpty || graph.allowsSegment(s, excluding: excluding)
            }) { entry in
                var directions = SnapDirections.both
                if let bearing {
                    directions = self.directions(entry, allowedBy: bearing)
                    if directions.isEmpty { return }
                }
                let (distance, t) = graph.closest(entry, to: p, projection)
                let candidate = Candidate(distance: distance, entry: entry, t: t, directions: directions)
                let underground = graph.ways[Int(graph.segments[Int(entry.segment)].way)].flags & WayInfo.isUnderground != 0
                best.offer(candidate, underground: underground)
                if !graph.isOnIsland(segment: entry.segment) { bestMain.offer(candidate, underground: underground) }
            }
        }
        guard let chosen = best.choice, chosen.distance <= maxDistance else { return nil }
        let main = bestMain.choice.flatMap { $0.distance <= maxDistance ? snap($0, for: p, constraints, excluding: excluding) : nil }
        return (snap(chosen, for: p, constraints, excluding: excluding), main)
    }

    struct Candidate {
        var distance: Double
        var entry: SnapEntry
        var t: Double
        /// The directions a bearing allows (both without one).
        var directions: SnapDirections
    }

    /// A candidate as a snap for input point `p`, narrowed as `constraints` ask.
    private func snap(_ c: Candidate, for p: FixedCoordinate, _ constraints: SnapConstraints, excluding: WayClasses) -> Snap {
        var result = snap(c.entry, c.t, c.distance)
        result.directions = c.directions
        narrow(&result, c.entry, p, approach: constraints.approach)
        if constraints.approach != .unrestricted && constraints.bearing == nil {
            result.roadsAtNode = roadsAtNode(result, p, approach: constraints.approach, anyRoad: constraints.anyRoad, excluding: excluding)
        }
        return result
    }

    /// The nearest candidate, and the nearest on the surface, seen so far in a ring walk.
    struct SurfaceFirst {
        var nearest: Candidate?
        var nearestIsUnderground = false
        var surface: Candidate?

        mutating func offer(_ c: Candidate, underground: Bool) {
            if nearest == nil || c.distance < nearest!.distance { (nearest, nearestIsUnderground) = (c, underground) }
            if !underground && (surface == nil || c.distance < surface!.distance) { surface = c }
        }

        /// The surface candidate when the nearest is underground and it is within reach.
        var choice: Candidate? {
            guard let nearest, nearestIsUnderground, let surface,
                  surface.distance - nearest.distance <= Snapper.surfaceReach else { return nearest }
            return surface
        }

        /// Whether no cell at least `reach` metres away can change `choice`.
        func isSettled(reach: Double) -> Bool {
            guard let nearest, nearest.distance <= reach else { return false }
            if !nearestIsUnderground { return true }
            if let surface, surface.distance <= reach { return true }
            return reach > nearest.distance + Snapper.surfaceReach
        }
    }

    /// Turns "sub-segment `entry.offset`, `t` of the way along it" into a position on the whole segment.
    func snap(_ entry: SnapEntry, _ t: Double, _ distance: Double) -> Snap {
        let s = graph.segments[Int(entry.segment)]
        var before = 0.0
        var p = Int(s.firstPoint)
        while p < Int(s.firstPoint + entry.offset) {
            before += Geo.rulerDistance(graph.points[p], graph.points[p + 1])
            p += 1
        }
        let along = before + t * Geo.rulerDistance(graph.points[p], graph.points[p + 1])   // the metric of segment lengths
        let location = graph.point(entry, at: t)
        let fraction = s.length > 0 ? min(1, max(0, along / Double(s.length))) : 0
        return Snap(segment: entry.segment, fraction: fraction, location: location, distance: distance)
    }
}

extension RoutingGraph {
    /// Where sub-segment `entry` (points `offset` and `offset + 1` of its segment) comes
    /// closest to `p`: metres away, and the fraction `t` of the way along it.
    @inlinable @inline(__always)
    public func closest(_ entry: SnapEntry, to p: FixedCoordinate, _ projection: LocalProjection) -> (distance: Double, t: Double) {
        let s = segments[Int(entry.segment)]
        let a = points[Int(s.firstPoint + entry.offset)], b = points[Int(s.firstPoint + entry.offset + 1)]
        let (ax, ay) = projection.offset(a, from: p), (bx, by) = projection.offset(b, from: p)
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        let x = ax + t * dx, y = ay + t * dy
        return ((x * x + y * y).squareRoot(), t)
    }

    /// The point `t` of the way along sub-segment `entry`.
    public func point(_ entry: SnapEntry, at t: Double) -> FixedCoordinate {
        let s = segments[Int(entry.segment)]
        let a = points[Int(s.firstPoint + entry.offset)], b = points[Int(s.firstPoint + entry.offset + 1)]
        return FixedCoordinate(lat: a.lat + Int32((Double(b.lat - a.lat) * t).rounded()),
                               lon: a.lon + Int32((Double(b.lon - a.lon) * t).rounded()))
    }
}
