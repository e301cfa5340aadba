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
            json.key("datasources"); json.beginArray()
            for _ in 0..<stretches { json.integer(0) }
            json.endArray()
            json.key("metadata"); json.beginObject()
            // OSRM's name of its one data source, the profile's speeds.
            json.key("datasource_names"); json.beginArray(); json.string("lua profile"); json.endArray()
            json.endObject()
        }
    }
}
