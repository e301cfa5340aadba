import Foundation
import Testing
import WayfinderGeocoding
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Nominatim's `extratags=1`: the tags the index keeps for a place or POI, as an object.
@Suite struct NominatimExtraTagsTests {
    @Test func extraTagsAreAnObjectOnlyWhenAsked() throws {
        let path = try TestGraphs.path("andorra")
        let server = try TestServer(graph: path)
        let expected = try #require(Geocoder(path: path).geocode("Andorra la Vella", limit: 1).first)
        #expect(expected.extraTags.contains(OSMTag("wikidata", "Q1863")))
        for target in ["/search?q=Andorra+la+Vella&format=jsonv2&limit=1&extratags=1",
                       "/reverse?lat=\(expected.location.latitude)&lon=\(expected.location.longitude)&format=json&extratags=1"] {
            let answer = try server.get(target)
            #expect(answer.status == 200, "\(target): \(answer.text)")
            let json = try JSONSerialization.jsonObject(with: Data(answer.body))
            let place = try #require((json as? [[String: Any]])?.first ?? json as? [String: Any], "\(target)")
            let tags = try #require(place["extratags"] as? [String: String], "\(target)")
            if target.hasPrefix("/search") {
                #expect(tags == Dictionary(uniqueKeysWithValues: expected.extraTags.map { ($0.key, $0.value) }))
            }
        }
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(server.get("/search?q=Andorra+la+Vella&limit=1").body)) as? [[String: Any]])
        #expect(plain.first?["extratags"] == nil)
    }
}
