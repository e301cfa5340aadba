import Foundation
import Testing
import WayfinderCLI
import WayfinderGeocoding
import WayfinderGraph
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The Nominatim dialect and our /category and /places over HTTP, against the geocoder.
@Suite struct NominatimTests {
    let server: TestServer
    let geocoder: Geocoder
    let path: String

    init() throws {
        path = try TestGraphs.path("andorra")
        server = try TestServer(graph: path)
        geocoder = try Geocoder(path: path)
    }

    func array(_ target: String) throws -> [[String: Any]] {
        let answer = try server.get(target)
        #expect(answer.status == 200, "\(target): \(answer.text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]])
    }

    @Test func searchAnswersNominatimFields() throws {
        let results = try array("/search?q=Avinguda+Meritxell&format=jsonv2&limit=3&addressdetails=1")
        let expected = geocoder.geocode("Avinguda Meritxell", limit: 3)
        #expect(results.count == expected.count && !results.isEmpty)
        for (json, r) in zip(results, expected) {
            #expect(json["osm_id"] as? Int == Int(r.osmId))
            #expect(json["osm_type"] as? String == r.osmType.description)
            #expect(json["place_id"] as? Int == Int(r.item))
            let lat = try #require(json["lat"] as? String), lon = try #require(json["lon"] as? String)
            #expect(abs(try #require(Double(lat)) - r.location.latitude) < 1e-7)
            #expect(abs(try #require(Double(lon)) - r.location.longitude) < 1e-7)
            #expect((json["display_name"] as? String)?.contains(r.street ?? r.name) == true)
            #expect(json["category"] is String && json["type"] is String && json["importance"] is Double)
            #expect((json["boundingbox"] as? [String])?.count == 4)
            let address = try #require(json["address"] as? [String: Any])
            if let city = r.city { #expect(address["city"] as? String == city) }
        }
        // format=json says "class" where jsonv2 says "category".
        let v1 = try array("/search?q=Avinguda%20Meritxell&format=json&limit=1")
        #expect(v1.first?["class"] is String && v1.first?["category"] == nil && v1.first?["address"] == nil)
    }

    @Test func viewboxBoundsResults() throws {
        let all = try array("/search?q=carrer&limit=40")
        #expect(all.count > 5)
        let first = try #require(all.first)
        let lat = try #require(Double(first["lat"] as? String ?? "")), lon = try #require(Double(first["lon"] as? String ?? ""))
        let box = String(format: "%.5f,%.5f,%.5f,%.5f", lon - 0.005, lat - 0.005, lon + 0.005, lat + 0.005)
        let bounded = try array("/search?q=carrer&limit=40&bounded=1&viewbox=\(box)")
        #expect(!bounded.isEmpty && bounded.count < all.count)
        for r in bounded {
            #expect(abs(Double(r["lat"] as! String)! - lat) <= 0.005 && abs(Double(r["lon"] as! String)! - lon) <= 0.005)
        }
    }

    @Test func countryCodesFilterResults() throws {
        let all = try array("/search?q=Avinguda+Meritxell&limit=3&addressdetails=1")
        #expect(!all.isEmpty)
        for r in all { #expect((r["address"] as? [String: Any])?["country_code"] as? String == "ad") }
        #expect(try array("/search?q=Avinguda+Meritxell&limit=3&countrycodes=ad,fr").count == all.count)
        #expect(try array("/search?q=Avinguda+Meritxell&limit=3&countrycodes=fr").isEmpty)
    }

    @Test func reverseAtLowZoomAnswersTheArea() throws {
        let country = try server.json("/reverse?lat=42.5063&lon=1.5218&zoom=3&addressdetails=1")
        #expect(country.object["name"] as? String == "Andorra")
        let city = try server.json("/reverse?lat=42.5063&lon=1.5218&zoom=10&addressdetails=1")
        let address = try #require(city.object["address"] as? [String: Any])
        #expect(city.object["name"] as? String == "Andorra la Vella" && address["country_code"] as? String == "ad")
        #expect(address["country"] as? String == "Andorra" && (city.object["display_name"] as? String)?.contains("Andorra la Vella") == true)
        let outline = try server.json("/reverse?lat=42.5063&lon=1.5218&zoom=3&polygon_geojson=1")
        let geojson = try #require(outline.object["geojson"] as? [String: Any])
        let rings = try #require(geojson["coordinates"] as? [[[Double]]])
        #expect(geojson["type"] as? String == "Polygon" && rings[0].count > 20 && rings[0].first == rings[0].last)
        let nowhere = try server.json("/reverse?lat=42.5063&lon=1.5218&zoom=1")  // continents: none in the data
        #expect(nowhere.object["error"] as? String == "Unable to geocode")
    }

    @Test func reverseFindsWhatIsAtThePoint() throws {
        let point = FixedCoordinate(lat: 425_063_000, lon: 15_218_000)
        let expected = geocoder.reverse(point)
        let (status, json) = try server.json("/reverse?lat=42.5063&lon=1.5218&format=jsonv2")
        #expect(status == 200)
        let best = try #require(expected.poi ?? expected.address ?? expected.street)
        #expect(json["osm_id"] as? Int == Int(best.osmId))
        #expect(json["address"] is [String: Any])
        let street = try #require(expected.street)
        let zoomedOut = try server.json("/reverse?lat=42.5063&lon=1.5218&zoom=16")
        #expect(zoomedOut.object["osm_id"] as? Int == Int(street.osmId))
        let nothing = try server.json("/reverse?lat=10&lon=10")
        #expect(nothing.status == 200 && nothing.object["error"] as? String == "Unable to geocode")
    }

    @Test func categoryAndPlacesAnswerLikeTheCLI() throws {
        let console = Console(capturing: true)
        #expect(GeocodeCommands.search(["cafe", "--near", "42.5063,1.5218", "--radius", "800", "--limit", "4", "--format", "json",
                                        "--graph", path], console: console) == 0)
        #expect(try server.get("/category?q=cafe&lat=42.5063&lon=1.5218&radius=800&limit=4").text + "\n" == console.output)
        let places = Console(capturing: true)
        #expect(GeocodeCommands.places(["--at", "42.5063,1.5218", "--accuracy", "30", "--format", "json", "--graph", path],
                                       console: places) == 0)
        #expect(try server.get("/places?lat=42.5063&lon=1.5218&accuracy=30").text + "\n" == places.output)
    }

    @Test(arguments: [
        "/search", "/search?q=", "/search?q=x&format=kml", "/search?q=x&limit=abc", "/search?q=x&limit=0",
        "/search?q=x&viewbox=1,2,3", "/search?q=x&bounded=1", "/search?q=x&bounded=2", "/search?q=zzqqxxj&addressdetails=7",
        "/reverse?lat=42.5", "/reverse?lat=91&lon=1", "/reverse?lat=nan&lon=1", "/reverse?lat=42.5&lon=1.5&zoom=3.5",
        "/category?lat=42.5&lon=1.5", "/category?q=spaceport&lat=42.5&lon=1.5", "/category?q=cafe&lat=42.5&lon=1.5&radius=1e9",
        "/places?lat=42.5", "/places?lat=42.5&lon=1.5&accuracy=-3", "/places?lat=42.5&lon=1.5&limit=100000",
    ])
    func badParametersGetNominatimErrors(target: String) throws {
        let (status, json) = try server.json(target)
        #expect(status == 400, "\(target)")
        let error = try #require(json["error"] as? [String: Any], "\(target)")
        #expect(error["code"] as? Int == 400 && (error["message"] as? String)?.isEmpty == false)
    }
}
