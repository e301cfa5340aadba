import Testing
import WayfinderGraph
import WayfinderRouting

/// A graph is in service before its core hops are unpacked (`CoreHops`, in the background):
/// routes answered before and after are the very same, weight, pieces and path.
@Suite struct CoreHopsTests {
    @Test(arguments: [TravelMode.driving, .walking])
    func routesAreTheSameBeforeAndAfterTheCoreHopsAreUnpacked(_ mode: TravelMode) throws {
        let path = try ExtractGraphs.shared.path("andorra")
        let points = try ExtractGraphs.shared.graph("andorra", mode).randomRoadPoints(count: 400, seed: 41)
        func routes(_ graph: RoutingGraph) -> [Route?] {
            let snapper = Snapper(graph: graph), router = Router(graph: graph)
            return stride(from: 0, to: points.count - 1, by: 2).map { i in
                guard let snaps = try? snapper.snap([points[i], points[i + 1]], maxDistance: { _ in 100 }) else { return nil }
                return try? router.route(from: snaps[0], to: snaps[1])
            }
        }
        // Without any expansions, as at the first instant after opening…
        let plain = try RoutingGraph(file: GraphFile(path: path), mode: mode, unpackCoreHops: false)
        #expect(plain.coreHops == nil)
        let before = routes(plain)
        // …and with all of them, once the background unpacking is done.
        let opened = try RoutingGraph(path: path, mode: mode)
        let hops = try #require(opened.coreHops, "Andorra's \(mode) hierarchy has a core")
        let expansions = try #require(hops.wait())
        #expect(expansions.arcCount > 0)
        let after = routes(opened)
        #expect(before.compactMap { $0 }.count >= 150)
        for (i, (a, b)) in zip(before, after).enumerated() {
            #expect(a?.weight == b?.weight && a?.pieces == b?.pieces, "pair \(i)")
        }
    }
}
