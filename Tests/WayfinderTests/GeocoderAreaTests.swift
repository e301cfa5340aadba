import Foundation
import Testing
@testable import WayfinderGeocoding
import WayfinderGraph
import WayfinderImport

/// Areas on a hand-drawn map: a country with a hole, a state the file holds only part of
/// (one boundary way, another missing, a label node), a municipality linked to its town
/// node, a suburb, a postal code area; and on the real extracts.
@Suite struct GeocoderAreaTests {
    static func at(_ lat: Double, _ lon: Double) -> FixedCoordinate { FixedCoordinate(latitude: lat, longitude: lon) }
    /// In Vila's suburb Centro, on Rua Um, north of Norte's boundary.
    static let house = at(10.0781, 20.03)

    @Test func addressFieldsComeFromTheAreasAroundThePoint() throws {
        let g = try AreaFixture.shared.geocoder()
        let a = g.addressAreas(at: Self.house)
        #expect(a.country == "Terra" && a.countryCode == "zz" && a.state == "Norte")
        #expect(a.city == "Vila" && a.suburb == "Centro" && a.county == nil)
        #expect(a.postcode == "1234-001")  // the municipality's postal_code: no postal code area here
        // South of the state's boundary way, in the postal code area; the city is the item's own.
        let south = g.addressAreas(at: Self.at(10.02, 20.02), postcode: nil, city: "Aldeia")
        #expect(south.country == "Terra" && south.state == nil && south.city == "Aldeia" && south.postcode == "9999")
        #expect(g.addressAreas(at: Self.at(10.02, 20.02), postcode: "9000").postcode == "9000")  // the item's own first
        // In the country's hole: nothing. Outside the country but on the label's side of the
        // state's boundary, which (the file being the extract) closes beyond the data: Norte.
        #expect(g.addressAreas(at: Self.at(10.03, 20.08)) == AddressAreas())
        var north = AddressAreas()
        north.state = "Norte"
        #expect(g.addressAreas(at: Self.at(10.2, 20.2)) == north)
        #expect(g.countryCode(at: Self.at(10.2, 20.2)) == nil && g.countryCode(at: Self.house) == "zz")
    }

    @Test func everyResultCarriesItsAreas() throws {
        let g = try AreaFixture.shared.geocoder()
        let address = try #require(g.geocode("Rua Um 1").first)
        #expect(address.areas.city == "Vila" && address.areas.countryCode == "zz" && address.areas.suburb == "Centro")
        let reverse = try #require(g.reverse(Self.house).address)
        #expect(reverse.areas == address.areas)
        let cafe = try #require(g.geocode("Café Sul").first)
        #expect(cafe.areas.country == "Terra" && cafe.areas.state == nil && cafe.areas.postcode == "9999")
    }

    @Test func reverseAnswersTheLevelOfTheZoom() throws {
        let g = try AreaFixture.shared.geocoder()
        func name(_ zoom: Int) -> String? { g.reverse(Self.house, zoom: zoom)?.name }
        #expect(name(18) == "Rua Um 1" && name(19) == "Rua Um 1" && name(200) == "Rua Um 1")  // clamped to 18
        #expect(name(17) == "Rua Um" && name(16) == "Rua Um")
        #expect(name(14) == "Centro")  // neighbourhood level reaches the suburb (admin level 10)
        #expect(name(12) == "Vila" && name(10) == "Vila")  // the municipality's item is its town node
        #expect(g.reverse(Self.house, zoom: 10)?.osmType == .node)
        #expect(name(8) == "Norte" && name(5) == "Norte")
        #expect(name(3) == "Terra" && name(4) == "Terra")
        // An area's own address stops at its level.
        let terra = try #require(g.reverse(Self.house, zoom: 3))
        #expect(terra.areas.country == "Terra" && terra.areas.state == nil && terra.areas.city == nil && terra.areas.suburb == nil)
        let vila = try #require(g.reverse(Self.house, zoom: 10))
        #expect(vila.areas.city == "Vila" && vila.areas.state == "Norte" && vila.areas.suburb == nil)
        #expect(name(2) == nil && name(-5) == nil)  // continents: none in the data
        #expect(g.reverse(Self.at(10.03, 20.08), zoom: 3) == nil)  // in the hole
    }

    @Test func countryAndBoxFiltersComeBeforeRanking() throws {
        let g = try AreaFixture.shared.geocoder()
        #expect(Set(g.geocode("Café", limit: 5).map(\.name)) == ["Café Sul", "Café Fora"])
        let inTerra = g.geocode("Café", limit: 5, where: { g.countryCode(at: $0) == "zz" })
        #expect(inTerra.map(\.name) == ["Café Sul"])
        #expect(g.geocode("Café", limit: 5, where: { g.countryCode(at: $0) == "fr" }).isEmpty)
        // With a limit of one, whichever of the two ranks first, the one in the box is found.
        let south = FixedCoordinate(latitude: 10.1, longitude: 0).lat
        #expect(g.geocode("Café", limit: 1, where: { $0.lat < south }).map(\.name) == ["Café Sul"])
        #expect(g.geocode("Café", limit: 1, where: { $0.lat > south }).map(\.name) == ["Café Fora"])
    }

    @Test func polygonsOfClosedAreasOnly() throws {
        let g = try AreaFixture.shared.geocoder()
        let terra = try #require(g.reverse(Self.house, zoom: 3))
        let polygons = try #require(g.polygons(ofItem: terra.item))
        #expect(polygons.count == 1 && polygons[0].holes.count == 1)
        #expect(polygons[0].outer.count == 5 && polygons[0].outer.first == polygons[0].outer.last)
        let norte = try #require(g.reverse(Self.house, zoom: 5))
        #expect(g.polygons(ofItem: norte.item) == nil)  // clipped: its shape is not known
        #expect(g.areaCount == 5)
    }

    @Test(arguments: [
        ("andorra", 42.5075, 1.5218, "Andorra", "ad", "Andorra la Vella"),
        ("andorra", 42.567, 1.598, "Andorra", "ad", "Canillo"),
        ("porto", 41.1456, -8.6109, "Portugal", "pt", "Porto"),
        ("helsinki", 60.1699, 24.9384, "Suomi", "fi", "Helsinki"),
    ])
    func realExtractsGetTheirCountryAndMunicipality(extract: String, lat: Double, lon: Double, country: String, code: String, city: String) throws {
        let g = try Geocoder(path: ExtractGraphs.shared.path(extract))
        let r = try #require(g.reverse(Self.at(lat, lon)).best)
        #expect(r.areas.country == country && r.areas.countryCode == code && r.areas.city == city, "\(r.areas)")
    }
}

/// The map of `GeocoderAreaTests`, built once per test run.
final class AreaFixture: @unchecked Sendable {
    static let shared = AreaFixture()
    private let lock = NSLock()
    private var built: String?

    func geocoder() throws -> Geocoder {
        lock.lock()
        defer { lock.unlock() }
        if built == nil {
            let dir = temporaryDirectory()
            try Self.xml.write(toFile: "\(dir)/areas.osm", atomically: true, encoding: .utf8)
            _ = try GraphBuilder.build(input: "\(dir)/areas.osm", output: "\(dir)/areas.wfg")
            built = "\(dir)/areas.wfg"
        }
        return try Geocoder(path: built!)
    }

    static var xml: String {
        func tags(_ t: [String: String]) -> String { t.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined() }
        var nodes = "", ways = "", id = 1
        /// A way through new nodes at the given points.
        func way(_ wayId: Int, _ points: [(Double, Double)], closed: Bool = false, _ t: [String: String] = [:]) {
            var refs: [Int] = []
            for (lat, lon) in points {
                nodes += "<node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
                refs.append(id)
                id += 1
            }
            if closed { refs.append(refs[0]) }
            ways += "<way id=\"\(wayId)\" version=\"1\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + tags(t) + "</way>\n"
        }
        func box(_ lat0: Double, _ lon0: Double, _ lat1: Double, _ lon1: Double) -> [(Double, Double)] {
            [(lat0, lon0), (lat0, lon1), (lat1, lon1), (lat1, lon0)]
        }
        func node(_ nodeId: Int, _ lat: Double, _ lon: Double, _ t: [String: String]) -> String {
            "<node id=\"\(nodeId)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\">\(tags(t))</node>\n"
        }
        func relation(_ relationId: Int, _ members: [(String, Int, String)], _ t: [String: String]) -> String {
            "<relation id=\"\(relationId)\" version=\"1\">"
                + members.map { "<member type=\"\($0.0)\" ref=\"\($0.1)\" role=\"\($0.2)\"/>" }.joined() + tags(t) + "</relation>\n"
        }
        way(201, box(10.0, 20.0, 10.1, 20.1), closed: true)                 // Terra
        way(202, box(10.02, 20.07, 10.04, 20.09), closed: true)             // its hole
        way(203, [(10.05, 19.99), (10.05, 20.05), (10.05, 20.11)])          // Norte's southern edge
        way(204, box(10.06, 20.01, 10.09, 20.05), closed: true)             // Vila
        way(205, box(10.07, 20.02, 10.085, 20.04), closed: true)            // Centro
        way(206, box(10.0, 20.0, 10.05, 20.05), closed: true)               // postal code 9999
        way(210, [(10.078, 20.025), (10.078, 20.035)], ["highway": "residential", "name": "Rua Um"])
        way(211, [(10.2, 20.19), (10.2, 20.21)], ["highway": "residential", "name": "Rua Fora"])
        let admin = ["type": "boundary", "boundary": "administrative"]
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n" + nodes
            + node(9001, 10.08, 20.02, ["place": "state", "name": "Norte"])
            + node(9002, 10.075, 20.03, ["place": "town", "name": "Vila"])
            + node(9003, 10.0781, 20.03, ["addr:street": "Rua Um", "addr:housenumber": "1"])
            + node(9004, 10.02, 20.02, ["amenity": "cafe", "name": "Café Sul"])
            + node(9005, 10.2, 20.2, ["amenity": "cafe", "name": "Café Fora"])
            + ways
            + relation(1001, [("way", 201, "outer"), ("way", 202, "inner")],
                       admin.merging(["admin_level": "2", "name": "Terra", "ISO3166-1:alpha2": "ZZ"]) { $1 })
            + relation(1002, [("way", 203, "outer"), ("way", 99_999, "outer"), ("node", 9001, "label")],
                       admin.merging(["admin_level": "4", "name": "Norte"]) { $1 })
            + relation(1003, [("way", 204, "outer"), ("node", 9002, "admin_centre")],
                       admin.merging(["admin_level": "8", "name": "Vila", "postal_code": "1234-001"]) { $1 })
            + relation(1004, [("way", 205, "outer")], admin.merging(["admin_level": "10", "name": "Centro"]) { $1 })
            + relation(1005, [("way", 206, "outer")], ["type": "boundary", "boundary": "postal_code", "postal_code": "9999"])
            + "</osm>\n"
    }
}
