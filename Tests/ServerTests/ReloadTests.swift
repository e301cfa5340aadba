import Foundation
import Synchronization
import Testing
import WayfinderGraph
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Hot reload: a new file renamed over the graph path is put in service without failing a
/// request; requests in flight finish on the old graph, which is released afterwards; a
/// broken file is refused and the old graph kept.
@Suite struct ReloadTests {
    func copy(_ from: String, to: String) throws {
        try? FileManager.default.removeItem(atPath: to)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    /// Renames a copy of `source` over `path`, as the nightly job does.
    func replace(_ path: String, with source: String) throws {
        let temporary = path + ".new"
        try copy(source, to: temporary)
        #expect(rename(temporary, path) == 0)
    }

    func waitForGeneration(_ server: TestServer, _ generation: Int) throws {
        for _ in 0..<200 where server.state.graph.generation < generation { usleep(25_000) }
        #expect(server.state.graph.generation == generation)
    }

    @Test func replacingTheFileUnderLoadFailsNoRequest() throws {
        let andorra = try TestGraphs.path("andorra"), monaco = try TestGraphs.path("monaco")
        let path = TestGraphs.scratch("served.wfg")
        try copy(andorra, to: path)
        let server = try TestServer(graph: path, threads: 2, watchInterval: 0.1)
        let andorraPoints = try RoutingGraph(path: andorra, mode: .driving).randomRoadPoints(count: 40, seed: 1)
        let monacoPoints = try RoutingGraph(path: monaco, mode: .driving).randomRoadPoints(count: 2, seed: 1)
        weak let first = server.state.graph

        // Four clients send routes (Andorra's, which stop snapping once Monaco is served:
        // NoSegment is then the right answer) and health checks until told to stop.
        let stop = Atomic<Bool>(false)
        let failures = Mutex<[String]>([])
        let answered = Atomic<Int>(0)
        let clients = (0..<4).map { client in
            Thread { [lonLat] in
                var i = client
                while !stop.load(ordering: .relaxed) {
                    let target = i % 5 == 0 ? "/health"
                        : "/route/v1/driving/\(lonLat([andorraPoints[i % 40], andorraPoints[(i * 7 + 3) % 40]]))?overview=false"
                    i += 1
                    do {
                        let answer = try HTTPClient.get(port: server.port, target)
                        let acceptable = answer.status == 200
                            || (answer.status == 400 && (answer.text.contains("NoSegment") || answer.text.contains("NoRoute")))
                        if !acceptable { failures.withLock { $0.append("\(answer.status) \(answer.text)") } }
                        answered.wrappingAdd(1, ordering: .relaxed)
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        clients.forEach { $0.start() }
        while answered.load(ordering: .relaxed) < 200 { usleep(10_000) }
        try replace(path, with: monaco)
        try waitForGeneration(server, 2)
        let before = answered.load(ordering: .relaxed)
        while answered.load(ordering: .relaxed) < before + 200 { usleep(10_000) }
        stop.store(true, ordering: .relaxed)
        while clients.contains(where: { !$0.isFinished }) { usleep(10_000) }

        #expect(failures.withLock { $0 } == [])
        #expect(answered.load(ordering: .relaxed) >= 400)
        // Answers now come from Monaco.
        #expect(try server.get("/route/v1/driving/\(lonLat(monacoPoints))?overview=false").status == 200)
        let gone = try server.json("/route/v1/driving/\(lonLat(Array(andorraPoints.prefix(2))))")
        #expect(gone.object["code"] as? String == "NoSegment")
        // The Andorra graph is released once no request uses it.
        #expect(first == nil)
        #expect(server.log.contains { $0.contains("reloaded") && $0.contains("generation 2") })
        #expect(server.state.engine.reloads.load(ordering: .relaxed) == 1)
    }

    @Test func aBrokenFileIsRefusedAndTheOldGraphKept() throws {
        let path = TestGraphs.scratch("served.wfg")
        try copy(try TestGraphs.path("andorra"), to: path)
        let server = try TestServer(graph: path, watchInterval: 0.1)
        let broken = path + ".broken"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0xff  // a flipped byte: the section checksum no longer matches
        try Data(bytes).write(to: URL(fileURLWithPath: broken))
        #expect(rename(broken, path) == 0)
        for _ in 0..<200 where server.state.engine.failedReloads.load(ordering: .relaxed) == 0 { usleep(25_000) }
        #expect(server.state.engine.failedReloads.load(ordering: .relaxed) == 1)
        #expect(server.state.graph.generation == 1)
        #expect(try server.get("/health").status == 200)
        // Reported once, not on every check.
        usleep(400_000)
        #expect(server.state.engine.failedReloads.load(ordering: .relaxed) == 1)
        #expect(server.log.filter { $0.contains("failed") }.count == 1)
        #expect(try server.get("/metrics").text.contains(#"wayfinder_graph_reloads_total{result="failed"} 1"#))
    }

    @Test func sighupReloadsTheSamePath() throws {
        let path = TestGraphs.scratch("served.wfg")
        try copy(try TestGraphs.path("andorra"), to: path)
        let server = try TestServer(graph: path)
        #expect(server.server.reload())
        #expect(server.state.graph.generation == 2)
        let (_, health) = try server.json("/health")
        #expect((health["graph"] as? [String: Any])?["generation"] as? Int == 2)
        try FileManager.default.removeItem(atPath: path)
        #expect(!server.server.reload())  // missing file: logged, old graph kept
        #expect(try server.get("/health").status == 200)
    }
}
