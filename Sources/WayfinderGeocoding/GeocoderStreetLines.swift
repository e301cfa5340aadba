import WayfinderGraph

/// The lines of each street item, for Nominatim's `polygon_geojson` (a street's geometry
/// instead of its middle point). The file keeps street pieces by first point, not by item,
/// so the pieces of each item are sorted once when a graph is opened (one pass over the
/// pieces, a few thousand in a city).
public struct GeocoderStreetLines: Sendable {
    private let geocoder: Geocoder
    /// Piece indices ordered by item, and the item of each.
    private let pieceItems: [Int32]
    private let pieces: [Int32]

    public init(_ geocoder: Geocoder) {
        self.geocoder = geocoder
        let order = geocoder.streetPieces.indices.sorted {
            (geocoder.streetPieces[$0].item, $0) < (geocoder.streetPieces[$1].item, $1)
        }
        pieces = order.map { Int32($0) }
        pieceItems = order.map { geocoder.streetPieces[$0].item }
    }

    /// The street's lines (one per piece), empty for an item that is not a street.
    public func lines(_ item: Int32) -> [[FixedCoordinate]] {
        var low = 0, high = pieceItems.count
        while low < high {
            let mid = (low + high) / 2
            if pieceItems[mid] < item { low = mid + 1 } else { high = mid }
        }
        var lines: [[FixedCoordinate]] = []
        let all = geocoder.streetPieces, points = geocoder.streetPoints
        while low < pieceItems.count, pieceItems[low] == item {
            let p = Int(pieces[low])
            let end = p + 1 < all.count ? Int(all[p + 1].firstPoint) : points.count
            lines.append(Array(points[Int(all[p].firstPoint)..<end]))
            low += 1
        }
        return lines
    }
}
