import Foundation

/// A WGS84 position in fixed point: degrees times 10^7, as OSM and libosmium store it
/// (about 1 cm resolution; both axes fit in `Int32`).
public struct FixedCoordinate: Hashable, Sendable, BitwiseCopyable {
    public var lat: Int32
    public var lon: Int32

    public static let scale = 10_000_000.0

    @inlinable public init(lat: Int32, lon: Int32) {
        self.lat = lat
        self.lon = lon
    }

    /// Rounds degrees to the fixed-point grid. The caller checks the range first.
    @inlinable public init(latitude: Double, longitude: Double) {
        lat = Int32((latitude * Self.scale).rounded())
        lon = Int32((longitude * Self.scale).rounded())
    }

    @inlinable public var latitude: Double { Double(lat) / Self.scale }
    @inlinable public var longitude: Double { Double(lon) / Self.scale }
}

/// Geodesy on a sphere of the mean Earth radius: good to ~0.3 % for road lengths,
/// the same convention OSRM uses.
public enum Geo {
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres.
    @inlinable
    public static func distance(_ a: FixedCoordinate, _ b: FixedCoordinate) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(Swift.min(1, h.squareRoot()))
    }

    /// Initial bearing from `a` to `b` in degrees, 0 ..< 360 (0 = north, clockwise).
    @inlinable
    public static func bearing(_ a: FixedCoordinate, _ b: FixedCoordinate) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}

/// A local flat projection around a reference latitude (equirectangular), in metres.
/// Exact enough for the few hundred metres that snapping looks at, and cheap.
public struct LocalProjection: Sendable {
    public let metresPerLonUnit: Double
    public let metresPerLatUnit: Double

    @inlinable public init(latitude: Double) {
        metresPerLatUnit = Geo.earthRadius * .pi / 180 / FixedCoordinate.scale
        metresPerLonUnit = metresPerLatUnit * cos(latitude * .pi / 180)
    }

    /// `(x, y)` in metres of `p` relative to `origin`.
    @inlinable public func offset(_ p: FixedCoordinate, from origin: FixedCoordinate) -> (x: Double, y: Double) {
        (Double(p.lon &- origin.lon) * metresPerLonUnit, Double(p.lat &- origin.lat) * metresPerLatUnit)
    }

    /// Metres from `origin` to `p` in the plane of `offset`.
    @inlinable public func distance(_ p: FixedCoordinate, from origin: FixedCoordinate) -> Double {
        let (x, y) = offset(p, from: origin)
        return (x * x + y * y).squareRoot()
    }
}
