import WayfinderGraph

extension RoutingGraph {
    /// Metres covered by a piece.
    @inlinable public func length(of piece: RoutePiece) -> Double {
        Double(segments[Int(piece.segment)].length) * max(0, piece.end - piece.start)
    }

    /// Metres covered by a route.
    public func distance(of route: Route) -> Double {
        route.pieces.reduce(0) { $0 + length(of: $1) }
    }

    /// The route's line from the snapped source to the snapped target, without repeated points.
    public func geometry(of route: Route) -> [FixedCoordinate] {
        var line: [FixedCoordinate] = []
        for piece in route.pieces { appendGeometry(of: piece, to: &line) }
        if line.isEmpty { line = [route.source.location, route.target.location] }
        if line.count == 1 { line.append(line[0]) }
        return line
    }

    /// Appends the points of a piece in the direction of travel, cut at its fractions.
    public func appendGeometry(of piece: RoutePiece, to line: inout [FixedCoordinate]) {
        let s = segments[Int(piece.segment)]
        let count = Int(s.lastPoint - s.firstPoint) + 1
        @inline(__always) func point(_ i: Int) -> FixedCoordinate {
            points[Int(s.firstPoint) + (piece.forward ? i : count - 1 - i)]
        }
        func append(_ p: FixedCoordinate) { if line.last != p { line.append(p) } }
        if piece.start <= 0 && piece.end >= 1 {
            // Whole segments (all but the first and last piece) need no measuring.
            for i in 0..<count { append(point(i)) }
            return
        }
        let startMetres = piece.start * Double(s.length), endMetres = piece.end * Double(s.length)
        var walked = 0.0
        for i in 0..<(count - 1) {
            let a = point(i), b = point(i + 1)
            let step = Geo.distance(a, b)
            let next = walked + step
            if next >= startMetres && walked <= endMetres {
                if walked >= startMetres { append(a) } else { append(interpolate(a, b, (startMetres - walked) / step)) }
                if next > endMetres {
                    append(interpolate(a, b, (endMetres - walked) / step))
                    return
                }
            }
            walked = next
        }
        if piece.end >= 1 || walked <= endMetres { append(point(count - 1)) }
    }

    private func interpolate(_ a: FixedCoordinate, _ b: FixedCoordinate, _ t: Double) -> FixedCoordinate {
        guard t.isFinite else { return a }
        let t = min(1, max(0, t))
        return FixedCoordinate(lat: a.lat + Int32((Double(b.lat - a.lat) * t).rounded()),
                               lon: a.lon + Int32((Double(b.lon - a.lon) * t).rounded()))
    }
}

/// Google's encoded polyline format: rounds each absolute coordinate to the precision first,
/// then encodes deltas, so rounding errors never accumulate along the line.
public enum Polyline {
    public static func encode(_ line: [FixedCoordinate], precision: Int = 5) -> String {
        let factor = pow10(precision)
        var out: [UInt8] = []
        out.reserveCapacity(line.count * 8)
        var lastLat = 0, lastLon = 0
        for p in line {
            let lat = Int((p.latitude * factor).rounded()), lon = Int((p.longitude * factor).rounded())
            encodeValue(lat - lastLat, &out)
            encodeValue(lon - lastLon, &out)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: String, precision: Int = 5) -> [(lat: Double, lon: Double)]? {
        let factor = pow10(precision)
        var values: [Int] = []
        var shift = 0, result = 0
        for byte in text.utf8 {
            guard byte >= 63, byte < 127 else { return nil }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1f) << shift
            shift += 5
            if chunk < 0x20 {
                values.append((result & 1) != 0 ? ~(result >> 1) : result >> 1)
                shift = 0
                result = 0
            }
        }
        guard shift == 0, values.count % 2 == 0 else { return nil }
        var lat = 0, lon = 0
        return stride(from: 0, to: values.count, by: 2).map { i in
            lat += values[i]
            lon += values[i + 1]
            return (Double(lat) / factor, Double(lon) / factor)
        }
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

    private static func encodeValue(_ value: Int, _ out: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1f)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }
}
