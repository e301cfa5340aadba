import Foundation
import Testing
import WayfinderGraph
import WayfinderImport

/// The base map the importer writes into the graph file (`BaseMapSections.swift`): OSM tags
/// to kinds, multipolygons with holes, buildings, the sea from a coastline, place labels;
/// and the Web Mercator tile maths `/tiles` relies on.
@Suite struct BaseMapImportTests {
    /// A 0.02° box: a road, a park, a lake with an island (multipolygon), a building, a
    /// town node, and a coastline along lat 10.003 running east (land on its left: north),
    /// so the strip south of it is sea.
    static let map = HandWrittenMap("basemap") { baseMapFixture() }

    static func baseMapFixture() -> String {
        var e = "<bounds minlat=\"10.0\" minlon=\"10.0\" maxlat=\"10.02\" maxlon=\"10.02\"/>\n"
        func square(_ firstId: Int, _ lat0: Double, _ lon0: Double, _ lat1: Double, _ lon1: Double) -> [Int] {
            e += OSMXML.node(firstId, lat0, lon0) + OSMXML.node(firstId + 1, lat0, lon1)
                + OSMXML.node(firstId + 2, lat1, lon1) + OSMXML.node(firstId + 3, lat1, lon0)
            return [firstId, firstId + 1, firstId + 2, firstId + 3, firstId]
        }
        e += OSMXML.node(1, 10.005, 10.002) + OSMXML.node(2, 10.005, 10.010) + OSMXML.node(3, 10.005, 10.018)
        e += OSMXML.node(4, 10.015, 10.010)
        e += OSMXML.node(600, 10.010, 10.010, ["place": "town", "name": "Testville", "population": "12 345"])
        e += OSMXML.node(700, 10.003, 9.995) + OSMXML.node(701, 10.003, 10.010) + OSMXML.node(702, 10.003, 10.025)
        let park = square(200, 10.010, 10.004, 10.012, 10.006)
        let outer = square(300, 10.013, 10.010, 10.018, 10.016)
        let inner = square(310, 10.014, 10.012, 10.016, 10.014)
        let building = square(400, 10.006, 10.008, 10.0065, 10.0085)
        let grass = square(410, 10.0066, 10.0086, 10.0068, 10.0088)
        e += OSMXML.way(100, [1, 2, 3], ["highway": "residential", "name": "Test Street"])
        e += OSMXML.way(101, [2, 4], ["highway": "residential", "name": "Cross Street"])
        e += OSMXML.way(200, park, ["leisure": "park", "name": "Test Park"])
        e += OSMXML.way(301, outer, [:]) + OSMXML.way(302, inner, [:])
        e += OSMXML.way(400, building, ["building": "yes", "amenity": "school"])
        e += OSMXML.way(410, grass, ["building": "no", "landuse": "grass"])
        e += OSMXML.way(500, [700, 701, 702], ["natural": "coastline"])
        e += "<relation id=\"900\" version=\"1\"><member type=\"way\" ref=\"301\" role=\"outer\"/>"
            + "<member type=\"way\" ref=\"302\" role=\"inner\"/>" + OSMXML.tags(["type": "multipolygon", "natural": "water"]) + "</relation>\n"
        return OSMXML.document(e)
    }

    static func baseMap() throws -> (GraphFile, BaseMap) {
        let file = try GraphFile(path: map.path())
        return (file, try #require(try BaseMap(file: file)))
    }

    /// The features of `kind` (whole or first pieces) and their part counts.
    static func parts(_ baseMap: BaseMap, kind: BaseMapAreaKind, sea: Bool = false) -> [Int] {
        baseMap.features.indices.filter {
            let f = baseMap.features[$0]
            return f.type == BaseMapFeature.area && f.kind == kind.rawValue && (f.flags & BaseMapFeature.sea != 0) == sea
        }.map { f in
            var count = 0
            baseMap.forEachPoint(of: f) { part, _, _ in count = max(count, part + 1) }
            return count
        }
    }

    @Test func tagsBecomeKinds() throws {
        let (_, baseMap) = try Self.baseMap()
        #expect(Self.parts(baseMap, kind: .park) == [1])
        #expect(Self.parts(baseMap, kind: .building) == [1], "building=yes with amenity is a building")
        #expect(Self.parts(baseMap, kind: .grass) == [1], "building=no is not a building")
        #expect(Self.parts(baseMap, kind: .water) == [2], "the lake: outer ring and the island's hole")
        // Buildings come last and from zoom 14; land use before water.
        let kinds = baseMap.features.filter { $0.type == BaseMapFeature.area && $0.flags == 0 }.map(\.kind)
        #expect(kinds.last == BaseMapAreaKind.building.rawValue)
        #expect(kinds.firstIndex(of: BaseMapAreaKind.park.rawValue)! < kinds.firstIndex(of: BaseMapAreaKind.water.rawValue)!)
        let building = baseMap.features.first { $0.kind == BaseMapAreaKind.building.rawValue }!
        #expect(building.minZoom >= 14)
        #expect(baseMap.labels.count == 1)
        let label = try #require(baseMap.labels.first)
        #expect(baseMap.strings[label.name] == "Testville")
        #expect(label.population == 12345 && label.kind == BaseMapLabelKind.town.rawValue && label.osmId == 600)
    }

    @Test func coastlineClosesTheSeaAlongTheBounds() throws {
        let (_, baseMap) = try Self.baseMap()
        #expect(baseMap.hasSea)
        let sea = baseMap.features.indices.filter { baseMap.features[$0].flags & BaseMapFeature.sea != 0 }
        #expect(!sea.isEmpty)
        // The sea lies south of the coast (lat 10.003): every sea point is at or south of it.
        let coastY = WebMercator.y(latitude: 10.003), southY = WebMercator.y(latitude: 10.0)
        var area = 0.0
        for f in sea {
            var ring: [BaseMapWriter.Point] = []
            var part = 0
            baseMap.forEachPoint(of: f) { p, x, y in
                #expect(y >= coastY - 1 && y <= southY + 1)
                if p != part { area += BaseMapWriter.signedArea(ring); ring = []; part = p }
                ring.append((x, y))
            }
            area += BaseMapWriter.signedArea(ring)
        }
        // The whole strip: 0.02° wide, 0.003° high.
        let strip = Double(WebMercator.x(lon: 10_020_0000) - WebMercator.x(lon: 10_000_0000)) * Double(southY - coastY)
        #expect(abs(abs(area) - strip) / strip < 0.01)
    }

    @Test func noBaseMapBuildLeavesTheSectionsOut() throws {
        let dir = temporaryDirectory()
        try Self.baseMapFixture().write(toFile: "\(dir)/plain.osm", atomically: true, encoding: .utf8)
        let summary = try GraphBuilder.build(input: "\(dir)/plain.osm", output: "\(dir)/plain.wfg", baseMap: false)
        #expect(summary.baseMap == nil)
        let file = try GraphFile(path: "\(dir)/plain.wfg")
        #expect(try BaseMap(file: file) == nil)
        #expect(BaseMap.byteCount(in: file) == 0)
    }

    /// Porto's cathedral square lands in tile 15/15600/12267 at about (888, 2100).
    @Test func tileMaths() throws {
        let x = WebMercator.x(lon: -86_109_000), y = WebMercator.y(latitude: 41.1496)
        let tile = WebMercator.tile(z: 15, x: x, y: y)
        #expect(tile.x == 15600 && tile.y == 12267)
        let frame = try #require(TileFrame(z: 15, x: 15600, y: 12267))
        #expect(abs(Int(frame.localX(x)) - 888) <= 1 && abs(Int(frame.localY(y)) - 2100) <= 1)
        #expect(abs(WebMercator.latitude(y: Int64(y)) - 41.1496) < 1e-6)
        #expect(abs(WebMercator.longitude(x: Int64(x)) + 8.6109) < 1e-6)
        #expect(TileFrame(z: 20, x: 0, y: 0) == nil && TileFrame(z: 3, x: 8, y: 0) == nil && TileFrame(z: 3, x: 0, y: -1) == nil)
        // The world's corners, and a tile's buffer of 128 units beyond each edge.
        #expect(WebMercator.x(lon: -1_800_000_000) == 0 && WebMercator.y(latitude: 90) == 0)
        let box = try #require(TileFrame(z: 1, x: 1, y: 1)).worldBox
        #expect(box.minX == (1 << 29) - (1 << 29) / 32 && box.maxX == (1 << 30) + (1 << 29) / 32)
    }
}
