import WayfinderJSON

extension JSONBuffer {
    /// A geocoder result as `wayfinder geocode|search|places --format json` prints it and
    /// `/category` and `/places` answer it: lat, lon, name, kind, category, address
    /// {housenumber, street, postcode, city}, osm_type, osm_id, score, distance_m (when the
    /// query had a point), label, and type, phone, website, opening_hours and extratags
    /// (`{"cuisine": "pizza", "wikidata": "Q…"}`, see `PoiExtraTags`) where known, and
    /// `areas` {country, country_code, state, county, city, suburb, postcode}: those known.
    /// `extra` adds fields before the object closes.
    public func geocoderResult(_ r: GeocoderResult, extra: (JSONBuffer) -> Void = { _ in }) {
        func string(_ key: StaticString, _ value: String?) {
            self.key(key)
            if let value { self.string(value) } else { null() }
        }
        beginObject()
        key("lat"); number(r.location.latitude, decimals: 7)
        key("lon"); number(r.location.longitude, decimals: 7)
        string("name", r.name)
        string("kind", r.kind.description)
        string("category", r.category)
        key("address"); beginObject()
        string("housenumber", r.housenumber)
        string("street", r.street)
        string("postcode", r.postcode)
        string("city", r.city)
        endObject()
        string("osm_type", r.osmType.description)
        key("osm_id"); integer(Int(r.osmId))
        key("score"); number(r.score, decimals: 4)
        if let d = r.distance { key("distance_m"); number(d, decimals: 1) }
        string("label", r.label)
        let optional: [(StaticString, String?)] = [("type", r.type), ("phone", r.phone), ("website", r.website),
                                                   ("opening_hours", r.openingHours), ("housenumber_not_found", r.missingHousenumber)]
        for (key, value) in optional {
            if let value { string(key, value) }
        }
        let a = r.areas
        let areas: [(StaticString, String?)] = [("country", a.country), ("country_code", a.countryCode), ("state", a.state),
                                                ("county", a.county), ("city", a.city), ("suburb", a.suburb), ("postcode", a.postcode)]
        key("areas"); beginObject()
        for (key, value) in areas {
            if let value { string(key, value) }
        }
        endObject()
        if !r.extraTags.isEmpty {
            key("extratags"); beginObject()
            for tag in r.extraTags { key(text: tag.key); self.string(tag.value) }
            endObject()
        }
        extra(self)
        endObject()
    }
}
