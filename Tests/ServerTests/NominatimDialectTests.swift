import Foundation
import Testing
import WayfinderGeocoding
import WayfinderGraph
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Nominatim's parameters and /lookup, /details, /status on the hand-written map
/// (`NominatimFixture`), with exact expected answers.
@Suite struct NominatimDialectTests {
    let server: TestServer
    let geocoder: Geocoder
    let index: GeocoderOSMIndex

    init() throws {
        let path = try NominatimFixture.path()
        server = try TestServer(graph: path)
        geocoder = try Geocoder(path: path)
        index = GeocoderOSMIndex(geocoder)
    }

    func array(_ target: String) throws -> [[String: Any]] {
        let answer = try server.get(target)
        #expect(answer.status == 200, "\(target): \(answer.text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]], "\(target)")
    }

    /// "N102", "W10" of each result.
    func ids(_ target: String) throws -> [String] {
        try array(target).map { "\(($0["osm_type"] as! String).prefix(1).uppercased())\($0["osm_id"] as! Int)" }
    }

    func place(_ type: OSMObjectType, _ id: Int64) throws -> Int { try #require(index.items(type, id).first) }

    @Test func otherNamesAreFoundAndShownInTheLanguageAsked() throws {
        // name:en is searched, and accept-language (or the header) picks the name shown.
        let english = try array("/search?q=Sun+Cafe&accept-language=en&namedetails=1")
        #expect(english.first?["name"] as? String == "Sun Cafe" && english.first?["osm_id"] as? Int == 102)
        #expect((english.first?["namedetails"] as? [String: String])?["name:en"] == "Sun Cafe")
        let finnish = try array("/search?q=Sun+Cafe&accept-language=fi")
        #expect(finnish.first?["name"] as? String == "Kahvila Aurinko")
    }

    @Test func structuredFieldsMustAgreeWithTheResult() throws {
        // The same street and number in two places: the city or the postcode picks one.
        let kuuvaara = try ids("/search?street=Koulukatu+5&city=Kuuvaara")
        #expect(kuuvaara.first == "N101" && !kuuvaara.contains("N100") && !kuuvaara.contains("W10"))
        let aurinkola = try ids("/search?street=5+Koulukatu&postalcode=00100")
        #expect(aurinkola.first == "N100" && !aurinkola.contains("N101"))
        #expect(try ids("/search?street=Koulukatu&city=Kuuvaara").allSatisfy { ["W11", "N101"].contains($0) })
        // A city nobody is in, a street that is not there, a number that is not there.
        #expect(try ids("/search?street=Koulukatu+5&city=Helsinki").isEmpty)
        #expect(try ids("/search?street=Asematie&city=Kuuvaara").isEmpty)
        let seven = try ids("/search?street=Koulukatu+7&postalcode=00200")
        #expect(!seven.contains("N100") && !seven.contains("N101"))
        let amenity = try array("/search?amenity=Kahvila+Aurinko&city=Aurinkola&addressdetails=1")
        #expect(amenity.first?["osm_id"] as? Int == 102 && amenity.allSatisfy { $0["place_rank"] as? Int == 30 && $0["type"] as? String != "house" })
        // County, state and country filter; words the index lacks do not sink the answer.
        #expect(try ids("/search?street=Koulukatu+5&city=Kuuvaara&country=Testimaa&state=Uusimaa").first == "N101")
        #expect(try ids("/search?street=Koulukatu+5&postalcode=00200&city=Nowhere").isEmpty)
        let both = try server.json("/search?q=Koulukatu&city=Kuuvaara")
        #expect(both.status == 400 && ((both.object["error"] as? [String: Any])?["message"] as? String)?.contains("'q'") == true)
    }

    @Test func excludePlaceIdsDedupeAndLimit() throws {
        let all = try array("/search?q=Koulukatu")
        let first = try #require(all.first?["place_id"] as? Int)
        let rest = try array("/search?q=Koulukatu&exclude_place_ids=\(first),999999")
        #expect(rest.map { $0["place_id"] as! Int } == all.dropFirst().map { $0["place_id"] as! Int })
        let kiosks = ["N103", "N104"]
        #expect(try ids("/search?q=Kioski+Kuu").filter(kiosks.contains).count == 1)
        #expect(try ids("/search?q=Kioski+Kuu&dedupe=0").filter(kiosks.contains).sorted() == kiosks)
        #expect(try array("/search?q=Koulukatu&limit=1").count == 1)
    }

    @Test func layersAndFeatureTypes() throws {
        let everything = Set(try ids("/search?q=Aurinkola&limit=40"))
        #expect(everything.isSuperset(of: ["N1000", "N105", "N106"]))
        #expect(try ids("/search?q=Aurinkola&layer=railway") == ["N105"])
        #expect(try ids("/search?q=Aurinkola&layer=manmade") == ["N106"])
        #expect(try ids("/search?q=Aurinkovuori&layer=natural") == ["N107"])
        let poi = try ids("/search?q=Aurinkola&layer=poi&limit=40")
        #expect(!poi.contains("N105") && !poi.contains("N106") && !poi.contains("N1000"))
        #expect(try ids("/search?q=Kahvila&layer=poi") == ["N102"])
        #expect(Set(try ids("/search?q=Aurinkola&layer=railway,manmade")) == ["N105", "N106"])
        #expect(try ids("/search?q=Aurinkola&layer=address&limit=40").contains("N1000"))
        #expect(try ids("/search?q=Aurinkola&featureType=city") == ["N1000"])
        #expect(try ids("/search?q=Kuuvaara&featureType=settlement") == ["N1001"])
        #expect(try ids("/search?q=Testimaa&featureType=country") == ["N1002"])
        #expect(try ids("/search?q=Testimaa&featureType=city").isEmpty)
        // Reverse keeps the layers asked for.
        let reverse = try server.json("/reverse?lat=60.10015&lon=24.9005&layer=address")
        #expect(reverse.object["category"] as? String == "place" && reverse.object["type"] as? String == "house")
    }

    @Test func namedetailsExtratagsAndPolygons() throws {
        let place = try #require(try array("/search?q=Kahvila+Aurinko&limit=1&namedetails=1&extratags=1&polygon_geojson=1").first)
        let names = try #require(place["namedetails"] as? [String: String])
        #expect(names["name"] == "Kahvila Aurinko")
        #expect(place["extratags"] is [String: String])
        let geojson = try #require(place["geojson"] as? [String: Any])
        #expect(geojson["type"] as? String == "Point" && geojson["coordinates"] as? [Double] == [24.9005, 60.10015])
        // A street's geometry is its line, in every format.
        let street = try #require(try array("/search?q=Asematie&limit=1&polygon_geojson=1").first)
        let line = try #require(street["geojson"] as? [String: Any])
        #expect(line["type"] as? String == "LineString" && line["coordinates"] as? [[Double]] == [[24.9, 60.101], [24.904, 60.101]])
        let feature = try #require((try server.json("/search?q=Asematie&limit=1&polygon_geojson=1&format=geojson").object["features"] as? [[String: Any]])?.first)
        #expect((feature["geometry"] as? [String: Any])?["type"] as? String == "LineString")
        let xml = try server.get("/search?q=Asematie&limit=1&polygon_geojson=1&format=xml").text
        #expect(xml.contains(#"geojson="{&quot;type&quot;:&quot;LineString&quot;,&quot;coordinates&quot;:[[24.9,60.101],[24.904,60.101]]}""#), "\(xml)")
        let plain = try #require(try array("/search?q=Kahvila+Aurinko&limit=1").first)
        #expect(plain["namedetails"] == nil && plain["extratags"] == nil && plain["geojson"] == nil)
    }

    @Test func reverseClampsZoom() throws {
        let at18 = try server.json("/reverse?lat=60.10015&lon=24.9005&zoom=18").object
        let at19 = try server.json("/reverse?lat=60.10015&lon=24.9005&zoom=19")
        #expect(at19.status == 200 && at19.object["place_id"] as? Int == at18["place_id"] as? Int)
        let low = try server.json("/reverse?lat=60.10015&lon=24.9005&zoom=-4")
        let zero = try server.json("/reverse?lat=60.10015&lon=24.9005&zoom=0").object
        #expect(low.status == 200 && low.object["place_id"] as? Int == zero["place_id"] as? Int)
    }

    @Test func lookupInTheOrderAsked() throws {
        #expect(try ids("/lookup?osm_ids=N102,W10,R999,n101,N102") == ["N102", "W10", "N101"])
        let details = try #require(try array("/lookup?osm_ids=N102&addressdetails=1").first)
        let cafe = try place(.node, 102)
        #expect(details["place_id"] as? Int == cafe && details["address"] is [String: String])
        #expect(try array("/lookup?osm_ids=").isEmpty)
        let many = (1...51).map { "N\($0)" }.joined(separator: ",")
        #expect(try server.json("/lookup?osm_ids=\(many)").status == 400)
    }

    @Test func detailsOfOnePlace() throws {
        let cafe = try place(.node, 102)
        let (status, details) = try server.json("/details?osmtype=N&osmid=102&addressdetails=1")
        #expect(status == 200)
        #expect(Set(details.keys) == ["place_id", "parent_place_id", "osm_type", "osm_id", "category", "type", "admin_level",
                                      "localname", "names", "addresstags", "housenumber", "calculated_postcode", "country_code",
                                      "indexed_date", "importance", "calculated_importance", "extratags", "calculated_wikipedia",
                                      "rank_address", "rank_search", "isarea", "centroid", "geometry", "address"])
        #expect(details["place_id"] as? Int == cafe && details["osm_type"] as? String == "N" && details["osm_id"] as? Int == 102)
        #expect(details["category"] as? String == "amenity" && details["type"] as? String == "cafe")
        #expect(details["localname"] as? String == "Kahvila Aurinko" && (details["names"] as? [String: String])?["name"] == "Kahvila Aurinko")
        #expect(details["addresstags"] as? [String: String] == ["housenumber": "3", "street": "Koulukatu", "city": "Aurinkola"])
        #expect(details["housenumber"] as? String == "3" && details["rank_address"] as? Int == 30 && details["isarea"] as? Bool == false)
        #expect((details["centroid"] as? [String: Any])?["coordinates"] as? [Double] == [24.9005, 60.10015])
        let lines = try #require(details["address"] as? [[String: Any]])
        #expect(lines.map { $0["type"] as? String } == ["amenity", "house_number", "road", "city"])
        #expect(try server.json("/details?place_id=\(cafe)").object["osm_id"] as? Int == 102)
        #expect(try server.json("/details?osmtype=W&osmid=123456789").status == 404)
        #expect(try server.json("/details?place_id=99999999").status == 404)
        for bad in ["/details", "/details?osmtype=X&osmid=1", "/details?osmtype=N&osmid=abc", "/details?place_id=-1",
                    "/details?place_id=1&format=xml"] {
            #expect(try server.get(bad).status == 400, "\(bad)")
        }
    }

    @Test func status() throws {
        let text = try server.get("/status")
        #expect(text.status == 200 && text.text == "OK")
        let (code, json) = try server.json("/status?format=json")
        #expect(code == 200 && Set(json.keys) == ["status", "message", "data_updated", "software_version", "database_version"])
        #expect(json["status"] as? Int == 0 && json["message"] as? String == "OK")
        #expect((json["data_updated"] as? String)?.hasSuffix("+00:00") == true)
        #expect(json["database_version"] as? String == "\(GraphFile.formatVersion)")
        #expect(try server.get("/status?format=xml").status == 400)
    }

    @Test func swappedCoordinatesGetAHint() throws {
        let reverse = try server.json("/reverse?lat=24.9005&lon=60.10015")
        #expect(reverse.object["error"] as? String == "Unable to geocode")
        #expect(reverse.object["hint"] as? String == "did you mean lat=60.10015&lon=24.9005? latitude and longitude look swapped")
        let route = try server.json("/route/v1/driving/60.1,24.9005;24.901,60.1")
        #expect(route.status == 400 && route.object["code"] as? String == "NoSegment")
        #expect((route.object["message"] as? String)?.hasSuffix("did you mean 24.9005,60.1? coordinates here are LON,LAT") == true)
        let far = try server.json("/route/v1/driving/10,10;24.901,60.1")
        #expect((far.object["message"] as? String)?.hasSuffix("it is outside the graph's area, \(geocoder.area.description)") == true)
        #expect(geocoder.area.description.hasSuffix("(Testimaa)"))
        let nearest = try server.json("/nearest/v1/driving/60.1,24.9005")
        #expect(nearest.status == 400 && (nearest.object["message"] as? String)?.hasSuffix("did you mean 24.9005,60.1? coordinates here are LON,LAT") == true)
    }

    /// The `Accept-Language` header reaches the endpoints (the parameter wins over it).
    @Test func acceptLanguageHeader() throws {
        let echo = EndpointTable([Endpoint("echo", path: "/echo") { request, _ in
            .text(request["accept-language"] ?? request.acceptLanguage ?? "-")
        }])
        let server = try TestServer(graph: NominatimFixture.path(), endpoints: echo)
        func get(_ target: String, header: String) throws -> String {
            let bytes = try HTTPClient.send(port: server.port, Array("GET \(target) HTTP/1.1\r\nHost: x\r\nAccept-Language: \(header)\r\nConnection: close\r\n\r\n".utf8))
            return try HTTPClient.parse(bytes).text
        }
        #expect(try get("/echo", header: "sv, en;q=0.5") == "sv, en;q=0.5")
        #expect(try get("/echo?accept-language=fi", header: "sv") == "fi")
    }

    @Test(arguments: [
        "/search?q=x&format=html", "/search?q=x&exclude_place_ids=1,abc", "/search?q=x&layer=rivers", "/search?q=x&layer=",
        "/search?q=x&featureType=planet", "/search?q=x&dedupe=2", "/search?q=x&extratags=maybe", "/search?q=x&namedetails=2",
        "/search?q=x&polygon_geojson=x", "/reverse?lat=60.1&lon=24.9&zoom=abc", "/reverse?lat=60.1&lon=24.9&layer=x",
        "/lookup?osm_ids=X1", "/lookup?osm_ids=N", "/lookup?osm_ids=Nabc", "/lookup?osm_ids=N1&format=csv",
    ])
    func malformedValuesAreNominatimErrors(target: String) throws {
        let (status, json) = try server.json(target)
        #expect(status == 400, "\(target)")
        let error = try #require(json["error"] as? [String: Any], "\(target)")
        #expect(error["code"] as? Int == 400 && (error["message"] as? String)?.isEmpty == false)
    }

    @Test func olderPathsAnswerToo() throws {
        #expect(try ids("/search.php?q=Kahvila+Aurinko&limit=1") == ["N102"])
        #expect(try server.json("/reverse.php?lat=60.10015&lon=24.9005").object["osm_id"] as? Int == 102)
        #expect(try ids("/lookup.php?osm_ids=W10") == ["W10"])
        #expect(try server.json("/details.php?osmtype=N&osmid=102").object["osm_id"] as? Int == 102)
        #expect(try server.get("/status.php").text == "OK")
    }

    @Test func reverseLayerPoiAtAnyZoom() throws {
        #expect(try server.json("/reverse?lat=60.10015&lon=24.9005&zoom=10&layer=poi").object["osm_id"] as? Int == 102)
        #expect(try server.json("/reverse?lat=60.10015&lon=24.9005&zoom=10").object["category"] as? String != "amenity")
    }

    @Test func unknownParametersAreIgnored() throws {
        #expect(try ids("/search?q=Kahvila+Aurinko&limit=1&email=a@b.c&foo=bar") == ["N102"])
        #expect(try array("/search?q=Kahvila+Aurinko&limit=1&extratags=True&namedetails=yes").first?["extratags"] is [String: String])
    }
}
