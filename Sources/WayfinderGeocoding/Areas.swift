import WayfinderGraph

/// An administrative boundary, postal code area or settlement area as the importer found
/// it: libosmium's assembled rings, or, for a boundary the extract holds only part of, the
/// pieces of it that are in the file and a point known to be inside.
///
/// Why pieces and an inside point: extracts are clipped, so a country's or a municipality's
/// relation usually misses most of its ways and cannot be closed. Within the extract every
/// boundary way that crosses it is present, so a point lies in the area exactly when the
/// straight line from it to a point inside crosses those pieces an even number of times
/// (both ends in the extract). The inside point is the relation's `label` node, else its
/// `admin_centre`, else the only place node of its name in the file, else that of one of
/// its sub-areas; without one the area is dropped (never guessed). A clipped area none of
/// whose ways is in the file holds the whole extract (its inside point being in it).
public struct SourceArea: Sendable {
    public enum Kind: UInt8, Sendable {
        /// `boundary=administrative`, with `admin_level`.
        case administrative = 1
        /// `boundary=postal_code`.
        case postalCode = 2
        /// A settlement mapped as an area (`place=suburb`, `place=village`…).
        case place = 3
    }

    public var osmType: OSMObjectType
    public var osmId: Int64
    public var kind: Kind
    public var name: String?
    /// `admin_level` (1…12), 0 when absent.
    public var adminLevel: Int = 0
    /// `place=*` of the area or, for a boundary, of its linked place node.
    public var place: String?
    /// ISO 3166-1 alpha-2, lower case, from `ISO3166-1:alpha2`, `ISO3166-1` or `country_code`.
    public var countryCode: String?
    /// `postal_code` (postal code areas, and boundaries that carry one), else `addr:postcode`.
    public var postcode: String?
    /// Closed rings (first point repeated last), or the boundary pieces of a clipped area.
    public var rings: [[FixedCoordinate]] = []
    /// Per ring: outer (true) or inner. All false for a clipped area's pieces.
    public var outer: [Bool] = []
    public var isClipped = false
    /// A point inside: required for a clipped area, else a label for the area's own item.
    public var inside: FixedCoordinate?
    /// The settlement node the boundary is named after (its `label` or `admin_centre`
    /// with the same name, as Nominatim links them): the boundary is then a municipality.
    public var linkedNode: Int64?

    public init(osmType: OSMObjectType, osmId: Int64, kind: Kind) {
        self.osmType = osmType
        self.osmId = osmId
        self.kind = kind
    }

    /// The ISO code among the tags (`ISO3166-1:alpha2`, `ISO3166-1`, `country_code`), lower case.
    public static func countryCode(_ value: (String) -> String?) -> String? {
        for key in ["ISO3166-1:alpha2", "ISO3166-1", "country_code"] {
            if let code = value(key), code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) { return code.lowercased() }
        }
        return nil
    }
}

/// One area in the index (section `areas`), sorted by level: countries first.
public struct GeocoderArea: Sendable, BitwiseCopyable {
    /// The box of the rings; the whole plane for a clipped area (it may reach anywhere).
    public var minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32
    /// A clipped area's inside point (see `SourceArea`); a label point otherwise.
    public var inside: FixedCoordinate
    public var osmId: Int64
    /// Ids in the area string table (0 for none).
    public var name: Int32, countryCode: Int32, postcode: Int32
    /// This area's rings are `areaRings[firstRing ..< next area's firstRing]` (the array
    /// ends with a sentinel area).
    public var firstRing: Int32
    /// The geocoder item that stands for the area (its own, or its linked place node's), -1 for none.
    public var item: Int32
    /// `SourceArea.Kind` raw value.
    public var kind: UInt8
    /// `admin_level`, 0 for none.
    public var level: UInt8
    /// `Flags` bits.
    public var flags: UInt8
    /// `PlaceRank` of the area's `place=*` (settlement areas and linked boundaries), 0 for none.
    public var placeRank: UInt8

    public enum Flags {
        public static let clipped: UInt8 = 1
        /// Linked to a settlement node of its name: a city, town or village boundary.
        public static let municipality: UInt8 = 2
    }

    public var isClipped: Bool { flags & Flags.clipped != 0 }
    public var isMunicipality: Bool { flags & Flags.municipality != 0 }
}

/// One ring of an area: `areaPoints[firstPoint ..< next ring's firstPoint]`.
public struct AreaRing: Sendable, BitwiseCopyable {
    public var firstPoint: Int32
    /// 1 outer, 0 inner, -1 a piece of a clipped boundary.
    public var role: Int32
}

/// Nominatim's address ranks of settlement places (`place=*`), as its default
/// address-levels configuration has them.
enum PlaceRank {
    static func of(_ place: String?) -> UInt8 {
        switch place {
        case "city": 16
        case "town": 18
        case "borough", "village": 19  // Nominatim: borough 18, village 19; both "town or smaller"
        case "suburb": 20
        case "hamlet", "quarter": 20
        case "neighbourhood": 22
        default: 0
        }
    }
}
