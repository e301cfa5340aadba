import WayfinderGeocoding
import WayfinderGraph

/// The geocoder's share of the single pass over the OSM file: objects with a name or an
/// address (nodes by location, ways by the mean of their nodes, relations by a label node
/// or the box of their member ways), and named highway ways as street pieces.
///
/// It lives here rather than in WayfinderGeocoding because it needs the reader's types,
/// and the build (also here) needs the index builder from WayfinderGeocoding.
/// Most objects are turned away after one or two tag lookups, so the pass stays cheap.
public final class GeocoderCollector: OSMHandler {
    public private(set) var source = GeocoderSource()
    /// Boxes of untagged and boundary ways, the usual members of boundary and multipolygon
    /// relations (relations come after ways, and their callbacks carry only member ids).
    private var memberWayIds: [Int64] = []
    private var memberWayBoxes: [Box] = []
    private var memberWaysSorted = true
    /// Place nodes, for relations naming one as their label or admin centre.
    private var placeNodes: [Int64: FixedCoordinate] = [:]

    public init() {}

    public func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        guard !tags.isEmpty, tags.rawValue("name") != nil || tags.rawValue("addr:housenumber") != nil || Self.unnamedPoiTag(tags) != nil,
              let object = Self.object(.node, id, location, tags) else { return }
        if object.isPlace { placeNodes[id] = location }
        source.objects.append(object)
    }

    public func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        if tags.isEmpty || tags.has("boundary") {
            guard let box = Box(nodes) else { return }
            if let last = memberWayIds.last, last > id { memberWaysSorted = false }
            memberWayIds.append(id)
            memberWayBoxes.append(box)
            if tags.isEmpty { return }
        }
        let isClosed = nodes.count > 3 && nodes.id(0) == nodes.id(nodes.count - 1)
        if isClosed, tags.has("building") || tags.has("shop") || tags.has("amenity") { addContainer(nodes) }
        let hasName = tags.rawValue("name") != nil
        guard hasName || tags.rawValue("addr:housenumber") != nil || Self.unnamedPoiTag(tags) != nil else { return }
        if hasName, let highway = tags["highway"], let importance = Self.streetImportance[highway] {
            addStreet(id: id, nodes: nodes, name: tags["name"]!, otherNames: OtherNames.of(tags, name: tags["name"]), type: "highway=" + highway, importance: importance)
            // A named square or a pedestrian area with a place tag is also a place.
            guard tags.has("place") || tags.has("addr:housenumber") else { return }
        }
        guard let center = Box.mean(nodes), var object = Self.object(.way, id, center, tags) else { return }
        if isClosed, object.type != nil, !object.isPlace, let box = Box(nodes) { object.footprint = box.poiBox }
        source.objects.append(object)
    }

    public func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        guard tags.value("type", isAnyOf: ["multipolygon", "boundary"]),
              tags.rawValue("name") != nil || tags.rawValue("addr:housenumber") != nil || Self.unnamedPoiTag(tags) != nil else { return }
        if !memberWaysSorted {
            let order = memberWayIds.indices.sorted { memberWayIds[$0] < memberWayIds[$1] }
            memberWayIds = order.map { memberWayIds[$0] }
            memberWayBoxes = order.map { memberWayBoxes[$0] }
            memberWaysSorted = true
        }
        var location = members.lazy.filter { $0.type == .node && ($0.role == "label" || $0.role == "admin_centre") }
            .compactMap { self.placeNodes[$0.ref] }.first
        var box: Box?
        for member in members where member.type == .way {
            if let i = memberWayIds.binarySearch(member.ref) { box = box?.union(memberWayBoxes[i]) ?? memberWayBoxes[i] }
        }
        location = location ?? box?.center
        guard let location, var object = Self.object(.relation, id, location, tags) else { return }
        if object.type != nil, !object.isPlace { object.footprint = box?.poiBox }
        source.objects.append(object)
    }

    /// Cuts a named highway into runs of located nodes (clipped extracts lose some).
    private func addStreet(id: Int64, nodes: OSMWayNodes, name: String, otherNames: [OSMTag], type: String, importance: Double) {
        var first = source.streetPoints.count
        func close() {
            if source.streetPoints.count - first >= 2 {
                source.streets.append(SourceStreet(osmId: id, name: name, otherNames: otherNames, type: type, importance: importance,
                                                   firstPoint: Int32(first), lastPoint: Int32(source.streetPoints.count - 1)))
            } else {
                source.streetPoints.removeLast(source.streetPoints.count - first)
            }
            first = source.streetPoints.count
        }
        for i in 0..<nodes.count {
            if let location = nodes.location(i) { source.streetPoints.append(location) } else { close() }
        }
        close()
    }

    /// The geocoder's view of a tagged object, or nil when it is neither a place, a POI
    /// nor an address.
    static func object(_ type: OSMObjectType, _ id: Int64, _ location: FixedCoordinate, _ tags: OSMTags) -> SourceObject? {
        var o = SourceObject(osmType: type, osmId: id, location: location)
        o.name = tags["name"]
        if o.name != nil { o.otherNames = OtherNames.of(tags, name: o.name) }
        o.housenumber = tags["addr:housenumber"]
        o.street = tags["addr:street"] ?? tags["addr:place"]
        let prominent = tags.has("wikidata") || tags.has("wikipedia") ? 0.2 : 0
        if o.name != nil, let place = tags["place"] {
            o.isPlace = true
            o.type = "place=" + place
            o.importance = min(1, (placeImportance[place] ?? 0.4) + prominent)
        } else if o.name != nil, type == .relation, tags.value("boundary", is: "administrative") {
            o.isPlace = true
            o.type = "boundary=administrative"
            let level = Int(tags["admin_level"] ?? "") ?? 10
            o.importance = min(1, (level <= 4 ? 0.95 : level <= 8 ? 0.85 : 0.7) + prominent)
        } else if o.name != nil, let (key, value) = poiTag(tags) {
            o.type = key + "=" + value
            o.category = Categories.id(key: key, value: value)
            o.importance = min(1, 0.2 + 0.35 * (Categories.category(id: o.category)?.weight ?? 0.3) + prominent)
            o.phone = tags["phone"] ?? tags["contact:phone"]
            o.website = tags["website"] ?? tags["contact:website"] ?? tags["url"]
            o.openingHours = tags["opening_hours"]
        } else if o.name == nil, let (key, value) = unnamedPoiTag(tags) {
            // Found by category search and reverse only; described by its category and address.
            o.type = key + "=" + value
            o.category = Categories.id(key: key, value: value)
            o.importance = 0.1 * (Categories.category(id: o.category)?.weight ?? 0.3)
            o.openingHours = tags["opening_hours"]
        } else if o.housenumber == nil || o.street == nil {
            return nil
        }
        if let type = o.type { o.extraTags = extraTags(tags, mainKey: String(type.prefix { $0 != "=" })) }
        o.postcode = tags["addr:postcode"]
        o.city = tags["addr:city"]
        return o
    }

    /// The tag that makes a named object a POI: the first of `CategoryQuery.poiKeys` with a
    /// value that names a kind of place (not every `railway=*` or `natural=*` is one).
    static func poiTag(_ tags: OSMTags) -> (String, String)? {
        for (key, accepted) in CategoryQuery.poiKeys {
            guard let value = tags[key], value != "no" else { continue }
            if accepted.isEmpty || accepted.contains(value) { return (key, value) }
        }
        return nil
    }

    /// The tag that makes an unnamed object worth finding by category: one of the common
    /// POI keys, not a stop position (the platform beside it is the stop people look for).
    static func unnamedPoiTag(_ tags: OSMTags) -> (String, String)? {
        for key in unnamedPoiKeys {
            guard let value = tags[key], value != "no", value != "stop_position" else { continue }
            return (key, value)
        }
        return nil
    }

    private static let unnamedPoiKeys = ["amenity", "shop", "tourism", "leisure", "office", "healthcare", "craft",
                                         "public_transport", "emergency"]

    /// The `PoiExtraTags` of an object (a `contact:*` spelling when the plain key is absent),
    /// all but its main tag.
    static func extraTags(_ tags: OSMTags, mainKey: String) -> [(key: UInt8, value: String)] {
        var out: [(key: UInt8, value: String)] = []
        for (k, key) in PoiExtraTags.keys.enumerated() where key != mainKey {
            if let value = tags[key] ?? contactKeyOfExtraTag[k].flatMap({ tags[$0] }) { out.append((UInt8(k), value)) }
        }
        return out
    }

    /// `PoiExtraTags.contactKeys` by index in `PoiExtraTags.keys`: a dictionary lookup (a
    /// string hashed) for each of the thirty keys of every POI cost more than the keys' own.
    private static let contactKeyOfExtraTag = PoiExtraTags.keys.map { PoiExtraTags.contactKeys[$0] }

    /// Keeps a closed way's ring as an area a POI node may lie in.
    private func addContainer(_ nodes: OSMWayNodes) {
        for i in 0..<(nodes.count - 1) {
            if let p = nodes.location(i) { source.containerPoints.append(p) }
        }
        let start = Int(source.containerRings.last!)
        if source.containerPoints.count - start < 3 {
            source.containerPoints.removeLast(source.containerPoints.count - start)
        } else {
            source.containerRings.append(Int32(source.containerPoints.count))
        }
    }


    private static let placeImportance: [String: Double] = [
        "city": 1, "town": 0.9, "village": 0.8, "borough": 0.75, "suburb": 0.75, "quarter": 0.7,
        "neighbourhood": 0.65, "hamlet": 0.55, "isolated_dwelling": 0.4, "square": 0.5, "locality": 0.45,
        "island": 0.6, "islet": 0.4, "city_block": 0.3, "plot": 0.2, "farm": 0.3,
    ]

    static let streetImportance: [String: Double] = [
        "motorway": 0.7, "trunk": 0.7, "primary": 0.65, "secondary": 0.6, "tertiary": 0.55,
        "unclassified": 0.5, "residential": 0.5, "road": 0.5, "living_street": 0.45, "pedestrian": 0.45,
        "service": 0.35, "track": 0.3, "footway": 0.3, "path": 0.3, "cycleway": 0.3, "steps": 0.3, "bridleway": 0.3,
    ]
}

/// A bounding box in fixed-point degrees.
private struct Box {
    var minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32

    init?(_ nodes: OSMWayNodes) {
        (minLat, minLon, maxLat, maxLon) = (.max, .max, .min, .min)
        for i in 0..<nodes.count {
            guard let p = nodes.location(i) else { continue }
            (minLat, maxLat) = (min(minLat, p.lat), max(maxLat, p.lat))
            (minLon, maxLon) = (min(minLon, p.lon), max(maxLon, p.lon))
        }
        if minLat > maxLat { return nil }
    }

    func union(_ other: Box) -> Box {
        var box = self
        (box.minLat, box.maxLat) = (min(minLat, other.minLat), max(maxLat, other.maxLat))
        (box.minLon, box.maxLon) = (min(minLon, other.minLon), max(maxLon, other.maxLon))
        return box
    }

    var poiBox: PoiBox { PoiBox(minLat: minLat, minLon: minLon, maxLat: maxLat, maxLon: maxLon) }

    var center: FixedCoordinate {
        FixedCoordinate(lat: Int32((Int64(minLat) + Int64(maxLat)) / 2), lon: Int32((Int64(minLon) + Int64(maxLon)) / 2))
    }

    /// Mean of the located nodes, the closing node of a ring counted once.
    static func mean(_ nodes: OSMWayNodes) -> FixedCoordinate? {
        let count = nodes.count > 2 && nodes.id(0) == nodes.id(nodes.count - 1) ? nodes.count - 1 : nodes.count
        var lat: Int64 = 0, lon: Int64 = 0, n: Int64 = 0
        for i in 0..<count {
            guard let p = nodes.location(i) else { continue }
            lat += Int64(p.lat)
            lon += Int64(p.lon)
            n += 1
        }
        return n == 0 ? nil : FixedCoordinate(lat: Int32(lat / n), lon: Int32(lon / n))
    }
}

extension [Int64] {
    /// Index of `value` in this ascending array.
    fileprivate func binarySearch(_ value: Int64) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low] == value ? low : nil
    }
}
