/// What the base map draws, as the tile contract (`/tiles`, docs/TILES.md) names it: the
/// kinds of filled areas (in draw order: land use first, water last), of lines, and of place
/// labels. The importer maps OSM tags to them (`WayfinderImport/BaseMapTags.swift`); the
/// graph file stores the raw values (`BaseMapSections.swift`); tiles write the names.
public enum BaseMapAreaKind: UInt8, CaseIterable, Sendable {
    case residential, commercial, industrial, farmland, grass, wood, park, cemetery, sport, beach, rock, wetland, water
    /// Buildings: their own layer (`buildings=1`), never among the areas.
    case building

    public var name: String {
        switch self {
        case .residential: "residential"
        case .commercial: "commercial"
        case .industrial: "industrial"
        case .farmland: "farmland"
        case .grass: "grass"
        case .wood: "wood"
        case .park: "park"
        case .cemetery: "cemetery"
        case .sport: "sport"
        case .beach: "beach"
        case .rock: "rock"
        case .wetland: "wetland"
        case .water: "water"
        case .building: "building"
        }
    }
}

public enum BaseMapLineKind: UInt8, CaseIterable, Sendable {
    case river, canal, stream

    public var name: String {
        switch self {
        case .river: "river"
        case .canal: "canal"
        case .stream: "stream"
        }
    }

    /// The first zoom the kind is drawn at (streams, drains and ditches only close up).
    public var minZoom: Int {
        switch self {
        case .river: 8
        case .canal: 10
        case .stream: 14
        }
    }
}

/// Place labels, most important first. `rank` 1 is the most important; each kind is shown
/// from `minZoom` to `maxZoom` (a country's name gives way to its cities', a city's to its
/// streets').
public enum BaseMapLabelKind: UInt8, CaseIterable, Sendable {
    case country, city, town, village, suburb, hamlet, neighbourhood, locality

    public var name: String {
        switch self {
        case .country: "country"
        case .city: "city"
        case .town: "town"
        case .village: "village"
        case .suburb: "suburb"
        case .hamlet: "hamlet"
        case .neighbourhood: "neighbourhood"
        case .locality: "locality"
        }
    }

    /// The kind of a `place=*` value; borough and quarter are drawn as suburbs, an isolated
    /// dwelling as a hamlet; other values (island, square, farm…) get no label.
    public init?(place: String) {
        switch place {
        case "country": self = .country
        case "city": self = .city
        case "town": self = .town
        case "village": self = .village
        case "suburb", "borough", "quarter": self = .suburb
        case "hamlet", "isolated_dwelling": self = .hamlet
        case "neighbourhood": self = .neighbourhood
        case "locality": self = .locality
        default: return nil
        }
    }

    public var rank: Int {
        switch self {
        case .country, .city: 1
        case .town: 2
        case .suburb, .village: 3
        case .hamlet, .neighbourhood: 4
        case .locality: 5
        }
    }

    public var minZoom: Int {
        switch self {
        case .country: 3
        case .city: 5
        case .town: 9
        case .village: 11
        case .suburb: 12
        case .hamlet: 13
        case .neighbourhood: 14
        case .locality: 15
        }
    }

    public var maxZoom: Int {
        switch self {
        case .country: 7
        case .city: 14
        case .town: 15
        case .suburb: 16
        default: WebMercator.maxZoom
        }
    }
}
