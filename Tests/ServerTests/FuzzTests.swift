import Foundation
import Testing
import WayfinderGraph
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Random and malformed requests: every one gets an answer (or a closed connection for
/// bytes that are not HTTP), none crashes or hangs the server, and it answers /health after.
@Suite struct FuzzTests {
    let server: TestServer

    init() throws { server = try TestServer(graph: TestGraphs.path("andorra")) }

    static let fragments = [
        "/route/v1/driving/", "/route/v1/foot/", "/table/v1/car/", "/nearest/v1/walking/", "/route/v2/", "/search?q=",
        "/reverse?lat=", "&lon=", "/category?q=cafe&lat=", "/places?lat=", "/health", "/metrics",
        "1.52", "42.50", "-0", "1e400", "nan", "inf", "-", ".", ",", ";", "?", "&", "=", "/", "%", "%2", "%zz", "%00",
        "%C3%A9", "%FF", "+", "polyline(", "polyline6(", ")", "_p~iF", ".json", "steps=true", "overview=full",
        "radiuses=", "unlimited", "sources=", "destinations=", "all", "number=", "annotations=", "999999999999999999999",
        "limit=", "viewbox=", "bounded=1", "zoom=", "accuracy=", "radius=",
        "/roads?bbox=", "mode=", "/leaflet/", "leaflet.js", "images/", "..",
    ]

    /// Whether an answer need not be JSON: the metrics text, the map page, Leaflet's files.
    static func isNotJSON(_ target: String, _ answer: HTTPAnswer) -> Bool {
        target.hasPrefix("/metrics") || target.hasPrefix("/leaflet/")
            || answer.headers["content-type"]?.hasPrefix("text/html") == true
    }

    func expectAlive() throws {
        let health = try server.get("/health")
        #expect(health.status == 200)
    }

    @Test func randomURLsFromFragments() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<1500 {
            let count = Int.random(in: 1...14, using: &rng)
            var target = ""
            for _ in 0..<count { target += Self.fragments.randomElement(using: &rng)! }
            if !target.hasPrefix("/") { target = "/" + target }
            // Spaces and controls would end the request line: percent-encode them.
            target = target.replacingOccurrences(of: " ", with: "%20")
            let answer = try server.get(target)
            #expect([200, 400, 404, 414].contains(answer.status), "\(target): \(answer.status)")
            if answer.status != 404 || !answer.body.isEmpty {
                #expect((try? JSONSerialization.jsonObject(with: Data(answer.body))) != nil || Self.isNotJSON(target, answer),
                        "\(target): \(answer.text.prefix(200))")
            }
        }
        try expectAlive()
    }

    @Test func randomBytesInPathAndQuery() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            var request = Array("GET /".utf8)
            if Bool.random(using: &rng) { request += Array(["route/v1/driving/", "search?q=", "nearest/v1/foot/"].randomElement(using: &rng)!.utf8) }
            for _ in 0..<Int.random(in: 0...200, using: &rng) {
                var byte = UInt8.random(in: 0...255, using: &rng)
                if byte == 13 || byte == 10 || byte == 32 { byte = UInt8(ascii: "x") }  // keep one request line
                request.append(byte)
            }
            request += Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            let bytes = try HTTPClient.send(port: server.port, request)
            if !bytes.isEmpty {
                let answer = try HTTPClient.parse(bytes)
                #expect([200, 400, 404, 414].contains(answer.status), "\(answer.status)")
            }
        }
        try expectAlive()
    }

    /// Sends `bytes` and returns the answer, recording (not throwing) a connection that
    /// neither answers nor closes, with `label` saying which request it was.
    @discardableResult
    func exchange(_ bytes: [UInt8], _ label: String) -> HTTPAnswer? {
        do {
            let answer = try HTTPClient.send(port: server.port, bytes)
            return answer.isEmpty ? nil : try HTTPClient.parse(answer)
        } catch {
            Issue.record("\(label): \(error)")
            return nil
        }
    }

    @Test func garbageAndHugeRequests() throws {
        var rng = SplitMix64(seed: 99)
        // Not HTTP at all.
        for i in 0..<100 {
            let bytes = (0..<Int.random(in: 1...3000, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? HTTPClient.send(port: server.port, bytes)
            if i % 10 == 0 { try expectAlive() }
        }
        // Half a request, then the client stops sending. The server may close at once or wait
        // for the rest until its connection timeout; either way it must keep serving others.
        _ = try? HTTPClient.send(port: server.port, Array("GET /route/v1/driving/1.5,42.5;1.6,".utf8), timeout: 2)
        try expectAlive()
        // Huge URLs: ours (414) and beyond what the connection buffer takes (414 or reset).
        for length in [9000, 40_000, 200_000] {
            if let answer = exchange(Array("GET /route/v1/driving/\(String(repeating: "1", count: length)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), "URL of \(length)") {
                #expect(answer.status == 414)
            }
        }
        // Many headers, a bad method, a bad version.
        let headers = (0..<500).map { "X-\($0): \(String(repeating: "v", count: 100))\r\n" }.joined()
        exchange(Array("GET /health HTTP/1.1\r\n\(headers)\r\n".utf8), "many headers")
        #expect(exchange(Array("BREW /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), "bad method")?.status == 405)
        #expect(exchange(Array("GET /health HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), "bad version")?.status == 505)
        try expectAlive()
    }

    @Test func extremeButValidParameters() throws {
        for target in [
            "/route/v1/driving/180,90;-180,-90", "/route/v1/driving/1.5,42.5;1.5,42.5", "/nearest/v1/driving/1.5,42.5?radiuses=unlimited&number=100",
            "/table/v1/foot/" + Array(repeating: "1.5218,42.5063", count: 100).joined(separator: ";"),
            "/search?q=" + String(repeating: "a%20", count: 500), "/search?q=%F0%9F%98%80", "/category?q=cafe&lat=42.5&lon=1.5&radius=50000&limit=100",
            "/places?lat=42.5&lon=1.5&accuracy=5000&limit=100", "/reverse?lat=-90&lon=180",
        ] {
            let answer = try server.get(target)
            #expect([200, 400].contains(answer.status), "\(target.prefix(80)): \(answer.status) \(answer.text.prefix(200))")
        }
        try expectAlive()
    }
}
