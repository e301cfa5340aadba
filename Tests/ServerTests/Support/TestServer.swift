import Foundation
import Glibc
import Synchronization
import WayfinderEngine
import WayfinderGraph
import WayfinderImport
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Graph files of the real extracts, built once per test run (into a temporary directory)
/// and shared by the tests of this target.
enum TestGraphs {
    /// A server over the Andorra graph, and the graph's driving mode for the library's answers.
    static func andorra() throws -> (TestServer, RoutingGraph) {
        let path = try path("andorra")
        return (try TestServer(graph: path), try RoutingGraph(path: path, mode: .driving))
    }

    private static let built = Mutex<[String: String]>([:])
    private static let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-server-test-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func path(_ extract: String) throws -> String {
        try built.withLock { built in
            if let path = built[extract] { return path }
            let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data").path
            let output = "\(directory)/\(extract).wfg"
            _ = try GraphBuilder.build(input: "\(data)/\(extract).osm.pbf", output: output)
            built[extract] = output
            return output
        }
    }

    /// A fresh path in the temporary directory.
    static func scratch(_ name: String) -> String { "\(directory)/\(UUID().uuidString)-\(name)" }
}

/// A server on a free loopback port, collecting its log lines.
final class TestServer: Sendable {
    let server: Server
    private let lines = LogLines()
    var port: UInt16 { server.port }
    var state: ServiceState { server.state }
    var log: [String] { lines.all }

    init(graph: String, threads: Int = 2, watchInterval: Double = 0, limits: EngineLimits = EngineLimits(),
         endpoints: EndpointTable = .standard, checksums: ChecksumTiming = .inBackground) throws {
        var configuration = ServerConfiguration()
        configuration.checksums = checksums
        configuration.port = 0
        configuration.threads = threads
        configuration.watchInterval = watchInterval
        configuration.limits = limits
        configuration.endpoints = endpoints
        configuration.log = { [lines] line in lines.append(line) }
        server = try Server(graphPath: graph, configuration: configuration)
    }

    deinit { server.stop() }

    func get(_ target: String) throws -> HTTPAnswer { try HTTPClient.get(port: port, target) }

    /// The JSON object of a GET.
    func json(_ target: String) throws -> (status: Int, object: [String: Any]) {
        let answer = try get(target)
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else {
            throw HTTPClient.Failure("not a JSON object: \(answer.text)")
        }
        return (answer.status, object)
    }
}

struct HTTPAnswer {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A minimal HTTP/1.1 client over a plain socket, so tests can also send what no
/// well-behaved client would.
enum HTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func get(port: UInt16, _ target: String) throws -> HTTPAnswer {
        try parse(send(port: port, Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)))
    }

    /// Sends `bytes` on a new connection and reads until the server closes it (or 10 s pass).
    static func send(port: UInt16, _ bytes: [UInt8], timeout: Int = 10) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: \(errno)") }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect: \(errno)") }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }  // the server may close early on garbage; read what it said
            sent += n
        }
        shutdown(fd, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw Failure("no answer within \(timeout) s") }
            if n <= 0 { break }
            answer += chunk[..<n]
        }
        return answer
    }

    static func parse(_ bytes: [UInt8]) throws -> HTTPAnswer {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure("no complete HTTP answer: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure("bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPAnswer(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}

final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Coordinates as OSRM URLs take them: `lon,lat;lon,lat…`.
func lonLat(_ points: [FixedCoordinate]) -> String {
    points.map { String(format: "%.7f,%.7f", $0.longitude, $0.latitude) }.joined(separator: ";")
}
