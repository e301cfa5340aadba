import WayfinderGraph

/// OSM tags → what the base map draws (docs/TILES.md's kinds). One object is one kind:
/// a building is a building whatever else it carries; otherwise the more specific tag wins
/// (a pitch on grass is sport, a pond in a park is water).
public enum BaseMapTags {
    /// The kind of an area (closed way or multipolygon), nil when the base map does not draw it.
    public static func areaKind(_ tags: OSMTags) -> BaseMapAreaKind? {
        if tags.has("building") && !tags.value("building", isAnyOf: ["no", "false"]) { return .building }
        if tags.value("natural", isAnyOf: ["water", "bay"]) || tags.value("waterway", isAnyOf: ["riverbank", "dock"])
            || tags.value("landuse", isAnyOf: ["reservoir", "basin", "salt_pond"]) { return .water }
        if tags.value("natural", is: "wetland") { return .wetland }
        if tags.value("leisure", isAnyOf: ["pitch", "stadium", "sports_centre", "track"]) { return .sport }
        if tags.value("leisure", isAnyOf: ["park", "garden", "playground", "nature_reserve", "recreation_ground", "dog_park"])
            || tags.value("landuse", isAnyOf: ["recreation_ground"]) { return .park }
        if tags.value("landuse", is: "cemetery") || tags.value("amenity", is: "grave_yard") { return .cemetery }
        if tags.value("natural", isAnyOf: ["beach", "sand"]) { return .beach }
        if tags.value("natural", isAnyOf: ["bare_rock", "scree", "glacier", "rock", "shingle"]) { return .rock }
        if tags.value("landuse", is: "forest") || tags.value("natural", is: "wood") { return .wood }
        if tags.value("landuse", isAnyOf: ["grass", "meadow", "village_green"])
            || tags.value("natural", isAnyOf: ["grassland", "heath", "scrub"]) { return .grass }
        if tags.value("landuse", isAnyOf: ["farmland", "orchard", "vineyard", "allotments", "farmyard", "greenhouse_horticulture"]) {
            return .farmland
        }
        if tags.value("landuse", isAnyOf: ["commercial", "retail"]) { return .commercial }
        if tags.value("landuse", isAnyOf: ["industrial", "railway", "port", "brownfield", "construction"]) { return .industrial }
        if tags.value("landuse", is: "residential") { return .residential }
        return nil
    }

    /// The kind of a waterway line.
    public static func lineKind(_ tags: OSMTags) -> BaseMapLineKind? {
        guard tags.has("waterway") else { return nil }
        if tags.value("waterway", is: "river") { return .river }
        if tags.value("waterway", is: "canal") { return .canal }
        if tags.value("waterway", isAnyOf: ["stream", "drain", "ditch"]) { return .stream }
        return nil
    }

    /// `population` as a whole number ("12 345", "12,345" and "12.345" read as 12345).
    public static func population(_ text: String?) -> UInt32 {
        guard let text else { return 0 }
        var value: UInt64 = 0
        for c in text.utf8 {
            if c >= 48 && c <= 57 { value = min(UInt64(UInt32.max), value * 10 + UInt64(c - 48)) }
            else if c == 32 || c == 44 || c == 46 { continue }
            else { break }
        }
        return UInt32(value)
    }
}
