import CGEOS
import Foundation
import WayfinderGraph

/// Closed areas for `wayfinder customize --closed-areas`: GeoJSON polygons (a road works site,
/// a marathon, a flood) whose roads are closed to the modes their `modes` property names
/// (`"driving"`, `["walking", "cycling"]`, OSRM's and Valhalla's names too), to every mode
/// without one.
///
/// Accepted: a FeatureCollection of Polygon or MultiPolygon features, one such Feature, or a
/// bare Polygon or MultiPolygon; positions `[longitude, latitude]`, rings closed (RFC 7946).
/// A polygon GEOS finds invalid (a ring crossing itself, a hole outside its shell) is refused
/// with GEOS's reason, rather than closing roads by a guess at what was meant.
///
/// A piece of road (two consecutive points of a segment) is closed, both ways, when it lies in
/// an area or crosses its edge (GEOS's prepared `intersects`: exact, indexed). Why GEOS: the
/// polygon tests on the boundary and the validity check are where hand-written geometry goes
/// wrong, and the importer's binaries link it already (isochrones' contours).
public final class ClosedAreas {
    private struct Area {
        let polygon: OpaquePointer
        let prepared: OpaquePointer
        let modes: Set<TravelMode>
        /// The polygon's box in fixed coordinates: pieces outside it skip GEOS.
        let minLat: Int32, maxLat: Int32, minLon: Int32, maxLon: Int32
    }

    private let context: GEOSContextHandle_t
    private var areas: [Area] = []
    /// Polygons read (a MultiPolygon's count as one each).
    public var count: Int { areas.count }

    public convenience init(path: String) throws(TrafficFileError) {
        try self.init(bytes: try TrafficFiles.contents(of: path), path: path)
    }

    /// The areas of a GeoJSON file's bytes; `path` names it in errors.
    public init(bytes: [UInt8], path: String) throws(TrafficFileError) {
        guard let context = GEOS_init_r() else { fatalError("GEOS_init_r failed: out of memory") }
        self.context = context
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw .malformed(path: path, line: Self.line(of: error, in: bytes), reason: "not JSON: \(Self.reason(error))")
        }
        guard let object = json as? [String: Any], let type = object["type"] as? String else {
            throw .geoJSON(path: path, place: "top level", reason: "expected a GeoJSON object with a \"type\"")
        }
        switch type {
        case "FeatureCollection":
            guard let features = object["features"] as? [Any] else {
                throw .geoJSON(path: path, place: "top level", reason: "a FeatureCollection needs a \"features\" array")
            }
            for (i, feature) in features.enumerated() { try add(feature: feature, place: "feature \(i + 1)", path: path) }
        case "Feature":
            try add(feature: object, place: "the feature", path: path)
        default:
            try add(geometry: object, modes: Set(TravelMode.allCases), place: "the geometry", path: path)
        }
        if areas.isEmpty { throw .geoJSON(path: path, place: "top level", reason: "no polygon to close") }
    }

    deinit {
        for area in areas {
            GEOSPreparedGeom_destroy_r(context, area.prepared)
            GEOSGeom_destroy_r(context, area.polygon)
        }
        GEOS_finish_r(context)
    }

    /// Whether some area closes roads to `mode`.
    public func closes(_ mode: TravelMode) -> Bool { areas.contains { $0.modes.contains(mode) } }

    /// The pieces of `segments` (by their first point) that lie in or cross an area closed to
    /// `mode`. Not thread-safe (one GEOS context): called by one thread at a time.
    func pieces(of segments: UnsafeBufferPointer<RoadSegment>, points: UnsafeBufferPointer<FixedCoordinate>,
                mode: TravelMode) -> Set<Int32> {
        let closing = areas.filter { $0.modes.contains(mode) }
        guard !closing.isEmpty else { return [] }
        var closed = Set<Int32>()
        for segment in segments {
            for p in Int(segment.firstPoint)..<Int(segment.lastPoint) {
                let a = points[p], b = points[p + 1]
                for area in closing where max(a.lat, b.lat) >= area.minLat && min(a.lat, b.lat) <= area.maxLat
                    && max(a.lon, b.lon) >= area.minLon && min(a.lon, b.lon) <= area.maxLon {
                    if intersects(area, a, b) { closed.insert(Int32(p)); break }
                }
            }
        }
        return closed
    }

    private func intersects(_ area: Area, _ a: FixedCoordinate, _ b: FixedCoordinate) -> Bool {
        guard let sequence = GEOSCoordSeq_create_r(context, 2, 2) else { return false }
        _ = GEOSCoordSeq_setXY_r(context, sequence, 0, a.longitude, a.latitude)
        _ = GEOSCoordSeq_setXY_r(context, sequence, 1, b.longitude, b.latitude)
        guard let line = GEOSGeom_createLineString_r(context, sequence) else { return false }
        defer { GEOSGeom_destroy_r(context, line) }
        return GEOSPreparedIntersects_r(context, area.prepared, line) == 1
    }

    private func add(feature: Any, place: String, path: String) throws(TrafficFileError) {
        guard let feature = feature as? [String: Any], feature["type"] as? String == "Feature",
              let geometry = feature["geometry"] as? [String: Any] else {
            throw .geoJSON(path: path, place: place, reason: "expected a Feature with a Polygon or MultiPolygon geometry")
        }
        var modes = Set(TravelMode.allCases)
        if let properties = feature["properties"] as? [String: Any], let named = properties["modes"] {
            let names = (named as? [Any]) ?? [named]
            modes = []
            for name in names {
                guard let text = name as? String, let mode = TravelMode(name: text) else {
                    throw .geoJSON(path: path, place: place, reason: "modes: '\(name)' is not driving, walking or cycling")
                }
                modes.insert(mode)
            }
        }
        try add(geometry: geometry, modes: modes, place: place, path: path)
    }

    private func add(geometry: [String: Any], modes: Set<TravelMode>, place: String, path: String) throws(TrafficFileError) {
        let type = geometry["type"] as? String
        let polygons: [Any]
        switch type {
        case "Polygon": polygons = [geometry["coordinates"] as Any]
        case "MultiPolygon":
            guard let list = geometry["coordinates"] as? [Any] else {
                throw .geoJSON(path: path, place: place, reason: "a MultiPolygon's coordinates are an array of polygons")
            }
            polygons = list
        default:
            throw .geoJSON(path: path, place: place, reason: "a \(type.map { "'\($0)'" } ?? "geometry without a type") closes no area: give a Polygon or MultiPolygon")
        }
        for coordinates in polygons {
            let polygon = try self.polygon(coordinates, place: place, path: path)
            guard GEOSisValid_r(context, polygon) == 1 else {
                let reason = GEOSisValidReason_r(context, polygon).map { text in
                    defer { GEOSFree_r(context, text) }
                    return String(cString: text)
                } ?? "invalid"
                GEOSGeom_destroy_r(context, polygon)
                throw .geoJSON(path: path, place: place, reason: "the polygon is not valid: \(reason)")
            }
            guard let prepared = GEOSPrepare_r(context, polygon) else {
                GEOSGeom_destroy_r(context, polygon)
                throw .geoJSON(path: path, place: place, reason: "GEOS cannot index the polygon")
            }
            var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
            _ = GEOSGeom_getXMin_r(context, polygon, &minX); _ = GEOSGeom_getXMax_r(context, polygon, &maxX)
            _ = GEOSGeom_getYMin_r(context, polygon, &minY); _ = GEOSGeom_getYMax_r(context, polygon, &maxY)
            let low = FixedCoordinate(latitude: minY, longitude: minX), high = FixedCoordinate(latitude: maxY, longitude: maxX)
            areas.append(Area(polygon: polygon, prepared: prepared, modes: modes,
                              minLat: low.lat - 1, maxLat: high.lat + 1, minLon: low.lon - 1, maxLon: high.lon + 1))
        }
    }

    /// A GEOS polygon from a GeoJSON Polygon's rings (the shell, then its holes).
    private func polygon(_ coordinates: Any, place: String, path: String) throws(TrafficFileError) -> OpaquePointer {
        guard let rings = coordinates as? [Any], !rings.isEmpty else {
            throw .geoJSON(path: path, place: place, reason: "a Polygon's coordinates are a non-empty array of rings")
        }
        var made: [OpaquePointer?] = []
        func fail(_ reason: String) -> TrafficFileError {
            for case let ring? in made { GEOSGeom_destroy_r(context, ring) }
            return .geoJSON(path: path, place: place, reason: reason)
        }
        for (r, ring) in rings.enumerated() {
            guard let positions = ring as? [Any], positions.count >= 4 else {
                throw fail("ring \(r + 1) needs at least 4 positions, first and last the same")
            }
            guard let sequence = GEOSCoordSeq_create_r(context, UInt32(positions.count), 2) else { throw fail("out of memory") }
            var first: (Double, Double)?, last = (0.0, 0.0)
            for (k, position) in positions.enumerated() {
                guard let pair = position as? [Any], pair.count >= 2,
                      let lon = (pair[0] as? NSNumber)?.doubleValue, let lat = (pair[1] as? NSNumber)?.doubleValue,
                      (-180...180).contains(lon), (-90...90).contains(lat) else {
                    GEOSCoordSeq_destroy_r(context, sequence)
                    throw fail("ring \(r + 1), position \(k + 1): expected [longitude, latitude] in degrees")
                }
                _ = GEOSCoordSeq_setXY_r(context, sequence, UInt32(k), lon, lat)
                if first == nil { first = (lon, lat) }
                last = (lon, lat)
            }
            guard first! == last else {
                GEOSCoordSeq_destroy_r(context, sequence)
                throw fail("ring \(r + 1) is not closed: its last position must repeat its first")
            }
            guard let linear = GEOSGeom_createLinearRing_r(context, sequence) else { throw fail("ring \(r + 1) is not a ring") }
            made.append(linear)
        }
        let shell = made.removeFirst()!
        let polygon = made.withUnsafeMutableBufferPointer { holes in
            GEOSGeom_createPolygon_r(context, shell, holes.baseAddress, UInt32(holes.count))
        }
        guard let polygon else {
            GEOSGeom_destroy_r(context, shell)
            throw fail("GEOS cannot make a polygon of the rings")
        }
        return polygon
    }

    /// The line of a JSON syntax error: Foundation names the character where it stopped.
    private static func line(of error: Error, in bytes: [UInt8]) -> Int {
        let text = reason(error)
        guard let range = text.range(of: #"character \d+"#, options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count)) else { return 1 }
        return 1 + bytes.prefix(min(offset, bytes.count)).lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
    }
}
