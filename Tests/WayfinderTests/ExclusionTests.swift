import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting

/// `exclude` on hand-drawn maps: the fastest route takes a motorway, a ferry or a toll road,
/// and each exclusion takes the known detour (as OSRM's exclude scenarios). Every route is
/// searched with the hierarchy and with plain Dijkstra, which must agree.
@Suite struct ExclusionTests {
    /// Four ways from e to f: the motorway straight across (fastest), a ferry below it (a
    /// 1 s crossing), a toll road above (200 m of primary road), a residential street far
    /// below (slowest):
    ///
    ///           b-----------c        (toll)
    ///           |           |
    ///           |           |
    ///     a-----e-----------f-----d  (e-f: motorway)
    ///           |           |
    ///           g-----------h        (ferry)
    ///           |           |
    ///           |           |
    ///           i-----------j        (residential)
    static var crossings: MapFixture {
        var map = MapFixture("""
                  b-----------c
                  |           |
                  |           |
            a-----e-----------f-----d
                  |           |
                  g-----------h
                  |           |
                  |           |
                  i-----------j
            """)
        map.way("ae", ["highway": "primary", "name": "West Road"])
        map.way("ef", ["highway": "motorway", "oneway": "no", "name": "Motorway"])
        map.way("fd", ["highway": "primary", "name": "East Road"])
        map.way("ebcf", ["highway": "primary", "toll": "yes", "name": "Toll Road"])
        map.way("egi", ["highway": "primary", "name": "West Quay"])
        map.way("fhj", ["highway": "primary", "name": "East Quay"])
        map.way("gh", ["route": "ferry", "duration": "00:00:01", "name": "Ferry"])
        map.way("ij", ["highway": "residential", "name": "Back Street"])
        return map
    }

    /// The letters the route from a to d passes, excluding `classes`, checked by Dijkstra.
    func letters(_ graph: RoutingGraph, _ map: MapFixture, excluding classes: WayClasses,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let (from, to) = (map.coordinate("a"), map.coordinate("d"))
        let fast = try Router(graph: graph).route(from: from, to: to, excluding: classes)
        let slow = try Router(graph: graph, reference: true).route(from: from, to: to, excluding: classes)
        #expect(fast.weight == slow.weight, sourceLocation: sourceLocation)
        return lettersOnRoute(graph.geometry(of: fast), map)
    }

    @Test func eachExclusionTakesItsDetour() throws {
        let map = Self.crossings
        let graph = try map.graph(.driving)
        #expect(graph.hierarchy.servesExclusions)
        #expect(try letters(graph, map, excluding: []) == "aefd")
        #expect(try letters(graph, map, excluding: .toll) == "aefd")
        #expect(try letters(graph, map, excluding: .ferry) == "aefd")
        #expect(try letters(graph, map, excluding: .motorway) == "aeghfd")
        #expect(try letters(graph, map, excluding: [.motorway, .toll]) == "aeghfd")
        #expect(try letters(graph, map, excluding: [.motorway, .ferry]) == "aebcfd")
        #expect(try letters(graph, map, excluding: [.motorway, .ferry, .toll]) == "aegijhfd")
        // Excluding the classes one by one in the route's own order gives slower routes.
        let router = Router(graph: graph)
        let weights = try [[], [.motorway], [.motorway, .ferry], [.motorway, .ferry, .toll]].map { (classes: WayClasses) in
            try router.route(from: map.coordinate("a"), to: map.coordinate("d"), excluding: classes).weight
        }
        #expect(weights == weights.sorted() && Set(weights).count == 4)
    }

    /// A motorway that is the only link: excluding it leaves no route, and a point beside it
    /// snaps to a road that may be used instead.
    @Test func onlyTheExcludedRoadConnects() throws {
        var map = MapFixture("""
            a-----b-----------c-----d
            """)
        map.way("ab", ["highway": "primary"])
        map.way("bc", ["highway": "motorway", "oneway": "no"])
        map.way("cd", ["highway": "primary"])
        let graph = try map.graph(.driving)
        for reference in [false, true] {
            let router = Router(graph: graph, reference: reference)
            #expect(try router.route(from: map.coordinate("a"), to: map.coordinate("d")).weight > 0)
            #expect(throws: RouteError.noRoute) {
                try router.route(from: map.coordinate("a"), to: map.coordinate("d"), excluding: .motorway)
            }
            // Other classes change nothing.
            #expect(try router.route(from: map.coordinate("a"), to: map.coordinate("d"), excluding: [.toll, .ferry]).weight
                == router.route(from: map.coordinate("a"), to: map.coordinate("d")).weight)
        }
        let onMotorway = map.coordinate(near: "b", east: 40)
        let snapper = Snapper(graph: graph)
        let plain = try #require(snapper.nearest(to: onMotorway, maxDistance: 1000))
        let excluded = try #require(snapper.nearest(to: onMotorway, maxDistance: 1000, excluding: .motorway))
        func wayClasses(_ snap: Snap) -> WayClasses { graph.ways[Int(graph.segments[Int(snap.segment)].way)].classes(forward: true) }
        #expect(wayClasses(plain.any).contains(.motorway))
        #expect(!wayClasses(excluded.any).contains(.motorway))
        #expect(excluded.any.location == map.coordinate("b"))
    }

    @Test func classNamesParseAsOSRMs() {
        #expect(ExclusionFilter.parse("motorway,toll") == [.motorway, .toll])
        #expect(ExclusionFilter.parse("ferry") == .ferry)
        #expect(ExclusionFilter.parse("tunnel") == nil)   // a class, but not an excludable one
        #expect(ExclusionFilter.parse("motorway,") == nil)
        #expect(ExclusionFilter.parse("banana") == nil)
    }
}
