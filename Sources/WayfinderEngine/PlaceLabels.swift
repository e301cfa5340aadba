import WayfinderGeocoding
import WayfinderGraph

/// The place names a tile writes (`labels`), made once when a graph is opened: from the base
/// map's place nodes (with population) when the file has them, else from the geocoder's
/// places (files built before the base map). Sorted most important first (rank, then
/// population or importance), so a tile lists them in that order by one scan.
public final class PlaceLabels: Sendable {
    public struct Label: Sendable {
        public var x: Int32, y: Int32
        public var kind: BaseMapLabelKind
        /// Population, else the geocoder's importance: orders labels of one rank.
        public var weight: UInt32
        public var name: String
        /// "n123", "w45", "r6": the same in every tile.
        public var id: String
    }

    public let labels: [Label]

    init(baseMap: BaseMap?, geocoder: Geocoder?) {
        var labels: [Label] = []
        if let baseMap, baseMap.labels.count > 0 {
            for l in baseMap.labels {
                guard let kind = BaseMapLabelKind(rawValue: l.kind) else { continue }
                labels.append(Label(x: l.x, y: l.y, kind: kind, weight: l.population, name: baseMap.strings[l.name],
                                    id: "n\(l.osmId)"))
            }
        } else if let geocoder {
            for place in geocoder.places() {
                guard let kind = BaseMapLabelKind(place: place.place) else { continue }
                let (x, y) = WebMercator.point(place.location)
                let prefix = place.osmType == .node ? "n" : place.osmType == .way ? "w" : "r"
                labels.append(Label(x: x, y: y, kind: kind, weight: UInt32(place.importance), name: place.name,
                                    id: prefix + String(place.osmId)))
            }
        }
        labels.sort { a, b in
            a.kind.rank != b.kind.rank ? a.kind.rank < b.kind.rank
                : a.weight != b.weight ? a.weight > b.weight : a.id < b.id
        }
        self.labels = labels
    }
}
