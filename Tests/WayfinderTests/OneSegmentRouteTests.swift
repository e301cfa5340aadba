import Testing
import WayfinderGraph
import WayfinderRouting

/// A walking route whose two ends lie on one segment, each narrowed to one direction (as a
/// map-matching candidate is): it arrives travelling the target's way, not straight back up
/// the road from the source.
@Suite struct OneSegmentRouteTests {
    @Test func narrowedEndsOnOneSegmentKeepTheirDirections() throws {
        var map = MapFixture("""
            a-------------------b
            """)
        map.way("ab", ["highway": "footway"])
        let graph = try map.graph(.walking)
        #expect(graph.segments.count == 1)
        let at = { (fraction: Double, directions: SnapDirections) in
            Snap(segment: 0, fraction: fraction, location: graph.points[Int(graph.segments[0].firstPoint)], distance: 0,
                 directions: directions)
        }
        let router = Router(graph: graph), reference = Router(graph: graph, reference: true)
        let table = TableQuery(graph: graph)
        // Heading back towards a from 0.6, to arrive at 0.3 heading for b: to a, turn at its
        // dead end, and back. The table agrees with both routers.
        let source = at(0.6, .backward), target = at(0.3, .forward)
        for r in [router, reference] {
            let route = try r.route(from: source, to: target)
            #expect(route.pieces.last?.forward == true, "arrives heading for b")
            #expect(route.pieces.first?.forward == false, "leaves heading for a")
            let straight = try r.route(from: source, to: at(0.3, .backward))
            #expect(route.weight > 2 * straight.weight, "\(route.weight) ms, straight back \(straight.weight) ms")
            let cell = table.compute(sources: [source], targets: [target], distances: true)
            #expect(cell.durations == [route.weight])
            #expect(abs(cell.distances![0] - graph.distance(of: route)) < 0.5)
        }
        // Both ways allowed at the target: the short way back up the road.
        let either = try router.route(from: source, to: at(0.3, .both))
        #expect(either.pieces.count == 1 && either.pieces[0].forward == false)
    }
}
