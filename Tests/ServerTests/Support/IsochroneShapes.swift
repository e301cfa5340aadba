import Foundation
import Testing

/// Reading an isochrone answer's FeatureCollection back, for the HTTP tests of both dialects:
/// its features, their polygons, and point-in-polygon with the tolerance generalization needs.
enum IsochroneShapes {
    /// GraphHopper's Andorra check (their isochrone tests' point): lat 42.531073, lon 1.573792.
    static let origin = (lon: 1.573792, lat: 42.531073)
    /// On Avinguda de Joan Martí, 70 m from `origin`, for walking: the walkway nearest `origin`
    /// (53 m) is an island of the walking network, and a point snapped there is answered with
    /// the island's contour, which does not reach back to the point.
    static let walkingOrigin = (lon: 1.573107, lat: 42.531408)

    static func features(_ collection: [String: Any]) throws -> [[String: Any]] {
        #expect(collection["type"] as? String == "FeatureCollection")
        return try #require(collection["features"] as? [[String: Any]])
    }

    static func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }
    static func geometry(_ feature: [String: Any]) -> [String: Any] { feature["geometry"] as? [String: Any] ?? [:] }
    static func contour(_ feature: [String: Any]) -> Double? { properties(feature)["contour"] as? Double }

    /// A Polygon's or MultiPolygon's polygons, each its rings of [lon, lat]; nil for any other geometry.
    static func polygons(_ feature: [String: Any]) -> [[[[Double]]]]? {
        let shape = geometry(feature)
        switch shape["type"] as? String {
        case "Polygon": return (shape["coordinates"] as? [[[Double]]]).map { [$0] }
        case "MultiPolygon": return shape["coordinates"] as? [[[[Double]]]]
        default: return nil
        }
    }

    /// A LineString's or MultiLineString's lines; nil for any other geometry.
    static func lines(_ feature: [String: Any]) -> [[[Double]]]? {
        let shape = geometry(feature)
        switch shape["type"] as? String {
        case "LineString": return (shape["coordinates"] as? [[Double]]).map { [$0] }
        case "MultiLineString": return shape["coordinates"] as? [[[Double]]]
        default: return nil
        }
    }

    /// Inside an outer ring and none of its holes, by ray casting.
    static func contains(_ polygons: [[[[Double]]]], lon: Double, lat: Double) -> Bool {
        polygons.contains { rings in
            guard let outer = rings.first, inRing(outer, lon: lon, lat: lat) else { return false }
            return !rings.dropFirst().contains { inRing($0, lon: lon, lat: lat) }
        }
    }

    static func inRing(_ ring: [[Double]], lon: Double, lat: Double) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let (xi, yi, xj, yj) = (ring[i][0], ring[i][1], ring[j][0], ring[j][1])
            if (yi > lat) != (yj > lat), lon < (xj - xi) * (lat - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Metres from the point to the nearest edge of any ring (an equirectangular projection
    /// at the point: exact enough over the few metres compared).
    static func distanceToBoundary(_ polygons: [[[[Double]]]], lon: Double, lat: Double) -> Double {
        let perLat = 111_195.0, perLon = 111_195.0 * cos(lat * .pi / 180)
        var best = Double.infinity
        for ring in polygons.joined() where ring.count > 1 {
            for k in 1..<ring.count {
                let ax = (ring[k - 1][0] - lon) * perLon, ay = (ring[k - 1][1] - lat) * perLat
                let bx = (ring[k][0] - lon) * perLon, by = (ring[k][1] - lat) * perLat
                let (dx, dy) = (bx - ax, by - ay)
                let t = dx == 0 && dy == 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy)))
                best = min(best, hypot(ax + t * dx, ay + t * dy))
            }
        }
        return best
    }

    /// Whether every vertex of `inner` lies inside `outer` or within `tolerance` metres of its
    /// boundary: contours of one time field are nested, and their generalization (half a grid
    /// cell by default) may move two shared boundaries apart by that much.
    static func nested(_ inner: [[[[Double]]]], in outer: [[[[Double]]]], tolerance: Double = 25) -> Bool {
        for rings in inner {
            for point in rings.first ?? [] where !contains(outer, lon: point[0], lat: point[1]) {
                if distanceToBoundary(outer, lon: point[0], lat: point[1]) > tolerance { return false }
            }
        }
        return true
    }

    /// A POST of `body` (JSON) to `target` on a connection of its own.
    static func post(_ server: TestServer, _ target: String, _ body: [UInt8], headers: String = "") throws -> HTTPAnswer {
        let head = "POST \(target) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + headers + "Connection: close\r\n\r\n"
        return try HTTPClient.parse(HTTPClient.send(port: server.port, Array(head.utf8) + body))
    }

    static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text.prefix(300))")
    }
}
