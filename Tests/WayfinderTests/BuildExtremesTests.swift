import Foundation
import Testing
import WayfinderGraph
@testable import WayfinderGeocoding
@testable import WayfinderImport
import WayfinderRouting

/// Extracts at the edges of what `wayfinder build` takes, each once a crash or a blow-up
/// that fuzzing found (`Tests/Fuzz/OSMFileFuzz`, whose seeds include them): a node far from
/// the rest, roads across the antimeridian, a segment whose weight fills an `Int32`.
@Suite struct BuildExtremesTests {
    func build(_ xml: String, _ name: String) throws -> String {
        let dir = temporaryDirectory(), input = "\(dir)/\(name).osm", output = "\(dir)/\(name).wfg"
        try xml.write(toFile: input, atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: input, output: output)
        return output
    }

    /// An OSM XML extract of `elements` (its node and way lines).
    func extract(_ elements: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n\(elements)</osm>\n"
    }

    /// Builds the fuzz target's seed `name` (`Tests/Fuzz/Corpus/osm-file/NAME.osm`).
    func build(seed name: String) throws -> String {
        let seed = URL(fileURLWithPath: dataDirectory).deletingLastPathComponent()
            .appendingPathComponent("Tests/Fuzz/Corpus/osm-file/\(name).osm").path
        return try build(String(contentsOfFile: seed, encoding: .utf8), name)
    }

    /// Two points 50° of longitude apart: the snapping index lists the piece along its line
    /// (it was every cell of its box, 6.25 million a mode), and a point beside it still snaps.
    @Test func anExtractWithAFarNodeBuildsSmallAndSnaps() throws {
        let output = try build(extract("""
             <node id="1" lat="0.0" lon="10.0"/>
             <node id="2" lat="0.5" lon="60.0"/>
             <way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Long Road"/></way>

            """), "far")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(size < 4_000_000, "\(size) bytes")
        for mode in TravelMode.allCases {
            let graph = try RoutingGraph(path: output, mode: mode)
            #expect(graph.snapSegments.count < 60_000, "\(mode): \(graph.snapSegments.count) entries")
            for (lat, lon, near) in [(0.25, 35.0, 0.0...50.0), (0.26, 35.0, 900.0...1300.0), (0.05, 15.0, 0.0...50.0)] {
                let p = FixedCoordinate(latitude: lat, longitude: lon)
                let snap = Snapper(graph: graph).nearest(to: p, count: 1, maxDistance: 5000, bearing: nil, excluding: [])
                #expect(snap.count == 1 && near.contains(snap[0].distance), "\(mode) at \(lat), \(lon): \(snap.map(\.distance))")
            }
        }
    }

    /// Roads on both sides of the antimeridian (Fiji, Chukotka, the Aleutians, the planet):
    /// their box is 3.6 billion units wide, past `Int32`, which stopped the build with an
    /// overflow trap in the snapping index's and the geocoder's grids. Both now measure it in
    /// 64 bits, and each side still snaps (the fuzz seed `antimeridian.osm`).
    @Test func anExtractAcrossTheAntimeridianBuildsAndSnaps() throws {
        let output = try build(seed: "antimeridian")
        for mode in TravelMode.allCases {
            let graph = try RoutingGraph(path: output, mode: mode)
            for (lat, lon) in [(-17.005, 179.955), (-16.505, -179.945)] {
                let p = FixedCoordinate(latitude: lat, longitude: lon)
                let snap = Snapper(graph: graph).nearest(to: p, count: 1, maxDistance: 1000, bearing: nil, excluding: [])
                #expect(snap.count == 1 && snap[0].distance < 50, "\(mode) at \(lat), \(lon): \(snap.map(\.distance))")
            }
        }
    }

    /// A motorway link thousands of km long, open only to those with business there: its
    /// weight plus the cost of turning onto it passed `Int32.max`, and adding the two trapped
    /// (`overlong-segment.osm`, as fuzzing found it). Turn arcs now saturate at `infiniteWeight`, which is
    /// no path: it builds, and every hierarchy passes verify's checks.
    @Test func aSegmentTooLongToTimeBuilds() throws {
        let output = try build(seed: "overlong-segment")
        for mode in TravelMode.allCases {
            let graph = try RoutingGraph(path: output, mode: mode)
            #expect(graph.hierarchy.validationError() == nil && graph.base.validationError() == nil, "\(mode)")
        }
    }

    /// Two POIs at opposite corners of the globe and a road between them in Monaco: the
    /// geocoder's area grid, dense over the items' box, was 212 million cells (850 MB of
    /// offsets); it keeps to `AreaIndex.maximumCells` now.
    @Test func placesAtOppositeCornersOfTheGlobeKeepTheAreaGridSmall() throws {
        let output = try build(extract("""
             <node id="1" lat="43.70" lon="7.40"/>
             <node id="2" lat="43.71" lon="7.41"/>
             <node id="3" lat="-80.0" lon="-170.0"><tag k="addr:housenumber" v="1"/><tag k="addr:street" v="Far Street"/></node>
             <node id="4" lat="80.0" lon="170.0"><tag k="amenity" v="cafe"/><tag k="name" v="Far Cafe"/></node>
             <way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Near Street"/></way>

            """), "globe")
        let file = try GraphFile(path: output)
        let offsets = try #require(file.sections.first { $0.kind == SectionKind.areaCellOffsets.rawValue })
        #expect(offsets.length <= 4 * ((1 << 24) + 1), "\(offsets.length) bytes")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(size < 100_000_000, "\(size) bytes")
    }

    /// A road from Fiji to Monaco and no area: the area grid, sized by the items' box alone,
    /// was 16.8 million empty cells (40 MB; over 25 s in the fuzz target). It follows the
    /// areas now (`AreaIndex.cellsPerArea`).
    @Test func aRoadAcrossTheGlobeWithoutAreasKeepsTheAreaGridSmall() throws {
        let output = try build(extract("""
             <node id="1" lat="-17.000" lon="179.950"/>
             <node id="2" lat="43.7300" lon="7.4220"/>
             <way id="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="West Road"/></way>

            """), "fiji-monaco")
        let file = try GraphFile(path: output)
        let offsets = try #require(file.sections.first { $0.kind == SectionKind.areaCellOffsets.rawValue })
        #expect(offsets.length <= 4 * (AreaIndex.cellsPerArea + 1), "\(offsets.length) bytes")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(size < 4_000_000, "\(size) bytes")
    }
}
