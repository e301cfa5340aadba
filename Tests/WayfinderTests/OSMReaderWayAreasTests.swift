import Foundation
import Testing
import WayfinderGraph
import WayfinderImport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The areas of `path` read both ways: simple closed ways written directly, and every area
/// by libosmium's assembler.
private func bothWays(_ path: String) throws -> (direct: [AreaRecorder.Area], osmium: [AreaRecorder.Area], simple: Int) {
    let kinds = OSMEntityKinds.all.union([.areas, .baseMapAreas])
    let direct = AreaRecorder(), osmium = AreaRecorder()
    let stats = try OSMReader.read(path: path, into: direct, kinds: kinds)
    let osmiumStats = try OSMReader.read(path: path, into: osmium, kinds: kinds, everyAreaByOsmium: true)
    #expect(osmiumStats.simpleWayAreas == 0)
    return (direct.areas, osmium.areas, stats.simpleWayAreas)
}

/// A closed way tagged `building` through nodes at the given grid points, in 1e-7 degrees
/// from (1, 1). It ends at its first node, or with `closedByAnotherNode` at another node in
/// the same place.
private struct TestWay {
    var id: Int64
    var corners: [(Int, Int)]
    var closedByAnotherNode = false
}

private func xml(_ ways: [TestWay]) -> String {
    var nodes = "", body = "", next: Int64 = 1
    for way in ways {
        var refs: [Int64] = []
        for (x, y) in way.corners + (way.closedByAnotherNode ? [way.corners[0]] : []) {
            nodes += "  <node id=\"\(next)\" lat=\"\(String(format: "%.7f", 1 + Double(y) * 1e-7))\" lon=\"\(String(format: "%.7f", 1 + Double(x) * 1e-7))\"/>\n"
            refs.append(next)
            next += 1
        }
        if !way.closedByAnotherNode { refs.append(refs[0]) }
        body += "  <way id=\"\(way.id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + "<tag k=\"building\" v=\"yes\"/></way>\n"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"test\">\n\(nodes)\(body)</osm>\n"
}

private func write(_ text: String) throws -> (path: String, cleanup: () -> Void) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wf-way-areas-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("rings.osm").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, { try? FileManager.default.removeItem(at: dir) })
}

@Suite struct OSMReaderWayAreasTests {
    /// Real extracts: the same areas in the same order either way, and most areas of ways
    /// written directly.
    @Test(arguments: ["andorra.osm.pbf", "baltimore.osm.pbf", "monaco.osm.pbf"])
    func realExtractsGiveTheAreasLibosmiumGives(file: String) throws {
        let (direct, osmium, simple) = try bothWays(root.appendingPathComponent("data/\(file)").path)
        #expect(direct == osmium)
        let fromWays = direct.filter { $0.type == .way }.count
        #expect(simple > fromWays / 2, "\(simple) of \(fromWays)")
        #expect(simple <= fromWays)
    }

    /// Each case that must go to libosmium, beside those that need not: the same areas either
    /// way, and the count of those written directly is exactly the simple ones.
    @Test func eachKindOfRingGoesWhereItShould() throws {
        let square = [(0, 0), (10, 0), (10, 10), (0, 10)]
        let circle = (0..<70).map { i -> (Int, Int) in
            let a = Double(i) * 2 * .pi / 70
            return (Int((1000 * cos(a)).rounded()), Int((1000 * sin(a)).rounded()))
        }
        let simple = [
            TestWay(id: 1, corners: square),                                              // counterclockwise
            TestWay(id: 2, corners: square.reversed()),                                   // clockwise
            TestWay(id: 3, corners: [(0, 0), (5, 0), (10, 0), (10, 10), (0, 10)]),        // straight on through a node
            TestWay(id: 4, corners: [(3, 3), (13, 1), (8, 9)]),                           // a triangle, least corner not first
            TestWay(id: 5, corners: [(0, 0), (10, 0), (10, 0), (10, 10), (0, 10)]),       // a node repeated in place
            TestWay(id: 6, corners: square, closedByAnotherNode: true),                   // closed by location only
            TestWay(id: 7, corners: [(0, 0), (10, 0), (10, 10), (5, 2), (0, 10)]),        // concave, sides near
            TestWay(id: 8, corners: circle),                                              // many corners
        ]
        let left = [
            TestWay(id: 11, corners: [(0, 0), (10, 0), (5, 0), (5, 10)]),                 // doubles back on its side
            TestWay(id: 12, corners: [(0, 0), (10, 10), (10, 0), (0, 10)]),               // a bow tie
            TestWay(id: 13, corners: [(0, 0), (5, 5), (10, 0), (10, 10), (5, 5), (0, 10)]), // touches itself at a corner
            TestWay(id: 14, corners: [(0, 0), (10, 0), (20, 0)]),                         // no area
            TestWay(id: 15, corners: [(0, 0), (10, 0), (10, 10), (5, 0), (0, 10)]),       // a corner on another side
            TestWay(id: 16, corners: circle.enumerated().map { $0.offset == 35 ? (2000, 0) : $0.element }), // one corner far across
            TestWay(id: 17, corners: [(0, 0), (10, 0), (10, 10), (0, 10), (0, 5), (10, 5), (5, 5)]), // sides overlap
        ]
        let file = try write(xml(simple + left))
        defer { file.cleanup() }
        let (direct, osmium, count) = try bothWays(file.path)
        #expect(direct == osmium)
        #expect(count == simple.count)
        // The simple ones all have rings.
        #expect(Set(direct.filter { !$0.rings.isEmpty }.map(\.id)).isSuperset(of: simple.map(\.id)))
        // libosmium reports the crossing ones without rings, and splits the one that touches itself.
        #expect(direct.filter { [11, 12, 16].contains($0.id) }.map(\.rings.count) == [0, 0, 0])
        #expect(direct.first { $0.id == 13 }?.rings.count == 2)
    }

    /// Hundreds of random rings on a coarse grid, where corners repeat, sides run along one
    /// another and cross, and big ones: the same areas either way, by both routes.
    @Test func randomRingsOnACoarseGridGiveTheAreasLibosmiumGives() throws {
        var random = SplitMix64(seed: 7)
        var ways: [TestWay] = []
        for id in 1...600 {
            let n = 3 + Int(random.next() % 7)
            let side = id % 3 == 0 ? 4 : 40
            ways.append(TestWay(id: Int64(id), corners: (0..<n).map { _ in (Int(random.next() % UInt64(side)), Int(random.next() % UInt64(side))) }))
        }
        // Stars of up to 2000 corners, which are simple, and each with two corners swapped,
        // which mostly is not: the sweep over sides that the big ones need.
        var swapped: [TestWay] = []
        for id in 601...700 {
            let n = 50 + Int(random.next() % 1950)
            var corners = (0..<n).map { i -> (Int, Int) in
                let a = Double(i) * 2 * .pi / Double(n), r = Double(200_000 + Int(random.next() % 100_000))
                return (Int((r * cos(a)).rounded()), Int((r * sin(a)).rounded()))
            }
            ways.append(TestWay(id: Int64(id), corners: corners))
            corners.swapAt(Int(random.next() % UInt64(n)), Int(random.next() % UInt64(n)))
            swapped.append(TestWay(id: Int64(id + 100), corners: corners))
        }
        ways += swapped
        let file = try write(xml(ways))
        defer { file.cleanup() }
        let (direct, osmium, count) = try bothWays(file.path)
        #expect(direct == osmium)
        #expect(count > 150 && count < direct.count, "\(count) of \(direct.count)")
        #expect(Set(direct.filter { !$0.rings.isEmpty }.map(\.id)).isSuperset(of: 601...700))
    }
}
