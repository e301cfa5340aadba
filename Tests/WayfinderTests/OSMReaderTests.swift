import Foundation
import Testing
import WayfinderGraph
import WayfinderImport

/// Counts what `data/README.md` and `data/facts.json` describe, using the tag API on every object.
private final class FactCounter: OSMHandler {
    var highwayWays = 0, restrictions = 0, housenumbers = 0, namedPOIs = 0
    var waysWithMissingNodes = 0, missingRefs = 0

    private func countCommon(_ tags: OSMTags) {
        if tags.has("addr:housenumber") { housenumbers += 1 }
        if tags.has("name") && (tags.has("amenity") || tags.has("shop") || tags.has("tourism")) { namedPOIs += 1 }
    }

    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) { countCommon(tags) }

    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        countCommon(tags)
        if tags.has("highway") { highwayWays += 1 }
        let missing = (0..<nodes.count).count(where: { nodes.location($0) == nil })
        missingRefs += missing
        if missing > 0 { waysWithMissingNodes += 1 }
    }

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        countCommon(tags)
        if tags.value("type", is: "restriction") { restrictions += 1 }
    }
}

/// Keeps copies of everything (for the small XML fixture).
private final class Recorder: OSMHandler {
    var nodes: [Int64: (FixedCoordinate, [String: String])] = [:]
    var ways: [Int64: (refs: [Int64], locations: [FixedCoordinate?], tags: [String: String])] = [:]
    var relations: [Int64: ([OSMMember], [String: String])] = [:]
    var checks: [String: Bool] = [:]

    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        nodes[id] = (location, Dictionary(uniqueKeysWithValues: tags.map { ($0.key, $0.value) }))
    }

    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        ways[id] = ((0..<nodes.count).map(nodes.id), (0..<nodes.count).map(nodes.location),
                    Dictionary(uniqueKeysWithValues: tags.map { ($0.key, $0.value) }))
        if id == 10 {
            checks["highway"] = tags["highway"] == "residential"
            checks["absent"] = tags["maxspeed"] == nil && !tags.has("maxspeed")
            checks["is"] = tags.value("oneway", is: "yes") && !tags.value("oneway", is: "ye")
                && !tags.value("oneway", is: "yess") && !tags.value("nothere", is: "yes")
            checks["anyOf"] = tags.value("highway", isAnyOf: ["primary", "residential"])
                && !tags.value("highway", isAnyOf: ["primary", "secondary"])
            checks["unicode"] = tags.value("name", is: "Rue Grimaldi – Süd")
            checks["long"] = tags.has("a:rather:long:key:that:is:not:a:small:string")
        }
    }

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        relations[id] = (members, Dictionary(uniqueKeysWithValues: tags.map { ($0.key, $0.value) }))
    }
}

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

private func dataPath(_ name: String) -> String { root.appendingPathComponent("data/\(name)").path }

private struct Facts: Decodable {
    var nodes, ways, relations: Int
    var highway_ways, restriction_relations, addr_housenumber_objects, named_amenity_shop_tourism_objects: Int
    var ways_with_missing_nodes, missing_way_node_refs: Int
}

private func facts(_ file: String) throws -> Facts {
    let data = try Data(contentsOf: URL(fileURLWithPath: dataPath("facts.json")))
    return try #require(try JSONDecoder().decode([String: Facts].self, from: data)[file])
}

private func temporaryURL() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wf-osm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

@Suite struct OSMReaderTests {
    @Test(arguments: ["sydney.osm.pbf", "monaco.osm.pbf", "helsinki.osm.pbf"])
    func countsMatchFacts(file: String) throws {
        let expected = try facts(file)
        let counter = FactCounter()
        let stats = try OSMReader.read(path: dataPath(file), into: counter)
        #expect(stats.nodes == expected.nodes)
        #expect(stats.ways == expected.ways)
        #expect(stats.relations == expected.relations)
        #expect(stats.missingLocations == expected.missing_way_node_refs)
        #expect(stats.seconds > 0)
        #expect(counter.highwayWays == expected.highway_ways)
        #expect(counter.restrictions == expected.restriction_relations)
        #expect(counter.housenumbers == expected.addr_housenumber_objects)
        #expect(counter.namedPOIs == expected.named_amenity_shop_tourism_objects)
        #expect(counter.missingRefs == expected.missing_way_node_refs)
        #expect(counter.waysWithMissingNodes == expected.ways_with_missing_nodes)
    }

    @Test func monacoKnownNumbers() throws {
        let counter = FactCounter()
        let stats = try OSMReader.read(path: dataPath("monaco.osm.pbf"), into: counter)
        #expect((stats.nodes, stats.ways, stats.relations) == (23_662, 3_624, 235))
        #expect(counter.highwayWays == 1_996)
        #expect(counter.restrictions == 45)
    }

    /// A bbox clip whose ways reference nodes outside the file: reading must still succeed.
    @Test func helsinkiMissingNodes() throws {
        let counter = FactCounter()
        let stats = try OSMReader.read(path: dataPath("helsinki.osm.pbf"), into: counter)
        #expect(stats.missingLocations == 4_525)
        #expect(counter.waysWithMissingNodes == 421)
    }

    @Test func kindsAndThreads() throws {
        let path = dataPath("monaco.osm.pbf")
        let relationsOnly = FactCounter()
        let stats = try OSMReader.read(path: path, into: relationsOnly, kinds: .relations)
        #expect((stats.nodes, stats.ways, stats.relations) == (0, 0, 235))
        #expect(relationsOnly.restrictions == 45 && relationsOnly.highwayWays == 0)

        let threaded = FactCounter()
        let threadedStats = try OSMReader.read(path: path, into: threaded, threads: 2)
        #expect((threadedStats.nodes, threadedStats.ways) == (23_662, 3_624))
        #expect(threaded.highwayWays == 1_996)
    }

    @Test func handWrittenXML() throws {
        let dir = try temporaryURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("small.osm").path
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
          <node id="1" lat="43.7384000" lon="7.4246000"/>
          <node id="2" lat="-33.9100001" lon="151.1650000">
            <tag k="highway" v="traffic_signals"/>
          </node>
          <node id="3" lat="43.7390000" lon="-8.6000000"/>
          <node id="-5" lat="1.0" lon="2.0"><tag k="note" v="negative id"/></node>
          <way id="10">
            <nd ref="1"/><nd ref="2"/><nd ref="99"/><nd ref="3"/>
            <tag k="highway" v="residential"/>
            <tag k="oneway" v="yes"/>
            <tag k="name" v="Rue Grimaldi – Süd"/>
            <tag k="a:rather:long:key:that:is:not:a:small:string" v="x"/>
          </way>
          <way id="11"><nd ref="-5"/><nd ref="1"/></way>
          <relation id="20">
            <member type="way" ref="10" role="from"/>
            <member type="node" ref="2" role="via"/>
            <member type="way" ref="11" role="to"/>
            <member type="relation" ref="21" role=""/>
            <tag k="type" v="restriction"/>
            <tag k="restriction" v="no_left_turn"/>
          </relation>
        </osm>
        """.write(toFile: path, atomically: true, encoding: .utf8)

        let recorder = Recorder()
        let stats = try OSMReader.read(path: path, into: recorder)
        #expect((stats.nodes, stats.ways, stats.relations, stats.missingLocations) == (4, 2, 1, 1))

        // Untagged nodes only feed way locations.
        #expect(Set(recorder.nodes.keys) == [2, -5])
        let signal = try #require(recorder.nodes[2])
        #expect(signal.0 == FixedCoordinate(lat: -339_100_001, lon: 1_511_650_000))
        #expect(signal.1 == ["highway": "traffic_signals"])

        let way = try #require(recorder.ways[10])
        #expect(way.refs == [1, 2, 99, 3])
        #expect(way.locations == [FixedCoordinate(lat: 437_384_000, lon: 74_246_000),
                                  FixedCoordinate(lat: -339_100_001, lon: 1_511_650_000),
                                  nil,
                                  FixedCoordinate(lat: 437_390_000, lon: -86_000_000)])
        #expect(way.tags.count == 4 && way.tags["name"] == "Rue Grimaldi – Süd")
        #expect(recorder.checks == ["highway": true, "absent": true, "is": true, "anyOf": true,
                                    "unicode": true, "long": true])
        #expect(recorder.ways[11]?.locations == [FixedCoordinate(lat: 10_000_000, lon: 20_000_000),
                                                 FixedCoordinate(lat: 437_384_000, lon: 74_246_000)])

        let relation = try #require(recorder.relations[20])
        #expect(relation.0 == [OSMMember(type: .way, ref: 10, role: "from"),
                               OSMMember(type: .node, ref: 2, role: "via"),
                               OSMMember(type: .way, ref: 11, role: "to"),
                               OSMMember(type: .relation, ref: 21, role: "")])
        #expect(relation.1 == ["type": "restriction", "restriction": "no_left_turn"])
    }

    @Test func missingFile() {
        let path = dataPath("no-such-file.osm.pbf")
        #expect(throws: OSMReadError.notFound(path: path)) {
            try OSMReader.read(path: path, into: FactCounter())
        }
        #expect(OSMReadError.notFound(path: path).description == "input file not found: \(path)")
        #expect(throws: OSMReadError.notFound(path: "")) { try OSMReader.read(path: "", into: FactCounter()) }
    }

    @Test func directoryIsUnreadable() throws {
        let dir = try temporaryURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = #expect(throws: OSMReadError.self) { try OSMReader.read(path: dir.path, into: FactCounter()) }
        guard case .unreadable(let path, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path == dir.path)
    }

    @Test func truncatedPBFIsMalformed() throws {
        let dir = try temporaryURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: URL(fileURLWithPath: dataPath("monaco.osm.pbf")))
        let path = dir.appendingPathComponent("half.osm.pbf").path
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: OSMReadError.self) { try OSMReader.read(path: path, into: FactCounter()) }
        guard case .malformed(let errorPath, let reason) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(errorPath == path && !reason.isEmpty && !reason.contains("\n"))
    }

    @Test(arguments: ["random.osm.pbf", "random.osm"])
    func randomBytesAreMalformed(name: String) throws {
        let dir = try temporaryURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 // fixed xorshift seed: same bytes every run
        let bytes = (0..<100_000).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: OSMReadError.self) { try OSMReader.read(path: path, into: FactCounter()) }
        guard case .malformed = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func truncatedXMLIsMalformed() throws {
        let dir = try temporaryURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut.osm").path
        try #"<?xml version="1.0"?><osm version="0.6"><node id="1" lat="1" lon="2"><tag k="a" v="b""#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: OSMReadError.self) { try OSMReader.read(path: path, into: FactCounter()) }
        guard case .malformed = error else { Issue.record("got \(String(describing: error))"); return }
    }
}
