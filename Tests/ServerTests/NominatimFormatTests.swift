import Foundation
import Testing
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Each Nominatim format, exactly, on the hand-written map (`NominatimFixture`): the café
/// "Kahvila Aurinko" (node 102, Koulukatu 3, in Aurinkola) as /search, /reverse and /lookup
/// answer it.
@Suite struct NominatimFormatTests {
    let server: TestServer
    let geocoder: Geocoder
    /// The café's place id (its item number).
    let cafe: Int

    init() throws {
        let path = try NominatimFixture.path()
        server = try TestServer(graph: path)
        geocoder = try Geocoder(path: path)
        cafe = try #require(GeocoderOSMIndex(geocoder).items(.node, 102).first)
    }

    func body(_ target: String) throws -> Any {
        let answer = try server.get(target)
        #expect(answer.status == 200, "\(target): \(answer.text)")
        return try JSONSerialization.jsonObject(with: Data(answer.body))
    }

    static let licence = "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"
    static let address: [String: String] = ["amenity": "Kahvila Aurinko", "house_number": "3", "road": "Koulukatu", "city": "Aurinkola"]
    static let displayName = "Kahvila Aurinko, 3, Koulukatu, Aurinkola"

    @Test func jsonv2AndJson() throws {
        let results = try #require(try body("/search?q=Kahvila+Aurinko&limit=1&addressdetails=1") as? [[String: Any]])
        let place = try #require(results.first)
        #expect(results.count == 1)
        #expect(Set(place.keys) == ["place_id", "licence", "osm_type", "osm_id", "lat", "lon", "category", "type", "place_rank",
                                    "importance", "addresstype", "name", "display_name", "address", "boundingbox"])
        #expect(place["place_id"] as? Int == cafe && place["licence"] as? String == Self.licence)
        #expect(place["osm_type"] as? String == "node" && place["osm_id"] as? Int == 102)
        #expect(place["lat"] as? String == "60.1001500" && place["lon"] as? String == "24.9005000")
        #expect(place["category"] as? String == "amenity" && place["type"] as? String == "cafe" && place["place_rank"] as? Int == 30)
        #expect(place["addresstype"] as? String == "amenity" && place["name"] as? String == "Kahvila Aurinko")
        #expect(place["display_name"] as? String == Self.displayName)
        #expect(place["address"] as? [String: String] == Self.address)
        #expect(place["boundingbox"] as? [String] == ["60.1001000", "60.1002000", "24.9004500", "24.9005500"])
        #expect(place["importance"] as? Double == (geocoder.result(cafe, score: 0).importance * 1e5).rounded() / 1e5)

        let v1 = try #require((try body("/search?q=Kahvila+Aurinko&limit=1&format=json") as? [[String: Any]])?.first)
        #expect(Set(v1.keys) == ["place_id", "licence", "osm_type", "osm_id", "lat", "lon", "class", "type", "place_rank",
                                 "importance", "addresstype", "name", "display_name", "boundingbox"])
        #expect(v1["class"] as? String == "amenity")
    }

    @Test func geojson() throws {
        let collection = try #require(try body("/search?q=Kahvila+Aurinko&limit=1&format=geojson&addressdetails=1") as? [String: Any])
        #expect(Set(collection.keys) == ["type", "licence", "features"])
        #expect(collection["type"] as? String == "FeatureCollection" && collection["licence"] as? String == Self.licence)
        let features = try #require(collection["features"] as? [[String: Any]])
        let feature = try #require(features.first)
        #expect(features.count == 1 && Set(feature.keys) == ["type", "properties", "bbox", "geometry"])
        #expect(feature["type"] as? String == "Feature")
        #expect(feature["bbox"] as? [Double] == [24.90045, 60.1001, 24.90055, 60.1002])
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point" && geometry["coordinates"] as? [Double] == [24.9005, 60.10015])
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["place_id", "osm_type", "osm_id", "place_rank", "category", "type", "importance",
                                         "addresstype", "name", "display_name", "address"])
        #expect(properties["place_id"] as? Int == cafe && properties["osm_id"] as? Int == 102 && properties["category"] as? String == "amenity")
        #expect(properties["display_name"] as? String == Self.displayName && properties["address"] as? [String: String] == Self.address)
    }

    @Test func geocodejson() throws {
        let collection = try #require(try body("/search?q=Kahvila+Aurinko&limit=1&format=geocodejson") as? [String: Any])
        #expect(Set(collection.keys) == ["type", "geocoding", "features"])
        #expect(collection["geocoding"] as? [String: String] == ["version": "0.1.0", "attribution": Self.licence, "licence": "ODbL",
                                                               "query": "Kahvila Aurinko"])
        let feature = try #require((collection["features"] as? [[String: Any]])?.first)
        #expect(Set(feature.keys) == ["type", "properties", "geometry"])
        let geocoding = try #require((feature["properties"] as? [String: Any])?["geocoding"] as? [String: Any])
        #expect(Set(geocoding.keys) == ["place_id", "osm_type", "osm_id", "osm_key", "osm_value", "type", "label", "name",
                                        "housenumber", "street", "city"])
        #expect(geocoding["place_id"] as? Int == cafe && geocoding["osm_type"] as? String == "node" && geocoding["osm_id"] as? Int == 102)
        #expect(geocoding["osm_key"] as? String == "amenity" && geocoding["osm_value"] as? String == "cafe")
        #expect(geocoding["type"] as? String == "house" && geocoding["label"] as? String == Self.displayName)
        #expect(geocoding["name"] as? String == "Kahvila Aurinko" && geocoding["housenumber"] as? String == "3")
        #expect(geocoding["street"] as? String == "Koulukatu" && geocoding["city"] as? String == "Aurinkola")
        // The levels of other kinds: a street, a town.
        let street = try #require((try body("/search?q=Asematie&limit=1&format=geocodejson") as? [String: Any])?["features"] as? [[String: Any]])
        #expect(((street.first?["properties"] as? [String: Any])?["geocoding"] as? [String: Any])?["type"] as? String == "street")
        let town = try #require((try body("/search?q=Aurinkola&limit=1&featureType=city&format=geocodejson") as? [String: Any])?["features"] as? [[String: Any]])
        #expect(((town.first?["properties"] as? [String: Any])?["geocoding"] as? [String: Any])?["type"] as? String == "city")
    }

    /// The XML with its timestamp taken out.
    func xml(_ target: String) throws -> String {
        let answer = try server.get(target)
        #expect(answer.status == 200 && answer.headers["content-type"]?.hasPrefix("text/xml") == true, "\(target)")
        return answer.text.replacingOccurrences(of: #"timestamp="[^"]*""#, with: "timestamp=\"T\"", options: .regularExpression)
    }

    @Test func xmlSearchReverseAndLookup() throws {
        let attribution = "attribution=\"Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright\""
        let place = "place_id=\"\(cafe)\" osm_type=\"node\" osm_id=\"102\" place_rank=\"30\" address_rank=\"30\" "
            + "boundingbox=\"60.1001000,60.1002000,24.9004500,24.9005500\" lat=\"60.1001500\" lon=\"24.9005000\""
        let importance = String(format: "%.5f", geocoder.result(cafe, score: 0).importance)
        let parts = "<amenity>Kahvila Aurinko</amenity><house_number>3</house_number><road>Koulukatu</road><city>Aurinkola</city>"
        #expect(try xml("/search?q=Kahvila+Aurinko&limit=1&format=xml&addressdetails=1&namedetails=1") == """
            <?xml version="1.0" encoding="UTF-8" ?>
            <searchresults timestamp="T" \(attribution) querystring="q=Kahvila Aurinko&amp;limit=1&amp;format=xml&amp;addressdetails=1&amp;namedetails=1">
            <place \(place) display_name="\(Self.displayName)" class="amenity" type="cafe" importance="\(importance)">\(parts)\
            <namedetails><name desc="name">Kahvila Aurinko</name><name desc="name:en">Sun Cafe</name></namedetails></place>
            </searchresults>

            """)
        #expect(try xml("/reverse?lat=60.10015&lon=24.9005&format=xml") == """
            <?xml version="1.0" encoding="UTF-8" ?>
            <reversegeocode timestamp="T" \(attribution) querystring="lat=60.10015&amp;lon=24.9005&amp;format=xml">
            <result \(place) ref="Kahvila Aurinko">\(Self.displayName)</result>
            <addressparts>\(parts)</addressparts>
            </reversegeocode>

            """)
        #expect(try xml("/reverse?lat=10&lon=10&format=xml").hasSuffix("<error>Unable to geocode</error>\n</reversegeocode>\n"))
        #expect(try xml("/lookup?osm_ids=N102&format=xml") == """
            <?xml version="1.0" encoding="UTF-8" ?>
            <lookupresults timestamp="T" \(attribution) querystring="osm_ids=N102&amp;format=xml">
            <place \(place) display_name="\(Self.displayName)" class="amenity" type="cafe" importance="\(importance)"></place>
            </lookupresults>

            """)
        // Names are escaped in text and attributes.
        let escaped = try xml("/search?q=Fish+Chips&format=xml&limit=1&addressdetails=1")
        #expect(escaped.contains("display_name=\"Fish &amp; &lt;Chips&gt; &quot;Aurinko&quot;, Aurinkola\""))
        #expect(escaped.contains("<amenity>Fish &amp; &lt;Chips&gt; &quot;Aurinko&quot;</amenity>"))
        #expect(!escaped.contains("<Chips>"))
        // Errors in XML when XML was asked for.
        let error = try server.get("/search?format=xml")
        #expect(error.status == 400 && error.text.contains("<error>\n  <code>400</code>\n  <message>"))
    }

    @Test func reverseInEveryFormat() throws {
        let point = "lat=60.10015&lon=24.9005"
        let v2 = try #require(try body("/reverse?\(point)") as? [String: Any])
        #expect(v2["osm_id"] as? Int == 102 && v2["address"] as? [String: String] == Self.address)   // addressdetails defaults to 1
        let v1 = try #require(try body("/reverse?\(point)&format=json&addressdetails=0") as? [String: Any])
        #expect(v1["class"] as? String == "amenity" && v1["address"] == nil)
        let geojson = try #require(try body("/reverse?\(point)&format=geojson") as? [String: Any])
        let features = try #require(geojson["features"] as? [[String: Any]])
        #expect(geojson["type"] as? String == "FeatureCollection" && features.count == 1)
        #expect((features[0]["properties"] as? [String: Any])?["osm_id"] as? Int == 102)
        let geocodejson = try #require(try body("/reverse?\(point)&format=geocodejson") as? [String: Any])
        let geocoding = try #require(((geocodejson["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])?["geocoding"] as? [String: Any])
        #expect(geocoding["osm_id"] as? Int == 102 && geocoding["accuracy"] as? Int == 0)
        #expect((geocodejson["geocoding"] as? [String: Any])?["query"] == nil)
        for format in ["json", "jsonv2", "geojson", "geocodejson"] {
            #expect(try body("/reverse?lat=10&lon=10&format=\(format)") as? [String: String] == ["error": "Unable to geocode",
                "hint": "it is outside the graph's area, \(geocoder.area.description)"])
        }
    }

    /// extratags, namedetails and accept-language written from a result's tags (filled by
    /// the index where it keeps them).
    @Test func tagsAndLanguagesFromTheResult() throws {
        var r = geocoder.result(cafe, score: 1)
        r.names = [OSMTag("name:en", "Sun Cafe"), OSMTag("name:sv", "Solkafé")]
        r.extraTags = [OSMTag("cuisine", "coffee_shop"), OSMTag("wikidata", "Q1")]
        var output = NominatimEndpoints.Output(format: .jsonv2, addressDetails: false)
        (output.extraTags, output.nameDetails, output.polygonGeoJSON) = (true, true, true)
        output.languages = LanguagePreference(header: "de, sv;q=0.9, en;q=0.8")
        let json = JSONBuffer()
        json.nominatimPlace(output.languages.localized(r), output)
        let place = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        #expect(place["name"] as? String == "Solkafé" && (place["display_name"] as? String)?.hasPrefix("Solkafé, 3, Koulukatu") == true)
        #expect(place["extratags"] as? [String: String] == ["cuisine": "coffee_shop", "wikidata": "Q1"])
        #expect(place["namedetails"] as? [String: String] == ["name": "Kahvila Aurinko", "name:en": "Sun Cafe", "name:sv": "Solkafé"])
        let geojson = try #require(place["geojson"] as? [String: Any])
        #expect(geojson["type"] as? String == "Point" && geojson["coordinates"] as? [Double] == [24.9005, 60.10015])
    }

    /// The café's `name:en` is shown to readers of English, by parameter or header.
    @Test func acceptLanguageChoosesTheName() throws {
        func first(_ target: String, header: String? = nil) throws -> [String: Any] {
            let request = "GET \(target) HTTP/1.1\r\nHost: x\r\n" + (header.map { "Accept-Language: \($0)\r\n" } ?? "") + "Connection: close\r\n\r\n"
            let answer = try HTTPClient.parse(try HTTPClient.send(port: server.port, Array(request.utf8)))
            return try #require((try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]])?.first)
        }
        let english = try first("/search?q=Kahvila+Aurinko&limit=1&namedetails=1&accept-language=fi;q=0.5,en")
        #expect(english["name"] as? String == "Sun Cafe" && english["display_name"] as? String == "Sun Cafe, 3, Koulukatu, Aurinkola")
        #expect(english["namedetails"] as? [String: String] == ["name": "Kahvila Aurinko", "name:en": "Sun Cafe"])
        #expect(try first("/search?q=Kahvila+Aurinko&limit=1", header: "en-GB,en;q=0.9")["name"] as? String == "Sun Cafe")
        #expect(try first("/search?q=Kahvila+Aurinko&limit=1&accept-language=de", header: "en")["name"] as? String == "Kahvila Aurinko")
        #expect(try first("/search?q=Sun+Cafe&limit=1")["name"] as? String == "Kahvila Aurinko")
    }

    @Test func languagePreferences() {
        #expect(LanguagePreference(header: "fi, en-GB;q=0.8, en;q=0.5, *;q=0.1").languages == ["fi", "en-gb", "en"])
        #expect(LanguagePreference(header: "en-US,de;q=0.9").languages == ["en-us", "en", "de"])
        #expect(LanguagePreference(header: "de;q=0.2, fr, xx;q=abc, it;q=0").languages == ["fr", "de"])
        let names = [OSMTag("name:EN", "Sun Cafe"), OSMTag("name:fi", "")]
        #expect(LanguagePreference(header: "fi,en").name(names, default: "Kahvila") == "Sun Cafe")
        #expect(LanguagePreference(header: "sv").name(names, default: "Kahvila") == "Kahvila")
    }
}
