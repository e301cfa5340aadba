import WayfinderGraph

/// The lines of each street item, for Nominatim's `polygon_geojson` (a street's geometry
/// instead of its middle point). The file keeps street pieces by first point, and the build
/// adds them item by item, so they are also in item order, and a lookup is a binary search
/// over them. A file whose pieces are not (none this build writes) has them sorted by item
/// when it is opened.
public struct GeocoderStreetLines: Sendable {
    private let geocoder: Geocoder
    /// Piece indices ordered by item, and the item of each; nil when the pieces are in item
    /// order already (a pass over them at open, instead of a sort and 8 bytes a piece).
    private let sorted: (pieces: [Int32], items: [Int32])?

    public init(_ geocoder: Geocoder) {
        self.geocoder = geocoder
        let all = geocoder.streetPieces
        if zip(all, all.dropFirst()).allSatisfy({ $0.item <= $1.item }) {
            sorted = nil
        } else {
            let order = all.indices.sorted { (all[$0].item, $0) < (all[$1].item, $1) }
            sorted = (order.map { Int32($0) }, order.map { all[$0].item })
        }
    }

    private var count: Int { sorted?.pieces.count ?? geocoder.streetPieces.count }
    private func piece(at k: Int) -> Int { sorted.map { Int($0.pieces[k]) } ?? k }
    private func item(at k: Int) -> Int32 { sorted?.items[k] ?? geocoder.streetPieces[k].item }

    /// The street's lines (one per piece), empty for an item that is not a street.
    public func lines(_ item: Int32) -> [[FixedCoordinate]] {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self.item(at: mid) < item { low = mid + 1 } else { high = mid }
        }
        var lines: [[FixedCoordinate]] = []
        let all = geocoder.streetPieces, points = geocoder.streetPoints
        while low < count, self.item(at: low) == item {
            let p = piece(at: low)
            let end = p + 1 < all.count ? Int(all[p + 1].firstPoint) : points.count
            lines.append(Array(points[Int(all[p].firstPoint)..<end]))
            low += 1
        }
        return lines
    }
}
