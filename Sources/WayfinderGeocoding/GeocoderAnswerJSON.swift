import WayfinderJSON

/// Whole geocoder answers as JSON text: what `wayfinder geocode --format json` and
/// `wayfinder reverse --format json` print, and what the C library's `wf_geocode_json` and
/// `wf_reverse_json` return. Here, not in the CLI, so both front ends write the same bytes.
public enum GeocoderAnswerJSON {
    /// The results as an array, best first.
    public static func results(_ results: [GeocoderResult]) -> String {
        let json = JSONBuffer()
        json.beginArray()
        for r in results { json.geocoderResult(r) }
        json.endArray()
        return json.text
    }

    /// The best answer with the POI at the point under "poi"; `{}` when nothing is near.
    public static func reverse(_ answer: ReverseGeocode) -> String {
        let json = JSONBuffer()
        guard let best = answer.best else { return "{}" }
        json.geocoderResult(best) { json in
            json.key("poi")
            if let poi = answer.poi { json.geocoderResult(poi) } else { json.null() }
        }
        return json.text
    }
}
