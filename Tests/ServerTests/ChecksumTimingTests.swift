import Foundation
import Testing
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The server is in service once its graph is mapped; the checksums follow in the background.
/// A damaged section then takes the whole service down to 503s, never to wrong answers
/// served on after it was found; `--verify-before-serving` refuses such a file at start.
@Suite struct ChecksumTimingTests {
    /// A copy of Andorra's graph with one byte flipped in the middle of the geocoder's string
    /// bytes: only the checksum can tell (the structure checked at open stays sound).
    func damagedCopy() throws -> String {
        let path = TestGraphs.scratch("damaged.wfg")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try TestGraphs.path("andorra"))))
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u64(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let entries = (0..<u32(28)).map { 32 + 32 * $0 }
        let entry = try #require(entries.first { u32($0) == Int(SectionKind.geocoderStringBytes.rawValue) })
        bytes[u64(entry + 8) + u64(entry + 16) / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func waitWhileVerifying(_ server: TestServer) {
        _ = server.state.graph.integrity.waitUntilChecked()
    }

    @Test func aSoundFileIsVerifiedInTheBackground() throws {
        let server = try TestServer(graph: try TestGraphs.path("andorra"))
        waitWhileVerifying(server)
        let (status, health) = try server.json("/health")
        #expect(status == 200)
        #expect((health["graph"] as? [String: Any])?["checksums"] as? String == "verified")
        // The core hops are unpacked once the checksums have matched.
        #expect(server.state.graph.graph(.driving)?.coreHops?.wait() != nil)
        #expect(try server.get("/route/v1/driving/1.52,42.51;1.54,42.50?overview=false").status == 200)
    }

    @Test func aDamagedSectionFoundAfterStartRefusesEveryRequestButMetrics() throws {
        let path = try damagedCopy()
        let server = try TestServer(graph: path)
        waitWhileVerifying(server)
        #expect(server.state.graph.integrity.current == .damaged)
        // Nothing follows the arcs of a damaged file in the background.
        #expect(server.state.graph.graph(.driving)?.coreHops?.wait() == nil)
        for target in ["/health", "/route/v1/driving/1.52,42.51;1.54,42.50", "/search?q=Andorra", "/"] {
            let answer = try server.get(target)
            #expect(answer.status == 503, "\(target)")
            #expect(answer.text.contains("GraphDamaged") && answer.text.contains("checksum"), "\(target): \(answer.text)")
        }
        #expect(try server.get("/metrics").status == 200)
        #expect(server.log.contains { $0.contains("checksum") && $0.contains("every request is refused") })
    }

    @Test func aSoundFileRenamedOverTheDamagedOneIsServedAgain() throws {
        let path = try damagedCopy()
        let server = try TestServer(graph: path, watchInterval: 0.1)
        waitWhileVerifying(server)
        let fresh = path + ".new"
        try? FileManager.default.removeItem(atPath: fresh)
        try FileManager.default.copyItem(atPath: try TestGraphs.path("andorra"), toPath: fresh)
        #expect(rename(fresh, path) == 0)
        for _ in 0..<200 where server.state.graph.generation < 2 { usleep(25_000) }
        #expect(server.state.graph.integrity.current == .verified)  // reloads verify before serving
        #expect(try server.get("/route/v1/driving/1.52,42.51;1.54,42.50?overview=false").status == 200)
    }

    @Test func verifyingBeforeServingRefusesTheDamagedFileAtStart() throws {
        let path = try damagedCopy()
        #expect {
            _ = try TestServer(graph: path, checksums: .beforeService)
        } throws: { error in
            guard case .graph(.checksumMismatch) = error as? ServerError else { return false }
            return true
        }
    }
}
