import Foundation
import Testing
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// Properties on real extracts: the hierarchy is exact, routes are well formed.
@Suite struct ExtractTests {
    static let extracts = ["andorra", "monaco", "sydney", "porto", "helsinki"]

    @Test(arguments: extracts, TravelMode.allCases)
    func hierarchyEqualsDijkstra(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        var rng = SplitMix64(seed: 0x5EED ^ UInt64(extract.utf8.count) &* UInt64(mode.rawValue))
        let (routed, disagreements) = try routesAgainstDijkstra(graph, count: 1000, rng: &rng) { _, _, route in
            try checkWellFormed(route, graph)
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(routed > 500)
    }

    func checkWellFormed(_ route: Route, _ graph: RoutingGraph) throws {
        let line = graph.geometry(of: route)
        #expect(line.first == route.source.location || Geo.distance(line.first!, route.source.location) < 0.05)
        #expect(Geo.distance(line.last!, route.target.location) < 0.05)
        // Consecutive pieces join: each starts where the previous ended.
        for (a, b) in zip(route.pieces, route.pieces.dropFirst()) {
            let sa = graph.segments[Int(a.segment)], sb = graph.segments[Int(b.segment)]
            let end = a.forward ? sa.toNode : sa.fromNode
            let start = b.forward ? sb.fromNode : sb.toNode
            if graph.mode == .walking { #expect(end == start) } else { #expect(end == start || a.segment == b.segment) }
        }
        // The line is no shorter than the distance reported (it follows the same geometry).
        var length = 0.0
        // Measured as road lengths are (OSRM's cheap ruler): the haversine differs by ~0.3%.
        for (p, q) in zip(line, line.dropFirst()) { length += Geo.rulerDistance(p, q) }
        #expect(abs(length - graph.distance(of: route)) < 1 + 0.001 * length)
    }

    @Test func everyExtractBuildsAndCountsMatchTheReadme() throws {
        for extract in Self.extracts + ["baltimore", "liechtenstein"] {
            let file = try GraphFile(path: try ExtractGraphs.shared.path(extract))
            #expect(file.metadata["source"] == "\(extract).osm.pbf")
            for mode in TravelMode.allCases {
                let graph = try RoutingGraph(file: file, mode: mode)
                #expect(graph.segments.count > 100)
                #expect(graph.componentSize[0] > graph.hierarchy.nodeCount / 4)
            }
        }
    }

    /// A nightly job may compare files: building one extract again (here with other thread
    /// timing) gives the same bytes in every section; only the metadata (build time) differs.
    @Test func rebuildingGivesTheSameSections() throws {
        let again = temporaryDirectory() + "/monaco.wfg"
        _ = try GraphBuilder.build(input: "\(dataDirectory)/monaco.osm.pbf", output: again)
        let first = try GraphFile(path: try ExtractGraphs.shared.path("monaco")), second = try GraphFile(path: again)
        let sections = { (file: GraphFile) in file.sections.filter { $0.kind != GraphFile.metadataKind }.map { "\($0.kind)/\($0.mode): \($0.length) bytes, crc \($0.crc)" } }
        #expect(sections(first) == sections(second))
        #expect(sections(first).count > 20)
    }

    /// Points at the poles, the date line or far from the map get NoSegment at once (a cell
    /// near a pole is almost no metres wide: the snapper once looked through millions of rings).
    @Test(arguments: TravelMode.allCases)
    func farAwayInputsFailFast(mode: TravelMode) throws {
        let router = Router(graph: try ExtractGraphs.shared.graph("andorra", mode))
        let andorra = FixedCoordinate(latitude: 42.5063, longitude: 1.5218)
        for far in [(90.0, 0.0), (-90, 180), (89.999, -179.999), (0, 180), (42.5, -1.5), (-42.5, 1.5)] {
            #expect(throws: RouteError.noSegment(isSource: true)) {
                try router.route(from: FixedCoordinate(latitude: far.0, longitude: far.1), to: andorra)
            }
        }
    }
}
