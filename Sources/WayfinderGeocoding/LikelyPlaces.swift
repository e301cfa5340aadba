import Foundation
import WayfinderGraph

/// The places a device is most likely at (the Places SDK's "current place"), from its
/// location and the location's accuracy.
extension Geocoder {
    /// The POIs a person at `point` (located to within `accuracy` metres) is most likely at,
    /// most likely first, with likelihoods (also in `score`) that sum to at most 1.
    ///
    /// The model, with σ = max(accuracy, 10 m):
    /// - **Closeness** of a POI: a Gaussian exp(−d²/2σ²) of the distance d to what it covers,
    ///   so 1 when the point is inside a POI area (a department store's or a park's polygon,
    ///   kept as a box in `PoiFootprint`), three quarters of it for being inside and a quarter
    ///   for the distance to the area's centre. A POI node in a building the point is in
    ///   shares the building with the other POIs in it (its closeness divided by their
    ///   number), so a department store outranks the thirty counters inside it, and a lone
    ///   café in a building wins at its own counter; a POI node in another building than
    ///   the point counts `otherBuilding` as much (a wall lies between).
    /// - **Visits**: the closeness times how likely a person near such a POI is at it
    ///   (`PoiVocabulary.visitWeight`: shops and restaurants 1, toilets 0.3, benches 0.02),
    ///   times 0.3 for an unnamed POI.
    /// - **The field**: the `fieldSize` most weighted POIs within 3σ (as the Places SDK
    ///   answers at most 20 candidates), and "at none of them", whose weight
    ///   `noPlaceWeight × (1 + σ / 50 m)` grows with σ: a vague fix is more often on a
    ///   street than in a shop. Each likelihood is a POI's weight over the field's total.
    ///
    /// So a wide accuracy spreads the likelihood over the most visited places near the
    /// point (each a few per cent) instead of over every POI of the city (each ~0).
    public func likelyPlaces(at point: FixedCoordinate, accuracy: Double = 20, limit: Int = 5) -> [GeocoderResult] {
        let sigma = max(accuracy, 10), reachOfField = 3 * sigma
        let projection = LocalProjection(latitude: point.latitude)
        func closeness(_ d: Double) -> Double { exp(-d * d / (2 * sigma * sigma)) }
        var weighted: [(item: Int, distance: Double, weight: Double)] = []
        /// Candidates whose node lies in a building the point is in, by that building's box.
        var sharing: [(index: Int, box: PoiBox)] = []
        forEachItem(around: point, radius: reachOfField + poi.reach, projection) { i, d in
            let item = items[i]
            guard item.kind == GeocoderKind.poi.rawValue else { return }
            var near = d <= reachOfField ? closeness(d) : 0, building: PoiBox?
            if let footprint = poi.footprint(of: i) {
                let toBox = footprint.box.distance(from: point, projection)
                guard toBox <= reachOfField else { return }
                if !footprint.isContainer {
                    near = closeness(toBox) * (0.75 + 0.25 * closeness(d))
                } else if toBox > 0 {
                    near *= Self.otherBuilding
                } else {
                    building = footprint.box
                }
            }
            guard near > 0 else { return }
            if let building { sharing.append((weighted.count, building)) }
            let type = item.type == 0 ? nil : strings[item.type]
            let visits = PoiVocabulary.visitWeight(type: type, category: item.category) * (item.name == 0 ? 0.3 : 1)
            weighted.append((i, d, visits * near))
        }
        for (index, box) in sharing {
            weighted[index].weight /= Double(sharing.count { $0.box == box })
        }
        let field = weighted.sorted { ($0.weight, $1.item) > ($1.weight, $0.item) }.prefix(Self.fieldSize)
        let total = field.reduce(Self.noPlaceWeight * (1 + sigma / 50)) { $0 + $1.weight }
        return field.prefix(max(0, limit)).map { result($0.item, score: $0.weight / total, distance: $0.distance) }
    }

    /// The weight of "at none of the POIs" at σ = 0 (a shop 1.8 σ away weighs as much).
    static let noPlaceWeight = 0.2
    /// The weight of a POI in a building the point is not in, relative to one in the open.
    static let otherBuilding = 0.5
    /// Candidates weighed against each other.
    public static let fieldSize = 20
}
