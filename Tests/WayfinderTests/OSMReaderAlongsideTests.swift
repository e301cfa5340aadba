import Foundation
import Testing
import WayfinderGraph
import WayfinderImport

/// Writes down every call, in order, with what identifies it.
private final class CallLog: OSMHandler {
    var calls: [String] = []
    let takesAreas: Bool
    init(takesAreas: Bool = true) { self.takesAreas = takesAreas }

    var receivesAreas: Bool { takesAreas }
    func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        calls.append("n\(id) \(location.lat),\(location.lon) \(tags.count)")
    }
    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        calls.append("w\(id) \(nodes.count) \(nodes.count > 0 ? nodes.id(nodes.count - 1) : 0) \(tags.count)")
    }
    func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        calls.append("r\(id) \(members.count) \(members.last?.role ?? "") \(tags.count)")
    }
    func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing]) {
        calls.append("a\(type)\(id) \(complete) \(rings.map(\.points.count))")
    }
}

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

@Suite struct OSMReaderAlongsideTests {
    /// A handler read beside another, on a thread of its own, gets every call the single
    /// handler of a read gets, in the same order; so does the first, but for the areas it
    /// declines.
    @Test func theHandlerAlongsideSeesWhatASingleHandlerSees() throws {
        let path = root.appendingPathComponent("data/baltimore.osm.pbf").path
        let kinds = OSMEntityKinds.all.union([.areas, .baseMapAreas])
        let alone = CallLog()
        let aloneStats = try OSMReader.read(path: path, into: alone, kinds: kinds)
        let first = CallLog(takesAreas: false), second = CallLog()
        let stats = try OSMReader.read(path: path, into: first, alongside: second, kinds: kinds)
        #expect(stats.nodes == aloneStats.nodes && stats.ways == aloneStats.ways && stats.relations == aloneStats.relations)
        #expect(alone.calls.contains { $0.hasPrefix("a") } && alone.calls.contains { $0.hasPrefix("r") })
        #expect(second.calls == alone.calls)
        #expect(first.calls == alone.calls.filter { !$0.hasPrefix("a") })
    }
}
