import Foundation
import WayfinderGraph

/// Queries over the geocoder index of a graph file, read in place from the mapping:
/// forward (`geocode`), `reverse`, category `search` and `likelyPlaces`. Immutable, so one
/// instance may serve any number of threads; each query allocates its own scratch space.
public final class Geocoder: @unchecked Sendable {  // read-only views of an immutable mapping
    public let file: GraphFile
    let grid: SnapGrid
    let strings: StringTable
    let items: UnsafeBufferPointer<GeocoderItem>
    let itemCells: UnsafeBufferPointer<UInt32>
    let tokenOffsets: UnsafeBufferPointer<UInt32>
    let tokenBytes: UnsafeBufferPointer<UInt8>
    let tokenMasks: UnsafeBufferPointer<UInt32>
    let postingOffsets: UnsafeBufferPointer<UInt32>
    let postings: UnsafeBufferPointer<UInt32>
    let streetPoints: UnsafeBufferPointer<FixedCoordinate>
    let streetPieces: UnsafeBufferPointer<StreetPiece>
    let streetCellKeys: UnsafeBufferPointer<UInt32>
    /// Each cell's segments, by their first point in `streetPoints`: 21 bits for a
    /// million points, not 32.
    let streetSegments: PackedInts
    /// Boundaries and areas (`AreaLookup.swift`); empty in files built before them.
    let areaTable: AreaTable
    /// Empty for files built before other names were kept.
    let otherNameOffsets: UnsafeBufferPointer<UInt32>
    let otherNames: UnsafeBufferPointer<Int32>
    /// Extra tags, footprints and the searchable types (`PoiIndex.swift`).
    let poi: PoiData
    /// Item indices by OSM object (`GeocoderOSMIndex`); empty in files built before it.
    let osmOrder: PackedInts

    public convenience init(path: String, verifyChecksums: Bool = true) throws(GraphFileError) {
        try self.init(file: GraphFile(path: path, verifyChecksums: verifyChecksums))
    }

    /// Fails with `missingSection` for a graph built before the geocoder existed, and
    /// `unreadable` when an index would let a lookup reach outside its section.
    public init(file: GraphFile) throws(GraphFileError) {
        self.file = file
        func require<T: BitwiseCopyable>(_ section: SectionKind, _ type: T.Type) throws(GraphFileError) -> UnsafeBufferPointer<T> {
            try file.require(kind: section.rawValue, as: T.self, name: section.name)
        }
        let gridSection = try require(.geocoderGrid, SnapGrid.self)
        guard gridSection.count == 1, gridSection[0].columns > 0, gridSection[0].rows > 0, gridSection[0].cellSize > 0 else {
            throw .unreadable(path: file.path, reason: "malformed geocoder grid")
        }
        grid = gridSection[0]
        strings = try StringTable(file: file, offsetsKind: SectionKind.geocoderStringOffsets.rawValue,
                                  bytesKind: SectionKind.geocoderStringBytes.rawValue)
        items = try require(.geocoderItems, GeocoderItem.self)
        itemCells = try require(.geocoderItemCells, UInt32.self)
        tokenOffsets = try require(.tokenOffsets, UInt32.self)
        tokenBytes = try require(.tokenBytes, UInt8.self)
        tokenMasks = try require(.tokenMasks, UInt32.self)
        postingOffsets = try require(.postingOffsets, UInt32.self)
        postings = try require(.postings, UInt32.self)
        streetPoints = try require(.streetPoints, FixedCoordinate.self)
        streetPieces = try require(.streetPieces, StreetPiece.self)
        streetCellKeys = try require(.streetCellKeys, UInt32.self)
        streetSegments = PackedInts(words: try require(.streetSegments, UInt64.self))
        areaTable = try AreaTable(file: file)
        otherNameOffsets = file.section(kind: SectionKind.otherNameOffsets.rawValue, as: UInt32.self) ?? UnsafeBufferPointer(start: nil, count: 0)
        otherNames = file.section(kind: SectionKind.otherNames.rawValue, as: Int32.self) ?? UnsafeBufferPointer(start: nil, count: 0)
        poi = try PoiData(file: file, itemCount: items.count)
        osmOrder = PackedInts(words: file.section(kind: SectionKind.geocoderOSMOrder.rawValue, as: UInt64.self)
                                  ?? UnsafeBufferPointer(start: nil, count: 0))
        guard isConsistent else { throw .unreadable(path: file.path, reason: "malformed geocoder index") }
    }

    /// Every offset, id and index stays inside its section (a linear pass, well under a
    /// millisecond for a city), so queries need no bounds checks of their own.
    private var isConsistent: Bool {
        func ascending(_ offsets: UnsafeBufferPointer<UInt32>, end: Int) -> Bool {
            offsets.first == 0 && offsets.last.map { Int($0) == end } == true && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
        }
        let stringCount = Int32(strings.count)
        return itemCells.count == items.count && zip(itemCells, itemCells.dropFirst()).allSatisfy { $0 <= $1 }
            && tokenOffsets.count == tokenMasks.count + 1 && postingOffsets.count == tokenOffsets.count
            && ascending(tokenOffsets, end: tokenBytes.count) && ascending(postingOffsets, end: postings.count)
            && postings.allSatisfy { Int($0 >> 1) < items.count }
            && streetCellKeys.count == streetSegments.count && zip(streetCellKeys, streetCellKeys.dropFirst()).allSatisfy { $0 <= $1 }
            && streetSegments.validationError == nil
            && streetSegments.firstIndex(notBelow: streetPoints.count - 1) == nil
            && (streetPieces.first?.firstPoint ?? 0) == 0 && zip(streetPieces, streetPieces.dropFirst()).allSatisfy { $0.firstPoint < $1.firstPoint }
            && (otherNameOffsets.isEmpty || (otherNameOffsets.count == items.count + 1 && ascending(otherNameOffsets, end: otherNames.count / 2)
                && otherNames.count % 2 == 0 && otherNames.allSatisfy { $0 >= 0 && $0 < stringCount }))
            && streetPieces.allSatisfy { $0.item >= 0 && Int($0.item) < items.count } && (streetSegments.isEmpty || !streetPieces.isEmpty)
            && (osmOrder.isEmpty || (osmOrder.validationError == nil && osmOrder.count == items.count
                                     && osmOrder.firstIndex(notBelow: items.count) == nil))
            && items.allSatisfy { item in
                GeocoderKind(rawValue: item.kind) != nil && OSMObjectType(rawValue: item.osmType) != nil
                    && [item.name, item.street, item.housenumber, item.postcode, item.city, item.type, item.phone,
                        item.website, item.openingHours].allSatisfy { $0 >= 0 && $0 < stringCount }
            }
    }

    public var itemCount: Int { items.count }

    /// Bytes of the index sections in the file.
    public var indexBytes: Int {
        file.sections.filter { SectionKind.kind($0.kind, isIn: .geocoder) }.reduce(0) { $0 + $1.length }
    }

    /// The item `index` as a result.
    /// `areas`: those of a point the caller already looked up (a reverse query's), completed
    /// by the item's own postcode and city; else looked up at the item.
    public func result(_ index: Int, score: Double, distance: Double? = nil, areas shared: AddressAreas? = nil) -> GeocoderResult {
        let item = items[index]
        func text(_ id: Int32) -> String? { id == 0 ? nil : strings[id] }
        let kind = GeocoderKind(rawValue: item.kind)!
        let type = text(item.type)
        // A `key=*` group ("shop") says less than the value ("books").
        var category = Categories.category(id: item.category).flatMap { $0.tags.allSatisfy { $0.hasSuffix("=*") } ? nil : $0.name }
        if category == nil, let type, let eq = type.firstIndex(of: "=") {
            category = type.hasPrefix("building=") ? "building" : String(type[type.index(after: eq)...])
        }
        let street = text(item.street), number = text(item.housenumber)
        // An unnamed POI is called by its kind ("ATM"); its label adds the address.
        let description = kind == .poi ? type.flatMap(PoiVocabulary.label(type:)) : nil
        let name = text(item.name) ?? description ?? [street, number].compactMap { $0 }.joined(separator: " ")
        var result = GeocoderResult(
            item: Int32(index), kind: kind, location: item.location, name: name, type: type, category: category,
            housenumber: number, street: street, postcode: text(item.postcode), city: text(item.city),
            phone: text(item.phone), website: text(item.website), openingHours: text(item.openingHours),
            osmType: OSMObjectType(rawValue: item.osmType)!, osmId: item.osmId,
            importance: Double(item.importance) / 255, score: score, distance: distance, names: otherNames(of: index))
        if var areas = shared, kind != .place {
            (areas.postcode, areas.city) = (result.postcode ?? areas.postcode, areas.city ?? result.city)
            result.areas = areas
        } else {
            result.areas = addressAreas(at: item.location, postcode: result.postcode, city: result.city,
                                        item: kind == .place ? Int32(index) : -1)
        }
        result.extraTags = extraTags(index)
        return result
    }

    /// The item's other names (`name:xx`, `alt_name`…), as tagged.
    public func otherNames(of index: Int) -> [OSMTag] {
        guard !otherNameOffsets.isEmpty else { return [] }
        return (Int(otherNameOffsets[index])..<Int(otherNameOffsets[index + 1])).map {
            OSMTag(strings[otherNames[2 * $0]], strings[otherNames[2 * $0 + 1]])
        }
    }

    /// Nominatim's `extratags` of item `index`: the kept tags (`PoiExtraTags`) with its
    /// opening hours, phone and website, by key.
    func extraTags(_ index: Int) -> [OSMTag] {
        let item = items[index]
        var tags = poi.tags(of: index)
        for (key, id) in [("opening_hours", item.openingHours), ("phone", item.phone), ("website", item.website)] where id != 0 {
            tags.append(OSMTag(key, strings[id]))
        }
        return tags.sorted { $0.key < $1.key }
    }
}

/// One answer of any query.
public struct GeocoderResult: Sendable, Equatable {
    /// Index of the item in the geocoder index.
    public var item: Int32
    public var kind: GeocoderKind
    public var location: FixedCoordinate
    /// POI, street or place name; "street housenumber" for an address.
    public var name: String
    /// Main tag, `key=value`; nil for an address.
    public var type: String?
    /// The `Categories` name, else the value of the main tag ("suburb", "residential").
    public var category: String?
    public var housenumber: String?, street: String?, postcode: String?, city: String?
    public var phone: String?, website: String?, openingHours: String?
    public var osmType: OSMObjectType
    public var osmId: Int64
    /// 0...1: how prominent the thing is (a city over a hamlet, a station over a bench).
    public var importance: Double
    /// Forward: match quality 0...1 (see `Geocoder.geocode`). Reverse and search:
    /// closeness, 1 at the point, 0 at the radius. Likely places: the likelihood.
    public var score: Double
    /// Metres from the point of the query, when it had one.
    public var distance: Double?
    /// The administrative areas, postcode area and place the result lies in (country …
    /// suburb); empty where the graph has no boundaries around it.
    public var areas = AddressAreas()
    /// The object's other names as tagged: `name:xx`, `alt_name`, `old_name`,
    /// `official_name`, `short_name`, `loc_name` (Nominatim's `namedetails`).
    public var names: [OSMTag] = []
    /// Further tags kept for the object (Nominatim's `extratags`: wikidata, cuisine…).
    public var extraTags: [OSMTag] = []
    /// Forward search: the house number the query asked for when this street has no
    /// address of that number (see `QueryExplanation`).
    public var missingHousenumber: String?

    /// One line: "Name, Street 5, 00100 City" without repeating the name.
    public var label: String {
        var parts = [name]
        if kind == .poi, let street { parts.append([street, housenumber].compactMap { $0 }.joined(separator: " ")) }
        if kind != .poi || street != nil || postcode != nil {
            let town = [postcode, city].compactMap { $0 }.joined(separator: " ")
            if !town.isEmpty && town != name { parts.append(town) }
        }
        return parts.joined(separator: ", ")
    }
}

/// One OSM tag of a result.
public struct OSMTag: Sendable, Equatable, Hashable {
    public var key: String
    public var value: String
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// Where a result lies, from the boundaries and places around it, as Nominatim's address
/// fields name the levels. Nil where unknown.
public struct AddressAreas: Sendable, Equatable {
    public var country: String?
    /// ISO 3166-1 alpha-2, lower case ("ad", "fi", "pt").
    public var countryCode: String?
    public var state: String?
    public var county: String?
    /// The municipality (city, town or village).
    public var city: String?
    public var suburb: String?
    public var postcode: String?
    public init() {}
}
