import Foundation
import WayfinderGraph

/// A box in fixed-point degrees: the footprint of a POI area or of the building a POI
/// node lies in.
public struct PoiBox: Sendable, BitwiseCopyable, Equatable {
    public var minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32

    public init(minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32) {
        (self.minLat, self.minLon, self.maxLat, self.maxLon) = (minLat, minLon, maxLat, maxLon)
    }

    /// The box of `points`, nil when there are none.
    public init?(_ points: some Sequence<FixedCoordinate>) {
        (minLat, minLon, maxLat, maxLon) = (.max, .max, .min, .min)
        for p in points {
            (minLat, maxLat) = (min(minLat, p.lat), max(maxLat, p.lat))
            (minLon, maxLon) = (min(minLon, p.lon), max(maxLon, p.lon))
        }
        if minLat > maxLat { return nil }
    }

    public func contains(_ p: FixedCoordinate) -> Bool {
        p.lat >= minLat && p.lat <= maxLat && p.lon >= minLon && p.lon <= maxLon
    }

    /// Metres from `p` to the box, 0 inside it.
    func distance(from p: FixedCoordinate, _ projection: LocalProjection) -> Double {
        let lat = min(max(p.lat, minLat), maxLat), lon = min(max(p.lon, minLon), maxLon)
        let (x, y) = projection.offset(FixedCoordinate(lat: lat, lon: lon), from: p)
        return (x * x + y * y).squareRoot()
    }

    var area: Double { (Double(maxLat) - Double(minLat)) * (Double(maxLon) - Double(minLon)) }
}

/// One extra tag of an item: `PoiExtraTags.keys[key]` = POI string `value`.
public struct PoiTag: Sendable, BitwiseCopyable {
    public var item: UInt32
    public var value: Int32
    public var key: UInt8
    public var reserved: (UInt8, UInt8, UInt8) = (0, 0, 0)
}

/// The footprint of an item: its own area, or (`isContainer`) the building its node lies in.
public struct PoiFootprint: Sendable, BitwiseCopyable {
    /// Item index, with the top bit set when the box is the building around a node.
    public var itemAndFlag: UInt32
    public var box: PoiBox

    public var item: Int { Int(itemAndFlag & 0x7FFF_FFFF) }
    public var isContainer: Bool { itemAndFlag & 0x8000_0000 != 0 }
}

/// The tags kept per POI and place for Nominatim's `extratags` and for search (`cuisine`).
/// A `PoiTag.key` is an index into `keys`: part of the file format, so only append.
public enum PoiExtraTags {
    public static let keys = [
        "wikidata", "wikipedia", "cuisine", "wheelchair", "capacity", "population", "brand", "operator",
        "email", "diet:vegetarian", "diet:vegan", "takeaway", "outdoor_seating", "internet_access", "fee",
        "level", "access", "atm", "vending", "religion", "denomination", "sport", "stars", "ele",
        // A second POI tag (a restaurant that is also `shop=florist`), kept when not the main one.
        "amenity", "shop", "tourism", "leisure", "office", "healthcare", "craft",
    ]
    /// Indexes in `keys` of the POI keys: such a tag is a second type of its POI.
    public static let typeKeys = Set(["amenity", "shop", "tourism", "leisure", "office", "healthcare", "craft"].map { UInt8(keys.firstIndex(of: $0)!) })
    /// `contact:*` spellings read when the plain key is absent.
    public static let contactKeys: [String: String] = ["email": "contact:email"]
    public static let cuisine = UInt8(keys.firstIndex(of: "cuisine")!)
}

/// Builds the POI sections from the drafts in item order.
struct PoiIndexBuilder {
    private var strings = ByteInterner()
    private(set) var tags: [PoiTag] = []
    private(set) var footprints: [PoiFootprint] = []
    private(set) var vocabulary: [Int32] = []

    var offsets: [UInt32] { [0] + strings.ends.map { UInt32($0) } }
    var bytes: [UInt8] { strings.bytes }

    var byteCount: Int {
        (strings.ends.count + 1) * 4 + strings.bytes.count + tags.count * MemoryLayout<PoiTag>.stride
            + footprints.count * MemoryLayout<PoiFootprint>.stride + vocabulary.count * 4
    }

    init(_ drafts: [Draft], order: [Int], _ source: GeocoderSource) {
        _ = strings.intern([UInt8]())  // id 0 is ""
        let containers = ContainerRings(source)
        var searchable = Set<String>()
        for (index, d) in order.enumerated() {
            let item = UInt32(index)
            for tag in drafts[d].extraTags {
                tags.append(PoiTag(item: item, value: strings.intern(tag.value).id, key: tag.key))
                if PoiExtraTags.typeKeys.contains(tag.key) { searchable.insert(PoiExtraTags.keys[Int(tag.key)] + "=" + tag.value) }
                if tag.key == PoiExtraTags.cuisine {
                    for value in Self.listValues(tag.value) { searchable.insert("cuisine=" + value) }
                }
            }
            guard drafts[d].kind == .poi else { continue }
            if let type = drafts[d].type { searchable.insert(type) }
            if let box = drafts[d].footprint {
                footprints.append(PoiFootprint(itemAndFlag: item, box: box))
            } else if drafts[d].osmType == .node, let box = containers.smallest(containing: drafts[d].location) {
                footprints.append(PoiFootprint(itemAndFlag: item | 0x8000_0000, box: box))
            }
        }
        let texts = searchable.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        vocabulary = texts.map { strings.intern($0).id }
    }

    func add(to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.poiStringOffsets.rawValue, offsets)
        writer.add(kind: SectionKind.poiStringBytes.rawValue, bytes)
        writer.add(kind: SectionKind.poiTags.rawValue, tags)
        writer.add(kind: SectionKind.poiFootprints.rawValue, footprints)
        writer.add(kind: SectionKind.poiVocabulary.rawValue, vocabulary)
    }

    /// The values of a `;`-list ("pizza; italian"), trimmed and lower case.
    static func listValues(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// Unnamed POIs are described by their category and address: one without an address of
    /// its own takes the nearest address within `addressReach` (as Nominatim computes the
    /// address of every object from its surroundings).
    static func describeUnnamed(_ drafts: inout [Draft]) {
        let cell: Int32 = 5_000  // about 550 m north-south
        func key(_ p: FixedCoordinate, _ dr: Int32 = 0, _ dc: Int32 = 0) -> Int64 {
            Int64(p.lat / cell + dr) << 32 | Int64(UInt32(bitPattern: p.lon / cell + dc))
        }
        var addresses: [Int64: [Int]] = [:]
        for (i, d) in drafts.enumerated() where d.kind == .address { addresses[key(d.location), default: []].append(i) }
        guard !addresses.isEmpty else { return }
        let projection = LocalProjection(latitude: drafts[0].location.latitude)
        for i in drafts.indices where drafts[i].kind == .poi && drafts[i].name == nil && drafts[i].street == nil {
            let p = drafts[i].location
            var best: (Int, Double)?
            for dr: Int32 in -1...1 {
                for dc: Int32 in -1...1 {
                    for a in addresses[key(p, dr, dc)] ?? [] {
                        let (x, y) = projection.offset(drafts[a].location, from: p)
                        let d = (x * x + y * y).squareRoot()
                        if d <= addressReach, d < best?.1 ?? .infinity { best = (a, d) }
                    }
                }
            }
            guard let (a, _) = best else { continue }
            (drafts[i].street, drafts[i].housenumber) = (drafts[a].street, drafts[a].housenumber)
            drafts[i].postcode = drafts[i].postcode ?? drafts[a].postcode
        }
    }

    static let addressReach = 50.0
}

/// Building (and other area) rings through a grid of their boxes, for the smallest one
/// around a point: (cell key, ring) pairs sorted by key.
private struct ContainerRings {
    private let source: GeocoderSource
    private var boxes: [PoiBox] = []
    private var cellKeys: [Int64] = []
    private var cellRings: [Int32] = []
    static let cell: Int32 = 2_000  // about 220 m

    init(_ source: GeocoderSource) {
        self.source = source
        var pairs: [(key: Int64, ring: Int32)] = []
        for r in 0..<(source.containerRings.count - 1) {
            let points = source.containerPoints[Int(source.containerRings[r])..<Int(source.containerRings[r + 1])]
            let box = PoiBox(points) ?? PoiBox(minLat: 1, minLon: 1, maxLat: 0, maxLon: 0)
            boxes.append(box)
            guard box.minLat <= box.maxLat, (Int(box.maxLat) - Int(box.minLat)) / Int(Self.cell) < 20,
                  (Int(box.maxLon) - Int(box.minLon)) / Int(Self.cell) < 20 else { continue }
            for row in (box.minLat / Self.cell)...(box.maxLat / Self.cell) {
                for column in (box.minLon / Self.cell)...(box.maxLon / Self.cell) { pairs.append((Self.key(row, column), Int32(r))) }
            }
        }
        pairs.sort { ($0.key, $0.ring) < ($1.key, $1.ring) }
        (cellKeys, cellRings) = (pairs.map(\.key), pairs.map(\.ring))
    }

    private static func key(_ row: Int32, _ column: Int32) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: column)) }

    func smallest(containing p: FixedCoordinate) -> PoiBox? {
        var best: PoiBox?
        let key = Self.key(p.lat / Self.cell, p.lon / Self.cell)
        var e = partitionPoint(cellKeys.count) { cellKeys[$0] < key }
        while e < cellKeys.count, cellKeys[e] == key {
            let r = Int(cellRings[e])
            e += 1
            let box = boxes[r]
            guard box.contains(p), box.area < best?.area ?? .infinity, inside(p, ring: r) else { continue }
            best = box
        }
        return best
    }

    /// Even-odd test against the ring's edges.
    private func inside(_ p: FixedCoordinate, ring r: Int) -> Bool {
        let points = source.containerPoints[Int(source.containerRings[r])..<Int(source.containerRings[r + 1])]
        var inside = false
        var j = points.endIndex - 1
        for i in points.indices {
            let a = points[i], b = points[j]
            if (a.lat > p.lat) != (b.lat > p.lat) {
                let t = Double(p.lat - a.lat) / Double(b.lat - a.lat)
                if Double(p.lon) < Double(a.lon) + t * Double(b.lon - a.lon) { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}

/// The POI sections of an open graph, empty for a graph built before they existed.
struct PoiData {
    let strings: StringTable?
    let tags: UnsafeBufferPointer<PoiTag>
    let footprints: UnsafeBufferPointer<PoiFootprint>
    let vocabulary: UnsafeBufferPointer<Int32>
    /// The largest distance from a footprint's edge to its item's point: how far beyond a
    /// search radius an item may lie whose footprint reaches into it.
    let reach: Double

    init(file: GraphFile, itemCount: Int) throws(GraphFileError) {
        func optional<T: BitwiseCopyable>(_ section: SectionKind, _ type: T.Type) -> UnsafeBufferPointer<T> {
            file.section(kind: section.rawValue, as: T.self) ?? UnsafeBufferPointer(start: nil, count: 0)
        }
        let hasStrings = file.section(kind: SectionKind.poiStringOffsets.rawValue, as: UInt32.self) != nil
        strings = hasStrings ? try StringTable(file: file, offsetsKind: SectionKind.poiStringOffsets.rawValue,
                                               bytesKind: SectionKind.poiStringBytes.rawValue) : nil
        (tags, footprints, vocabulary) = (optional(.poiTags, PoiTag.self), optional(.poiFootprints, PoiFootprint.self),
                                          optional(.poiVocabulary, Int32.self))
        let stringCount = Int32(strings?.count ?? 0)
        guard tags.allSatisfy({ Int($0.item) < itemCount && $0.value >= 0 && $0.value < stringCount && Int($0.key) < PoiExtraTags.keys.count }),
              zip(tags, tags.dropFirst()).allSatisfy({ $0.item <= $1.item }),
              footprints.allSatisfy({ $0.item < itemCount }), zip(footprints, footprints.dropFirst()).allSatisfy({ $0.item < $1.item }),
              vocabulary.allSatisfy({ $0 >= 0 && $0 < stringCount }) else {
            throw .unreadable(path: file.path, reason: "malformed geocoder POI sections")
        }
        var reach = 0.0
        for f in footprints {
            let projection = LocalProjection(latitude: Double(f.box.minLat) / FixedCoordinate.scale)
            let (x, y) = projection.offset(FixedCoordinate(lat: f.box.maxLat, lon: f.box.maxLon), from: FixedCoordinate(lat: f.box.minLat, lon: f.box.minLon))
            reach = max(reach, (x * x + y * y).squareRoot())
        }
        self.reach = min(reach, Self.maxReach)
    }

    /// Footprints larger than this (a park, a campus) are only found when their item is
    /// within the search radius.
    static let maxReach = 400.0

    /// The extra tags of `item`, in key order of the file.
    func tags(of item: Int) -> [OSMTag] {
        guard let strings else { return [] }
        var t = partitionPoint(tags.count) { Int(tags[$0].item) < item }
        var out: [OSMTag] = []
        while t < tags.count, Int(tags[t].item) == item {
            out.append(OSMTag(PoiExtraTags.keys[Int(tags[t].key)], strings[tags[t].value]))
            t += 1
        }
        return out
    }

    /// The value of extra tag `key` of `item`, as bytes in place.
    func value(of item: Int, key: UInt8) -> UnsafeBufferPointer<UInt8>? {
        guard let strings else { return nil }
        var t = partitionPoint(tags.count) { Int(tags[$0].item) < item }
        while t < tags.count, Int(tags[t].item) == item {
            if tags[t].key == key { return strings.bytes(tags[t].value) }
            t += 1
        }
        return nil
    }

    /// Calls `body(key, value bytes)` for each second POI type of `item` (`PoiExtraTags.typeKeys`).
    func forEachSecondType(of item: Int, _ body: (String, UnsafeBufferPointer<UInt8>) -> Void) {
        guard let strings else { return }
        var t = partitionPoint(tags.count) { Int(tags[$0].item) < item }
        while t < tags.count, Int(tags[t].item) == item {
            if PoiExtraTags.typeKeys.contains(tags[t].key) { body(PoiExtraTags.keys[Int(tags[t].key)], strings.bytes(tags[t].value)) }
            t += 1
        }
    }

    func footprint(of item: Int) -> PoiFootprint? {
        let f = partitionPoint(footprints.count) { footprints[$0].item < item }
        return f < footprints.count && footprints[f].item == item ? footprints[f] : nil
    }

    /// Whether `key=value` is the type of some POI or a cuisine some POI serves.
    func hasSearchable(_ text: String) -> Bool {
        guard let strings else { return false }
        let bytes = Array(text.utf8)
        let v = partitionPoint(vocabulary.count) { strings.bytes(vocabulary[$0]).lexicographicallyPrecedes(bytes) }
        return v < vocabulary.count && strings.bytes(vocabulary[v]).elementsEqual(bytes)
    }
}
