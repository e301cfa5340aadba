import Testing
import WayfinderContraction
import WayfinderGraph
@testable import WayfinderImport

/// The turn-expanded search graph built in two halves at once, when a core is free, against
/// one pass over every intersection: the same arcs in the same order, the same closed-turn
/// origins and the same count of applied restrictions (Andorra, driving and cycling).
@Suite struct SearchGraphHalvesTests {
    @Test func halvesMakeTheGraphOnePassMakes() throws {
        let collector = OSMCollector(modes: [.driving, .cycling])
        _ = try OSMReader.read(path: "\(dataDirectory)/andorra.osm.pbf", into: collector)
        let nodes = PointNodes(ids: collector.pointNodeIds)
        for mode in [TravelMode.driving, .cycling] {
            let network = RoadNetwork(collector: collector, nodes: nodes, mode: mode)
            func graph(_ cores: CoreBudget?) -> SearchGraph {
                SearchGraph(turnExpanded: network, mode: mode, points: collector.points, ways: collector.ways,
                            restrictions: collector.restrictions(of: mode), obstacles: collector.obstacles, cores: cores)
            }
            let one = graph(nil)
            let cores = CoreBudget(cores: 2)
            cores.acquire()  // the mode's own core; the other is free, so the graph is halved
            let halves = graph(cores)
            #expect(cores.borrow(upTo: 2) == 1, "\(mode): the borrowed core comes back")
            #expect(one.arcs.count > 10_000, "\(mode)")
            #expect(one.arcs.map { [$0.tail, $0.head, $0.weight, $0.payload] } == halves.arcs.map { [$0.tail, $0.head, $0.weight, $0.payload] },
                    "\(mode)")
            #expect(one.closedTurnOrigins == halves.closedTurnOrigins && one.restrictionsApplied == halves.restrictionsApplied, "\(mode)")
            #expect(one.restrictionsApplied > 0 && one.nodeCount == halves.nodeCount, "\(mode)")
        }
    }
}
