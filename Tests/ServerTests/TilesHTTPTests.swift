import Foundation
import Testing
import WayfinderEngine
import WayfinderGraph
import WayfinderImport
import WayfinderJSON
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// `/tiles/{z}/{x}/{y}` (docs/TILES.md): bad tile numbers, a real city's tiles at street
/// and country zoom, the sea of a coastline, the buildings layer.
@Suite struct TilesHTTPTests {
    static func server() throws -> TestServer { try TestServer(graph: TestGraphs.path("porto")) }

    /// The tile of zoom `z` holding a point.
    static func tile(_ z: Int, _ lat: Double, _ lon: Double) -> String {
        let t = WebMercator.tile(z: z, x: WebMercator.x(lon: Int32((lon * 1e7).rounded())), y: WebMercator.y(latitude: lat))
        return "/tiles/\(z)/\(t.x)/\(t.y)"
    }

    @Test func badTileNumbersAreInvalidValue() throws {
        let server = try Self.server()
        for target in ["/tiles/20/0/0", "/tiles/3/8/0", "/tiles/3/0/8", "/tiles/a/1/1", "/tiles/1/2", "/tiles/1/0/0/0",
                       "/tiles/-1/0/0", "/tiles/1/+1/0", "/tiles/1/0/0?buildings=yes", "/tiles/99999999999/0/0"] {
            let (status, object) = try server.json(target)
            #expect(status == 400, "\(target)")
            #expect(object["code"] as? String == "InvalidValue", "\(target)")
        }
        #expect(try server.get("/tiles/0/0/0.json").status == 200)
    }

    @Test func portoStreetTileReadsAsAMap() throws {
        let server = try Self.server()
        // Ribeira, on the Douro's north bank.
        let answer = try server.get(Self.tile(15, 41.1405, -8.6130) + "?buildings=1")
        #expect(answer.status == 200)
        #expect(answer.headers["cache-control"] == "public, max-age=3600")
        #expect(answer.headers["etag"]?.isEmpty == false)
        let tile = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(tile["extent"] as? Int == 4096 && tile["z"] as? Int == 15 && tile["land"] as? Bool == true)
        let areas = try #require(tile["areas"] as? [[String: Any]])
        let kinds = areas.compactMap { $0["kind"] as? String }
        #expect(kinds.contains("water"), "the Douro")
        #expect(kinds.contains("park"))
        // Draw order: no land use after the first water.
        let order = BaseMapAreaKind.allCases.map(\.name)
        #expect(kinds.map { order.firstIndex(of: $0)! } == kinds.map { order.firstIndex(of: $0)! }.sorted())
        let buildings = try #require(tile["buildings"] as? [[Int]])
        #expect(buildings.count > 100)
        for ring in buildings + areas.flatMap({ ($0["rings"] as? [[Int]]) ?? [] }) {
            #expect(ring.count >= 6 && ring.count % 2 == 0)
            #expect(ring.allSatisfy { $0 >= -128 && $0 <= 4096 + 128 })
        }
        let roads = try #require(tile["roads"] as? [[String: Any]])
        let classes = roads.compactMap { $0["class"] as? String }
        #expect(classes.contains("residential") && classes.contains("footway"))
        // Least important first, as the contract draws them.
        #expect(classes.map { MapEndpoints.classNames.firstIndex(of: $0)! }
                == classes.map { MapEndpoints.classNames.firstIndex(of: $0)! }.sorted(by: >))
        let streets = try #require(tile["streets"] as? [[String: Any]])
        #expect(streets.contains { ($0["name"] as? String)?.hasPrefix("Rua") == true && (($0["line"] as? [Int])?.count ?? 0) >= 4 })
        let labels = try #require(tile["labels"] as? [[String: Any]])
        #expect(labels.contains { $0["name"] as? String == "Ribeira" })
        // Without buildings=1 the layer is empty.
        let plain = try server.json(Self.tile(15, 41.1405, -8.6130)).object
        #expect((plain["buildings"] as? [Any])?.isEmpty == true)
    }

    @Test func portoCountryTileIsSmall() throws {
        let server = try Self.server()
        let answer = try server.get(Self.tile(8, 41.15, -8.61))
        #expect(answer.status == 200)
        #expect(answer.body.count < 30_000)
        let tile = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let classes = Set(((tile["roads"] as? [[String: Any]]) ?? []).compactMap { $0["class"] as? String })
        #expect(classes.contains("motorway") && classes.isSubset(of: ["motorway", "trunk", "primary"]))
        let labels = (tile["labels"] as? [[String: Any]]) ?? []
        #expect(labels.first?["name"] as? String == "Porto" && labels.first?["kind"] as? String == "city")
        #expect(labels.first?["rank"] as? Int == 1)
        #expect(((tile["streets"] as? [Any]) ?? [1]).isEmpty)
    }

    @Test func tileFarAwayIsEmpty() throws {
        let server = try Self.server()
        let (status, tile) = try server.json(Self.tile(15, -33.9, 151.2))
        #expect(status == 200)
        for layer in ["areas", "lines", "buildings", "roads", "labels", "streets"] {
            #expect((tile[layer] as? [Any])?.isEmpty == true, "\(layer)")
        }
        #expect(tile["land"] as? Bool == true)
    }

    /// The hand-written map of `BaseMapImportTests` (coast along lat 10.003, sea south of it).
    @Test func coastlineTilesAreSeaOrLand() throws {
        let path = TestGraphs.scratch("coast")
        try BaseMapFixture.xml.write(toFile: path + ".osm", atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: path + ".osm", output: path + ".wfg")
        let maker = TileMaker(graph: try ServedGraph(path: path + ".wfg", generation: 1))
        func tile(_ lat: Double, _ lon: Double, z: Int = 18, buildings: Bool = false) throws -> [String: Any] {
            let t = WebMercator.tile(z: z, x: WebMercator.x(lon: Int32((lon * 1e7).rounded())), y: WebMercator.y(latitude: lat))
            let json = JSONBuffer()
            maker.write(try #require(TileFrame(z: z, x: t.x, y: t.y)), buildings: buildings, into: json)
            return try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        }
        let sea = try tile(10.0015, 10.010)
        #expect(sea["land"] as? Bool == false)
        #expect((sea["areas"] as? [Any])?.isEmpty == true)
        let land = try tile(10.010, 10.002)
        #expect(land["land"] as? Bool == true)
        #expect(((land["areas"] as? [[String: Any]]) ?? []).allSatisfy { $0["kind"] as? String != "water" })
        // A tile across the coast: land, with the sea as a water area.
        let coast = try tile(10.003, 10.010, z: 16)
        #expect(coast["land"] as? Bool == true)
        #expect(((coast["areas"] as? [[String: Any]]) ?? []).contains { $0["kind"] as? String == "water" })
        // The building: only with buildings=1, and only from zoom 14.
        #expect(((try tile(10.00625, 10.00825, z: 16, buildings: true))["buildings"] as? [Any])?.count == 1)
        #expect(((try tile(10.00625, 10.00825, z: 16))["buildings"] as? [Any])?.isEmpty == true)
        #expect(((try tile(10.00625, 10.00825, z: 13, buildings: true))["buildings"] as? [Any])?.isEmpty == true)
        let town = try tile(10.010, 10.010, z: 12)
        #expect(((town["labels"] as? [[String: Any]]) ?? []).contains { $0["name"] as? String == "Testville" && $0["id"] as? String == "n600" })
    }
}

extension TilesHTTPTests {
    /// A coast the extract holds only part of is still closed on the right side.
    @Test func clippedCoastKeepsTheLandDry() throws {
        let path = TestGraphs.scratch("clipped-coast")
        try BaseMapFixture.clippedCoast.write(toFile: path + ".osm", atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: path + ".osm", output: path + ".wfg")
        let maker = TileMaker(graph: try ServedGraph(path: path + ".wfg", generation: 1))
        func tile(_ lat: Double, _ lon: Double) throws -> [String: Any] {
            let t = WebMercator.tile(z: 17, x: WebMercator.x(lon: Int32((lon * 1e7).rounded())), y: WebMercator.y(latitude: lat))
            let json = JSONBuffer()
            maker.write(try #require(TileFrame(z: 17, x: t.x, y: t.y)), buildings: false, into: json)
            return try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        }
        for (lat, lon) in [(10.015, 10.003), (10.017, 10.008), (10.008, 10.002)] {
            let land = try tile(lat, lon)
            #expect(land["land"] as? Bool == true, "\(lat),\(lon)")
            #expect((land["areas"] as? [Any])?.isEmpty == true, "\(lat),\(lon)")
        }
        for (lat, lon) in [(10.003, 10.016), (10.008, 10.018)] {
            #expect(try tile(lat, lon)["land"] as? Bool == false, "\(lat),\(lon)")
        }
    }
}

/// A small map with a coast, a building and a town (the same as `BaseMapImportTests`').
enum BaseMapFixture {
    static func node(_ id: Int, _ lat: Double, _ lon: Double, _ tags: String = "") -> String {
        "<node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\">\(tags)</node>\n"
    }
    static func way(_ id: Int, _ nodes: [Int], _ tags: String) -> String {
        "<way id=\"\(id)\" version=\"1\">" + nodes.map { "<nd ref=\"\($0)\"/>" }.joined() + tags + "</way>\n"
    }
    static func tag(_ k: String, _ v: String) -> String { "<tag k=\"\(k)\" v=\"\(v)\"/>" }
    static func document(_ e: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
            + "<bounds minlat=\"10.0\" minlon=\"10.0\" maxlat=\"10.02\" maxlon=\"10.02\"/>\n" + e + "</osm>\n"
    }

    static let xml: String = {
        var e = node(1, 10.005, 10.002) + node(2, 10.005, 10.010) + node(3, 10.005, 10.018)
        e += node(600, 10.010, 10.010, tag("name", "Testville") + tag("place", "town"))
        e += node(700, 10.003, 9.995) + node(701, 10.003, 10.010) + node(702, 10.003, 10.025)
        e += node(400, 10.006, 10.008) + node(401, 10.006, 10.0085) + node(402, 10.0065, 10.0085) + node(403, 10.0065, 10.008)
        e += way(100, [1, 2, 3], tag("highway", "residential") + tag("name", "Test Street"))
        e += way(400, [400, 401, 402, 403, 400], tag("building", "yes"))
        e += way(500, [700, 701, 702], tag("natural", "coastline"))
        return document(e)
    }()

    /// As Monaco's extract: the coast starts and ends inside the box (the rest is not in the
    /// file), and near its start dips out of the box and back. Land north-west, sea south-east.
    static let clippedCoast: String = {
        var e = node(1, 10.012, 10.002) + node(2, 10.016, 10.006)
        e += node(700, 10.0003, 10.004) + node(701, 9.9995, 10.003) + node(702, 9.9995, 10.005) + node(703, 10.001, 10.006)
        e += node(704, 10.010, 10.010) + node(705, 10.019, 10.015)
        e += way(100, [1, 2], tag("highway", "residential"))
        e += way(500, [700, 701, 702, 703, 704, 705], tag("natural", "coastline"))
        return document(e)
    }()
}
