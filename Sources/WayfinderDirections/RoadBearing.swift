import WayfinderGraph
import WayfinderRouting

/// The one measure of a road's bearing at an intersection, shared by every part of the
/// directions (turns, the intersections listed, rings, divided roads, sliproads): OSRM's
/// perceived bearing, the bearing from the intersection to the road's representative point
/// (`RoadCourse`). OSRM's turn handlers compare these angles; measuring our own way (a point
/// ~10 m out) made curvy roads point elsewhere than OSRM's and its "continue straight" our
/// "slight left".
///
/// As in OSRM: where only two roads meet, and for the short links of divided roads
/// (`tangent`), the road's first shape point more than a metre out (OSRM's coordinate close to
/// the turn); on a ring, the point 2 m along it; on minor roads (service roads, tracks, paths,
/// footways: OSRM's "may be ignored" classes), the point 10 m along; on others the full
/// representative point, on a road as wide as its class (motorways and trunks 2.5 times two
/// lanes, primary roads 1.5 times; OSRM reads `lanes`, which our graph does not keep, so the
/// two lanes it assumes without them).
extension DirectionsBuilder {
    /// Bearing of directed segment `x` where it leaves its start node. `tangent`: the road's
    /// first metre, for callers that compare the drawing at the node itself.
    func leavingBearing(_ x: Int32, tangent: Bool = false) -> Double {
        let key = Int64(x) << 1 | (tangent ? 1 : 0)
        let slot = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 50)
        if roadBearings[slot].key == key { return roadBearings[slot].bearing }
        let bearing = measureBearing(x, tangent: tangent)
        roadBearings[slot] = (key, bearing)
        return bearing
    }

    /// `leavingBearing` measured, on a flat projection around the road's start.
    private func measureBearing(_ x: Int32, tangent: Bool) -> Double {
        let s = graph.segments[Int(x >> 1)]
        let forward = x & 1 == 0
        let first = Int(s.firstPoint), last = Int(s.lastPoint)
        guard first != last else { return 0 }
        let origin = graph.points[forward ? first : last]
        let projection = LocalProjection(latitude: Double(origin.lat) / FixedCoordinate.scale)
        let end = forward ? last : first, step = forward ? 1 : -1
        if tangent || s.fromNode == s.toNode || leaving(forward ? s.fromNode : s.toNode).count <= 2 {
            var i = forward ? first + 1 : last - 1
            while true {
                let (dx, dy) = projection.offset(graph.points[i], from: origin)
                if i == end || dx * dx + dy * dy > 1 { return Self.bearing(dx, dy) }
                i += step
            }
        }
        let w = info(s.way)
        let kind: RoadKind = w.flags & (WayInfo.isRoundabout | WayInfo.isCircular) != 0 ? .ring
            : w.roadClass >= RoadClass.service.rawValue ? .minor : .road(lanes: Self.consideredLanes(w))
        return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: RoadCourse.capacity) { p in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: RoadCourse.capacity) { d in
                // The road's points without repeats, as far along as the measure looks.
                let reach = kind.reach, farFirst = kind.farFirst
                p[0] = .zero
                d[0] = 0
                var n = 1, walked = 0.0, i = forward ? first + 1 : last - 1, end = end, step = step
                var along = x, hops = 0
                while true {
                    let (dx, dy) = projection.offset(graph.points[i], from: origin)
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
                        // Through a node where only this road goes on (OSRM's compressed
                        // geometry: no intersection there), up to a few times.
                        guard hops < 4, let next = continuation(of: along, way: w) else { break }
                        let t = graph.segments[Int(next >> 1)]
                        let ahead = next & 1 == 0
                        (end, step, i) = ahead ? (Int(t.lastPoint), 1, Int(t.firstPoint))
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
                return Self.bearing(point.x, point.y)
            }
        }
    }

    /// The segment carrying directed segment `x` on where its end node joins it to one other
    /// segment only, of a way alike (name, class, flags, directions open): one road to OSRM, whose graph has no
    /// node there. nil at an intersection, a dead end, or where the road changes.
    func continuation(of x: Int32, way w: WayInfo) -> Int32? {
        let v = startNode(x ^ 1)
        let range = leaving(v)
        guard range.count == 2, v != startNode(x) else { return nil }
        let y = graph.nodeLeaving[range.lowerBound] == x ^ 1 ? graph.nodeLeaving[range.lowerBound + 1]
            : graph.nodeLeaving[range.lowerBound]
        let u = info(way(y))
        guard y != x ^ 1, u.name == w.name, u.roadClass == w.roadClass, u.flags == w.flags,
              allowed(y) == allowed(x), allowed(y ^ 1) == allowed(x ^ 1) else { return nil }
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

    /// Lanes OSRM assumes for the road's width: two, times 2.5 on motorways and trunks (and
    /// their links), 1.5 on primary roads.
    static func consideredLanes(_ w: WayInfo) -> Double {
        switch RoadClass(rawValue: w.roadClass) ?? .other {
        case .motorway, .trunk: 5
        case .primary: w.flags & WayInfo.isLink != 0 ? 2 : 3
        default: 2
        }
    }
}
