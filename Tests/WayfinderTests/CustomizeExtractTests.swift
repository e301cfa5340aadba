import Foundation
import Testing
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// `wayfinder customize` on real extracts with random traffic: the re-contracted hierarchy
/// answers exactly as plain Dijkstra on the new weights, under every exclusion too, and an
/// update that names nothing of before brings the imported weights back.
@Suite struct CustomizeExtractTests {
    /// A copy of `extract`'s graph and random speed rows for `share` of its driving pieces
    /// (each direction on its own; one in fifty a closure), written to a file beside it.
    static func customizedCopy(_ extract: String, share: Double, seed: UInt64) throws -> (graph: String, speeds: String) {
        let dir = temporaryDirectory()
        let graph = "\(dir)/\(extract).wfg", speeds = "\(dir)/speeds.csv"
        try FileManager.default.copyItem(atPath: try ExtractGraphs.shared.path(extract), toPath: graph)
        let file = try GraphFile(path: graph)
        let roads = try ModeRoads(file: file, mode: .driving), ids = PointNodeIds(file: file)
        var rng = SplitMix64(seed: seed), rows: [String] = []
        for segment in roads.segments {
            for p in Int(segment.firstPoint)..<Int(segment.lastPoint) {
                for (forward, weight) in [(true, segment.forwardWeight), (false, segment.backwardWeight)] where weight >= 0 {
                    guard Double.random(in: 0..<1, using: &rng) < share else { continue }
                    let (a, b) = forward ? (ids[p], ids[p + 1]) : (ids[p + 1], ids[p])
                    let kmh = Double.random(in: 0..<1, using: &rng) < 0.02 ? 0 : Double(Int.random(in: 3...130, using: &rng))
                    rows.append("\(a),\(b),\(kmh)")
                }
            }
        }
        try rows.joined(separator: "\n").write(toFile: speeds, atomically: true, encoding: .utf8)
        return (graph, speeds)
    }

    @Test(arguments: [("andorra", UInt64(1)), ("andorra", 2), ("helsinki", 3)])
    func customizedHierarchyEqualsDijkstra(extract: String, seed: UInt64) throws {
        let (path, speeds) = try Self.customizedCopy(extract, share: 0.2, seed: seed)
        let before = try RoutingGraph(path: path, mode: .driving)
        let summary = try Customizer.customize(graph: path, speedFiles: [speeds])
        #expect(summary.unmatched.isEmpty && summary.changedDirections > 100 && summary.closedDirections > 0,
                "\(summary.unmatched.count) unmatched, \(summary.changedDirections) changed, \(summary.closedDirections) closed")
        let graph = try RoutingGraph(path: path, mode: .driving)
        #expect(graph.hierarchy.validationError() == nil)
        let old = Router(graph: before)
        var rng = SplitMix64(seed: 0xC057 &+ seed), changed = 0
        let (routed, disagreements) = routesAgainstDijkstra(graph, count: 1000, rng: &rng) { a, b, route in
            if let o = try? old.route(from: a, to: b), o.weight != route.weight { changed += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(routed > 250 && changed > 80, "\(routed) routed, \(changed) changed")
    }

    /// Random turn penalty rows for `share` of the driving graph's turns between original
    /// directed segments (penalties from -60 to 300 s), each with the turn's arc, so that
    /// the test can check what the update gave it.
    static func turnPenalties(_ graph: RoutingGraph, share: Double, seed: UInt64, to file: String)
        throws -> [(tail: Int, head: Int, seconds: Int)] {
        let ids = PointNodeIds(file: graph.file), segments = graph.segments, n = 2 * segments.count
        var rng = SplitMix64(seed: seed), rows: [String] = [], picked: [(Int, Int, Int)] = []
        var named = Set<[Int64]>()
        for x in 0..<n {
            for i in Int(graph.base.first[x])..<Int(graph.base.first[x + 1]) where Int(graph.base.arcs[i].head) < n {
                guard Double.random(in: 0..<1, using: &rng) < share else { continue }
                let a = segments[x >> 1], y = Int(graph.base.arcs[i].head), b = segments[y >> 1]
                let before = x & 1 == 0 ? a.lastPoint - 1 : a.firstPoint + 1, via = x & 1 == 0 ? a.lastPoint : a.firstPoint
                let after = y & 1 == 0 ? b.firstPoint + 1 : b.lastPoint - 1
                let key = [ids[Int(before)], ids[Int(via)], ids[Int(after)]]
                guard named.insert(key).inserted else { continue }  // two arcs, one turn (parallel ways)
                let seconds = Int.random(in: -60...300, using: &rng)
                rows.append("\(key[0]),\(key[1]),\(key[2]),\(seconds)")
                picked.append((x, y, seconds))
            }
        }
        try rows.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return picked
    }

    /// Speeds and turn penalties together: every priced turn costs its penalty plus the road
    /// after it, and the hierarchy still answers as Dijkstra does.
    @Test func turnPenaltiesAreExactAndEqualDijkstra() throws {
        let (path, speeds) = try Self.customizedCopy("andorra", share: 0.1, seed: 5)
        let turns = (path as NSString).deletingLastPathComponent + "/turns.csv"
        let picked = try Self.turnPenalties(try RoutingGraph(path: path, mode: .driving), share: 0.1, seed: 6, to: turns)
        let summary = try Customizer.customize(graph: path, speedFiles: [speeds], turnPenaltyFiles: [turns])
        #expect(summary.unmatched.isEmpty && summary.matchedTurnRows == picked.count && picked.count > 1000,
                "\(summary.unmatched.count) unmatched, \(summary.matchedTurnRows) of \(picked.count)")
        let graph = try RoutingGraph(path: path, mode: .driving)
        // One arc from x to y at most; none if y is closed now.
        var wrong: [String] = []
        for (x, y, seconds) in picked {
            let head = Int32(y)
            let open = graph.segments[y >> 1].weight(forward: y & 1 == 0)
            let arc = (Int(graph.base.first[x])..<Int(graph.base.first[x + 1])).first { graph.base.arcs[$0].head == head }
            let expected = open < 0 ? nil : max(0, seconds * 1000 + Int(open))
            if arc.map({ Int(graph.base.arcs[$0].weight) }) != expected {
                wrong.append("turn \(x) -> \(y): \(String(describing: arc.map { graph.base.arcs[$0].weight })), expected \(String(describing: expected))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) turns priced wrong, first: \(wrong.prefix(3))")
        var rng = SplitMix64(seed: 0x7E4)
        let (routed, disagreements) = try routesAgainstDijkstra(graph, count: 1000, rng: &rng)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(routed > 250)
    }

    /// Baltimore's hierarchy answers `exclude` (its filters are rebuilt with it).
    @Test func exclusionsStayExactAfterCustomizing() throws {
        let (path, speeds) = try Self.customizedCopy("baltimore", share: 0.1, seed: 9)
        _ = try Customizer.customize(graph: path, speedFiles: [speeds])
        let graph = try RoutingGraph(path: path, mode: .driving)
        #expect(graph.hierarchy.servesExclusions)
        let fast = Router(graph: graph), slow = Router(graph: graph, reference: true)
        var rng = SplitMix64(seed: 0xBA17)
        var disagreements: [String] = []
        for excluded in (1..<8).map({ WayClasses(rawValue: UInt8($0)) }) {
            for _ in 0..<60 {
                let a = randomCoordinate(graph, &rng), b = randomCoordinate(graph, &rng)
                let f = try? fast.route(from: a, to: b, excluding: excluded), s = try? slow.route(from: a, to: b, excluding: excluded)
                if f?.weight != s?.weight { disagreements.append("\(excluded.names) \(a) -> \(b): CH \(String(describing: f?.weight)), Dijkstra \(String(describing: s?.weight))") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
    }

    /// An update that names none of the first one's stretches gives every segment its
    /// imported weights back, and the base graph its imported arcs.
    @Test func theNextUpdateStartsFromTheImport() throws {
        let (path, speeds) = try Self.customizedCopy("andorra", share: 0.3, seed: 4)
        let imported = try RoutingGraph(path: path, mode: .driving)
        let importedSegments = Array(imported.segments), importedArcs = Array(imported.base.arcs)
        _ = try Customizer.customize(graph: path, speedFiles: [speeds])
        let unrelated = "\((path as NSString).deletingLastPathComponent)/unrelated.csv"
        try "1,2,30\n".write(toFile: unrelated, atomically: true, encoding: .utf8)
        let summary = try Customizer.customize(graph: path, speedFiles: [unrelated])
        #expect(summary.matchedRows == 0 && summary.changedDirections == 0 && summary.metricVersion == 2)
        let graph = try RoutingGraph(path: path, mode: .driving)
        #expect(Array(graph.segments).map(\.forwardWeight) == importedSegments.map(\.forwardWeight))
        #expect(Array(graph.segments).map(\.backwardWeight) == importedSegments.map(\.backwardWeight))
        #expect(Array(graph.base.arcs) == importedArcs)
        // Walking and cycling are copied as they were. (Copied out of the mappings while
        // their graphs are alive: a buffer outlives nothing.)
        for mode in [TravelMode.walking, .cycling] {
            let now = try RoutingGraph(path: path, mode: mode), built = try ExtractGraphs.shared.graph("andorra", mode)
            #expect(Array(now.segments).map(\.forwardWeight) == Array(built.segments).map(\.forwardWeight))
            #expect(Array(now.base.arcs) == Array(built.base.arcs))
        }
    }
}

/// Closed areas on a real extract: each mode has roads closed both ways that were open, and
/// still answers as Dijkstra does.
@Suite struct CustomizeAreaExtractTests {
    @Test func closedAreasAreExactInEveryMode() throws {
        let dir = temporaryDirectory(), path = "\(dir)/andorra.wfg", areas = "\(dir)/areas.geojson"
        try FileManager.default.copyItem(atPath: try ExtractGraphs.shared.path("andorra"), toPath: path)
        // Twelve squares of 300 m round random road points, each closed to one mode or to all.
        let imported = try RoutingGraph(path: path, mode: .driving)
        var rng = SplitMix64(seed: 0xA4EA)
        let centres = imported.randomRoadPoints(count: 12, seed: 8)
        var features: [String] = []
        for (i, c) in centres.enumerated() {
            let d = 0.0027, ring = [(-d, -d), (d, -d), (d, d), (-d, d), (-d, -d)]
                .map { "[\(c.longitude + $0.0 * 1.38), \(c.latitude + $0.1)]" }.joined(separator: ", ")
            let modes = ["driving", "walking", "cycling", nil][i % 4].map { #"{"modes": "\#($0)"}"# } ?? "{}"
            features.append(#"{"type": "Feature", "properties": \#(modes), "geometry": {"type": "Polygon", "coordinates": [[\#(ring)]]}}"#)
        }
        try #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.write(toFile: areas, atomically: true, encoding: .utf8)
        let summary = try Customizer.customize(graph: path, speedFiles: [], closedAreaFiles: [areas])
        #expect(summary.closedAreas == 12 && summary.areaPieces > 100 && summary.modes == TravelMode.allCases)
        for mode in TravelMode.allCases {
            let graph = try RoutingGraph(path: path, mode: mode), built = try ExtractGraphs.shared.graph("andorra", mode)
            func closedBothWays(_ g: RoutingGraph) -> Int { g.segments.lazy.filter { $0.forwardWeight < 0 && $0.backwardWeight < 0 }.count }
            #expect(closedBothWays(graph) > closedBothWays(built) + 20, "\(mode)")
            #expect(graph.hierarchy.validationError() == nil)
            let (routed, disagreements) = try routesAgainstDijkstra(graph, count: 400, rng: &rng)
            #expect(disagreements.isEmpty, "\(mode): \(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
            #expect(routed > 100, "\(mode): \(routed) routed")
        }
    }
}
