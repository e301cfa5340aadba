import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON

extension JSONBuffer {
    /// Nominatim's `geojson` member (`polygon_geojson=1`): the area's outline as a GeoJSON
    /// Polygon (outer ring, then its holes), or a MultiPolygon when it has several outer rings.
    /// Only areas the extract holds whole have one (`Geocoder.polygons(ofItem:)`).
    func nominatimGeoJSON(_ polygons: [(outer: [FixedCoordinate], holes: [[FixedCoordinate]])]) {
        func polygon(_ p: (outer: [FixedCoordinate], holes: [[FixedCoordinate]])) {
            beginArray()
            for ring in [p.outer] + p.holes {
                beginArray()
                for point in ring { coordinate(point) }
                endArray()
            }
            endArray()
        }
        key("geojson"); beginObject()
        key("type"); string(polygons.count == 1 ? "Polygon" : "MultiPolygon")
        key("coordinates")
        if polygons.count == 1 {
            polygon(polygons[0])
        } else {
            beginArray()
            for p in polygons { polygon(p) }
            endArray()
        }
        endObject()
    }
}
