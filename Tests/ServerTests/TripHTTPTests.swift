import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// /trip over real HTTP (Andorra), the tour heuristic on random matrices, and /table's
/// straight-line fallback where no route exists (the Nominatim fixture's two separate streets).
@Suite struct TripHTTPTests {

    /// The trip's order (input indices by `waypoint_index`), its duration, and the table.
    func trip(_ server: TestServer, _ points: [FixedCoordinate], _ query: String) throws -> (order: [Int], duration: Double, legs: Int) {
        let (status, json) = try server.json("/trip/v1/driving/\(lonLat(points))?overview=false&\(query)")
        #expect(status == 200, "\(json)")
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        let trips = try #require(json["trips"] as? [[String: Any]])
        #expect(trips.count == 1 && waypoints.allSatisfy { $0["trips_index"] as? Int == 0 })
        let places = waypoints.map { $0["waypoint_index"] as! Int }
        #expect(places.sorted() == Array(points.indices), "waypoint_index is a permutation")
        let order = points.indices.sorted { places[$0] < places[$1] }
        return (order, trips[0]["duration"] as! Double, (trips[0]["legs"] as! [Any]).count)
    }

    /// Seconds between every two points, from /table.
    func table(_ server: TestServer, _ points: [FixedCoordinate]) throws -> [[Double]] {
        let (_, json) = try server.json("/table/v1/driving/\(lonLat(points))")
        return try #require(json["durations"] as? [[Any]]).map { $0.map { $0 as! Double } }
    }

    func length(_ order: [Int], _ table: [[Double]], roundTrip: Bool) -> Double {
        zip(order, order.dropFirst()).reduce(0) { $0 + table[$1.0][$1.1] } + (roundTrip ? table[order.last!][order[0]] : 0)
    }

    /// The plain nearest-neighbour tour from the first point (the yardstick).
    func nearestNeighbour(_ table: [[Double]], fixedLast: Bool) -> [Int] {
        var order = [0], left = Set(1..<(fixedLast ? table.count - 1 : table.count))
        while !left.isEmpty {
            let next = left.min { table[order.last!][$0] < table[order.last!][$1] }!
            order.append(next)
            left.remove(next)
        }
        return fixedLast ? order + [table.count - 1] : order
    }

    @Test(arguments: [6, 9, 16, 30])
    func toursAreValidAndNoLongerThanNearestNeighbour(count: Int) throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let graph = try RoutingGraph(path: TestGraphs.path("andorra"), mode: .driving)
        let points = graph.randomRoadPoints(count: count, seed: UInt64(count))
        let durations = try table(server, points)
        // Round trip from anywhere: starts at the first point, every leg as the table says.
        let round = try trip(server, points, "")
        #expect(round.order[0] == 0 && round.legs == count)
        #expect(abs(round.duration - length(round.order, durations, roundTrip: true)) < 0.1 * Double(count))
        #expect(round.duration <= length(nearestNeighbour(durations, fixedLast: false), durations, roundTrip: true) + 0.1 * Double(count))
        // A one-way trip from the first point to the last.
        let line = try trip(server, points, "roundtrip=false&source=first&destination=last")
        #expect(line.order.first == 0 && line.order.last == count - 1 && line.legs == count - 1)
        #expect(line.duration <= length(nearestNeighbour(durations, fixedLast: true), durations, roundTrip: false) + 0.1 * Double(count))
    }

    @Test func smallToursAreOptimal() {
        var rng = SplitMix64(seed: 3)
        for n in 3...7 {
            let durations = (0..<(n * n)).map { $0 % (n + 1) == 0 ? Int32(0) : Int32.random(in: 1...1000, using: &rng) }
            for (round, first, last) in [(true, false, false), (false, true, false), (false, true, true), (false, false, true)] {
                let tour = TripTour(durations: durations, count: n, roundTrip: round, startsAtFirst: first, endsAtLast: last)
                let found = tour.solve()
                #expect(found.sorted() == Array(0..<n))
                if first || round { #expect(found.first == 0) }
                if last { #expect(found.last == n - 1) }
                // Every order by brute force, written plainly.
                var best = Int64.max
                func permute(_ prefix: [Int], _ rest: [Int]) {
                    if rest.isEmpty {
                        if (first || round) && prefix.first != 0 || last && prefix.last != n - 1 { return }
                        best = min(best, tour.length(prefix))
                        return
                    }
                    for (i, x) in rest.enumerated() { var r = rest; r.remove(at: i); permute(prefix + [x], r) }
                }
                permute([], Array(0..<n))
                #expect(tour.length(found) == best)
            }
        }
    }

    @Test func largeToursImproveOnTheirStart() {
        var rng = SplitMix64(seed: 9)
        let n = 60
        let durations = (0..<(n * n)).map { $0 % (n + 1) == 0 ? Int32(0) : Int32.random(in: 1...100_000, using: &rng) }
        for (round, first, last) in [(true, false, false), (false, true, true), (false, false, true)] {
            let tour = TripTour(durations: durations, count: n, roundTrip: round, startsAtFirst: first, endsAtLast: last)
            let found = tour.solve()
            #expect(found.sorted() == Array(0..<n))
            #expect(tour.length(found) <= tour.length(tour.nearestNeighbour()))
            #expect(tour.length(found) < tour.length(tour.farthestInsertion()))
        }
    }

    @Test func tableFallsBackToStraightLinesWhereNoRouteExists() throws {
        // Two streets 11 km apart, joined by no road.
        let server = try TestServer(graph: NominatimFixture.path())
        let a = FixedCoordinate(latitude: 60.1000, longitude: 24.9010), b = FixedCoordinate(latitude: 60.2000, longitude: 24.9010)
        let (_, plain) = try server.json("/table/v1/driving/\(lonLat([a, b]))?annotations=duration,distance")
        #expect((plain["durations"] as? [[Any]])?[0][1] is NSNull)
        let (_, filled) = try server.json("/table/v1/driving/\(lonLat([a, b]))?annotations=duration,distance&fallback_speed=10")
        let metres = Geo.distance(a, b)
        let durations = try #require(filled["durations"] as? [[Double]]), distances = try #require(filled["distances"] as? [[Double]])
        #expect(abs(durations[0][1] - metres / 10) <= 0.1 && abs(distances[0][1] - metres) <= 0.1)
        #expect(durations[0][0] == 0)
        let cells = try #require(filled["fallback_speed_cells"] as? [[Int]])
        #expect(cells == [[0, 1], [1, 0]])
        // From the snapped points instead of the inputs, and scaled.
        let (_, snapped) = try server.json("/table/v1/driving/\(lonLat([a, b]))?fallback_speed=10&fallback_coordinate=snapped&scale_factor=3")
        let waypoints = try #require(snapped["sources"] as? [[String: Any]]).map { $0["location"] as! [Double] }
        let between = Geo.distance(FixedCoordinate(latitude: waypoints[0][1], longitude: waypoints[0][0]),
                                   FixedCoordinate(latitude: waypoints[1][1], longitude: waypoints[1][0]))
        #expect(abs(try #require(snapped["durations"] as? [[Double]])[0][1] - between / 10 * 3) <= 0.2)
    }
}
