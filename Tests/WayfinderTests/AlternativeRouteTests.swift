import Testing
import WayfinderGraph
import WayfinderRouting

/// Alternative routes (`Router.routes(from:to:alternatives:)`): drawn maps with a known real
/// alternative or none worth giving, and the criteria checked on every alternative of many
/// random routes of real extracts, against plain Dijkstra.
@Suite struct AlternativeRouteTests {
    /// The routes between two letters, as the letters each one passes.
    func alternatives(_ map: MapFixture, _ mode: TravelMode, _ from: Character, _ to: Character, count: Int = 2) throws -> [String] {
        let graph = try map.graph(mode)
        let snaps = try Snapper(graph: graph).snap([map.coordinate(from), map.coordinate(to)]) { _ in 100 }
        let router = Router(graph: graph)
        let routes = try router.routes(from: snaps[0], to: snaps[1], alternatives: count)
        let best = try router.route(from: snaps[0], to: snaps[1])
        #expect(routes[0].weight == best.weight && routes[0].pieces == best.pieces, "the first route is the plain one")
        return routes.map { lettersOnRoute(graph.geometry(of: $0), map) }
    }

    /// A block with two sides between the crossroads d and e: over the top (160 m) or round
    /// the bottom (185 m, 1.15 times as long). Its corners are no intersections, so neither
    /// side has a turn to pay for, and at d and e no turn is charged either: a route that
    /// starts or ends on an intersection may leave or arrive by any of its roads.
    @Test func twoSidesOfABlockAreAlternatives() throws {
        var map = MapFixture("""
                b-----------c
            a---d           e---z
               f-------------g
            """)
        map.way("ad", ["highway": "secondary", "name": "West Road"])
        map.way("bdf", ["highway": "secondary", "name": "West Street"])
        map.way("bc", ["highway": "secondary", "name": "North Street"])
        map.way("fg", ["highway": "secondary", "name": "South Street"])
        map.way("ceg", ["highway": "secondary", "name": "East Street"])
        map.way("ez", ["highway": "secondary", "name": "East Road"])
        #expect(try alternatives(map, .driving, "d", "e") == ["dbce", "dfge"])
        #expect(try alternatives(map, .driving, "e", "d") == ["ecbd", "egfd"])
        // Asked for none, or for more than there are.
        #expect(try alternatives(map, .driving, "d", "e", count: 0) == ["dbce"])
        #expect(try alternatives(map, .driving, "d", "e", count: 3) == ["dbce", "dfge"])
    }

    /// On foot, round a block from a to z: over the top (160 m between d and e) or round the
    /// bottom (200 m), 1.18 times as long door to door, sharing only the ends. (A via-node
    /// search on a hierarchy sees a side only through a node of it that both its upward
    /// searches reach: on the walkers' graph of the map above, whose sides are single
    /// segments between d and e contracted first, neither side has one, as OSRM's would not.)
    @Test func onFootTwoSidesOfABlockAreAlternatives() throws {
        var map = MapFixture("""
                b-----------c
                |           |
            a---d           e---z
                |           |
                |           |
                f-----------g
            """)
        map.way("ad", ["highway": "secondary", "name": "West Road"])
        map.way("bdf", ["highway": "secondary", "name": "West Street"])
        map.way("bc", ["highway": "secondary", "name": "North Street"])
        map.way("fg", ["highway": "secondary", "name": "South Street"])
        map.way("ceg", ["highway": "secondary", "name": "East Street"])
        map.way("ez", ["highway": "secondary", "name": "East Road"])
        #expect(try alternatives(map, .walking, "a", "z") == ["adbcez", "adfgez"])
        #expect(try alternatives(map, .walking, "z", "a") == ["zecbda", "zegfda"])
        #expect(try alternatives(map, .walking, "a", "z", count: 0) == ["adbcez"])
    }

    /// The other side of the block is 1.57 times as long door to door: too long.
    @Test(arguments: [TravelMode.driving, .walking])
    func aMuchLongerWayIsNoAlternative(_ mode: TravelMode) throws {
        var map = MapFixture("""
            a---b-------c---z
                |       |
                |       |
                d-------e
            """)
        map.way("abcz", ["highway": "secondary", "name": "Main Street"])
        map.way("bdec", ["highway": "secondary", "name": "Loop"])
        #expect(try alternatives(map, mode, "a", "z") == ["abcz"])
    }

    /// A short bypass of a long road: only 1.1 times as long, but 93% of it is the best route.
    @Test(arguments: [TravelMode.driving, .walking])
    func aSmallBypassSharesTooMuch(_ mode: TravelMode) throws {
        var map = MapFixture("""
            a-------------------b--c-------------------z
                                |  |
                                d--e
            """)
        map.way("abcz", ["highway": "secondary", "name": "Main Street"])
        map.way("bdec", ["highway": "secondary", "name": "Bypass"])
        #expect(try alternatives(map, mode, "a", "z") == ["abcz"])
    }

    /// The only other way is down a dead end and back (1.17 times as long on foot, no turn
    /// costs): a detour back and forth, never an alternative.
    @Test(arguments: [TravelMode.driving, .walking])
    func aDeadEndAndBackIsNoAlternative(_ mode: TravelMode) throws {
        var map = MapFixture("""
            a-----------b-----------c
                        |
                        x
            """)
        map.way("abc", ["highway": "secondary", "name": "Main Street"])
        map.way("bx", ["highway": "secondary", "name": "Dead End"])
        #expect(try alternatives(map, mode, "a", "c") == ["abc"])
    }

    // MARK: Real extracts

    /// On random routes of real extracts: the first route is the plain one, and every
    /// alternative is at most 1.25 times as long, shares at most 80% with every other route
    /// returned, never uses a road or passes an intersection twice, and is locally optimal:
    /// somewhere on it off the best route, the stretch from a quarter of the best route's
    /// weight before to as much after is a shortest path by plain Dijkstra.
    @Test(arguments: [("andorra", TravelMode.driving), ("liechtenstein", .driving), ("andorra", .walking)])
    func alternativesMeetTheCriteria(_ extract: String, _ mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let router = Router(graph: graph), snapper = Snapper(graph: graph), dijkstra = DijkstraQuery(graph.base)
        let points = graph.randomRoadPoints(count: 600, seed: 23)
        var pairsWithAlternatives = 0
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            guard let snaps = try? snapper.snap([points[i], points[i + 1]], maxDistance: { _ in 100 }),
                  let best = try? router.route(from: snaps[0], to: snaps[1]) else { continue }
            let routes = try router.routes(from: snaps[0], to: snaps[1], alternatives: 2)
            #expect(routes[0].weight == best.weight && routes[0].pieces == best.pieces)
            if routes.count > 1 { pairsWithAlternatives += 1 }
            for (k, alternative) in routes.enumerated().dropFirst() {
                let context = "\(extract) \(mode) pair \(i / 2), alternative \(k)"
                #expect(Double(alternative.weight) <= 1.25 * Double(best.weight) + 1, "\(context): stretch")
                for other in routes[..<k] {
                    #expect(shared(alternative, other, graph) <= 0.8 * Double(min(alternative.weight, other.weight)),
                            "\(context): sharing, weights \(alternative.weight) \(other.weight), best \(best.weight), \(routes.map(\.weight))")
                }
                #expect(!goesBackAndForth(alternative, graph), "\(context): back and forth")
                #expect(isLocallyOptimal(alternative, off: best, window: Int64(Double(best.weight) / 4), graph, dijkstra), "\(context): local optimality")
            }
        }
        // Mountain valleys (Andorra) leave fewer real choices than Liechtenstein's plain.
        #expect(pairsWithAlternatives >= 30, "\(extract): \(pairsWithAlternatives) of 300 pairs with an alternative")
    }

    /// Milliseconds of the directed segments two routes both travel (by `a`'s pieces).
    func shared(_ a: Route, _ b: Route, _ graph: RoutingGraph) -> Double {
        let travelled = Set(b.pieces.map { directed($0) })
        return a.pieces.filter { travelled.contains(directed($0)) }.reduce(0) { total, piece in
            total + Double(graph.segments[Int(piece.segment)].weight(forward: piece.forward)) * (piece.end - piece.start)
        }
    }

    func directed(_ piece: RoutePiece) -> Int32 { 2 * piece.segment + (piece.forward ? 0 : 1) }

    func goesBackAndForth(_ route: Route, _ graph: RoutingGraph) -> Bool {
        let pieces = route.pieces.filter { $0.end > $0.start }
        let segments = pieces.map(\.segment)
        let intersections = pieces.dropLast().map { p in
            let s = graph.segments[Int(p.segment)]
            return p.forward ? s.toNode : s.fromNode
        }
        return Set(segments).count < segments.count || Set(intersections).count < intersections.count
    }

    /// Whether some node of the route off the best route has the stretch of `window` on
    /// either side (further on one side where the route ends first on the other) as a shortest
    /// path of the search graph, by Dijkstra. Driving: the route's search nodes are its
    /// directed segments, each arc's weight the cheapest of the graph's arcs between them
    /// (turn included); walking: they are the intersections it passes, each arc the piece's
    /// directed segment.
    func isLocallyOptimal(_ route: Route, off bestRoute: Route, window: Int64, _ graph: RoutingGraph, _ dijkstra: DijkstraQuery) -> Bool {
        let nodes: [Int32], payloads: [Int32?], best: Set<Int32>
        if graph.mode.isTurnExpanded {
            nodes = route.pieces.map { directed($0) }
            payloads = Array(repeating: nil, count: nodes.count - 1)
            best = Set(bestRoute.pieces.map { directed($0) })
        } else {
            func end(_ piece: RoutePiece) -> Int32 {
                let s = graph.segments[Int(piece.segment)]
                return piece.forward ? s.toNode : s.fromNode
            }
            nodes = route.pieces.dropLast().map(end)
            payloads = route.pieces.dropFirst().dropLast().map { directed($0) }
            best = Set(bestRoute.pieces.dropLast().map(end))
        }
        var prefix: [Int64] = [0]
        for i in 0..<nodes.count - 1 {
            let base = graph.base
            let arcs = Int(base.first[Int(nodes[i])])..<Int(base.first[Int(nodes[i]) + 1])
            guard let weight = arcs.filter({ base.arcs[$0].head == nodes[i + 1] && (payloads[i] == nil || base.payload(ofArc: $0) == payloads[i]) })
                .map({ base.arcs[$0].weight }).min() else { return false }
            prefix.append(prefix[i] + Int64(weight))
        }
        let last = nodes.count - 1
        for via in nodes.indices where !best.contains(nodes[via]) {
            var from = via, to = via
            while from > 0 && prefix[via] - prefix[from] < window { from -= 1 }
            while to < last && prefix[to] - prefix[via] < window { to += 1 }
            while to < last && prefix[to] - prefix[from] < 2 * window { to += 1 }
            while from > 0 && prefix[to] - prefix[from] < 2 * window { from -= 1 }
            if from == to || nodes[from] == nodes[to] { continue }
            let shortest = dijkstra.search(sources: [SearchEntry(node: nodes[from], weight: 0)],
                                           targets: [SearchEntry(node: nodes[to], weight: 0)])
            if let shortest, Int64(shortest) == prefix[to] - prefix[from] { return true }
        }
        return false
    }
}
