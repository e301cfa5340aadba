import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting

/// `exclude` on real extracts: for every combination of the excludable classes, the hierarchy's
/// answer equals plain Dijkstra's on the graph without those roads (`DijkstraQuery` reads the
/// classes from the roads, not from the hierarchy's filters), and no route uses such a road.
@Suite struct ExclusionExtractTests {
    /// Porto has motorways; Baltimore motorways, toll motorways and ferries (the data of the other extracts has at most one class).
    static let extracts = ["porto", "baltimore"]

    static let combinations: [WayClasses] = (1..<8).map { WayClasses(rawValue: UInt8($0)) }

    @Test(arguments: extracts)
    func everyExclusionEqualsDijkstraWithoutThoseRoads(extract: String) throws {
        let graph = try ExtractGraphs.shared.graph(extract, .driving)
        #expect(graph.hierarchy.servesExclusions)
        let fast = Router(graph: graph), slow = Router(graph: graph, reference: true)
        var rng = SplitMix64(seed: 0xE7C1 ^ UInt64(extract.utf8.count))
        var disagreements: [String] = [], routed = 0, changed = 0
        for excluded in Self.combinations {
            for _ in 0..<400 {
                let a = randomCoordinate(graph, &rng), b = randomCoordinate(graph, &rng)
                let f = Result { try fast.route(from: a, to: b, excluding: excluded) }
                let s = Result { try slow.route(from: a, to: b, excluding: excluded) }
                switch (f, s) {
                case (.success(let x), .success(let y)):
                    routed += 1
                    if x.weight != y.weight {
                        disagreements.append("\(excluded.names) \(a) -> \(b): CH \(x.weight) ms, Dijkstra \(y.weight) ms")
                    }
                    for route in [x, y] {
                        for piece in route.pieces where !graph.allowsDirected(2 * piece.segment + (piece.forward ? 0 : 1), excluding: excluded) {
                            disagreements.append("\(excluded.names) \(a) -> \(b): uses segment \(piece.segment)")
                        }
                    }
                    if let plain = try? fast.route(from: x.source, to: x.target), plain.weight != x.weight { changed += 1 }
                case (.failure(let x as RouteError), .failure(let y as RouteError)):
                    if x != y { disagreements.append("\(excluded.names) \(a) -> \(b): CH \(x), Dijkstra \(y)") }
                default:
                    disagreements.append("\(excluded.names) \(a) -> \(b): CH \(f), Dijkstra \(s)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(routed > 500)
        // The exclusions matter: some routes get slower without those roads.
        #expect(changed > 20, "only \(changed) routes changed")
    }

    /// The many-to-many table under each exclusion equals the point-to-point routes.
    @Test func tablesEqualRoutesUnderEveryExclusion() throws {
        let graph = try ExtractGraphs.shared.graph("baltimore", .driving)
        let router = Router(graph: graph), table = TableQuery(graph: graph)
        let points = graph.randomRoadPoints(count: 12, seed: 33)
        var differ: [String] = [], changed = 0
        for excluded in Self.combinations {
            let snaps = try router.snapper.snap(points, maxDistance: { _ in 5000 }, excluding: excluded)
            let cells = table.compute(sources: snaps, targets: snaps, distances: true, excluding: excluded)
            let plain = table.compute(sources: snaps, targets: snaps, distances: false)
            for i in snaps.indices {
                for j in snaps.indices {
                    let route = try? router.route(from: snaps[i], to: snaps[j], excluding: excluded)
                    if cells.duration(source: i, target: j) != route?.weight {
                        differ.append("\(excluded.names) \(i)->\(j): table \(String(describing: cells.duration(source: i, target: j))), route \(String(describing: route?.weight))")
                    }
                    if cells.duration(source: i, target: j) != plain.duration(source: i, target: j) { changed += 1 }
                }
            }
        }
        #expect(differ.isEmpty, "\(differ.count) cells differ, first: \(differ.prefix(3))")
        #expect(changed > 10)
    }
}
