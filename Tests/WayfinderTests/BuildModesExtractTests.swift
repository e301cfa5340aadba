import Foundation
import Testing
import WayfinderGraph
@testable import WayfinderImport
import WayfinderRouting

/// `wayfinder build --modes` on a real extract: a mode left out is not even read (its profile
/// does not run, so a way only it could use is not kept), and the modes built answer byte for
/// byte as in the build of every mode.
@Suite struct BuildModesExtractTests {
    @Test func theModesBuiltAnswerAsInTheFullBuild() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let two = "\(dir)/two.wfg"
        let summary = try GraphBuilder.build(input: "\(dataDirectory)/andorra.osm.pbf", output: two, baseMap: false,
                                             modes: [.driving, .walking])
        let full = try GraphFile(path: try ExtractGraphs.shared.path("andorra")), part = try GraphFile(path: two)
        let fullWays = try SharedRoads(file: full).ways.count, partWays = try SharedRoads(file: part).ways.count
        #expect(partWays < fullWays && summary.counts.routableWays == partWays,
                "\(partWays) ways kept for driving and walking, \(fullWays) for every mode")
        // Every way kept is a road of a mode built.
        var used = Set<Int32>()
        for mode in [TravelMode.driving, .walking] {
            for segment in try ModeRoads(file: part, mode: mode).segments { used.insert(segment.way) }
        }
        #expect(used.count == partWays, "\(partWays - used.count) ways no built mode uses")

        for mode in [TravelMode.driving, .walking] {
            let a = try RoutingGraph(file: full, mode: mode), b = try RoutingGraph(file: part, mode: mode)
            #expect(a.segments.count == b.segments.count)
            let routerA = Router(graph: a), routerB = Router(graph: b)
            var rng = SplitMix64(seed: 40 &+ UInt64(mode.rawValue)), routed = 0
            for _ in 0..<300 {
                let from = randomCoordinate(a, &rng), to = randomCoordinate(a, &rng)
                let x = Result { try routerA.route(from: from, to: to) }, y = Result { try routerB.route(from: from, to: to) }
                switch (x, y) {
                case (.success(let x), .success(let y)):
                    routed += 1
                    #expect(x.weight == y.weight && x.pieces == y.pieces && a.geometry(of: x) == b.geometry(of: y), "\(mode) \(from) -> \(to)")
                case (.failure(let x as RouteError), .failure(let y as RouteError)):
                    #expect(x == y)
                default:
                    Issue.record("\(mode) \(from) -> \(to): \(x) against \(y)")
                }
            }
            #expect(routed > 200, "\(mode): \(routed) routed")
        }
    }

    /// Cycling's contraction is the build's largest transient: it runs alone, after the
    /// other modes' arrays are written and gone (`ModeBuild.waves`); the others run at once,
    /// costliest first.
    @Test func cyclingContractsAloneAfterTheOtherModes() {
        #expect(ModeBuild.waves([.driving, .walking, .cycling]) == [[1, 0], [2]])
        #expect(ModeBuild.waves([.cycling, .driving, .walking]) == [[2, 1], [0]])
        #expect(ModeBuild.waves([.driving, .walking]) == [[1, 0]])
        #expect(ModeBuild.waves([.cycling]) == [[0]])
        #expect(ModeBuild.waves([.walking]) == [[0]])
    }
}
