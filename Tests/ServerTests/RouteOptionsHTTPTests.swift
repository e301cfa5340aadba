import Foundation
import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The OSRM options of issue 15 over real HTTP against the Andorra graph: bearings,
/// approaches, snapping, continue_straight, waypoints, skip_waypoints, /trip and /table's
/// fallbacks, each answered as the library computes it and refused as osrm-routed refuses it.
@Suite struct RouteOptionsHTTPTests {
    let server: TestServer
    let driving: RoutingGraph

    init() throws { (server, driving) = try TestGraphs.andorra() }

    /// The body the library writes for a route through `points`, snapped with `constraints`.
    func expected(_ points: [FixedCoordinate], _ constraints: [SnapConstraints], continueStraight: Bool,
                  options: ResponseOptions = ResponseOptions(overview: .none)) -> String? {
        guard let snaps = try? Snapper(graph: driving).snap(points, maxDistance: { _ in 5000 }, constraints: { constraints[$0] }),
              let legs = try? Router(graph: driving).legs(through: snaps, continueStraight: continueStraight)
        else { return nil }
        let json = JSONBuffer()
        OSRMRouteResponse.write(legs: legs, inputs: points, builder: DirectionsBuilder(graph: driving), options: options, into: json)
        return json.text
    }

    @Test func bearingsApproachesAndSnappingAnswerAsTheLibrary() throws {
        let points = driving.randomRoadPoints(count: 90, seed: 21)
        var compared = 0
        for i in stride(from: 0, to: points.count - 2, by: 3) {
            let inputs = Array(points[i..<(i + 3)])
            let bearing = (i * 37) % 360
            let query = "bearings=\(bearing),60;;&approaches=;curb;opposite&snapping=any"
            let constraints = [SnapConstraints(bearing: BearingRange(degrees: Double(bearing), range: 60), anyRoad: true),
                               SnapConstraints(approach: .curb, anyRoad: true), SnapConstraints(approach: .opposite, anyRoad: true)]
            let answer = try server.get("/route/v1/driving/\(lonLat(inputs))?overview=false&\(query)")
            guard let body = expected(inputs, constraints, continueStraight: true) else {
                #expect(answer.status == 400)
                continue
            }
            #expect(answer.text == body, "\(query)")
            compared += 1
        }
        #expect(compared > 20)
    }

    @Test func carsContinueStraightAtWaypointsUnlessToldOtherwise() throws {
        let points = driving.randomRoadPoints(count: 60, seed: 5)
        var differ = 0
        for i in stride(from: 0, to: points.count - 2, by: 3) {
            let inputs = Array(points[i..<(i + 3)]), plain = [SnapConstraints](repeating: SnapConstraints(), count: 3)
            let straight = try server.get("/route/v1/driving/\(lonLat(inputs))?overview=false").text
            let turning = try server.get("/route/v1/driving/\(lonLat(inputs))?overview=false&continue_straight=false").text
            if let body = expected(inputs, plain, continueStraight: true) { #expect(straight == body) }
            if let body = expected(inputs, plain, continueStraight: false) { #expect(turning == body) }
            if straight != turning { differ += 1 }
            // Walking may turn back at a waypoint by default (foot.lua).
            #expect(try server.get("/route/v1/foot/\(lonLat(inputs))?overview=false").text
                    == server.get("/route/v1/foot/\(lonLat(inputs))?overview=false&continue_straight=false").text)
        }
        #expect(differ > 0)
    }

    @Test func silentWaypointsJoinLegs() throws {
        let inputs = driving.randomRoadPoints(count: 4, seed: 8)
        let (status, all) = try server.json("/route/v1/driving/\(lonLat(inputs))?overview=false")
        let (status2, joined) = try server.json("/route/v1/driving/\(lonLat(inputs))?overview=false&waypoints=0;3")
        #expect(status == 200 && status2 == 200)
        let route = try #require((all["routes"] as? [[String: Any]])?.first), silent = try #require((joined["routes"] as? [[String: Any]])?.first)
        #expect((silent["legs"] as? [Any])?.count == 1)
        // Every coordinate is a waypoint, the ones passed through too, as osrm-routed lists them.
        let listed = try #require(joined["waypoints"] as? [[String: Any]]), each = try #require(all["waypoints"] as? [[String: Any]])
        #expect(listed.count == 4)
        #expect(listed.map { $0["location"] as? [Double] } == each.map { $0["location"] as? [Double] })
        #expect(abs((route["duration"] as! Double) - (silent["duration"] as! Double)) < 0.01)
        #expect(abs((route["distance"] as! Double) - (silent["distance"] as! Double)) < 0.2)
        // The steps of a joined leg say nothing of the silent points.
        let (_, stepped) = try server.json("/route/v1/driving/\(lonLat(inputs))?steps=true&waypoints=0;3")
        let legs = try #require((stepped["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])
        let arrivals = (legs[0]["steps"] as? [[String: Any]])?.filter { ($0["maneuver"] as? [String: Any])?["type"] as? String == "arrive" }
        #expect(arrivals?.count == 1)
        let (_, skipped) = try server.json("/route/v1/driving/\(lonLat(inputs))?overview=false&skip_waypoints=true")
        #expect(skipped["waypoints"] == nil && skipped["routes"] != nil)
    }

    @Test(arguments: [
        ("/route/v1/driving/1.52,42.50;1.53,42.51?bearings=10;", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?bearings=400,20;", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?bearings=10,200;", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?approaches=curb", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?approaches=kerb;", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?snapping=all", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?continue_straight=maybe", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51;1.54,42.52?waypoints=1;2", "InvalidValue"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51;1.54,42.52?waypoints=0;2;1", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51;1.54,42.52?waypoints=0;5", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?skip_waypoints=1", "InvalidQuery"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?fallback_speed=0", "InvalidValue"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?scale_factor=-2", "InvalidValue"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?fallback_coordinate=road", "InvalidQuery"),
        ("/trip/v1/driving/1.52,42.50;1.53,42.51?roundtrip=false", "NotImplemented"),
        ("/trip/v1/driving/1.52,42.50?roundtrip=true", "InvalidOptions"),
        ("/trip/v1/driving/1.52,42.50;1.53,42.51?source=last", "InvalidQuery"),
    ])
    func refusals(path: String, code: String) throws {
        let (status, json) = try server.json(path)
        #expect(status == 400, "\(path)")
        #expect(json["code"] as? String == code, "\(path): \(json)")
        #expect((json["message"] as? String)?.isEmpty == false)
    }

    @Test func nearestHonoursBearings() throws {
        let point = driving.randomRoadPoints(count: 1, seed: 4)[0]
        let (_, json) = try server.json("/nearest/v1/driving/\(lonLat([point]))?number=5&bearings=45,30")
        let expected = Snapper(graph: driving).nearest(to: point, count: 5, maxDistance: 5000, bearing: BearingRange(degrees: 45, range: 30))
        let locations = (json["waypoints"] as? [[String: Any]])?.compactMap { $0["location"] as? [Double] }
        #expect(locations?.count == expected.count)
        for (got, want) in zip(locations ?? [], expected) {
            #expect(abs(got[0] - want.location.longitude) < 1e-6 && abs(got[1] - want.location.latitude) < 1e-6)
        }
    }

    @Test func tableScalesDurations() throws {
        let points = driving.randomRoadPoints(count: 6, seed: 12)
        let (_, plain) = try server.json("/table/v1/driving/\(lonLat(points))")
        let (_, scaled) = try server.json("/table/v1/driving/\(lonLat(points))?scale_factor=2&fallback_speed=10")
        let a = try #require(plain["durations"] as? [[Any]]), b = try #require(scaled["durations"] as? [[Any]])
        for (rowA, rowB) in zip(a, b) {
            for (x, y) in zip(rowA, rowB) { if let x = x as? Double, let y = y as? Double { #expect(abs(2 * x - y) <= 0.15) } }
        }
        // Every pair has a route: nothing was estimated.
        #expect(scaled["fallback_speed_cells"] == nil)
    }
}
