import CWayfinderProto
import Foundation
import Testing

/// `/route?format=pbf` over HTTP: a protobuf `RouteResponse` saying what the JSON answer to
/// the same URL says (the field-by-field equality is RouteProtobufTests'; this checks the
/// wiring: content type, status, errors, and that the two answers are the same route).
@Suite struct RouteProtobufHTTPTests {
    static let url = "/route/v1/driving/1.5218,42.5063;1.5381,42.5094;1.7336,42.5425?steps=true&overview=full&annotations=true"

    /// The message of a pbf answer, handed to `body` and freed after it.
    func unpacked<T>(_ bytes: [UInt8], _ body: (Wayfinder__RouteResponse) throws -> T) throws -> T {
        let message = try #require(wayfinder__route_response__unpack(nil, bytes.count, bytes))
        defer { wayfinder__route_response__free_unpacked(message, nil) }
        return try body(message.pointee)
    }

    @Test func routeAsProtobufSaysWhatTheJSONSays() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let answer = try server.get(Self.url + "&format=pbf")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/x-protobuf")
        let (status, json) = try server.json(Self.url + "&format=json")
        #expect(status == 200)
        let route = try #require((json["routes"] as? [[String: Any]])?.first)
        let legs = try #require(route["legs"] as? [[String: Any]])
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        try unpacked(answer.body) { message in
            #expect(String(cString: message.code) == "Ok" && message.message == nil)
            try #require(message.n_routes == 1 && message.n_waypoints == waypoints.count)
            let r = message.routes[0]!.pointee
            #expect(r.distance == route["distance"] as? Double && r.duration == route["duration"] as? Double)
            #expect(r.geometry_case == WAYFINDER__ROUTE__GEOMETRY_POLYLINE && String(cString: r.polyline) == route["geometry"] as? String)
            try #require(r.n_legs == legs.count && legs.count == 2)
            for (i, leg) in legs.enumerated() {
                let l = r.legs[i]!.pointee
                let steps = try #require(leg["steps"] as? [[String: Any]])
                #expect(String(cString: l.summary) == leg["summary"] as? String)
                try #require(l.n_steps == steps.count)
                for (k, step) in steps.enumerated() {
                    #expect(String(cString: l.steps[k]!.pointee.instruction) == step["instruction"] as? String)
                }
                let annotation = try #require(leg["annotation"] as? [String: Any])
                #expect(l.annotation?.pointee.n_duration == (annotation["duration"] as? [Double])?.count)
            }
            for (i, waypoint) in waypoints.enumerated() {
                #expect(String(cString: message.waypoints[i]!.pointee.name) == waypoint["name"] as? String)
            }
        }
    }

    @Test func hintsFollowGenerateHints() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        for (query, hinted) in [("", true), ("&generate_hints=true", true), ("&generate_hints=false", false)] {
            let answer = try server.get(Self.url + query + "&format=pbf")
            #expect(answer.status == 200)
            try unpacked(answer.body) { message in
                try #require(message.n_waypoints == 3)
                for i in 0..<message.n_waypoints {
                    let hint = message.waypoints[i]!.pointee.hint
                    #expect(hinted ? hint.map { String(cString: $0) } == "" : hint == nil, "\(query)")
                }
            }
        }
    }

    @Test func errorsComeInTheRequestedFormat() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        for target in ["/route/v1/driving/1.5218,42.5063", "/route/v1/driving/1.5218,42.5063;0,0", "/route/v1/driving/1.5,42.5;1.6,42.6?steps=maybe"] {
            let answer = try server.get(target + (target.contains("?") ? "&" : "?") + "format=pbf")
            #expect(answer.status == 400)
            #expect(answer.headers["content-type"] == "application/x-protobuf")
            let (status, json) = try server.json(target)
            #expect(status == 400)
            try unpacked(answer.body) { message in
                #expect(String(cString: message.code) == json["code"] as? String)
                #expect(message.message.map { String(cString: $0) } == json["message"] as? String)
                #expect(message.n_routes == 0 && message.n_waypoints == 0)
            }
        }
        let (status, json) = try server.json("/route/v1/driving/1.5,42.5;1.6,42.6?format=xml")
        #expect(status == 400 && json["code"] as? String == "InvalidQuery")
    }
}
