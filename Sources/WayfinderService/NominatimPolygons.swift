import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON

extension JSONBuffer {
    /// The `polygon_geojson` geometry of a result: an area's outline when the extract holds
    /// it whole (`Geocoder.polygons(ofItem:)`), else a street's lines or the point.
    func geometry(_ r: GeocoderResult, _ output: NominatimEndpoints.Output) {
        if r.kind == .place, let polygons = output.areas?.polygons(ofItem: r.item), !polygons.isEmpty {
            return polygonGeometry(polygons)
        }
        geometry(output.geometry(r))
    }

    /// `[[lon, lat], …]`: a GeoJSON line or ring.
    func positions(_ points: [FixedCoordinate]) {
        beginArray()
        for p in points {
            beginArray()
            number(Double(p.lon) / 1e7, decimals: 7)
            number(Double(p.lat) / 1e7, decimals: 7)
            endArray()
        }
        endArray()
    }

    /// A GeoJSON Polygon (outer ring, then its holes), or a MultiPolygon for several outer rings.
    func polygonGeometry(_ polygons: [(outer: [FixedCoordinate], holes: [[FixedCoordinate]])]) {
        func polygon(_ p: (outer: [FixedCoordinate], holes: [[FixedCoordinate]])) {
            beginArray()
            for r in [p.outer] + p.holes { positions(r) }
            endArray()
        }
        beginObject()
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
