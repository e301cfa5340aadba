import WayfinderGraph

/// Bearings of roads and of the route's line, measured on the builder's flat projection
/// around the route (`projection`), and their rounding to OSRM's whole degrees. The change
/// of bearing at a turn is `Turn.deviation`, the importer's definition.
extension DirectionsBuilder {
    /// Bearing of a directed segment where it leaves its start node, as OSRM perceives the
    /// road (`PerceivedBearing`, the one measure every part of the directions compares): read
    /// from the graph where it was measured at import, else measured now. A ring's curve and a
    /// divided road's link are read at their first shape point instead (`tangent`, OSRM's
    /// coordinate close to the turn): ten metres along a small ring turn the road by a third
    /// of a right angle, and OSRM's angles at rings are tangents.
    @inline(__always)
    func leavingBearing(_ x: Int32, tangent: Bool = false) -> Double {
        if tangent {
            return SegmentBearings.closeToTheTurn(x, segments: graph.segments, points: graph.points, projection: projection)
        }
        if !graph.bearings.encoded.isEmpty { return graph.bearings.bearing(x) }
        return PerceivedBearing(segments: graph.segments, points: graph.points, ways: graph.ways,
                                nodeFirst: graph.nodeFirst, nodeLeaving: graph.nodeLeaving).bearing(x)
    }

    /// Bearing along the line from point `index`, forwards or backwards, up to ~10 m but not past `limit`.
    func lineBearing(_ line: [FixedCoordinate], from index: Int, to limit: Int) -> Double {
        let origin = line[index], step = limit >= index ? 1 : -1
        var i = index, dx = 0.0, dy = 0.0
        while i != limit {
            i += step
            (dx, dy) = projection.offset(line[i], from: origin)
            if dx * dx + dy * dy >= 100 { break }
        }
        return step > 0 ? Self.bearing(dx, dy) : Self.normalized(Self.bearing(dx, dy) + 180)
    }

    /// Bearing in degrees, 0 ..< 360, of the offset (`dx` east, `dy` north).
    @inline(__always)
    static func bearing(_ dx: Double, _ dy: Double) -> Double { SegmentBearings.bearing(dx, dy) }

    /// `degrees` brought into 0 ..< 360.
    static func normalized(_ degrees: Double) -> Double {
        // Angles here are sums and differences of a few bearings: a loop beats fmod.
        var d = degrees
        while d >= 360 { d -= 360 }
        while d < 0 { d += 360 }
        return d
    }

    /// A bearing in OSRM's whole degrees, 0...359.
    static func rounded(_ bearing: Double) -> Int { Int(normalized(bearing) + 0.5) % 360 }
}
