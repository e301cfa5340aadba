import Testing
import WayfinderGraph
@testable import WayfinderGeocoding

/// `NearestAddress` finds, from a band of latitudes, what a scan of every address of a
/// street name would: the nearest within the limit, the first added of equally near ones.
@Suite struct NearestAddressTests {
    let projection = LocalProjection(latitude: 42.5)
    let street = FixedCoordinate(lat: 425_000_000, lon: 15_000_000)

    /// `metres` north (positive) or south of the street's point, and `east` metres east.
    func point(north metres: Double, east: Double = 0) -> FixedCoordinate {
        FixedCoordinate(lat: street.lat + Int32((metres / projection.metresPerLatUnit).rounded()),
                        lon: street.lon + Int32((east / projection.metresPerLonUnit).rounded()))
    }

    @Test func theNearestWithinTheLimitAndTheFirstOfATie() {
        let addresses = NearestAddress([
            (point(north: 0, east: 900), 7),   // 900 m east: inside the band's latitude, not nearest
            (point(north: 400), 3),            // 400 m north
            (point(north: -400), 5),           // 400 m south: as near as 3, added later
            (point(north: 2000), 9),           // outside the band
        ])
        #expect(addresses.nearest(to: street, within: 1000, projection) == 3)
        #expect(addresses.nearest(to: street, within: 300, projection) == nil)
        #expect(addresses.nearest(to: point(north: 1900), within: 1000, projection) == 9)
        #expect(addresses.nearest(to: point(north: 5000), within: 1000, projection) == nil)
        #expect(NearestAddress([]).nearest(to: street, within: 1000, projection) == nil)
    }
}
