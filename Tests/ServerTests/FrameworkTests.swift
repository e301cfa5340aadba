import Foundation
import Synchronization
import Testing
@testable import WayfinderOSRM
@testable import WayfinderHTTPServer
@testable import WayfinderService
import WayfinderGraph
import WayfinderRouting

/// The parts every endpoint relies on: URL decoding, dispatch, methods, limits, logging, metrics.
@Suite struct FrameworkTests {
    /// Decodes a raw path and raw query pairs as the server does.
    func decode(_ path: String, _ query: [(String, String)] = []) throws -> HTTPRequest {
        let buffers = ([path] + query.flatMap { [$0.0, $0.1] }).map { text in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: text.utf8.count, alignment: 1)
            buffer.copyBytes(from: text.utf8)
            return UnsafeRawBufferPointer(buffer)
        }
        defer { buffers.forEach { $0.deallocate() } }
        let pairs = stride(from: 1, to: buffers.count, by: 2).map { (name: buffers[$0], value: buffers[$0 + 1]) }
        return try HTTPRequest(method: "GET", rawPath: buffers[0], rawParameters: pairs)
    }

    @Test func percentDecodingAndRepeatedKeys() throws {
        let request = try decode("/route/v1/driving/1.5%2C42.5%3B1.6,42.6", [("q", "caf%C3%A9+near+%2B1"), ("a", "1"), ("a", "2")])
        #expect(request.path == "/route/v1/driving/1.5,42.5;1.6,42.6")
        #expect(request["q"] == "café near +1")
        #expect(request.values("a") == ["1", "2"])
        #expect(request["a"] == "1")
        #expect(request["missing"] == nil)
    }

    @Test func malformedEscapesAreRejected() {
        for bad in ["/a%", "/a%2", "/a%zz", "/a%ff%fe"] {
            #expect(throws: MalformedURL.self, "\(bad)") { try decode(bad) }
        }
        #expect(throws: MalformedURL.self) { try decode("/search", [("q", "%C3")]) }
    }

    @Test func endpointsMatchExactlyOrByPrefix() {
        let table = EndpointTable([
            Endpoint("a", path: "/a", handler: { _, _ in .text("a") }),
            Endpoint("b", path: "/b/", handler: { _, _ in .text("b") }),
            Endpoint("bc", path: "/b/c/", handler: { _, _ in .text("bc") }),
        ])
        #expect(table.endpoint(for: "/a") == 0)
        #expect(table.endpoint(for: "/a/x") == nil)
        #expect(table.endpoint(for: "/ab") == nil)
        #expect(table.endpoint(for: "/b/x") == 1)
        #expect(table.endpoint(for: "/b/c/x") == 2)
        #expect(table.endpoint(for: "/b") == nil)
    }

    @Test func healthMethodsAndUnknownPaths() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let (status, health) = try server.json("/health")
        #expect(status == 200)
        #expect(health["status"] as? String == "ok")
        let graph = try #require(health["graph"] as? [String: Any])
        #expect(graph["generation"] as? Int == 1)
        #expect(graph["source"] as? String == "andorra.osm.pbf")
        #expect(graph["modes"] as? [String] == ["driving", "walking", "cycling"])

        #expect(try server.get("/no/such/thing").status == 404)
        let service = try server.json("/frobnicate/v1/driving/1,2;3,4")
        #expect(service.status == 400)
        #expect(service.object["code"] as? String == "InvalidService")

        let post = try HTTPClient.parse(HTTPClient.send(port: server.port, Array("POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc".utf8)))
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD, OPTIONS")
        // A browser's CORS preflight, and an empty query item as Leaflet Routing Machine may send.
        let preflight = try HTTPClient.parse(HTTPClient.send(port: server.port, Array(
            "OPTIONS /route/v1/driving/1.52,42.50;1.53,42.51 HTTP/1.1\r\nHost: x\r\nOrigin: http://example.org\r\nAccess-Control-Request-Method: GET\r\nConnection: close\r\n\r\n".utf8)))
        #expect(preflight.status == 204 && preflight.body.isEmpty)
        #expect(preflight.headers["access-control-allow-origin"] == "*" && preflight.headers["access-control-allow-methods"] == "GET, HEAD, OPTIONS")
        #expect(preflight.headers["access-control-allow-headers"] == "*")
        let emptyItem = try server.json("/route/v1/driving/1.5218,42.5063;1.5381,42.5094?&alternatives=false&&overview=false")
        #expect(emptyItem.status == 200 && emptyItem.object["code"] as? String == "Ok")
        let body = try HTTPClient.parse(HTTPClient.send(port: server.port, Array("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc".utf8)))
        #expect(body.status == 413)
        let head = try HTTPClient.parse(HTTPClient.send(port: server.port, Array("HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
        #expect(head.status == 200 && head.body.isEmpty)

        #expect(try server.get("/health?x=" + String(repeating: "a", count: 9000)).status == 414)
        let badEscape = try server.json("/health?x=%zz")
        #expect(badEscape.status == 400 && badEscape.object["code"] as? String == "InvalidUrl")

        // One log line per request: method, path, status, microseconds.
        let line = try #require(server.log.first { $0.hasPrefix("GET /no/such/thing ") })
        #expect(line.range(of: #"^GET /no/such/thing 404 \d+us$"#, options: .regularExpression) != nil, "\(line)")
    }

    @Test func stopLetsRequestsInFlightFinish() throws {
        let slow = Endpoint("slow", path: "/slow", handler: { _, context in
            usleep(300_000)
            return .text("done at generation \(context.graph.generation)")
        })
        let server = try TestServer(graph: TestGraphs.path("andorra"), endpoints: EndpointTable(EndpointTable.standard.endpoints + [slow]))
        let answer = Mutex<HTTPAnswer?>(nil)
        let client = Thread { answer.withLock { $0 = try? server.get("/slow") } }
        client.start()
        usleep(100_000)  // the request is being answered
        server.server.stop()
        while !client.isFinished { usleep(10_000) }
        #expect(answer.withLock { $0?.status } == 200)
        #expect(answer.withLock { $0?.text } == "done at generation 1")
        #expect(throws: (any Error).self) { try server.get("/health") }  // no longer listening
    }

    @Test func metricsCountRequestsByEndpointAndStatus() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        for _ in 0..<3 { _ = try server.get("/health") }
        _ = try server.get("/nope")
        #expect(server.state.metrics.requests(endpoint: "health", status: 200) == 3)
        let text = try server.get("/metrics").text
        #expect(text.contains(#"wayfinder_requests_total{endpoint="health",code="200"} 3"#))
        #expect(text.contains(#"wayfinder_requests_total{endpoint="none",code="404"} 1"#))
        #expect(text.contains(#"wayfinder_request_duration_seconds_count{endpoint="health"} 3"#))
        #expect(text.contains("wayfinder_graph_age_seconds "))
        #expect(text.contains("wayfinder_graph_build_timestamp_seconds "))
        #expect(text.contains(#"wayfinder_graph_info{format_version="\#(GraphFile.formatVersion)""#))
    }
}

@Suite struct CoordinateParsingTests {
    func fixed(_ text: String) -> Int64? { OSRMRequest.fixedPoint(Substring(text).utf8[...]) }

    @Test func decimalsBecomeFixedPointExactly() {
        #expect(fixed("42.5063") == 425_063_000)
        #expect(fixed("-1.52") == -15_200_000)
        #expect(fixed("+.5") == 5_000_000)
        #expect(fixed("7") == 70_000_000)
        #expect(fixed("1.23456785") == 12_345_679)  // the eighth decimal rounds
        #expect(fixed("-1.234567849") == -12_345_678)
        #expect(fixed("0.000000049999") == 0)
        for bad in ["", "-", ".", "1.2.3", "1e5", "nan", "inf", "0x10", "1-2", " 1", "1,5", String(repeating: "9", count: 30)] {
            #expect(fixed(bad) == nil, "\(bad)")
        }
    }

    /// Found by `scripts/fuzz` (osrm-url): 13 digits before the point passed the digit loop's
    /// bound and overflowed when scaled to 1e-7 degrees (a trap in checked code; a wrapped,
    /// made-up coordinate under -Ounchecked). Now malformed, as 30 digits are.
    @Test func integerPartsTooLargeForFixedPointAreRejected() {
        #expect(fixed("1519999999999") == nil)
        #expect(fixed("-1519999999999.5") == nil)
        #expect(fixed("922337203685") == 9_223_372_036_850_000_000)
        #expect(throws: OSRMError.self) { try OSRMRequest.coordinates("151.1624,-33.9130;1519999999999,-33.91") }
    }
}
