import Foundation
import WayfinderGraph

/// What is at a coordinate: the address (or, failing one, the street) and the POI there.
public struct ReverseGeocode: Sendable {
    /// The nearest address within `Geocoder.addressRadius` (see `Geocoder.reverse`).
    public var address: GeocoderResult?
    /// The nearest street within `Geocoder.streetRadius`.
    public var street: GeocoderResult?
    /// The nearest POI within `Geocoder.poiRadius`.
    public var poi: GeocoderResult?
    /// The point of `street` nearest the query: `street.distance` is measured to it, while
    /// `street.location` is the street's own point, which may lie hundreds of metres away.
    public var streetPoint: FixedCoordinate?

    /// The answer to show: the address, else the street.
    public var best: GeocoderResult? { address ?? street }
}

/// Spatial queries over the item grid (items sorted by cell) and the street-segment grid.
extension Geocoder {
    public static let addressRadius = 50.0
    public static let streetRadius = 200.0
    public static let poiRadius = 25.0
    /// How much nearer an unnamed POI must be than a named one to be the POI at the point.
    public static let unnamedPoiMargin = 10.0
    /// How much nearer than an address on another street a street must be for the point to
    /// count as on that street rather than at the house.
    public static let addressMargin = 5.0

    /// The address, street and POI at `point`. The answer is the nearest address, unless
    /// a street is more than `addressMargin` nearer than it and the address is on another
    /// street (a point on the road, not at the house): then the nearest address on that
    /// street within `addressRadius`, else the street alone.
    public func reverse(_ point: FixedCoordinate) -> ReverseGeocode {
        let projection = LocalProjection(latitude: point.latitude)
        var addresses: [(Int, Double)] = [], poi: (Int, Double)?, poiRank = Double.infinity
        forEachItem(around: point, radius: Self.addressRadius, projection) { i, d in
            let kind = items[i].kind
            if kind == GeocoderKind.address.rawValue, d <= Self.addressRadius { addresses.append((i, d)) }
            // An unnamed POI (a bench, an ATM) only when no named one is `unnamedPoiMargin` nearer.
            let rank = d + (items[i].name == 0 ? Self.unnamedPoiMargin : 0)
            if kind == GeocoderKind.poi.rawValue, d <= Self.poiRadius, rank < poiRank { (poi, poiRank) = ((i, d), rank) }
        }
        let street = nearestStreet(to: point, within: Self.streetRadius, projection)
        addresses.sort { ($0.1, $0.0) < ($1.1, $1.0) }
        var address = addresses.first
        if let a = address, let s = street, a.1 > s.1 + Self.addressMargin {
            let name = TextFolding.key(strings[items[s.0].name])
            if TextFolding.key(strings[items[a.0].street]) != name {
                address = addresses.first { TextFolding.key(strings[items[$0.0].street]) == name }
            }
        }
        // The areas of the point, looked up once for the three answers (all within metres of it).
        let here = address == nil && street == nil && poi == nil ? nil : addressAreas(at: point)
        func closeness(_ found: (Int, Double)?, _ radius: Double) -> GeocoderResult? {
            found.map { result($0.0, score: max(0, 1 - $0.1 / radius), distance: $0.1, areas: here) }
        }
        return ReverseGeocode(address: closeness(address, Self.addressRadius), street: closeness(street.map { ($0.0, $0.1) }, Self.streetRadius),
                              poi: closeness(poi, Self.poiRadius), streetPoint: street?.2)
    }

    /// Calls `body(item, metres)` for the items in the grid cells within `radius` of `point`
    /// (some farther: callers filter by distance).
    func forEachItem(around point: FixedCoordinate, radius: Double, _ projection: LocalProjection, _ body: (Int, Double) -> Void) {
        forEachCellRange(around: point, radius: radius, projection, keys: itemCells) { range in
            for i in range {
                let (x, y) = projection.offset(items[i].location, from: point)
                body(i, (x * x + y * y).squareRoot())
            }
        }
    }

    /// The street item with a segment nearest `point`, within `radius` metres, its distance
    /// and the point of the street that distance is measured to.
    func nearestStreet(to point: FixedCoordinate, within radius: Double, _ projection: LocalProjection) -> (Int, Double, FixedCoordinate)? {
        var best: (point: Int32, distance: Double, at: (x: Double, y: Double))?
        forEachCellRange(around: point, radius: radius, projection, keys: streetCellKeys) { range in
            for e in range {
                let first = Int(streetSegments[e])
                let a = projection.offset(streetPoints[first], from: point)
                let b = projection.offset(streetPoints[first + 1], from: point)
                let at = Self.nearestOnSegment(a, b)
                let d = (at.x * at.x + at.y * at.y).squareRoot()
                if d <= radius, d < best?.distance ?? .infinity { best = (Int32(first), d, at) }
            }
        }
        return best.map {
            let at = FixedCoordinate(lat: point.lat &+ Int32(($0.at.y / projection.metresPerLatUnit).rounded()),
                                     lon: point.lon &+ Int32(($0.at.x / projection.metresPerLonUnit).rounded()))
            return (Int(streetPiece(containing: $0.point).item), $0.distance, at)
        }
    }

    /// The piece holding point `point`: the last one starting at or before it.
    func streetPiece(containing point: Int32) -> StreetPiece {
        streetPieces[max(0, partitionPoint(streetPieces.count) { streetPieces[$0].firstPoint <= point } - 1)]
    }

    /// Distance from the origin to segment `a`–`b` in the plane.
    static func distanceToSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let p = nearestOnSegment(a, b)
        return (p.x * p.x + p.y * p.y).squareRoot()
    }

    /// The point of segment `a`–`b` nearest the origin, in the plane.
    static func nearestOnSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(a.x * dx + a.y * dy) / lengthSquared)) : 0
        return (a.x + t * dx, a.y + t * dy)
    }

    /// Per grid row in reach, the range of entries of `keys` (sorted cell keys) whose cells
    /// lie within `radius` of `point`'s box.
    private func forEachCellRange(around point: FixedCoordinate, radius: Double, _ projection: LocalProjection,
                                  keys: UnsafeBufferPointer<UInt32>, _ body: (Range<Int>) -> Void) {
        let dLat = radius / projection.metresPerLatUnit + 1, dLon = radius / projection.metresPerLonUnit + 1
        func clamped(_ value: Double) -> Int32 { Int32(max(Double(Int32.min), min(Double(Int32.max), value))) }
        let low = FixedCoordinate(lat: clamped(Double(point.lat) - dLat), lon: clamped(Double(point.lon) - dLon))
        let high = FixedCoordinate(lat: clamped(Double(point.lat) + dLat), lon: clamped(Double(point.lon) + dLon))
        // Entirely outside the grid: nothing there (clamping would scan the border cells).
        guard high.lat >= grid.minLat, high.lon >= grid.minLon,
              Int64(low.lat) < Int64(grid.minLat) + Int64(grid.rows) * Int64(grid.cellSize),
              Int64(low.lon) < Int64(grid.minLon) + Int64(grid.columns) * Int64(grid.cellSize) else { return }
        let (r0, c0) = grid.cell(low), (r1, c1) = grid.cell(high)
        for r in r0...r1 {
            let first = UInt32(r) * UInt32(grid.columns)
            let start = Self.lowerBound(keys, first + UInt32(c0)), end = Self.lowerBound(keys, first + UInt32(c1) + 1)
            if start < end { body(start..<end) }
        }
    }

    static func lowerBound(_ keys: UnsafeBufferPointer<UInt32>, _ key: UInt32) -> Int {
        partitionPoint(keys.count) { keys[$0] < key }
    }
}

/// The first index of `0..<count` where `isBefore` is false; `isBefore` must hold on a
/// prefix of the range and nowhere after it (a binary search).
@inline(__always)
func partitionPoint(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let mid = (low + high) / 2
        if isBefore(mid) { low = mid + 1 } else { high = mid }
    }
    return low
}
