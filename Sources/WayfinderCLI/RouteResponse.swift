import WayfinderGraph
import WayfinderRouting

/// Renders a route as text or as an OSRM v5 route response.
public enum RouteResponse {
    public static func text(_ route: Route, graph: RoutingGraph) -> String {
        let geometry = graph.geometry(of: route)
        func end(_ label: String, _ snap: Snap) -> String {
            let name = graph.name(ofSegment: snap.segment)
            return "\(label): \(String(format: "%.6f,%.6f", snap.location.latitude, snap.location.longitude))"
                + (name.isEmpty ? "" : " (\(name))") + ", \(format1(snap.distance)) m from the input\n"
        }
        return end("from", route.source) + end("to", route.target)
            + "mode: \(graph.mode)\n"
            + "distance: \(format1(graph.distance(of: route))) m\n"
            + "duration: \(format1(route.duration)) s (\(minutes(route.duration)))\n"
            + "polyline: \(Polyline.encode(geometry))\n"
    }

    public static func json(_ route: Route, graph: RoutingGraph) -> String {
        let distance = graph.distance(of: route)
        var json = JSONWriter()
        json.beginObject()
        json.key("code"); json.string("Ok")
        json.key("routes"); json.beginArray()
        json.beginObject()
        json.key("geometry"); json.string(Polyline.encode(graph.geometry(of: route)))
        json.key("legs"); json.beginArray()
        json.beginObject()
        json.key("steps"); json.beginArray(); json.endArray()
        json.key("summary"); json.string("")
        json.key("weight"); json.number(route.duration, decimals: 3)
        json.key("duration"); json.number(route.duration, decimals: 3)
        json.key("distance"); json.number(distance)
        json.endObject()
        json.endArray()
        json.key("weight_name"); json.string("duration")
        json.key("weight"); json.number(route.duration, decimals: 3)
        json.key("duration"); json.number(route.duration, decimals: 3)
        json.key("distance"); json.number(distance)
        json.endObject()
        json.endArray()
        json.key("waypoints"); json.beginArray()
        for snap in [route.source, route.target] {
            json.beginObject()
            json.key("hint"); json.string("")
            json.key("distance"); json.number(snap.distance, decimals: 3)
            json.key("name"); json.string(graph.name(ofSegment: snap.segment))
            json.key("location"); json.beginArray()
            json.number(snap.location.longitude, decimals: 6); json.number(snap.location.latitude, decimals: 6)
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    /// OSRM's error object: `{"code": "NoRoute", "message": "..."}`.
    public static func error(_ error: RouteError) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("code"); json.string(error == .noRoute ? "NoRoute" : "NoSegment")
        json.key("message"); json.string(error.description)
        json.endObject()
        return json.text
    }

    static func minutes(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? "\(total / 3600) h \(total % 3600 / 60) min" : "\(total / 60) min \(total % 60) s"
    }
}
