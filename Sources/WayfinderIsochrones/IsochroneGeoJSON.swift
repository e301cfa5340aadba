import WayfinderGraph
import WayfinderJSON

/// An isochrone's contours as GeoJSON, as the Mapbox Isochrone API and Valhalla answer
/// (valhalla/tyr/isochrone_serializer.cc): a FeatureCollection with one Feature per contour,
/// the largest limit first (drawn first, so the smaller ones lie on top), each with
/// - geometry: Polygon (one polygon) or MultiPolygon (several; none: an empty MultiPolygon),
///   or with `polygons` false LineString (one line) or MultiLineString; coordinates [lon, lat]
///   with 6 decimals, the grid `ContourBuilder` snaps to, so the polygons written are valid;
/// - properties: `contour` (the limit as asked: minutes or metres), `metric` ("time" or
///   "distance"), `color` and `opacity` 0.33 (for lines), and for polygons `fill`, `fillColor`
///   (geojson.io's and Leaflet's names) and `fill-opacity`, `fillOpacity` 0.33. Colours are
///   written "#rrggbb" as both services write them; a caller's colour comes without the '#',
///   as Mapbox's `contours_colors` and Valhalla's `contours[].color` take it.
public enum IsochroneGeoJSON {
    /// The whole FeatureCollection. `colors`: per contour, in the order of `contours`, six hex
    /// digits without '#' (checked by the caller); nil or empty: `defaultColor`.
    public static func write(_ contours: [Contour], polygons: Bool, colors: [String]? = nil, into json: JSONBuffer) {
        json.beginObject()
        json.key("type"); json.string("FeatureCollection")
        json.key("features"); json.beginArray()
        writeFeatures(contours, polygons: polygons, colors: colors, into: json)
        json.endArray()
        json.endObject()
    }

    /// The contours' Features alone, into an array the caller has opened (a caller adding
    /// features of its own, such as the origin, writes them after these).
    public static func writeFeatures(_ contours: [Contour], polygons: Bool, colors: [String]? = nil, into json: JSONBuffer) {
        let colors = colors ?? []
        precondition(colors.isEmpty || colors.count == contours.count, "IsochroneGeoJSON: one colour per contour")
        // Largest limit first; equal limits in the order given.
        let order = contours.indices.sorted { (contours[$0].limit, $1) > (contours[$1].limit, $0) }
        for (position, index) in order.enumerated() {
            let contour = contours[index]
            let color = "#" + (colors.isEmpty ? defaultColor(position, of: contours.count) : colors[index])
            json.beginObject()
            json.key("type"); json.string("Feature")
            json.key("properties"); json.beginObject()
            json.key("contour"); json.number(contour.limit, decimals: 6)
            json.key("metric"); json.string(contour.metric.rawValue)
            json.key("color"); json.string(color)
            json.key("opacity"); json.number(0.33, decimals: 2)
            if polygons {
                json.key("fill"); json.string(color)
                json.key("fillColor"); json.string(color)
                json.key("fill-opacity"); json.number(0.33, decimals: 2)
                json.key("fillOpacity"); json.number(0.33, decimals: 2)
            }
            json.endObject()
            json.key("geometry")
            if polygons { writePolygons(contour.polygons, into: json) } else { writeLines(contour.lines, into: json) }
            json.endObject()
        }
    }

    /// Valhalla's default colours (tyr's getIntervalColor): hues from red (0°) towards green
    /// (150°) in equal steps, the first contour written (the largest) red, "bf4040"; six hex
    /// digits without '#'.
    public static func defaultColor(_ position: Int, of count: Int) -> String {
        let hue = Double(position) * (150 / Double(max(1, count)))
        let chroma = 0.5, lightness = 0.25
        let x = chroma * (1 - abs((hue / 60).truncatingRemainder(dividingBy: 2) - 1))
        let rgb = hue < 60 ? (lightness + chroma, lightness + x, lightness)
            : hue < 120 ? (lightness + x, lightness + chroma, lightness)
            : (lightness, lightness + chroma, lightness + x)
        return [rgb.0, rgb.1, rgb.2].map { hexByte(Int($0 * 255 + 0.5)) }.joined()
    }

    private static func hexByte(_ value: Int) -> String {
        let digits = Array("0123456789abcdef")
        let v = min(255, max(0, value))
        return String([digits[v / 16], digits[v % 16]])
    }

    private static func writePolygons(_ polygons: [[[FixedCoordinate]]], into json: JSONBuffer) {
        json.beginObject()
        json.key("type"); json.string(polygons.count == 1 ? "Polygon" : "MultiPolygon")
        json.key("coordinates")
        if polygons.count == 1 {
            writeRings(polygons[0], into: json)
        } else {
            json.beginArray()
            for polygon in polygons { writeRings(polygon, into: json) }
            json.endArray()
        }
        json.endObject()
    }

    private static func writeLines(_ lines: [[FixedCoordinate]], into json: JSONBuffer) {
        json.beginObject()
        json.key("type"); json.string(lines.count == 1 ? "LineString" : "MultiLineString")
        json.key("coordinates")
        if lines.count == 1 { writeLine(lines[0], into: json) } else { writeRings(lines, into: json) }
        json.endObject()
    }

    private static func writeRings(_ rings: [[FixedCoordinate]], into json: JSONBuffer) {
        json.beginArray()
        for ring in rings { writeLine(ring, into: json) }
        json.endArray()
    }

    private static func writeLine(_ points: [FixedCoordinate], into json: JSONBuffer) {
        json.beginArray()
        for p in points { json.coordinate(p) }
        json.endArray()
    }
}
