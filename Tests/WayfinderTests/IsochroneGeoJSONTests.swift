import Foundation
import Testing
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON

/// The isochrone's GeoJSON (`IsochroneGeoJSON`), read back with Foundation's parser: the
/// FeatureCollection Mapbox and Valhalla answer, largest contour first.
@Suite struct IsochroneGeoJSONTests {
    func written(_ contours: [Contour], polygons: Bool, colors: [String]? = nil) throws -> [[String: Any]] {
        let json = JSONBuffer()
        IsochroneGeoJSON.write(contours, polygons: polygons, colors: colors, into: json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        return try #require(object["features"] as? [[String: Any]])
    }

    func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }
    func geometry(_ feature: [String: Any]) -> [String: Any] { feature["geometry"] as? [String: Any] ?? [:] }

    @Test func polygonsLargestFirstWithMapboxProperties() throws {
        let roads = ContourBuilderTests.grid(size: 1200, spacing: 200, cut: 600)
        let contours = ContourBuilder().contours(of: roads, origin: ContourBuilderTests.origin, limits: [300, 600],
                                                 metric: .time, mode: .walking, options: ContourOptions(denoise: 0))
        // Minutes as asked, not the seconds searched.
        let asked = zip(contours, [5.0, 10]).map { var c = $0; c.limit = $1; return c }
        let features = try written(asked, polygons: true)
        #expect(features.map { properties($0)["contour"] as? Double } == [10, 5])
        let first = properties(features[0])
        #expect(first["metric"] as? String == "time")
        #expect(first["color"] as? String == "#bf4040")
        #expect(first["fill"] as? String == "#bf4040" && first["fillColor"] as? String == "#bf4040")
        for key in ["opacity", "fill-opacity", "fillOpacity"] { #expect(first[key] as? Double == 0.33) }
        #expect(properties(features[1])["color"] as? String == "#" + IsochroneGeoJSON.defaultColor(1, of: 2))
        for (feature, contour) in zip(features, asked.reversed()) {
            #expect(feature["type"] as? String == "Feature")
            let shape = geometry(feature)
            #expect(shape["type"] as? String == (contour.polygons.count == 1 ? "Polygon" : "MultiPolygon"))
            let rings = contour.polygons.count == 1 ? shape["coordinates"] as? [[[Double]]]
                : (shape["coordinates"] as? [[[[Double]]]])?.first
            let firstPoint = try #require(rings?.first?.first)
            let expected = contour.polygons[0][0][0]
            #expect(firstPoint == [expected.longitude, expected.latitude])
        }
        // Six decimals at most.
        let json = JSONBuffer()
        IsochroneGeoJSON.write(asked, polygons: true, into: json)
        #expect(json.text.range(of: #"\.\d{7}"#, options: .regularExpression) == nil)
    }

    @Test func linesAndGivenColours() throws {
        let line = [FixedCoordinate(lat: 425_000_000, lon: 15_000_000), FixedCoordinate(lat: 425_010_000, lon: 15_000_000),
                    FixedCoordinate(lat: 425_010_000, lon: 15_010_000), FixedCoordinate(lat: 425_000_000, lon: 15_000_000)]
        let one = Contour(limit: 500, metric: .distance, lines: [line])
        let two = Contour(limit: 1000, metric: .distance, lines: [line, line])
        let features = try written([one, two], polygons: false, colors: ["ff0000", "00ff00"])
        #expect(features.map { properties($0)["contour"] as? Double } == [1000, 500])
        #expect(features.map { properties($0)["color"] as? String } == ["#00ff00", "#ff0000"])
        #expect(properties(features[0])["fill"] == nil && properties(features[0])["metric"] as? String == "distance")
        #expect(geometry(features[0])["type"] as? String == "MultiLineString")
        #expect(geometry(features[1])["type"] as? String == "LineString")
        #expect((geometry(features[1])["coordinates"] as? [[Double]])?[1] == [1.5, 42.501])
    }

    @Test func anEmptyContourIsAnEmptyMultiPolygon() throws {
        let features = try written([Contour(limit: 15, metric: .time)], polygons: true)
        #expect(geometry(features[0])["type"] as? String == "MultiPolygon")
        #expect((geometry(features[0])["coordinates"] as? [Any])?.isEmpty == true)
    }

    /// Valhalla's palette: red to green in equal hue steps.
    @Test func defaultColours() {
        #expect((0..<4).map { IsochroneGeoJSON.defaultColor($0, of: 4) } == ["bf4040", "bf8f40", "9fbf40", "50bf40"])
        #expect(IsochroneGeoJSON.defaultColor(0, of: 1) == "bf4040")
    }
}
