import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// `exclude=` over real HTTP against the Andorra graph (whose toll road is the Envalira
/// tunnel): /route and /table answer what the library answers with the same exclusion, and
/// what cannot be excluded is osrm-routed's `InvalidValue`.
@Suite struct ExcludeHTTPTests {
    let server: TestServer
    let driving: RoutingGraph

    init() throws { (server, driving) = try TestGraphs.andorra() }

    /// Pas de la Casa to Soldeu: through the toll tunnel, or over the pass without it.
    static let pasDeLaCasa = FixedCoordinate(latitude: 42.5424, longitude: 1.7336)
    static let soldeu = FixedCoordinate(latitude: 42.5766, longitude: 1.6676)

    func duration(_ query: String) throws -> Double {
        let (status, json) = try server.json(query)
        #expect(status == 200, "\(query)")
        let routes = try #require(json["routes"] as? [[String: Any]])
        return try #require(routes.first?["duration"] as? Double)
    }

    @Test func routesAvoidTheTollTunnel() throws {
        let points = [Self.pasDeLaCasa, Self.soldeu]
        let plain = try duration("/route/v1/driving/\(lonLat(points))?overview=false")
        let withoutToll = try duration("/route/v1/driving/\(lonLat(points))?overview=false&exclude=toll")
        #expect(withoutToll > plain + 60)
        // The library's answers for the same snaps and exclusion.
        let router = Router(graph: driving)
        for (classes, seconds) in [(WayClasses(), plain), (WayClasses.toll, withoutToll)] {
            let snaps = try router.snapper.snap(points, maxDistance: { _ in 5000 }, excluding: classes)
            let route = try router.route(from: snaps[0], to: snaps[1], excluding: classes)
            #expect(abs(route.duration - seconds) <= 0.05)
        }
        // Classes the data lacks change nothing; combinations are accepted.
        #expect(try duration("/route/v1/driving/\(lonLat(points))?overview=false&exclude=motorway,ferry") == plain)
        #expect(try duration("/route/v1/driving/\(lonLat(points))?overview=false&exclude=motorway,toll") == withoutToll)
    }

    @Test func tablesAvoidTheTollTunnel() throws {
        let points = [Self.pasDeLaCasa, Self.soldeu] + driving.randomRoadPoints(count: 4, seed: 21)
        let (status, json) = try server.json("/table/v1/driving/\(lonLat(points))?exclude=toll")
        #expect(status == 200)
        let durations = try #require(json["durations"] as? [[Any]])
        let router = Router(graph: driving)
        let snaps = try router.snapper.snap(points, maxDistance: { _ in 5000 }, excluding: .toll)
        for i in points.indices {
            for j in points.indices {
                if let route = try? router.route(from: snaps[i], to: snaps[j], excluding: .toll) {
                    let seconds = try #require(durations[i][j] as? Double)
                    #expect(abs(seconds - route.duration) <= 0.05, "\(i)->\(j)")
                } else {
                    #expect(durations[i][j] is NSNull, "\(i)->\(j)")
                }
            }
        }
        let plain = try #require(try server.json("/table/v1/driving/\(lonLat(points))").object["durations"] as? [[Any]])
        #expect((plain[0][1] as? Double ?? 0) + 60 < (durations[0][1] as? Double ?? 0))
    }

    /// /nearest leaves excluded roads out: on the toll road, the nearest road is the toll
    /// road itself, and with exclude=toll the server answers the library's nearest roads
    /// without it, none of them a toll road.
    @Test func nearestLeavesTollRoadsOut() throws {
        let toll = try #require(driving.segments.indices.first { !driving.allowsSegment(Int32($0), excluding: .toll) })
        let segment = driving.segments[toll]
        let point = driving.points[Int(segment.firstPoint + segment.lastPoint) / 2]
        let snapper = Snapper(graph: driving)
        let plain = snapper.nearest(to: point, count: 5, maxDistance: 5000)
        #expect(!driving.allowsSegment(plain[0].segment, excluding: .toll))
        let expected = snapper.nearest(to: point, count: 5, maxDistance: 5000, excluding: .toll)
        #expect(expected.count == 5 && expected.allSatisfy { driving.allowsSegment($0.segment, excluding: .toll) })
        let (status, json) = try server.json("/nearest/v1/driving/\(lonLat([point]))?number=5&exclude=toll")
        #expect(status == 200)
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        let locations = waypoints.compactMap { $0["location"] as? [Double] }
        #expect(locations.count == 5)
        for (location, snap) in zip(locations, expected) {
            #expect(abs(location[0] - snap.location.longitude) < 1e-6 && abs(location[1] - snap.location.latitude) < 1e-6)
        }
    }

    @Test(arguments: [
        ("/route/v1/driving/1.52,42.50;1.53,42.51?exclude=banana", "InvalidValue"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?exclude=tunnel", "InvalidValue"),
        ("/route/v1/walking/1.52,42.50;1.53,42.51?exclude=toll", "InvalidValue"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?exclude=toll,bridge", "InvalidValue"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?exclude=toll;ferry", "InvalidQuery"),
        ("/trip/v1/driving/1.52,42.50;1.53,42.51?exclude=banana", "InvalidValue"),
        ("/nearest/v1/driving/1.52,42.50?exclude=ferry,banana", "InvalidValue"),
    ])
    func whatCannotBeExcludedIsAnError(target: String, code: String) throws {
        let (status, json) = try server.json(target)
        #expect(status == 400)
        #expect(json["code"] as? String == code)
        if code == "InvalidValue" { #expect(json["message"] as? String == "Exclude flag combination is not supported.") }
    }
}

