import WayfinderGraph

/// A named place of the geocoder (`place=*`), as the map's labels need it: for graph files
/// built before the base map held its own place labels (`BaseMapSections.swift`).
public struct GeocoderPlace: Sendable {
    public var location: FixedCoordinate
    public var name: String
    /// The `place` value ("city", "suburb"…).
    public var place: String
    public var osmType: OSMObjectType
    public var osmId: Int64
    /// 0...255, `GeocoderItem.importance`.
    public var importance: UInt8
}

extension Geocoder {
    /// Every named place item, in index order (one pass over the items).
    public func places() -> [GeocoderPlace] {
        var found: [GeocoderPlace] = []
        for item in items where item.kind == GeocoderKind.place.rawValue && item.name != 0 && item.type != 0 {
            let type = strings[item.type]
            guard type.hasPrefix("place=") else { continue }
            found.append(GeocoderPlace(location: item.location, name: strings[item.name], place: String(type.dropFirst(6)),
                                       osmType: OSMObjectType(rawValue: item.osmType) ?? .node, osmId: item.osmId,
                                       importance: item.importance))
        }
        return found
    }
}
