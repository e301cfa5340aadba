import WayfinderGraph

/// The geocoder items of each OSM object, for Nominatim's `/lookup?osm_ids=N1,W2` and
/// `/details?osmtype=&osmid=`. The file keeps items by grid cell, not by OSM id, so the build
/// stores their order by object beside them (`SectionKind.geocoderOSMOrder`), and a lookup is
/// a binary search that reads each probed item's type and id.
///
/// Sorting at open instead, as files built before that order need, took 140 ms of the 20x20
/// tiling's 390 ms open (1.26 M items) and 16 bytes an item of each replica's heap: at the
/// planet's few hundred million items, most of a minute and gigabytes per replica.
public struct GeocoderOSMIndex: Sendable {
    private let geocoder: Geocoder
    /// The order sorted at open, for a file that does not store it; nil when it does.
    private let sortedAtOpen: [Int32]?

    public init(_ geocoder: Geocoder) {
        self.geocoder = geocoder
        sortedAtOpen = geocoder.osmOrder.isEmpty ? Self.order(of: geocoder.items) : nil
    }

    /// Item indices ordered by (object type, object id, index): what the build stores.
    static func order(of items: some RandomAccessCollection<GeocoderItem>) -> [Int32] {
        var keyed = items.enumerated().map { (key: key(type: $0.element.osmType, id: $0.element.osmId), item: Int32($0.offset)) }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.item < $1.item }
        return keyed.map(\.item)
    }

    /// `type << 56 | id`: OSM ids stay below 2^56 (today's node ids are about 2^34).
    static func key(type: UInt8, id: Int64) -> UInt64 {
        UInt64(type) << 56 | UInt64(bitPattern: id) & (1 << 56 - 1)
    }

    private var count: Int { sortedAtOpen?.count ?? geocoder.osmOrder.count }

    /// The item at position `k` of the order (`Geocoder.isConsistent` checked that a stored
    /// order names items only).
    private func item(at k: Int) -> Int {
        if let sortedAtOpen { return Int(sortedAtOpen[k]) }
        return Int(geocoder.osmOrder[k])
    }

    private func key(at k: Int) -> UInt64 {
        let item = geocoder.items[item(at: k)]
        return Self.key(type: item.osmType, id: item.osmId)
    }

    /// The items made from the object, in index order: usually one; a POI with an address
    /// may also be an address item.
    public func items(_ type: OSMObjectType, _ id: Int64) -> [Int] {
        guard id > 0, id < 1 << 56 else { return [] }
        let key = Self.key(type: type.rawValue, id: id)
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self.key(at: mid) < key { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        while low < count, self.key(at: low) == key {
            found.append(item(at: low))
            low += 1
        }
        return found
    }

    /// Whether the file stores the order (files built before it have it sorted at open).
    public static func isStored(in geocoder: Geocoder) -> Bool { !geocoder.osmOrder.isEmpty }

    /// What is wrong with the file's stored order, nil when it is every item once, by
    /// object: the check `wayfinder verify` adds to the open's (which checks only that each
    /// entry names an item, so that opening stays a pass over the order, not a sort).
    public static func validationError(_ geocoder: Geocoder) -> String? {
        let order = geocoder.osmOrder, items = geocoder.items
        guard !order.isEmpty else { return nil }
        var seen = [Bool](repeating: false, count: items.count)
        var previous: (key: UInt64, item: Int)?
        for k in 0..<order.count {
            let i = Int(order[k])
            guard i < items.count, !seen[i] else { return "item \(i) listed twice in the OSM order" }
            seen[i] = true
            let key = Self.key(type: items[i].osmType, id: items[i].osmId)
            if let previous, (previous.key, previous.item) > (key, i) {
                return "the OSM order is not sorted at position \(k)"
            }
            previous = (key, i)
        }
        return order.count == items.count ? nil : "the OSM order lists \(order.count) of \(items.count) items"
    }
}
