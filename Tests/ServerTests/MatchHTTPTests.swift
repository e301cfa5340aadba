import Foundation
import Testing
import WayfinderEngine
import WayfinderGraph
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// /match over real HTTP (Andorra): the trace URLs osrm-routed clients send, which run to
/// hundreds of kilobytes, the size limit, and connections that mix /match with other services
/// (`ConnectionDispatch`).
@Suite struct MatchHTTPTests {
    /// Points along a real street in Andorra la Vella, one every ~`step` of a degree.
    static func trace(_ count: Int, step: Double = 0.0000015) -> String {
        (0..<count).map { i in String(format: "%.6f,%.6f", 1.5218 + Double(i % 2000) * step, 42.5063) }.joined(separator: ";")
    }

    @Test func dispatchReadsTheFirstRequestLine() {
        func wants(_ text: String) -> Bool? { Array(text.utf8).withUnsafeBytes { ConnectionDispatch.wantsLargePool($0) } }
        #expect(wants("GET /match/v1/driving/1,2;3,4") == true)
        #expect(wants("HEAD /match/") == true)
        #expect(wants("GET /route/v1/driving/1,2") == false)
        #expect(wants("POST /match/") == false)
        #expect(wants("GET /mat") == nil)   // could still be /match: wait for more
        #expect(wants("HEA") == nil)
        #expect(wants("") == nil)
        #expect(wants("\u{16}\u{3}\u{1}") == false)   // a TLS hello: not HTTP at all
    }

    /// A 9,000-point trace with timestamps and radiuses (a URL of about 300 KB) is answered on
    /// a connection of its own; past the size limit it is TooBig; past the URL limit, 414.
    @Test func longTracesAreAccepted() throws {
        var limits = EngineLimits()
        limits.maxRequestTime = 0.5   // the answer may be TooBig by time: the URL got through
        let server = try TestServer(graph: try TestGraphs.path("andorra"), limits: limits)
        let n = 9000
        let query = "timestamps=" + (0..<n).map { String(1_700_000_000 + $0) }.joined(separator: ";")
            + "&radiuses=" + Array(repeating: "5", count: n).joined(separator: ";")
        let target = "/match/v1/driving/\(Self.trace(n))?\(query)&overview=false"
        #expect(target.utf8.count > 250_000)
        let (status, json) = try server.json(target)
        #expect(status == 200 || json["code"] as? String == "TooBig", "\(status) \(json)")
        #expect(status != 414)

        let (tooMany, refusal) = try server.json("/match/v1/driving/\(Self.trace(limits.maxMatchingSize + 1, step: 0))")
        #expect(tooMany == 400 && refusal["code"] as? String == "TooBig")
        let tooLong = try server.get("/match/v1/driving/\(Self.trace(10)).json?x=" + String(repeating: "a", count: limits.maxMatchURLBytes))
        #expect(tooLong.status == 414)
    }

    /// One kept-alive connection: a /route, then a /match, then a /route again, all answered;
    /// and a connection opened by a /match serves a /route after it.
    @Test func connectionsMixServices() throws {
        let server = try TestServer(graph: try TestGraphs.path("andorra"))
        let route = "GET /route/v1/driving/1.5218,42.5063;1.5290,42.5070?overview=false HTTP/1.1\r\nHost: x\r\n\r\n"
        let match = "GET /match/v1/driving/\(Self.trace(20, step: 0.00002))?overview=false HTTP/1.1\r\nHost: x\r\n\r\n"
        let last = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        for sequence in [[route, match, route, last], [match, route, match, last]] {
            let answer = String(decoding: try HTTPClient.send(port: server.port, Array(sequence.joined().utf8)), as: UTF8.self)
            #expect(answer.components(separatedBy: "HTTP/1.1 200").count - 1 == 4, "\(answer.prefix(300))")
            #expect(answer.contains("\"matchings\""))
        }
    }
}
