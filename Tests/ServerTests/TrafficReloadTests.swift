import Foundation
import Synchronization
import Testing
import WayfinderGraph
import WayfinderImport
import WayfinderRouting
@testable import WayfinderService

/// Live traffic in a running server: `wayfinder customize` replaces the served file in place,
/// the watcher puts each update in service without failing a request, every service answers
/// on the new weights, and `/health` and `/metrics` say which metric is in service.
@Suite struct TrafficReloadTests {
    /// Every driving stretch of `graph`, both ways, at `kmh`: a speed file as a feed gives it.
    func everyStretch(of graph: String, kmh: Int, to file: String) throws {
        let opened = try GraphFile(path: graph)
        let roads = try ModeRoads(file: opened, mode: .driving), ids = PointNodeIds(file: opened)
        var rows: [String] = []
        for segment in roads.segments {
            for p in Int(segment.firstPoint)..<Int(segment.lastPoint) {
                rows.append("\(ids[p]),\(ids[p + 1]),\(kmh)")
                rows.append("\(ids[p + 1]),\(ids[p]),\(kmh)")
            }
        }
        try rows.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    func waitForGeneration(_ server: TestServer, _ generation: Int) {
        for _ in 0..<400 where server.state.graph.generation < generation { usleep(25_000) }
    }

    func duration(_ server: TestServer, _ target: String) throws -> Double? {
        let (status, answer) = try server.json(target)
        guard status == 200 else { return nil }
        return ((answer["routes"] as? [[String: Any]])?.first?["duration"] as? Double)
            ?? ((answer["durations"] as? [[Double]])?.first?.last)
    }

    /// The span in degrees (north-south plus east-west) of an isochrone's outer contour.
    func reach(_ server: TestServer, _ target: String) throws -> Double {
        let answer = try server.get(target)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        let geometry = ((object?["features"] as? [[String: Any]])?.first?["geometry"] as? [String: Any])
        var lats: [Double] = [], lons: [Double] = []
        func collect(_ value: Any?) {
            if let pair = value as? [Double], pair.count == 2 { lons.append(pair[0]); lats.append(pair[1]); return }
            (value as? [Any])?.forEach(collect)
        }
        collect(geometry?["coordinates"])
        guard let south = lats.min(), let north = lats.max(), let west = lons.min(), let east = lons.max() else { return 0 }
        return (north - south) + (east - west)
    }

    @Test func customizingUnderLoadFailsNoRequestAndEveryServiceFollows() throws {
        let path = TestGraphs.scratch("live.wfg"), dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.copyItem(atPath: try TestGraphs.path("andorra"), toPath: path)
        let slow = "\(dir)/\(UUID().uuidString)-slow.csv", unrelated = "\(dir)/\(UUID().uuidString)-none.csv"
        try everyStretch(of: path, kmh: 20, to: slow)
        try "1,2,30\n".write(toFile: unrelated, atomically: true, encoding: .utf8)
        let server = try TestServer(graph: path, threads: 2, watchInterval: 0.05)
        let points = try RoutingGraph(path: path, mode: .driving).randomRoadPoints(count: 40, seed: 3)
        let pair = lonLat([points[0], points[1]])
        let route = "/route/v1/driving/\(pair)?overview=false", table = "/table/v1/driving/\(pair)"
        let imported = try #require(try duration(server, route)), importedTable = try #require(try duration(server, table))
        let isochrone = "/isochrone/v1/driving/\(lonLat([points[0]]))?contours_minutes=5&polygons=true"
        let importedReach = try reach(server, isochrone)

        // Four clients route, fill tables, snap and check health until told to stop.
        let stop = Atomic<Bool>(false), answered = Atomic<Int>(0)
        let failures = Mutex<[String]>([])
        let clients = (0..<4).map { client in
            Thread { [lonLat] in
                var i = client
                while !stop.load(ordering: .relaxed) {
                    let a = points[i % 40], b = points[(i * 7 + 3) % 40]
                    let target = switch i % 6 {
                    case 0: "/table/v1/driving/\(lonLat([a, b, points[(i + 11) % 40]]))"
                    case 1: "/nearest/v1/driving/\(lonLat([a]))"
                    case 2: "/health"
                    case 3: "/trip/v1/driving/\(lonLat([a, b, points[(i + 5) % 40]]))"
                    case 4: "/isochrone/v1/driving/\(lonLat([a]))?contours_minutes=3"
                    default: "/route/v1/driving/\(lonLat([a, b]))?steps=true&annotations=datasources"
                    }
                    i += 1
                    do {
                        let answer = try HTTPClient.get(port: server.port, target)
                        if answer.status != 200 && !(answer.status == 400 && answer.text.contains("NoRoute")) {
                            failures.withLock { $0.append("\(target): \(answer.status) \(answer.text.prefix(200))") }
                        }
                        answered.wrappingAdd(1, ordering: .relaxed)
                    } catch {
                        failures.withLock { $0.append("\(target): \(error)") }
                    }
                }
            }
        }
        clients.forEach { $0.start() }
        func answers(_ count: Int) { let start = answered.load(ordering: .relaxed); while answered.load(ordering: .relaxed) < start + count { usleep(5_000) } }
        answers(150)

        // Every stretch at 20 km/h: routes and tables slow down together.
        _ = try Customizer.customize(graph: path, speedFiles: [slow])
        waitForGeneration(server, 2)
        answers(150)
        let slowed = try #require(try duration(server, route)), slowedTable = try #require(try duration(server, table))
        #expect(slowed > imported && slowedTable > importedTable && abs(slowed - slowedTable) < 1)
        // Five minutes at 20 km/h reach less far; every stretch names the feed.
        #expect(try reach(server, isochrone) < importedReach * 0.9)
        let annotated = try server.json(route + "&annotations=datasources").object
        let leg = ((annotated["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first
        let annotation = leg?["annotation"] as? [String: Any]
        #expect((annotation?["datasources"] as? [Int])?.allSatisfy { $0 == 1 } == true)
        #expect(((annotation?["metadata"] as? [String: Any])?["datasource_names"] as? [String])?.count == 2)
        let (_, health) = try server.json("/health")
        let metric = try #require((health["graph"] as? [String: Any])?["metric"] as? [String: Any])
        #expect(metric["version"] as? Int == 1 && metric["customized"] is String && metric["in_service_since"] is String)
        #expect(metric["traffic_rows"] as? String != nil)
        #expect(try server.get("/metrics").text.contains("wayfinder_graph_metric_version 1"))

        // The next feed names nothing of this one: the import's times come back exactly.
        _ = try Customizer.customize(graph: path, speedFiles: [unrelated])
        waitForGeneration(server, 3)
        answers(150)
        stop.store(true, ordering: .relaxed)
        while clients.contains(where: { !$0.isFinished }) { usleep(10_000) }

        #expect(server.state.graph.generation == 3)
        #expect(failures.withLock { $0 } == [])
        #expect(try duration(server, route) == imported && duration(server, table) == importedTable)
        let (_, after) = try server.json("/health")
        #expect(((after["graph"] as? [String: Any])?["metric"] as? [String: Any])?["version"] as? Int == 2)
        #expect(server.state.engine.failedReloads.load(ordering: .relaxed) == 0)
    }
}
