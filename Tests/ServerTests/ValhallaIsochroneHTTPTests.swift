import Foundation
import Testing
import WayfinderEngine
import WayfinderIsochrones
@testable import WayfinderService

/// Valhalla's `/isochrone` over real HTTP on Andorra: its JSON POSTed (the server collecting
/// the body) or in `?json=`, its answer (`contour` as asked, `show_locations`, `id`) and its
/// error objects; and the server's body reading: limits, chunks, keep-alive, other methods.
@Suite struct ValhallaIsochroneHTTPTests {
    typealias Shapes = IsochroneShapes
    static let location = #"{"lat":42.531073,"lon":1.573792}"#

    static func request(_ fields: String, costing: String = "auto", locations: String = "[\(location)]") -> [UInt8] {
        Array(#"{"locations":\#(locations),"costing":"\#(costing)",\#(fields)}"#.utf8)
    }

    func get(_ server: TestServer, _ json: [UInt8]) throws -> HTTPAnswer {
        try server.get("/isochrone?json=" + String(decoding: json, as: UTF8.self).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    }

    /// A POST and the same request as GET `?json=` get the same bytes: contours largest first,
    /// the colour given kept and the other Valhalla's default for its place, the id echoed.
    @Test func postAndGetAnswerAlike() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let body = Self.request(#""contours":[{"time":5},{"time":10,"color":"00ff00"}],"polygons":true,"id":"andorra-1","#
                                + #""costing_options":{"auto":{"use_highways":0.5}},"date_time":{"type":0}"#)
        let posted = try Shapes.post(server, "/isochrone", body)
        #expect(posted.status == 200, "\(posted.text.prefix(300))")
        #expect(posted.headers["content-type"]?.hasPrefix("application/json") == true)
        let got = try get(server, body)
        #expect(got.status == 200 && got.body == posted.body)
        let collection = try Shapes.object(posted)
        #expect(collection["id"] as? String == "andorra-1")
        let features = try Shapes.features(collection)
        #expect(features.map(Shapes.contour) == [10, 5])
        #expect(features.map { Shapes.properties($0)["color"] as? String } == ["#00ff00", "#" + IsochroneGeoJSON.defaultColor(1, of: 2)])
        let smallest = try #require(Shapes.polygons(features[1]))
        #expect(Shapes.contains(smallest, lon: Shapes.origin.lon, lat: Shapes.origin.lat))
        #expect(Shapes.nested(smallest, in: try #require(Shapes.polygons(features[0]))))
        // Valhalla's default: lines.
        let lines = try Shapes.object(try Shapes.post(server, "/isochrone", Self.request(#""contours":[{"time":5}]"#)))
        #expect(try Shapes.features(lines).first.flatMap(Shapes.lines) != nil)
    }

    /// `reverse` (where one can walk from), distance contours in km as asked, time and
    /// distance mixed (time first, as Valhalla writes them), and `show_locations`.
    @Test func reverseDistanceAndLocations() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let walker = Shapes.walkingOrigin
        let body = Self.request(#""contours":[{"distance":1.5},{"time":10}],"reverse":true,"polygons":true,"show_locations":true"#,
                                costing: "pedestrian", locations: #"[{"lat":\#(walker.lat),"lon":\#(walker.lon)}]"#)
        let answer = try Shapes.post(server, "/isochrone", body)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        let features = try Shapes.features(try Shapes.object(answer))
        #expect(features.count == 4)
        #expect(features.prefix(2).map(Shapes.contour) == [10, 1.5])
        #expect(features.prefix(2).map { Shapes.properties($0)["metric"] as? String } == ["time", "distance"])
        for feature in features.prefix(2) {
            let polygons = try #require(Shapes.polygons(feature))
            #expect(Shapes.contains(polygons, lon: walker.lon, lat: walker.lat))
        }
        let snapped = features[2], input = features[3]
        #expect(Shapes.properties(snapped)["type"] as? String == "snapped" && Shapes.properties(snapped)["location_index"] as? Int == 0)
        #expect(Shapes.geometry(snapped)["type"] as? String == "MultiPoint")
        let point = try #require((Shapes.geometry(snapped)["coordinates"] as? [[Double]])?.first)
        #expect(abs(point[0] - walker.lon) < 0.0005 && abs(point[1] - walker.lat) < 0.0005)
        #expect(Shapes.properties(input)["type"] as? String == "input")
        #expect(Shapes.geometry(input)["coordinates"] as? [Double] == [walker.lon, walker.lat])

        // reverse=true is the arrive direction of the same engine request.
        let depart = try Shapes.post(server, "/isochrone", Self.request(#""contours":[{"time":5}],"polygons":true"#))
        let arrive = try Shapes.post(server, "/isochrone", Self.request(#""contours":[{"time":5}],"polygons":true,"reverse":true"#))
        let mapboxArrive = try server.get("/isochrone/v1/driving/\(Shapes.origin.lon),\(Shapes.origin.lat)?contours_minutes=5&polygons=true&direction=arrive")
        #expect(depart.status == 200 && arrive.status == 200)
        #expect(arrive.body == mapboxArrive.body)
    }

    /// Valhalla's error objects, each with its code; the id echoed when the body had one.
    @Test(arguments: [
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"motor_scooter","contours":[{"time":5}]}"#, 125),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"contours":[{"time":5}]}"#, 124),
        (#"{"costing":"auto","contours":[{"time":5}]}"#, 110),
        (#"{"locations":[],"costing":"auto","contours":[{"time":5}]}"#, 120),
        (#"{"locations":[{"lat":42.5,"lon":1.5},{"lat":42.5,"lon":1.6}],"costing":"auto","contours":[{"time":5}]}"#, 150),
        (#"{"locations":[{"lat":91,"lon":1.5}],"costing":"auto","contours":[{"time":5}]}"#, 130),
        (#"{"locations":[{"lat":"42.5","lon":1.5}],"costing":"auto","contours":[{"time":5}]}"#, 130),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto"}"#, 113),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"time":1},{"time":2},{"time":3},{"time":4},{"time":5}]}"#, 152),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"time":61}]}"#, 151),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"time":0}]}"#, 111),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"distance":101}]}"#, 166),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"color":"ff0000"}]}"#, 111),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"time":5,"color":"red"}]}"#, 113),
        (#"{"locations":[{"lat":42.531073,"lon":1.573792}],"costing":"auto","contours":[{"time":5}],"polygons":"yes"}"#, 100),
        (#"{"locations":[{"lat":0.5,"lon":0.5}],"costing":"auto","contours":[{"time":5}]}"#, 171),
        (#"{"locations":[{"lat":42.5,"lon":1.5}],"costing":"auto","contours":[{"time":5}]"#, 100),
        (#"[1,2,3]"#, 100),
        ("", 100),
    ])
    func errorObjects(body: String, code: Int) throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let answer = try Shapes.post(server, "/isochrone", Array(body.utf8))
        #expect(answer.status == 400, "\(body): \(answer.text)")
        let error = try Shapes.object(answer)
        #expect(error["error_code"] as? Int == code, "\(body): \(error)")
        #expect(error["status_code"] as? Int == 400 && error["status"] as? String == "Bad Request")
        #expect((error["error"] as? String)?.isEmpty == false)
    }

    @Test func errorsEchoTheIdAndNameTheCosting() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let scooter = try Shapes.object(try Shapes.post(server, "/isochrone", Self.request(#""contours":[{"time":5}],"id":7"#, costing: "motor_scooter")))
        #expect(scooter["error"] as? String == "No costing method found: 'motor_scooter'" && scooter["id"] as? Int == 7)
        let none = try get(server, [])
        let noRequest = try Shapes.object(none)
        #expect(none.status == 400 && noRequest["error_code"] as? Int == 100)
    }

    /// The body's limit (a declared length past it refused unread; a chunked one past it read
    /// and refused), chunked bodies, POSTs kept alive between GETs, POST elsewhere, preflight.
    @Test func serverReadsBodiesOfPostsToIsochroneOnly() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let body = Self.request(#""contours":[{"time":5}],"polygons":true"#)
        let padded = Self.request(#""contours":[{"time":5}],"pad":"\#(String(repeating: "x", count: IsochroneEndpoints.valhallaBodyLimit))""#)
        #expect(try Shapes.post(server, "/isochrone", padded).status == 413)

        func chunked(_ bytes: [UInt8], piece: Int) -> [UInt8] {
            var out = Array("POST /isochrone HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
            for start in stride(from: 0, to: bytes.count, by: piece) {
                let chunk = bytes[start..<min(bytes.count, start + piece)]
                out += Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8)
            }
            return out + Array("0\r\n\r\n".utf8)
        }
        let small = try HTTPClient.parse(HTTPClient.send(port: server.port, chunked(body, piece: 7)))
        let whole = try Shapes.post(server, "/isochrone", body)
        #expect(small.status == 200 && small.body == whole.body)
        let large = try HTTPClient.parse(HTTPClient.send(port: server.port, chunked(padded, piece: 4096)))
        #expect(large.status == 413)

        // One kept-alive connection: a POST, a GET, a POST with Expect: 100-continue, a GET.
        let post = "POST /isochrone HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let health = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
        let expecting = "POST /isochrone HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: \(body.count)\r\n\r\n"
        let last = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let sequence = Array(post.utf8) + body + Array(health.utf8) + Array(expecting.utf8) + body + Array(last.utf8)
        let answers = String(decoding: try HTTPClient.send(port: server.port, sequence), as: UTF8.self)
        #expect(answers.components(separatedBy: "HTTP/1.1 200").count - 1 == 4, "\(answers.prefix(400))")
        #expect(answers.components(separatedBy: "\"FeatureCollection\"").count - 1 == 2)

        // Other endpoints take no POST; GET and HEAD take no body, /isochrone's neither.
        let route = try Shapes.post(server, "/route/v1/driving/1.52,42.50;1.53,42.51", body)
        #expect(route.status == 405 && route.headers["allow"] == "GET, HEAD, OPTIONS")
        let mapbox = try Shapes.post(server, "/isochrone/v1/driving/1.573792,42.531073?contours_minutes=5", body)
        #expect(mapbox.status == 405)
        let getWithBody = try HTTPClient.parse(HTTPClient.send(port: server.port, Array(
            "GET /isochrone HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body))
        #expect(getWithBody.status == 413)
        let put = try HTTPClient.parse(HTTPClient.send(port: server.port, Array(
            "PUT /isochrone HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)))
        #expect(put.status == 405 && put.headers["allow"] == "GET, HEAD, POST, OPTIONS")
        let preflight = try HTTPClient.parse(HTTPClient.send(port: server.port, Array(
            "OPTIONS /isochrone HTTP/1.1\r\nHost: x\r\nOrigin: http://example.org\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n".utf8)))
        #expect(preflight.status == 204 && preflight.headers["access-control-allow-methods"] == "GET, HEAD, POST, OPTIONS")
        // Every collected body freed and every request counted out (libmicrohttpd reports a
        // request completed just after its answer is sent).
        let deadline = Date().addingTimeInterval(2)
        while server.state.inFlight.load(ordering: .acquiring) != 0 && Date() < deadline { usleep(10_000) }
        #expect(server.state.inFlight.load(ordering: .acquiring) == 0)
    }

    /// Any body is answered, never a crash: deep nesting, huge numbers, random bytes and the
    /// valid request cut or with bytes changed, read by the parser in process.
    @Test func anyBodyIsAnswered() throws {
        let limits = EngineLimits()
        let valid = Self.request(#""contours":[{"time":5,"color":"ff0000"},{"distance":2}],"polygons":true,"denoise":0.5,"id":"x""#)
        #expect((try? ValhallaIsochroneQuery(json: valid, limits: limits)) != nil)
        var bodies: [[UInt8]] = [Array(String(repeating: "[", count: 60_000).utf8), Array(String(repeating: "{\"a\":", count: 10_000).utf8),
                                 Array(#"{"locations":[{"lat":1e400,"lon":1}],"costing":"auto","contours":[{"time":1e308}]}"#.utf8),
                                 Array(#"{"locations":[{"lat":42,"lon":1}],"costing":"auto","contours":[{"time":-1e-320}]}"#.utf8),
                                 [0xff, 0xfe, 0x00], Array("\u{FEFF}{}".utf8)]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            bodies.append((0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            var mutated = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] = Array("{}[],:\"0-.e9 x".utf8).randomElement(using: &random)!
            }
            bodies.append(mutated)
            bodies.append(Array(valid.prefix(Int.random(in: 0..<valid.count, using: &random))))
        }
        for body in bodies {
            do throws(ValhallaError) {
                let query = try ValhallaIsochroneQuery(json: body, limits: limits)
                #expect((1...limits.maxContours).contains(query.contours.count))
            } catch {
                #expect(ValhallaError.words[error.code] != nil, "\(error)")
            }
        }
    }
}
