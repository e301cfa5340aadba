import Foundation
import Testing
@testable import WayfinderService

/// The Mapbox Isochrone API's dialect over real HTTP on Andorra:
/// `/isochrone/v1/{profile}/{lon},{lat}?contours_minutes=…`, its answer (features largest
/// first, Mapbox's properties, nested contours around the origin) and its refusals in
/// osrm-routed's codes.
@Suite struct MapboxIsochroneHTTPTests {
    typealias Shapes = IsochroneShapes
    static let at = "\(IsochroneShapes.origin.lon),\(IsochroneShapes.origin.lat)"

    @Test func threeContoursLargestFirstNestedAroundTheOrigin() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let answer = try server.get("/isochrone/v1/driving/\(Self.at)?contours_minutes=5,10,15&polygons=true")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
        let features = try Shapes.features(try Shapes.object(answer))
        #expect(features.map(Shapes.contour) == [15, 10, 5])
        var shapes: [[[[[Double]]]]] = []
        for feature in features {
            #expect(feature["type"] as? String == "Feature")
            let properties = Shapes.properties(feature)
            #expect(properties["metric"] as? String == "time")
            for key in ["color", "fill", "fillColor"] { #expect((properties[key] as? String)?.count == 7, "\(key)") }
            for key in ["opacity", "fill-opacity", "fillOpacity"] { #expect(properties[key] as? Double == 0.33, "\(key)") }
            let polygons = try #require(Shapes.polygons(feature), "\(Shapes.geometry(feature)["type"] ?? "none")")
            #expect(!polygons.isEmpty)
            shapes.append(polygons)
        }
        // Valhalla's default colours: red for the largest, towards green.
        #expect(Shapes.properties(features[0])["color"] as? String == "#bf4040")
        #expect(Shapes.contains(shapes[2], lon: Shapes.origin.lon, lat: Shapes.origin.lat))
        #expect(Shapes.nested(shapes[2], in: shapes[1]) && Shapes.nested(shapes[1], in: shapes[0]))
    }

    /// GraphHopper's Andorra check, through Mapbox's own profile name and OSRM's `car`: a
    /// 5-minute drive from 42.531073, 1.573792 is a contour around the point.
    @Test func graphHopperAndorraCheck() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        var bodies: [[UInt8]] = []
        for profile in ["mapbox/driving", "car", "mapbox/driving-traffic"] {
            let answer = try server.get("/isochrone/v1/\(profile)/\(Self.at)?contours_minutes=5&polygons=true&access_token=pk.test")
            #expect(answer.status == 200, "\(profile): \(answer.text.prefix(200))")
            let features = try Shapes.features(try Shapes.object(answer))
            let polygons = try #require(features.first.flatMap(Shapes.polygons))
            #expect(!polygons.isEmpty && polygons.allSatisfy { ($0.first?.count ?? 0) >= 4 })
            #expect(Shapes.contains(polygons, lon: Shapes.origin.lon, lat: Shapes.origin.lat))
            bodies.append(answer.body)
        }
        #expect(bodies.allSatisfy { $0 == bodies[0] })
    }

    /// Mapbox's default, `polygons=false`: each contour's boundary as closed lines.
    @Test func linesByDefault() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        for query in ["contours_minutes=5,10", "contours_minutes=5,10&polygons=false", "contours_minutes=5,10&polygons=False"] {
            let (status, collection) = try server.json("/isochrone/v1/driving/\(Self.at)?\(query)")
            #expect(status == 200, "\(query)")
            let features = try Shapes.features(collection)
            #expect(features.map(Shapes.contour) == [10, 5])
            for feature in features {
                let lines = try #require(Shapes.lines(feature), "\(Shapes.geometry(feature))")
                #expect(!lines.isEmpty && lines.allSatisfy { $0.count >= 4 && $0.first == $0.last })
                #expect(Shapes.properties(feature)["fill"] == nil && Shapes.properties(feature)["color"] != nil)
            }
        }
    }

    /// `contours_meters` (a walk of 1 and 2 km, metric "distance", the metres as asked),
    /// `contours_colors`, and `direction=arrive` (where one can drive from in 5 minutes).
    @Test func metresColoursAndArrive() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let walker = "\(Shapes.walkingOrigin.lon),\(Shapes.walkingOrigin.lat)"
        let (status, walk) = try server.json("/isochrone/v1/mapbox/walking/\(walker)?contours_meters=1000,2000"
                                             + "&contours_colors=ff0000,00FF00&polygons=true&denoise=0.5&generalize=5")
        #expect(status == 200)
        let features = try Shapes.features(walk)
        #expect(features.map(Shapes.contour) == [2000, 1000])
        #expect(features.map { Shapes.properties($0)["metric"] as? String } == ["distance", "distance"])
        #expect(features.map { Shapes.properties($0)["fill"] as? String } == ["#00FF00", "#ff0000"])
        let small = try #require(Shapes.polygons(features[1]))
        #expect(Shapes.contains(small, lon: Shapes.walkingOrigin.lon, lat: Shapes.walkingOrigin.lat))

        for direction in ["arrive", "depart"] {
            let (status, answer) = try server.json("/isochrone/v1/foot/\(walker)?contours_minutes=10&polygons=true&direction=\(direction)")
            #expect(status == 200, "\(direction)")
            let polygons = try #require(try Shapes.features(answer).first.flatMap(Shapes.polygons))
            #expect(Shapes.contains(polygons, lon: Shapes.walkingOrigin.lon, lat: Shapes.walkingOrigin.lat), "\(direction)")
        }
        let (arriveStatus, arrive) = try server.json("/isochrone/v1/driving/\(Self.at)?contours_minutes=5&polygons=true&direction=arrive")
        #expect(arriveStatus == 200)
        #expect(try #require(try Shapes.features(arrive).first.flatMap(Shapes.polygons)).isEmpty == false)
    }

    /// Each bad request is a 400 with osrm-routed's code and a message.
    @Test(arguments: [
        ("contours_minutes=0", "InvalidValue"),
        ("contours_minutes=-5", "InvalidValue"),
        ("contours_minutes=5,,10", "InvalidQuery"),
        ("contours_minutes=ten", "InvalidQuery"),
        ("contours_minutes=61", "TooBig"),
        ("contours_meters=100001", "TooBig"),
        ("contours_minutes=1,2,3,4,5", "TooBig"),
        ("polygons=true", "InvalidOptions"),
        ("contours_minutes=5&contours_meters=500", "InvalidOptions"),
        ("contours_minutes=5&polygons=yes", "InvalidQuery"),
        ("contours_minutes=5&direction=sideways", "InvalidQuery"),
        ("contours_minutes=5&denoise=2", "InvalidValue"),
        ("contours_minutes=5&generalize=-1", "InvalidValue"),
        ("contours_minutes=5,10&contours_colors=ff0000", "InvalidValue"),
        ("contours_minutes=5&contours_colors=zz0000", "InvalidValue"),
        ("contours_minutes=5&colour=red", "InvalidQuery"),
    ])
    func badOptions(query: String, code: String) throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let (status, error) = try server.json("/isochrone/v1/driving/\(Self.at)?\(query)")
        #expect(status == 400 && error["code"] as? String == code, "\(query): \(error)")
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test(arguments: [
        ("driving/181,42.5", "InvalidValue"),
        ("driving/1.5,91", "InvalidValue"),
        ("driving/1.5,42.5;1.6,42.5", "InvalidOptions"),
        ("driving/1.5", "InvalidUrl"),
        ("truck/\(at)", "InvalidValue"),
        ("mapbox/driving-truck/\(at)", "InvalidValue"),
        ("driving", "InvalidUrl"),
        ("driving/0.5,0.5", "NoSegment"),
    ])
    func badPaths(path: String, code: String) throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let (status, error) = try server.json("/isochrone/v1/\(path)?contours_minutes=5")
        #expect(status == 400 && error["code"] as? String == code, "\(path): \(error)")
        let (version, versionError) = try server.json("/isochrone/v2/driving/\(Self.at)?contours_minutes=5")
        #expect(version == 400 && versionError["code"] as? String == "InvalidVersion")
    }

    /// The endpoints have their own `/metrics` labels.
    @Test func metricsLabelBothDialects() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        _ = try server.get("/isochrone/v1/driving/\(Self.at)?contours_minutes=0")
        let metrics = try server.get("/metrics").text
        #expect(metrics.contains("wayfinder_requests_total{endpoint=\"isochrone\",code=\"400\"} 1"), "\(metrics.prefix(400))")
        #expect(metrics.contains("endpoint=\"valhalla_isochrone\""))
    }
}
