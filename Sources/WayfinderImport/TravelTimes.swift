import WayfinderGraph

/// Lengths and travel times of road pieces computed the way OSRM's extractor does, so that
/// times and speeds agree with OSRM's to the decisecond: each stretch between two consecutive
/// OSM nodes of a way is measured with OSRM's cheap ruler on its 6-decimal coordinates, takes
/// `max(1, round(metres / (km/h / 3.6) * 10))` deciseconds, and a segment's time is the sum of
/// its stretches (`extraction_containers.cpp`). The graph keeps milliseconds.
enum TravelTimes {
    /// Metres of a stretch, as OSRM measures it (`Geo.rulerDistance`).
    @inline(__always) static func metres(_ a: FixedCoordinate, _ b: FixedCoordinate) -> Double {
        Geo.rulerDistance(a, b)
    }

    /// OSRM's time for one stretch, in deciseconds: at least 1.
    @inline(__always) static func deciseconds(_ metres: Double, _ kmh: Double) -> Int {
        max(1, Int((metres * 10 / (kmh / 3.6)).rounded()))
    }
}
