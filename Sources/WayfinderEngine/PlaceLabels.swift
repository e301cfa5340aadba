import WayfinderGeocoding
import WayfinderGraph

/// The place names tiles write, indexed when a graph is opened: from the base map's place
/// nodes (with population) when the file has them, else from the geocoder's places (files
/// built before the base map). Ordered most important first (rank, then population or
/// importance, then id), and grouped by where they are, so that a tile looks only at the
/// labels near it (`candidates(for:)`).
///
/// The base map's labels stay in the file: the index is 4 bytes a label for the order and
/// 12 for the cells, and a label's name and id become strings only when a tile writes it.
/// Before, every label was a pair of strings made at open (17 ms for the 20x20 tiling's
/// 48,400) and every tile scanned them all, which at the planet's millions of places would
/// be seconds at open and milliseconds a tile.
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

    /// Where the labels are: the base map's, read in place, or the geocoder's, made at open.
    enum Source: Sendable {
        case baseMap(BaseMap)
        case places([Label])
    }

    /// One kind's labels by the tile of the kind's `minZoom` they lie in: every tile that
    /// shows the kind is at that zoom or deeper, so it overlaps one such cell, or a few
    /// with its buffer.
    struct KindCells: Sendable {
        /// Cell keys (tile x << 32 | tile y), ascending.
        var keys: [UInt64] = []
        /// `first[k]..<first[k + 1]`: cell `keys[k]`'s labels in `members`.
        var first: [Int32] = [0]
        /// Positions in `order`, ascending within each cell.
        var members: [Int32] = []
    }

    private let source: Source
    /// Label indices in the source, most important first.
    private let order: [Int32]
    /// Indexed by `BaseMapLabelKind.rawValue`.
    private let cells: [KindCells]

    public var count: Int { order.count }

    init(baseMap: BaseMap?, geocoder: Geocoder?) {
        var source = Source.places([])
        if let baseMap, baseMap.labels.count > 0 {
            source = .baseMap(baseMap)
        } else if let geocoder {
            var labels: [Label] = []
            for place in geocoder.places() {
                guard let kind = BaseMapLabelKind(place: place.place) else { continue }
                let (x, y) = WebMercator.point(place.location)
                let prefix = place.osmType == .node ? "n" : place.osmType == .way ? "w" : "r"
                labels.append(Label(x: x, y: y, kind: kind, weight: UInt32(place.importance), name: place.name,
                                    id: prefix + String(place.osmId)))
            }
            source = .places(labels)
        }
        self.source = source
        order = Self.importanceOrder(source)
        cells = Self.cells(source, order: order)
    }

    /// Positions (for `label(at:)` and `point(at:)`) of every label of a kind shown at the
    /// frame's zoom that may lie within its buffered box, most important first. A superset:
    /// the caller tests each point against the box.
    public func candidates(for frame: TileFrame) -> [Int32] {
        let box = frame.worldBox
        var found: [Int32] = []
        for kind in BaseMapLabelKind.allCases where (kind.minZoom...kind.maxZoom).contains(frame.z) {
            let index = cells[Int(kind.rawValue)]
            guard !index.keys.isEmpty else { continue }
            let shift = Int64(WebMercator.worldBits - kind.minZoom), last = (Int64(1) << kind.minZoom) - 1
            func tile(_ v: Int64) -> Int64 { min(max(v, 0) >> shift, last) }
            for tx in tile(box.minX)...tile(box.maxX) {
                for ty in tile(box.minY)...tile(box.maxY) {
                    let key = UInt64(tx) << 32 | UInt64(ty)
                    var low = 0, high = index.keys.count
                    while low < high {
                        let mid = (low + high) / 2
                        if index.keys[mid] < key { low = mid + 1 } else { high = mid }
                    }
                    guard low < index.keys.count, index.keys[low] == key else { continue }
                    found.append(contentsOf: index.members[Int(index.first[low])..<Int(index.first[low + 1])])
                }
            }
        }
        found.sort()
        return found
    }

    /// World point and kind of the label at `position` in the importance order.
    public func point(at position: Int32) -> (x: Int32, y: Int32, kind: BaseMapLabelKind) {
        let i = Int(order[Int(position)])
        switch source {
        case .baseMap(let map):
            let l = map.labels[i]
            return (l.x, l.y, BaseMapLabelKind(rawValue: l.kind) ?? .locality)
        case .places(let labels):
            return (labels[i].x, labels[i].y, labels[i].kind)
        }
    }

    /// The label at `position` in the importance order, its strings made.
    public func label(at position: Int32) -> Label {
        let i = Int(order[Int(position)])
        switch source {
        case .baseMap(let map):
            let l = map.labels[i]
            return Label(x: l.x, y: l.y, kind: BaseMapLabelKind(rawValue: l.kind) ?? .locality, weight: l.population,
                         name: map.strings[l.name], id: "n\(l.osmId)")
        case .places(let labels):
            return labels[i]
        }
    }

    /// Every label, most important first (tests, and what a scan of all would give).
    public var labels: [Label] { order.indices.map { label(at: Int32($0)) } }
}
