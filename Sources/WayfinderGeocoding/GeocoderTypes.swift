import WayfinderGraph

public enum GeocoderKind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case address = 1, poi = 2, street = 3, place = 4

    /// "address", "poi", "street" or "place", as in JSON results.
    public var description: String {
        switch self {
        case .address: "address"
        case .poi: "poi"
        case .street: "street"
        case .place: "place"
        }
    }
}

public enum OSMObjectType: UInt8, Sendable, CustomStringConvertible {
    case node = 1, way = 2, relation = 3

    public var description: String {
        switch self {
        case .node: "node"
        case .way: "way"
        case .relation: "relation"
        }
    }
}

/// One searchable thing: an address, a named POI, a (merged) street or a place. Texts are
/// ids in the geocoder's string table, 0 for none.
public struct GeocoderItem: Sendable, BitwiseCopyable {
    /// The address point, the POI, a vertex in the middle of the street, the place's label.
    public var location: FixedCoordinate
    public var osmId: Int64
    /// POI, street or place name; 0 for a plain address.
    public var name: Int32
    public var street: Int32
    public var housenumber: Int32
    public var postcode: Int32
    /// `addr:city`, else the nearest city, town or village.
    public var city: Int32
    /// The main tag, `key=value` ("amenity=cafe", "place=suburb", "highway=residential").
    public var type: Int32
    public var phone: Int32
    public var website: Int32
    public var openingHours: Int32
    public var kind: UInt8
    public var osmType: UInt8
    /// `Categories.all[category - 1]`; 0 for none.
    public var category: UInt8
    /// 0...255: how prominent the thing is (a city over a hamlet, a station over a bench).
    public var importance: UInt8
    /// Distinct words of the name fields (street and house number for an address), so a
    /// query naming all of them outranks one naming part.
    public var nameTokens: UInt8
    public var reserved: (UInt8, UInt8, UInt8) = (0, 0, 0)
    /// Spelled out so the stride's last 4 bytes are written as zeros, not undefined padding.
    private var padding: UInt32 = 0

    public init(location: FixedCoordinate, osmId: Int64, kind: GeocoderKind, osmType: OSMObjectType) {
        self.location = location
        self.osmId = osmId
        (name, street, housenumber, postcode, city, type, phone, website, openingHours) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        self.kind = kind.rawValue
        self.osmType = osmType.rawValue
        (category, importance, nameTokens) = (0, 0, 0)
    }
}

/// One unbroken line of a street: `streetPoints[firstPoint ..< next piece's firstPoint]`.
public struct StreetPiece: Sendable, BitwiseCopyable {
    public var firstPoint: Int32
    public var item: Int32
    public init(firstPoint: Int32, item: Int32) {
        self.firstPoint = firstPoint
        self.item = item
    }
}

/// What the importer's pass over the OSM file found for the geocoder, before indexing.
public struct GeocoderSource {
    public var objects: [SourceObject] = []
    public var streets: [SourceStreet] = []
    /// Geometry of every street piece, `streetPoints[first...last]` per piece.
    public var streetPoints: [FixedCoordinate] = []
    /// Administrative, postal code and settlement areas (see `SourceArea`).
    public var areas: [SourceArea] = []
    /// Rings of buildings and other areas a POI node may lie in:
    /// `containerPoints[containerRings[i] ..< containerRings[i + 1]]` (`containerRings` starts at 0).
    public var containerPoints: [FixedCoordinate] = []
    public var containerRings: [Int32] = [0]
    public init() {}
}

/// A node, way or relation with a name or an address (ways and relations by a central point).
public struct SourceObject {
    public var osmType: OSMObjectType
    public var osmId: Int64
    public var location: FixedCoordinate
    public var name: String?
    /// `name:xx`, `alt_name`… (see `GeocoderResult.names`).
    public var otherNames: [OSMTag] = []
    /// The main tag when it makes the object a POI or place ("amenity=cafe", "place=town").
    public var type: String?
    public var category: UInt8 = 0
    public var isPlace = false
    /// 0...1, see `GeocoderItem.importance`.
    public var importance = 0.0
    public var street: String?, housenumber: String?, postcode: String?, city: String?
    public var phone: String?, website: String?, openingHours: String?
    /// Tags kept for `extratags` and search (`PoiExtraTags.keys`), as (key index, value).
    public var extraTags: [(key: UInt8, value: String)] = []
    /// The box of a POI way or relation (its footprint), nil for a node.
    public var footprint: PoiBox?

    public init(osmType: OSMObjectType, osmId: Int64, location: FixedCoordinate) {
        self.osmType = osmType
        self.osmId = osmId
        self.location = location
    }
}

/// One named highway way (or its part with known node locations).
public struct SourceStreet {
    public var osmId: Int64
    public var name: String
    /// `name:xx`, `alt_name`… of the way.
    public var otherNames: [OSMTag]
    /// `highway=…` of the way.
    public var type: String
    public var importance: Double
    public var firstPoint: Int32
    public var lastPoint: Int32

    public init(osmId: Int64, name: String, otherNames: [OSMTag] = [], type: String, importance: Double, firstPoint: Int32, lastPoint: Int32) {
        self.osmId = osmId
        self.name = name
        self.otherNames = otherNames
        self.type = type
        self.importance = importance
        self.firstPoint = firstPoint
        self.lastPoint = lastPoint
    }
}
