import Foundation
import WayfinderGraph

/// The area a graph's roads cover, for `verify --previous`: a rebuild must cover about the
/// same place as the graph it replaces (a Porto graph passing as the next Helsinki one is a
/// wrong input, whatever its counts say). The box holds the road points between the 0.5th and
/// 99.5th percentile of latitude and of longitude, so that one far road (a ferry line, a stray
/// way the extract kept) does not stretch it. The graph header holds no box of its own (the
/// OSM file's clip box, when there is one, is not kept), and the roads are what a route uses.
struct CoveredArea: Equatable, CustomStringConvertible {
    var south: Double, west: Double, north: Double, east: Double

    init(south: Double, west: Double, north: Double, east: Double) {
        (self.south, self.west, self.north, self.east) = (south, west, north, east)
    }

    /// From road points; at most 200,000 of them, evenly spread, are sorted. nil when there are none.
    init?(points: UnsafeBufferPointer<FixedCoordinate>) {
        guard !points.isEmpty else { return nil }
        let stride = max(1, points.count / 200_000)
        var lats: [Int32] = [], lons: [Int32] = []
        for i in Swift.stride(from: 0, to: points.count, by: stride) {
            lats.append(points[i].lat)
            lons.append(points[i].lon)
        }
        lats.sort()
        lons.sort()
        let low = lats.count / 200, high = lats.count - 1 - lats.count / 200
        let scale = FixedCoordinate.scale
        self.init(south: Double(lats[low]) / scale, west: Double(lons[low]) / scale,
                  north: Double(lats[high]) / scale, east: Double(lons[high]) / scale)
    }

    /// Square kilometres (the box's width taken at its middle latitude).
    var squareKilometres: Double {
        let km = Geo.earthRadius * .pi / 180 / 1000
        return (north - south) * km * (east - west) * km * cos((north + south) / 2 * .pi / 180)
    }

    /// The shared area over the area either covers (1: the same box, 0: apart). Measured in
    /// degrees: the latitude factor is the same on both sides of the ratio for boxes this close.
    func overlap(with other: CoveredArea) -> Double {
        let width = min(east, other.east) - max(west, other.west), height = min(north, other.north) - max(south, other.south)
        let shared = max(0, width) * max(0, height)
        let union = (east - west) * (north - south) + (other.east - other.west) * (other.north - other.south) - shared
        return union > 0 ? shared / union : (self == other ? 1 : 0)
    }

    var description: String {
        String(format: "%.4f,%.4f to %.4f,%.4f (%.1f km²)", south, west, north, east, squareKilometres)
    }
}
