import WayfinderGraph

/// Bearings of roads and of the route's line, measured on the builder's flat projection
/// around the route (`projection`), and their rounding to OSRM's whole degrees. The change
/// of bearing at a turn is `Turn.deviation`, the importer's definition.
extension DirectionsBuilder {
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

    /// Bearing in degrees, 0 ..< 360, of the offset (`dx` east, `dy` north): `atan2` by a
    /// minimax polynomial (error below 0.001°), several times cheaper than the libm call.
    static func bearing(_ dx: Double, _ dy: Double) -> Double {
        let ax = abs(dx), ay = abs(dy)
        let big = max(ax, ay)
        if big == 0 { return 0 }
        let z = min(ax, ay) / big, z2 = z * z
        let atan = z * (0.99997726 + z2 * (-0.33262347 + z2 * (0.19354346 + z2 * (-0.11643287
            + z2 * (0.05265332 + z2 * -0.01172120))))) * (180 / .pi)
        // Quadrants by selects, not branches (they are unpredictable).
        var degrees = ax > ay ? 90 - atan : atan   // from north towards the x axis
        degrees = dy < 0 ? 180 - degrees : degrees
        degrees = dx < 0 ? 360 - degrees : degrees
        return degrees >= 360 ? 0 : degrees
    }

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
