import WayfinderGraph

/// Which area fills which address field, and which area answers a reverse query at a map
/// zoom, after Nominatim's address ranks (rank = 2 × `admin_level`; settlements by type).
///
/// The rule (one for every country, because `admin_level` means different things in each):
/// - country: level 2; its code from that boundary's ISO 3166-1 tags, else any area's.
/// - city: the municipality, i.e. the deepest boundary of level 6–8 linked to a settlement
///   node of its name (Nominatim's linked place: Porto's level 7, Helsinki's level 8); else
///   level 8, else level 7 (Andorra's parishes); else a city, town or village area; else
///   the item's own city (`addr:city`, or the nearest settlement node).
/// - state: level 4, else 3. county: level 6, else 7, else 5, when above the city's level.
/// - suburb: the deepest level 9–10 (or 8 when the city is level 7) below the city, else a
///   suburb, quarter or neighbourhood area.
/// - postcode: the item's `addr:postcode`, else the postal code area's, else the deepest
///   boundary's `postal_code` (Andorra's parishes carry one).
extension Geocoder {
    /// The address fields of a point (see the rule above); `postcode` and `city` are the
    /// item's own, used where no area gives one. When `item` stands for one of the areas
    /// (a country, a city), fields below it are left out, as Nominatim's address of an area.
    public func addressAreas(at p: FixedCoordinate, postcode: String? = nil, city: String? = nil, item: Int32 = -1) -> AddressAreas {
        var out = AddressAreas()
        var level = [Int](repeating: -1, count: 13)  // the first area of each level
        var postal = -1, settlement = -1, district = -1, code: String?, ownRank = Int.max
        areaTable.forEachArea(containing: p) { a in
            let area = areaTable.areas[a]
            if item >= 0, area.item == item {
                ownRank = min(ownRank, area.kind == SourceArea.Kind.administrative.rawValue ? 2 * Int(area.level) : Int(area.placeRank))
            }
            if code == nil, area.countryCode != 0 { code = areaTable.text(area.countryCode) }
            switch SourceArea.Kind(rawValue: area.kind) {
            case .administrative: if area.level < 13, level[Int(area.level)] < 0 { level[Int(area.level)] = a }
            case .postalCode: if postal < 0 { postal = a }
            case .place:
                if (16...19).contains(area.placeRank) { settlement = a } else if area.placeRank >= 20 { district = a }
            case nil: break
            }
        }
        func name(_ a: Int) -> String? { a < 0 ? nil : areaTable.text(areaTable.areas[a].name) }
        out.country = name(level[2])
        out.countryCode = level[2] >= 0 ? areaTable.text(areaTable.areas[level[2]].countryCode) ?? code : code
        let linked = [8, 7, 6].first(where: { level[$0] >= 0 && areaTable.areas[level[$0]].isMunicipality })
        let cityLevel = linked ?? [8, 7].first(where: { level[$0] >= 0 })
        out.city = cityLevel.flatMap { name(level[$0]) } ?? name(settlement) ?? city
        out.state = name(level[4]) ?? name(level[3])
        let top = cityLevel ?? 13
        out.county = [6, 7, 5].first(where: { $0 < top && level[$0] >= 0 }).flatMap { name(level[$0]) }
        let suburbLevel = [10, 9, 8].first(where: { $0 > (cityLevel ?? 8) && level[$0] >= 0 })
        out.suburb = suburbLevel.flatMap { name(level[$0]) } ?? name(district)
        let deepest = (0..<13).last(where: { level[$0] >= 0 && areaTable.areas[level[$0]].postcode != 0 })
        let postalCode = postal < 0 ? nil : areaTable.text(areaTable.areas[postal].postcode) ?? name(postal)
        let boundaryCode = deepest.flatMap { areaTable.text(areaTable.areas[level[$0]].postcode) }
        out.postcode = postcode ?? postalCode ?? boundaryCode
        if ownRank < 20 { out.suburb = nil }
        if ownRank < 2 * (cityLevel ?? 8) { (out.city, out.postcode) = (nil, postcode) }
        if ownRank < 12 { out.county = nil }
        if ownRank < 8 { out.state = nil }
        return out
    }

    /// The ISO 3166-1 alpha-2 code (lower case) of the country around `p`, nil where unknown:
    /// the code of the first area holding one (countries come first).
    public func countryCode(at p: FixedCoordinate) -> String? {
        var code: Int32 = 0
        areaTable.forEachArea(containing: p) { a in
            if code == 0 { code = areaTable.areas[a].countryCode }
        }
        return areaTable.text(code)
    }

    /// Nominatim's highest address rank answered at each zoom 0…18 (its reverse API).
    static let reverseRanks = [2, 2, 2, 4, 4, 8, 10, 10, 12, 12, 16, 17, 18, 19, 22, 25, 26, 27, 30]

    /// What `/reverse` answers at a map zoom (clamped to 0…18, as Nominatim): 18 the POI
    /// at the point, else the address, else the street; 17 the street, else the address;
    /// 16 the street; below, the deepest area around the point whose rank the zoom allows
    /// (3–4 country, 5 state, 8 county, 10 city, 12–13 town, village or suburb, 14
    /// neighbourhood), else a coarser one. Nil when nothing fits: no guess.
    public func reverse(_ point: FixedCoordinate, zoom: Int) -> GeocoderResult? {
        let zoom = min(max(zoom, 0), 18)
        if zoom >= 16 {
            let found = reverse(point)
            return zoom == 18 ? found.poi ?? found.address ?? found.street : zoom == 17 ? found.street ?? found.address : found.street
        }
        return area(at: point, maxRank: Self.reverseRanks[zoom])
    }

    /// The deepest area around `point` of address rank at most `maxRank` that has an item
    /// to answer with (its own or its linked place node's).
    public func area(at point: FixedCoordinate, maxRank: Int) -> GeocoderResult? {
        var best: (area: Int, rank: Int)?
        areaTable.forEachArea(containing: point) { a in
            let area = areaTable.areas[a]
            guard area.item >= 0, area.name != 0 else { return }
            let rank = area.kind == SourceArea.Kind.administrative.rawValue ? 2 * Int(area.level) : Int(area.placeRank)
            if rank > 0, rank <= maxRank, rank > best?.rank ?? -1 { best = (a, rank) }
        }
        guard let best else { return nil }
        return result(Int(areaTable.areas[best.area].item), score: 1)
    }

    /// The polygons of the area the item stands for (its closed rings: each outer ring
    /// followed by its holes), for GeoJSON; nil when the item is no area or the extract
    /// holds only part of it.
    public func polygons(ofItem item: Int32) -> [(outer: [FixedCoordinate], holes: [[FixedCoordinate]])]? {
        guard item >= 0, let a = (0..<areaTable.count).first(where: { areaTable.areas[$0].item == item && !areaTable.areas[$0].isClipped })
        else { return nil }
        var polygons: [(outer: [FixedCoordinate], holes: [[FixedCoordinate]])] = []
        for r in Int(areaTable.areas[a].firstRing)..<Int(areaTable.areas[a + 1].firstRing) {
            let ring = Array(areaTable.points[Int(areaTable.rings[r].firstPoint)..<Int(areaTable.rings[r + 1].firstPoint)])
            if areaTable.rings[r].role == 1 || polygons.isEmpty { polygons.append((ring, [])) } else { polygons[polygons.count - 1].holes.append(ring) }
        }
        return polygons
    }

    /// Number of areas in the index.
    public var areaCount: Int { areaTable.count }
}
