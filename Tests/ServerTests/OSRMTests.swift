import Foundation
import Testing
import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The OSRM dialect over real HTTP against the Andorra graph: answers equal to what the
/// library computes for the same inputs, and OSRM's error codes.
@Suite struct OSRMTests {
    let server: TestServer
    let driving: RoutingGraph

    init() throws { (server, driving) = try TestGraphs.andorra() }

    /// The body the library writes for a route through `inputs`, snapped as the server does.
    func expectedRoute(_ inputs: [FixedCoordinate], _ options: ResponseOptions, router: Router) -> String? {
        let snaps = inputs.map { router.snapper.nearest(to: $0, maxDistance: 5000)! }
        let sameIsland = Set(snaps.map { driving.segmentComponent[Int($0.any.segment)] }).count == 1
        let chosen = snaps.map { sameIsland ? $0.any : $0.main ?? $0.any }
        var legs: [Route] = []
        for i in 1..<chosen.count {
            guard let leg = try? router.route(from: chosen[i - 1], to: chosen[i]) else { return nil }
            legs.append(leg)
        }
        let json = JSONBuffer()
        OSRMRouteResponse.write(legs: legs, inputs: inputs, builder: DirectionsBuilder(graph: driving), options: options, into: json)
        return json.text
    }

    @Test func routesEqualTheLibrarysAnswers() throws {
        let router = Router(graph: driving)
        let points = driving.randomRoadPoints(count: 120, seed: 7)
        let variants: [(String, ResponseOptions)] = [
            ("overview=false", ResponseOptions(overview: .none)),
            ("overview=full&steps=true", ResponseOptions(steps: true, overview: .full)),
            ("geometries=geojson&annotations=true", ResponseOptions(geometry: .geojson, annotations: .all)),
            ("", ResponseOptions()),
        ]
        var compared = 0
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            let (query, options) = variants[(i / 2) % variants.count]
            let inputs = [points[i], points[i + 1]]
            let answer = try server.get("/route/v1/driving/\(lonLat(inputs))?\(query)")
            guard let expected = expectedRoute(inputs, options, router: router) else {
                #expect(answer.status == 400 && answer.text.contains("NoRoute"))
                continue
            }
            #expect(answer.status == 200)
            #expect(answer.text == expected, "route \(i / 2) \(query)")
            compared += 1
        }
        #expect(compared > 40)
    }

    @Test func severalWaypointsMakeSeveralLegs() throws {
        let points = driving.randomRoadPoints(count: 4, seed: 11)
        let (status, json) = try server.json("/route/v1/car/\(lonLat(points)).json?steps=true&overview=full&geometries=polyline6")
        #expect(status == 200)
        let route = try #require((json["routes"] as? [[String: Any]])?.first)
        let legs = try #require(route["legs"] as? [[String: Any]])
        #expect(legs.count == 3)
        #expect((json["waypoints"] as? [Any])?.count == 4)
        let total = legs.compactMap { $0["duration"] as? Double }.reduce(0, +)
        #expect(abs(total - (route["duration"] as? Double ?? -1)) < 0.01)
        // Legs routed each on its own: a car may turn back at a waypoint (continue_straight=false).
        #expect(try server.get("/route/v1/car/\(lonLat(points))?steps=true&overview=full&geometries=polyline6&continue_straight=false").text
                == expectedRoute(points, ResponseOptions(steps: true, geometry: .polyline6, overview: .full), router: Router(graph: driving)))
    }

    @Test func radiusesLimitSnapping() throws {
        let points = driving.randomRoadPoints(count: 2, seed: 3)
        // A point ~1 km north of the road network's first point is farther than 10 m from any road.
        let off = FixedCoordinate(lat: points[0].lat + 90_000, lon: points[0].lon)
        let snap = try #require(Router(graph: driving).snapper.nearest(to: off, maxDistance: 5000))
        let far = try server.json("/route/v1/driving/\(lonLat([off, points[1]]))?radiuses=\(Int(snap.any.distance / 2));unlimited")
        #expect(far.status == 400 && far.object["code"] as? String == "NoSegment")
        let near = try server.json("/route/v1/driving/\(lonLat([off, points[1]]))?radiuses=\(Int(snap.any.distance) + 1);")
        #expect(near.status == 200)
    }

    @Test func nearestListsTheClosestRoadsFirst() throws {
        let point = FixedCoordinate(lat: 425_063_000, lon: 15_218_000)
        let (status, json) = try server.json("/nearest/v1/driving/\(lonLat([point]))?number=5")
        #expect(status == 200 && json["code"] as? String == "Ok")
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        #expect(waypoints.count == 5)
        let distances = waypoints.compactMap { $0["distance"] as? Double }
        #expect(distances == distances.sorted())
        let nearest = try #require(Router(graph: driving).snapper.nearest(to: point, maxDistance: 5000)?.any)
        #expect(abs(distances[0] - nearest.distance) < 0.001)
        let location = try #require(waypoints[0]["location"] as? [Double])
        #expect(abs(location[0] - nearest.location.longitude) < 1e-6 && abs(location[1] - nearest.location.latitude) < 1e-6)
        // Up to the limit; above it TooBig, as osrm-routed answers it.
        let most = try server.json("/nearest/v1/driving/\(lonLat([point]))?number=\(EngineLimits().maxResults)&generate_hints=false")
        let capped = try #require(most.object["waypoints"] as? [[String: Any]])
        #expect(capped.count == EngineLimits().maxResults)
        #expect(capped[0]["hint"] == nil)
        let many = try server.json("/nearest/v1/driving/\(lonLat([point]))?number=1000000000")
        #expect(many.status == 400 && many.object["code"] as? String == "TooBig")
    }

    @Test func routeHonoursGenerateHints() throws {
        let points = "1.5218,42.5063;1.5381,42.5094;1.7336,42.5425"
        // The totals-only answer and the one with directions write their waypoints apart.
        for query in ["overview=false", "steps=true&overview=full"] {
            let hinted = try server.get("/route/v1/driving/\(points)?\(query)")
            let bare = try server.get("/route/v1/driving/\(points)?\(query)&generate_hints=false")
            #expect(hinted.status == 200 && bare.status == 200)
            let withHints = try #require(try JSONSerialization.jsonObject(with: Data(hinted.body)) as? [String: Any])
            let without = try #require(try JSONSerialization.jsonObject(with: Data(bare.body)) as? [String: Any])
            let hintedWaypoints = try #require(withHints["waypoints"] as? [[String: Any]])
            let bareWaypoints = try #require(without["waypoints"] as? [[String: Any]])
            #expect(hintedWaypoints.count == 3 && bareWaypoints.count == 3)
            #expect(hintedWaypoints.allSatisfy { $0["hint"] as? String == "" }, "\(query)")
            #expect(bareWaypoints.allSatisfy { $0["hint"] == nil }, "\(query)")
            // Nothing else differs.
            let sameOtherwise = hinted.text.replacingOccurrences(of: "\"hint\":\"\",", with: "") == bare.text
            #expect(sameOtherwise, "\(query)")
        }
    }

    @Test func tableEqualsPointToPointRoutes() throws {
        let points = driving.randomRoadPoints(count: 6, seed: 5)
        let (status, json) = try server.json("/table/v1/driving/\(lonLat(points))?sources=0;1;2&destinations=3;4;5;0&annotations=duration,distance")
        #expect(status == 200)
        let durations = try #require(json["durations"] as? [[Any]])
        let distances = try #require(json["distances"] as? [[Any]])
        #expect(durations.count == 3 && durations.allSatisfy { $0.count == 4 })
        #expect(distances.count == 3)
        #expect((json["sources"] as? [Any])?.count == 3 && (json["destinations"] as? [Any])?.count == 4)
        let router = Router(graph: driving)
        let snaps = points.map { router.snapper.nearest(to: $0, maxDistance: 5000)!.any }
        for (i, source) in [0, 1, 2].enumerated() {
            for (j, target) in [3, 4, 5, 0].enumerated() {
                let route = try? router.route(from: snaps[source], to: snaps[target])
                if let route {
                    let seconds = try #require(durations[i][j] as? Double)
                    #expect(abs(seconds - route.duration) <= 0.05, "\(source)->\(target)")
                } else {
                    #expect(durations[i][j] is NSNull)
                }
            }
        }
        let onlyDurations = try server.json("/table/v1/driving/\(lonLat(points))")
        #expect((onlyDurations.object["durations"] as? [[Any]])?.count == 6 && onlyDurations.object["distances"] == nil)
    }

    @Test(arguments: [
        ("/route/v1/driving/1.52,42.50", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53", "InvalidUrl"),
        ("/route/v1/driving/1.52,42.50;abc,42.5", "InvalidUrl"),
        ("/route/v1/driving/1.52,nan;1.53,42.51", "InvalidUrl"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51x", "InvalidUrl"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51.xml", "InvalidUrl"),
        ("/route/v1/driving", "InvalidUrl"),
        ("/route/v1/driving/1.52,95;1.53,42.51", "InvalidValue"),
        ("/route/v1/driving/181,42.5;1.53,42.51", "InvalidValue"),
        ("/route/v1/truck/1.52,42.50;1.53,42.51", "InvalidValue"),
        ("/route/v2/driving/1.52,42.50;1.53,42.51", "InvalidVersion"),
        ("/routing/v1/driving/1.52,42.50;1.53,42.51", "InvalidService"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?steps=yes", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?geometries=wkt", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?overview=some", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?colour=red", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?radiuses=abc;1", "InvalidQuery"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?radiuses=-1;1", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?radiuses=1", "InvalidOptions"),
        ("/route/v1/driving/1.52,42.50;1.53,42.51?bearings=10,20", "InvalidOptions"),
        ("/route/v1/driving/0,0;1.53,42.51", "NoSegment"),
        ("/route/v1/driving/0,90;1.53,42.51", "NoSegment"),  // at the pole a degree of longitude is 0 m wide
        ("/nearest/v1/foot/-180,-90?radiuses=unlimited", "NoSegment"),
        ("/nearest/v1/driving/1.52,42.50;1.53,42.51", "InvalidOptions"),
        ("/nearest/v1/driving/1.52,42.50?number=0", "InvalidOptions"),
        ("/nearest/v1/driving/1.52,42.50?number=x", "InvalidQuery"),
        ("/nearest/v1/driving/10,10", "NoSegment"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?sources=2", "InvalidOptions"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?sources=a", "InvalidQuery"),
        ("/table/v1/driving/1.52,42.50;1.53,42.51?annotations=speed", "InvalidQuery"),
    ])
    func errorsCarryOSRMCodes(path: String, code: String) throws {
        let (status, json) = try server.json(path)
        #expect(status == 400, "\(path)")
        #expect(json["code"] as? String == code, "\(path): \(json)")
        #expect((json["message"] as? String)?.isEmpty == false)
    }

    @Test func tooBigRequests() throws {
        let points = driving.randomRoadPoints(count: 101, seed: 9)
        let route = try server.json("/route/v1/driving/\(lonLat(points))?overview=false")
        #expect(route.status == 400 && route.object["code"] as? String == "TooBig")
        let few = Array(points.prefix(2))
        let table = try server.json("/table/v1/driving/\(lonLat(Array(repeating: few, count: 51).flatMap { $0 }))")
        #expect(table.status == 400 && table.object["code"] as? String == "TooBig")
        let allowed = try server.json("/table/v1/driving/\(lonLat(Array(repeating: few, count: 50).flatMap { $0 }))")
        #expect(allowed.status == 200)
    }

    @Test func polylineCoordinates() throws {
        let encoded = Polyline.encode(driving.randomRoadPoints(count: 2, seed: 21), precision: 6)
        let decoded = try #require(Polyline.decode(encoded, precision: 6)).map { FixedCoordinate(latitude: $0.lat, longitude: $0.lon) }
        let plain = try server.get("/route/v1/driving/\(lonLat(decoded))?overview=false")
        let escaped = encoded.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let line = try server.get("/route/v1/driving/polyline6(\(escaped))?overview=false")
        #expect(plain.status == line.status)
        let a = try JSONSerialization.jsonObject(with: Data(plain.body)) as? [String: Any]
        let b = try JSONSerialization.jsonObject(with: Data(line.body)) as? [String: Any]
        let duration = { (json: [String: Any]?) in ((json?["routes"] as? [[String: Any]])?.first?["duration"] as? Double) }
        #expect(duration(a) != nil && duration(a) == duration(b))
    }
}
