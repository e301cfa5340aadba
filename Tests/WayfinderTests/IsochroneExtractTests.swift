import Testing
import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderRouting

/// Isochrones on a real extract against the router's own times, as issue 37 measures them
/// beside Valhalla (`scripts/compare-isochrone`, which scores more origins): at random road
/// points outside the boundary band (within 5 % of the limit), inside a contour ⇔ reachable
/// within its limit, on at least 98 % of points, and at most 2 % of them unreachable but
/// inside.
@Suite struct IsochroneExtractTests {
    @Test(arguments: TravelMode.allCases)
    func contoursAgreeWithTheRoutersTimes(mode: TravelMode) throws {
        let engine = try Engine(graphPath: try ExtractGraphs.shared.path("andorra"))
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let snapper = Snapper(graph: graph)
        let minutes: [Double] = mode == .driving ? [5, 10] : [5, 15]
        // Andorra la Vella's centre and two points up its valleys.
        let origins = [(42.5078, 1.5211), (42.5440, 1.5228), (42.5166, 1.5283)].map { FixedCoordinate(latitude: $0.0, longitude: $0.1) }
        let points = graph.randomRoadPoints(count: 3000, seed: 37).compactMap { snapper.nearest(to: $0, maxDistance: 20)?.any }
            .filter { $0.fraction > 0.001 && $0.fraction < 0.999 }
        let query = ReachQuery(graph: graph)
        var scored = 0, agree = 0, unreachableInside = 0
        for origin in origins {
            var request = IsochroneRequest(mode: mode, location: origin, contours: minutes)
            request.polygons = true
            let answer = try engine.withQueries { queries throws(EngineError) in try request.answer(queries) }
            let start = try #require(snapper.nearest(to: origin, maxDistance: 500)?.main)
            query.search(from: start, direction: .depart, maxMilliseconds: Int32(minutes.max()! * 60_000 * 1.1))
            for point in points {
                let seconds = query.reach(at: point).map { Double($0.milliseconds) / 1000 }
                for (k, limit) in minutes.enumerated() {
                    let limitSeconds = limit * 60
                    if let seconds, abs(seconds - limitSeconds) <= 0.05 * limitSeconds { continue }  // the band
                    let reachable = seconds.map { $0 <= limitSeconds } ?? false
                    let isInside = contourContains(answer.contours[k], point.location)
                    scored += 1
                    if reachable == isInside { agree += 1 }
                    if !reachable && isInside { unreachableInside += 1 }
                }
            }
        }
        #expect(scored > 5000)
        #expect(Double(agree) >= 0.98 * Double(scored), "\(mode): \(agree) of \(scored) agree")
        #expect(Double(unreachableInside) <= 0.02 * Double(scored), "\(mode): \(unreachableInside) of \(scored) unreachable inside")
    }
}
