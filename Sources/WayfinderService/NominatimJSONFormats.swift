import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON

/// Nominatim's JSON family: `json` and `jsonv2` (an array of places, or one place for
/// /reverse), `geojson` and `geocodejson` (a FeatureCollection either way).
extension JSONBuffer {
    /// One place of `json` / `jsonv2`: `place_id` (the item's index in this graph's
    /// geocoder), `licence`, `osm_type`, `osm_id`, `lat`/`lon` as strings, `class` (json) or
    /// `category` (jsonv2), `type`, `place_rank`, `importance`, `addresstype`, `name`,
    /// `display_name`, then on request `address`, `extratags`, `namedetails`, then
    /// `boundingbox` and on request `geojson`.
    func nominatimPlace(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        let (tagKey, tagValue) = r.nominatimTag
        beginObject()
        key("place_id"); integer(Int(r.item))
        key("licence"); string(NominatimEndpoints.licence)
        key("osm_type"); string(r.osmType.description)
        key("osm_id"); integer(Int(r.osmId))
        key("lat"); string(nominatimDegrees(r.location.lat))
        key("lon"); string(nominatimDegrees(r.location.lon))
        if output.format == .jsonv2 { key("category") } else { key("class") }
        string(tagKey)
        key("type"); string(tagValue)
        key("place_rank"); integer(r.placeRank)
        key("importance"); number(r.importance, decimals: 5)
        key("addresstype"); string(r.addressType)
        key("name"); string(r.nominatimName)
        key("display_name"); string(r.displayName)
        details(r, output, address: "address", extraTags: "extratags", nameDetails: "namedetails")
        key("boundingbox"); beginArray()
        for value in r.boundingBox { string(nominatimDegrees(value)) }
        endArray()
        if output.polygonGeoJSON { key("geojson"); geometry(r, output) }
        endObject()
    }

    /// One Feature of `geojson`: the jsonv2 fields in `properties`, `bbox` as
    /// [minLon, minLat, maxLon, maxLat], and the geometry.
    func nominatimFeature(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        let (tagKey, tagValue) = r.nominatimTag
        beginObject()
        key("type"); string("Feature")
        key("properties"); beginObject()
        key("place_id"); integer(Int(r.item))
        key("osm_type"); string(r.osmType.description)
        key("osm_id"); integer(Int(r.osmId))
        key("place_rank"); integer(r.placeRank)
        key("category"); string(tagKey)
        key("type"); string(tagValue)
        key("importance"); number(r.importance, decimals: 5)
        key("addresstype"); string(r.addressType)
        key("name"); string(r.nominatimName)
        key("display_name"); string(r.displayName)
        details(r, output, address: "address", extraTags: "extratags", nameDetails: "namedetails")
        endObject()
        let box = r.boundingBox
        key("bbox"); beginArray()
        for value in [box[2], box[0], box[3], box[1]] { number(Double(value) / 1e7, decimals: 7) }
        endArray()
        key("geometry"); if output.polygonGeoJSON { geometry(r, output) } else { point(r.location) }
        endObject()
    }

    /// One Feature of `geocodejson` (the GeocodeJSON spec as Nominatim writes it): under
    /// `properties.geocoding` the ids, `osm_key`/`osm_value`, the level (`type`: house,
    /// street, district, city, county, state, country, locality), `accuracy` (metres from
    /// the point, for /reverse), `label`, `name`, the address fields on request, `extra`
    /// and `names`.
    func geocodeJSONFeature(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        let (tagKey, tagValue) = r.nominatimTag
        beginObject()
        key("type"); string("Feature")
        key("properties"); beginObject()
        key("geocoding"); beginObject()
        key("place_id"); integer(Int(r.item))
        key("osm_type"); string(r.osmType.description)
        key("osm_id"); integer(Int(r.osmId))
        key("osm_key"); string(tagKey)
        key("osm_value"); string(tagValue)
        key("type"); string(r.geocodeJSONType)
        if let distance = r.distance { key("accuracy"); integer(Int(distance)) }
        key("label"); string(r.displayName)
        if !r.nominatimName.isEmpty { key("name"); string(r.nominatimName) }
        if output.addressDetails {
            let fields: [(StaticString, String?)] = [
                ("housenumber", r.housenumber), ("street", r.street ?? (r.kind == .street ? r.name : nil)),
                ("district", r.areas.suburb), ("postcode", r.postcode ?? r.areas.postcode),
                ("city", r.kind == .place && r.geocodeJSONType == "city" ? nil : r.areas.city ?? r.city),
                ("county", r.areas.county), ("state", r.areas.state), ("country", r.areas.country),
                ("country_code", r.areas.countryCode),
            ]
            for (name, value) in fields { if let value { key(name); string(value) } }
        }
        if output.extraTags { key("extra"); tags(r.extraTags) }
        if output.nameDetails { key("names"); tags(r.nameDetails) }
        endObject()
        endObject()
        key("geometry"); if output.polygonGeoJSON { geometry(r, output) } else { point(r.location) }
        endObject()
    }

    /// `address`, `extratags` and `namedetails` as the output asks for them.
    private func details(_ r: GeocoderResult, _ output: NominatimEndpoints.Output,
                         address: StaticString, extraTags: StaticString, nameDetails: StaticString) {
        if output.addressDetails {
            key(address); beginObject()
            for line in r.addressLines { key(text: line.key); string(line.value) }
            endObject()
        }
        if output.extraTags { key(extraTags); tags(r.extraTags) }
        if output.nameDetails { key(nameDetails); tags(r.nameDetails) }
    }

    /// `{"key": "value", …}`, the first value of a repeated key.
    func tags(_ tags: [OSMTag]) {
        beginObject()
        var seen = Set<String>()
        for tag in tags where seen.insert(tag.key).inserted { key(text: tag.key); string(tag.value) }
        endObject()
    }

    /// A Point for one point, a LineString for one line, else a MultiLineString.
    func geometry(_ lines: [[FixedCoordinate]]) {
        if lines.count == 1 && lines[0].count == 1 { return point(lines[0][0]) }
        beginObject()
        key("type"); string(lines.count == 1 ? "LineString" : "MultiLineString")
        key("coordinates")
        if lines.count > 1 { beginArray() }
        for line in lines { positions(line) }
        if lines.count > 1 { endArray() }
        endObject()
    }

    /// A GeoJSON Point, `[lon, lat]` to 7 decimals.
    func point(_ p: FixedCoordinate) {
        beginObject()
        key("type"); string("Point")
        key("coordinates"); beginArray()
        number(Double(p.lon) / 1e7, decimals: 7)
        number(Double(p.lat) / 1e7, decimals: 7)
        endArray()
        endObject()
    }
}

extension GeocoderResult {
    /// GeocodeJSON's level, from the address rank as Nominatim maps it.
    var geocodeJSONType: String {
        switch addressRank {
        case ...3: "locality"
        case 4: "country"
        case 5...9: "state"
        case 10...12: "county"
        case 13...16: "city"
        case 17...21: "district"
        case 22...25: "locality"
        case 26, 27: "street"
        default: "house"
        }
    }
}
