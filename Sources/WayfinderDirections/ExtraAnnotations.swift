import WayfinderJSON

/// OSRM's leg annotations beyond distance and duration (`speed`, `weight`, `datasources`,
/// and the `metadata` naming the data sources), written as osrm-routed writes them.
extension OSRMRouteResponse {
    /// The extra arrays of `kinds`, per stretch of the leg's line, into the open annotation object.
    static func writeExtraAnnotations(of annotation: LegAnnotation, _ figures: RouteFigures.Leg, _ kinds: RouteAnnotations,
                                      into json: JSONBuffer) {
        // A one-point line is one stretch of nothing, as in distance and duration.
        let stretches = max(1, annotation.distance.count)
        if kinds.contains(.speed) {
            // osrm-routed: metres per second rounded to a tenth; a stretch of no time keeps
            // the speed of the stretch before it.
            json.key("speed"); json.beginArray()
            var previous: Int64 = 0
            for k in 0..<stretches {
                if k < annotation.distance.count && annotation.duration[k] > 0 {
                    previous = Int64((annotation.distance[k] / annotation.duration[k] * 10).rounded())
                }
                json.number(scaled: previous, decimals: 1)
            }
            json.endArray()
        }
        if kinds.contains(.weight) {
            // The weight is the travel time: the durations.
            json.key("weight"); json.tenths(figures.stretchDurations)
        }
        if kinds.contains(.nodes) && !annotation.nodes.isEmpty {
            json.key("nodes"); json.beginArray()
            for id in annotation.nodes { json.integer(Int(id)) }
            // A one-point line is written as that point twice.
            if annotation.nodes.count == 1 { json.integer(Int(annotation.nodes[0])) }
            json.endArray()
        }
        if kinds.contains(.datasources) {
            // 0: the profile's speeds; i: the i-th speed file of the last customization.
            json.key("datasources"); json.beginArray()
            for k in 0..<stretches { json.integer(k < annotation.datasources.count ? Int(annotation.datasources[k]) : 0) }
            json.endArray()
            json.key("metadata"); json.beginObject()
            json.key("datasource_names"); json.beginArray()
            for name in annotation.sourceNames { json.string(name) }
            json.endArray()
            json.endObject()
        }
    }
}
