/// The bearing a road leaves an intersection with, as OSRM's guidance perceives it: from the
/// intersection to the road's representative point (`RoadCourse`). OSRM's turn handlers
/// compare these angles; a point ~10 m out, as we once measured, made curvy roads point
/// elsewhere than OSRM's, and its "continue straight" our "slight left". Measured for every
/// directed segment at import (`SegmentBearings`), or per query for a file without them.
///
/// As in OSRM: where only two roads meet, the road's first shape point more than a metre out
/// (OSRM's coordinate close to the turn); on a ring, the point 2 m along it; on minor roads
/// (service roads, tracks, paths, footways: OSRM's "may be ignored" classes), the point 10 m
/// along; on others the full representative point, looking further on wider intersections:
/// the most lanes tagged on a road there (two without), more on greater roads
/// (`consideredLanes`). A road is read on through nodes where only it goes on, alike and open
/// the same ways: OSRM's graph has no node there.
public struct PerceivedBearing {
    let segments: UnsafeBufferPointer<RoadSegment>
    let points: UnsafeBufferPointer<FixedCoordinate>
    let ways: UnsafeBufferPointer<WayInfo>
    let nodeFirst: UnsafeBufferPointer<Int32>
    let nodeLeaving: UnsafeBufferPointer<Int32>

    /// One mode's roads: its segments, the shared points and ways, the segments leaving each
    /// intersection (`nodeLeaving[nodeFirst[v] ..< nodeFirst[v + 1]]`).
    public init(segments: UnsafeBufferPointer<RoadSegment>, points: UnsafeBufferPointer<FixedCoordinate>,
                ways: UnsafeBufferPointer<WayInfo>, nodeFirst: UnsafeBufferPointer<Int32>,
                nodeLeaving: UnsafeBufferPointer<Int32>) {
        (self.segments, self.points, self.ways, self.nodeFirst, self.nodeLeaving) = (segments, points, ways, nodeFirst, nodeLeaving)
    }

    /// Bearing of directed segment `x` where it leaves its start node, in degrees, 0 ..< 360,
    /// on a flat projection around that node.
    public func bearing(_ x: Int32) -> Double {
        let s = segments[Int(x >> 1)]
        let forward = x & 1 == 0
        let first = Int(s.firstPoint), last = Int(s.lastPoint)
        guard first != last else { return 0 }
        let origin = points[forward ? first : last]
        let projection = LocalProjection(latitude: origin.latitude)
        let end = forward ? last : first, step = forward ? 1 : -1
        let start = forward ? s.fromNode : s.toNode
        if s.fromNode == s.toNode || degree(start) <= 2 {
            return SegmentBearings.closeToTheTurn(x, segments: segments, points: points, projection: projection)
        }
        let w = ways[Int(s.way)]
        let kind: RoadKind = w.flags & (WayInfo.isRoundabout | WayInfo.isCircular) != 0 ? .ring
            : w.roadClass >= RoadClass.service.rawValue ? .minor
            : .road(lanes: Self.consideredLanes(w, intersectionLanes: lanes(at: start)))
        return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: RoadCourse.capacity) { p in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: RoadCourse.capacity) { d in
                // The road's points without repeats, as far along as the measure looks.
                let reach = kind.reach, farFirst = kind.farFirst
                p[0] = .zero
                d[0] = 0
                var n = 1, walked = 0.0, i = forward ? first + 1 : last - 1, end = end, step = step
                var along = x, hops = 0
                while true {
                    let (dx, dy) = projection.offset(points[i], from: origin)
                    let q = SIMD2(dx, dy)
                    if q != p[n - 1] {
                        let piece = RoadCourse.distance(p[n - 1], q)
                        p[n] = q
                        d[n] = piece
                        n += 1
                        walked += piece
                    }
                    // A first piece that far out is the road's course (the rest is not needed).
                    if walked >= reach || n == RoadCourse.capacity || (n == 2 && walked > farFirst) { break }
                    if i == end {
                        // Through a node where only this road goes on, up to a few times.
                        guard hops < 4, let next = continuation(of: along, way: w) else { break }
                        let t = segments[Int(next >> 1)]
                        (end, step, i) = next & 1 == 0 ? (Int(t.lastPoint), 1, Int(t.firstPoint))
                            : (Int(t.firstPoint), -1, Int(t.lastPoint))
                        along = next
                        hops += 1
                    }
                    i += step
                }
                guard n >= 2 else { return 0 }
                var course = RoadCourse(p: p.baseAddress!, d: d.baseAddress!, n: n)
                let point: SIMD2<Double>
                switch kind {
                case .ring: point = course.point(at: 2)
                case .minor: point = course.point(at: RoadCourse.lookahead)
                case .road(let lanes): point = n == 2 ? p[1] : course.representative(lanes: lanes)
                }
                return SegmentBearings.bearing(point.x, point.y)
            }
        }
    }

    /// The most lanes of any road at intersection `v` (OSRM's `getLaneCountAtIntersection`):
    /// how wide OSRM takes the intersection to be, and so how far along each road it looks.
    func lanes(at v: Int32) -> Int {
        var most: UInt8 = 0
        for i in Int(nodeFirst[Int(v)])..<Int(nodeFirst[Int(v) + 1]) {
            most = max(most, ways[Int(segments[Int(nodeLeaving[i] >> 1)].way)].lanes)
        }
        return Int(most)
    }

    /// How many road ends meet at intersection `v`.
    func degree(_ v: Int32) -> Int { Int(nodeFirst[Int(v) + 1] - nodeFirst[Int(v)]) }

    func startNode(_ x: Int32) -> Int32 {
        let s = segments[Int(x >> 1)]
        return x & 1 == 0 ? s.fromNode : s.toNode
    }

    /// The segment carrying directed segment `x` on where its end node joins it to one other
    /// segment only, of a way alike (name, class, flags) and open the same ways: one road to
    /// OSRM. nil at an intersection, a dead end, or where the road changes.
    public func continuation(of x: Int32, way w: WayInfo) -> Int32? {
        let v = startNode(x ^ 1)
        guard degree(v) == 2, v != startNode(x) else { return nil }
        let at = Int(nodeFirst[Int(v)])
        let y = nodeLeaving[at] == x ^ 1 ? nodeLeaving[at + 1] : nodeLeaving[at]
        let t = segments[Int(y >> 1)], s = segments[Int(x >> 1)]
        let u = ways[Int(t.way)]
        let yForward = y & 1 == 0, xForward = x & 1 == 0
        guard y != x ^ 1, u.name == w.name, u.roadClass == w.roadClass, u.flags == w.flags,
              t.allows(forward: yForward) == s.allows(forward: xForward),
              t.allows(forward: !yForward) == s.allows(forward: !xForward) else { return nil }
        return y
    }

    /// How a road is read: OSRM's roundabout, low-priority and general cases.
    enum RoadKind {
        case ring, minor
        case road(lanes: Double)

        /// Beyond this, a first shape point alone says where the road goes.
        var farFirst: Double {
            if case .road(let lanes) = self { return lanes * RoadCourse.laneWidth + RoadCourse.lookahead }
            return .infinity
        }

        /// How far along the road its points are needed.
        var reach: Double {
            switch self {
            case .ring: 2
            case .minor: RoadCourse.lookahead
            case .road(let lanes): RoadCourse.reach(lanes: lanes)
            }
        }
    }

    /// Lanes OSRM considers for the road's width: the intersection's most lanes (two where
    /// no road there is tagged), times 2.5 on motorways and trunks (and their links), 1.5 on
    /// primary roads (not their links).
    static func consideredLanes(_ w: WayInfo, intersectionLanes: Int) -> Double {
        let lanes = Double(intersectionLanes == 0 ? 2 : intersectionLanes)
        switch RoadClass(rawValue: w.roadClass) ?? .other {
        case .motorway, .trunk: return 2.5 * lanes
        case .primary: return w.flags & WayInfo.isLink != 0 ? lanes : 1.5 * lanes
        default: return lanes
        }
    }
}
