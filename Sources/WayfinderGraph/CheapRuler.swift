import Foundation

extension Geo {
    /// OSRM's fixed-point precision: 6 decimals.
    @usableFromInline static let osrmPrecision = 1_000_000.0
    /// OSRM caches 1800 rulers, one per band of 0.05° of latitude (`coordinate_calculation.cpp`).
    @usableFromInline static let osrmRulerBand = 50_000

    /// Metres between two points as OSRM measures road lengths (`greatCircleDistance`): a
    /// mapbox cheap ruler (flat-earth scales from the WGS84 ellipsoid) set for the middle of
    /// the 0.05° latitude band of their mean latitude, on coordinates rounded to 6 decimals.
    /// Within 0.1% of the geodesic at city scale. Segment lengths are measured with it (so
    /// that distances, times and speeds agree with OSRM's); whatever measures positions
    /// along a segment must use it too, or fractions of a segment drift by ~0.1%.
    @inlinable
    public static func rulerDistance(_ a: FixedCoordinate, _ b: FixedCoordinate) -> Double {
        let lat1 = fixed6(a.lat), lat2 = fixed6(b.lat)
        let meanLat = (lat1 + lat2) / 2   // integer division, as OSRM's FixedLatitude
        let band = (abs(meanLat) - 1) / osrmRulerBand
        let (kx, ky) = ruler(latitude: Double(osrmRulerBand) * (Double(band) + 0.5) / osrmPrecision)
        let dx = remainder(Double(fixed6(a.lon) - fixed6(b.lon)) / osrmPrecision, 360) * kx
        let dy = Double(lat1 - lat2) / osrmPrecision * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// 7-decimal fixed point (ours) to OSRM's 6-decimal one, rounding half away from zero.
    @inlinable static func fixed6(_ value: Int32) -> Int {
        Int((Double(value) / 10).rounded(.toNearestOrAwayFromZero))
    }

    /// Metres per degree of longitude and of latitude at `latitude` (mapbox cheap-ruler).
    @inlinable static func ruler(latitude: Double) -> (kx: Double, ky: Double) {
        let equatorialRadius = 6378.137, flattening = 1 / 298.257223563
        let e2 = flattening * (2 - flattening)
        let mul = Double.pi / 180 * equatorialRadius * 1000
        let coslat = cos(latitude * .pi / 180)
        let w2 = 1 / (1 - e2 * (1 - coslat * coslat))
        let w = w2.squareRoot()
        return (mul * w * coslat, mul * w * w2 * (1 - e2))
    }
}
