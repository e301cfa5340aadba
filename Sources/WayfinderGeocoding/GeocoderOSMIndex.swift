import WayfinderGraph

/// The geocoder items of each OSM object, for Nominatim's `/lookup?osm_ids=N1,W2` and
/// `/details?osmtype=&osmid=`. Built once when a graph is opened (a sort of one key per
/// item: about 10 ms for a city's 100 000 items), since the file keeps items by grid cell,
/// not by OSM id, and a lookup must not scan the whole index.
public struct GeocoderOSMIndex: Sendable {
    /// `type << 56 | id` of every item, ascending, and the item at the same position.
    private let keys: [UInt64]
    private let itemIndices: [Int32]

    public init(_ geocoder: Geocoder) {
        var pairs = geocoder.items.enumerated().map { (Self.key(OSMObjectType(rawValue: $0.element.osmType)!, $0.element.osmId), Int32($0.offset)) }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        keys = pairs.map(\.0)
        itemIndices = pairs.map(\.1)
    }

    /// OSM ids stay below 2^56 (today's node ids are about 2^34).
    private static func key(_ type: OSMObjectType, _ id: Int64) -> UInt64 {
        UInt64(type.rawValue) << 56 | UInt64(bitPattern: id) & (1 << 56 - 1)
    }

    /// The items made from the object, in index order: usually one; a POI with an address
    /// may also be an address item.
    public func items(_ type: OSMObjectType, _ id: Int64) -> [Int] {
        guard id > 0, id < 1 << 56 else { return [] }
        let key = Self.key(type, id)
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        while low < keys.count, keys[low] == key {
            found.append(Int(itemIndices[low]))
            low += 1
        }
        return found
    }
}
