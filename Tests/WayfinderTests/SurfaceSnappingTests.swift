import Testing
import WayfinderGraph
import WayfinderRouting

/// A coordinate has no height: over a tunnel it means the street above when one is near,
/// deep inside a long tunnel it means the tunnel. Each route is also checked with Dijkstra.
@Suite struct SurfaceSnappingTests {
    /// A street `ab` on the surface and, 40 m south, a street `cdef` whose middle `de` runs
    /// in a tunnel (`undergroundTags`), 300 m long; a detour `ac` and `bf` joins them.
    func streetOverATunnel(_ undergroundTags: [String: String]) -> MapFixture {
        var map = MapFixture("""
            a-----------------------------------------b
            |                                         |
            |                                         |
            c----d------------------------------e-----f
            """)
        map.way("ab", ["highway": "residential", "name": "Surface Street"])
        map.way("cd", ["highway": "residential", "name": "Tunnel Road"])
        map.way("de", ["highway": "residential", "name": "Tunnel Road"].merging(undergroundTags) { $1 })
        map.way("ef", ["highway": "residential", "name": "Tunnel Road"])
        map.way("ac", ["highway": "residential"])
        map.way("bf", ["highway": "residential"])
        return map
    }

    func snappedName(_ graph: RoutingGraph, _ p: FixedCoordinate) throws -> String {
        let snap = try #require(Snapper(graph: graph).nearest(to: p, maxDistance: 1000)?.any)
        return graph.name(ofSegment: snap.segment)
    }

    @Test(arguments: [["tunnel": "yes"], ["layer": "-1"], ["indoor": "yes"], ["tunnel": "yes", "layer": "-3"]])
    func aPointOverATunnelMeansTheStreetAbove(_ tags: [String: String]) throws {
        // On the tunnel's middle: 60 m from the street above, 150 m from the portals.
        var map = streetOverATunnel(tags)
        let overTunnel = map.coordinate(near: "d", east: 150)
        for mode in [TravelMode.driving, .walking] {
            let graph = try map.graph(mode)
            #expect(try snappedName(graph, overTunnel) == "Surface Street")
            for reference in [false, true] {
                let route = try Router(graph: graph, reference: reference).route(from: overTunnel, to: map.coordinate("b"))
                #expect(graph.name(ofSegment: route.source.segment) == "Surface Street")
                #expect(route.source.distance > 55)
            }
        }
        // The same map without the tunnel tags: the nearest street wins.
        map = streetOverATunnel([:])
        #expect(try snappedName(try map.graph(.driving), overTunnel) == "Tunnel Road")
    }

    @Test func deepInsideALongTunnelTheTunnelIsMeant() throws {
        // As `streetOverATunnel`, with the street above 140 m north of the tunnel.
        var map = MapFixture("""
            a-----------------------------------------b
            |                                         |
            |                                         |
            |                                         |
            |                                         |
            |                                         |
            |                                         |
            c----d------------------------------e-----f
            """)
        map.way("ab", ["highway": "residential", "name": "Surface Street"])
        map.way("cd", ["highway": "residential", "name": "Approach"])
        map.way("de", ["highway": "residential", "name": "Long Tunnel", "tunnel": "yes"])
        map.way("ef", ["highway": "residential", "name": "Approach"])
        map.way("ac", ["highway": "residential"])
        map.way("bf", ["highway": "residential"])
        // Middle of the tunnel: 140 m below the street and 150 m from the portals.
        let middle = map.coordinate(near: "d", east: 150)
        // Just inside a portal: the open road 5 m away is meant (and it leads into the tunnel).
        let portal = map.coordinate(near: "d", east: 5, north: 3)
        let graph = try map.graph(.driving)
        #expect(try snappedName(graph, middle) == "Long Tunnel")
        #expect(try snappedName(graph, portal) == "Approach")
        for reference in [false, true] {
            let router = Router(graph: graph, reference: reference)
            let fromMiddle = try router.route(from: middle, to: map.coordinate("f"))
            #expect(graph.name(ofSegment: fromMiddle.source.segment) == "Long Tunnel")
            #expect(fromMiddle.source.distance < 1)
            let fromPortal = try router.route(from: portal, to: map.coordinate("f"))
            #expect(fromPortal.source.distance < 6)   // at d, the portal
        }
    }
}
