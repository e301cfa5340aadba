import Foundation
import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderProtobuf
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// `alternatives=true|N` on /route over real HTTP (Andorra): the answer is the library's
/// `Router.routes` written by `OSRMRouteResponse` (JSON) or `RouteProtobuf` (pbf), byte for
/// byte; OSRM's limits and its rule of alternatives for two coordinates only.
@Suite struct AlternativesHTTPTests {
    let server: TestServer
    let driving: RoutingGraph

    init() throws { (server, driving) = try TestGraphs.andorra() }

    /// The library's routes between two inputs, snapped as the server snaps them.
    func libraryRoutes(_ inputs: [FixedCoordinate], alternatives: Int, router: Router) -> [Route]? {
        let snaps = inputs.map { router.snapper.nearest(to: $0, maxDistance: 5000)! }
        let sameIsland = Set(snaps.map { driving.segmentComponent[Int($0.any.segment)] }).count == 1
        let chosen = snaps.map { sameIsland ? $0.any : $0.main ?? $0.any }
        return try? router.routes(from: chosen[0], to: chosen[1], alternatives: alternatives)
    }

    @Test func answersAreTheLibrarysRoutes() throws {
        let router = Router(graph: driving)
        let points = driving.randomRoadPoints(count: 200, seed: 5)
        let options = ResponseOptions(steps: true, overview: .full)
        var withAlternatives = 0
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            let inputs = [points[i], points[i + 1]], count = 1 + (i / 2) % 2
            guard let routes = libraryRoutes(inputs, alternatives: count, router: router) else { continue }
            let query = "steps=true&overview=full&alternatives=\(count == 1 ? "true" : "2")"
            let answer = try server.get("/route/v1/driving/\(lonLat(inputs))?\(query)")
            let json = JSONBuffer()
            OSRMRouteResponse.write(routes: routes.map { [$0] }, inputs: inputs, builder: DirectionsBuilder(graph: driving),
                                    options: options, into: json)
            #expect(answer.status == 200)
            #expect(answer.text == json.text, "pair \(i / 2) \(query)")
            if routes.count > 1 {
                withAlternatives += 1
                let binary = try server.get("/route/v1/driving/\(lonLat(inputs))?\(query)&format=pbf")
                #expect(binary.body == RouteProtobuf.encode(routes: routes.map { [$0] }, inputs: inputs,
                                                            builder: DirectionsBuilder(graph: driving), options: options))
            }
        }
        #expect(withAlternatives >= 10)
    }

    @Test func alternativesFollowOSRMsRules() throws {
        let points = driving.randomRoadPoints(count: 3, seed: 9)
        let two = lonLat(Array(points.prefix(2)))
        // false and 0 ask for none: the plain answer.
        let plain = try server.get("/route/v1/driving/\(two)?overview=false").text
        #expect(try server.get("/route/v1/driving/\(two)?overview=false&alternatives=false").text == plain)
        #expect(try server.get("/route/v1/driving/\(two)?overview=false&alternatives=0").text == plain)
        // More than osrm-routed's default maximum (3) is TooBig; other values are refused.
        let tooMany = try server.json("/route/v1/driving/\(two)?alternatives=4")
        #expect(tooMany.status == 400 && tooMany.object["code"] as? String == "TooBig")
        #expect(tooMany.object["message"] as? String == "Requested number of alternatives is higher than current maximum (3)")
        for bad in ["-1", "yes", "1.5"] {
            let answer = try server.json("/route/v1/driving/\(two)?alternatives=\(bad)")
            #expect(answer.status == 400 && answer.object["code"] as? String == "InvalidQuery", "alternatives=\(bad)")
        }
        // Through a via point: one route, as OSRM (alternatives for two coordinates only).
        let (status, json) = try server.json("/route/v1/driving/\(lonLat(points))?overview=false&alternatives=3")
        #expect(status == 200)
        let routes = try #require(json["routes"] as? [[String: Any]])
        #expect(routes.count == 1 && (routes[0]["legs"] as? [Any])?.count == 2)
    }
}
