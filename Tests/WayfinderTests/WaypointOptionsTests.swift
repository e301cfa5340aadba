import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting

/// What a waypoint may ask besides its place (OSRM's bearings, approaches, snapping and
/// continue_straight), on hand-drawn maps with known answers, and on real extracts against
/// plain Dijkstra given the same narrowed snaps.
@Suite struct WaypointOptionsTests {
    /// A two-way street of three 60 m blocks, dead ends at both ends (a car turns around
    /// there), and a private drive off it.
    ///
    ///     a-----b-----c-----d
    ///           |
    ///           e              (b-e: private service road)
    static var street: MapFixture {
        var map = MapFixture("""
            a-----b-----c-----d
                  |
                  e
            """)
        map.way("abcd", ["highway": "residential", "name": "Long Street"])
        map.way("be", ["highway": "service", "access": "private", "name": "Drive"])
        return map
    }

    /// Routes between snaps narrowed by `constraints`, checks plain Dijkstra agrees, returns
    /// the letters passed.
    func letters(_ map: MapFixture, _ graph: RoutingGraph, _ points: [FixedCoordinate], _ constraints: [SnapConstraints],
                 continueStraight: Bool = false) throws -> [String] {
        let snaps = try Snapper(graph: graph).snap(points, maxDistance: { _ in 100 }, constraints: { constraints[$0] })
        let fast = try #require(try Router(graph: graph).legs(through: snaps, continueStraight: continueStraight))
        let slow = try #require(try Router(graph: graph, reference: true).legs(through: snaps, continueStraight: continueStraight))
        #expect(fast.map(\.weight) == slow.map(\.weight))
        return fast.map { lettersOnRoute(graph.geometry(of: $0), map) }
    }

    @Test func aBearingChoosesTheWayTheCarIsHeading() throws {
        let map = Self.street, graph = try map.graph(.driving)
        let start = map.coordinate(near: "a", east: 30), end = map.coordinate("d")
        #expect(try letters(map, graph, [start, end], [SnapConstraints(), SnapConstraints()]) == ["bcd"])
        // Heading west (270° ± 20°): on to the dead end at a, around, and back east.
        let west = SnapConstraints(bearing: BearingRange(degrees: 270, range: 20))
        #expect(try letters(map, graph, [start, end], [west, SnapConstraints()]) == ["abcd"])
        // Heading east is the plain answer; heading north matches no road there.
        let east = SnapConstraints(bearing: BearingRange(degrees: 90, range: 20))
        #expect(try letters(map, graph, [start, end], [east, SnapConstraints()]) == ["bcd"])
        let north = SnapConstraints(bearing: BearingRange(degrees: 0, range: 20))
        #expect(Snapper(graph: graph).nearest(to: start, maxDistance: 20, constraints: north) == nil)
        // Bearings wrap around north: 350 ± 20 allows 5°, the drive b-e is heading 180°.
        #expect(BearingRange(degrees: 350, range: 20).allows(5) && !BearingRange(degrees: 350, range: 20).allows(15))
    }

    @Test func aCurbApproachArrivesWithThePointOnTheRight() throws {
        // Right-hand traffic here (DrivingSide at the map's origin): a point north of an
        // east-west street is on the right of westbound cars.
        let map = Self.street, graph = try map.graph(.driving)
        #expect(DrivingSide.at(map.coordinate("a")) == .right)
        let start = map.coordinate("a"), north = map.coordinate(near: "c", east: -30, north: 8)
        #expect(try letters(map, graph, [start, north], [SnapConstraints(), SnapConstraints()]) == ["ab"])
        // Curb: past the point to the dead end at d, and back westbound.
        #expect(try letters(map, graph, [start, north], [SnapConstraints(), SnapConstraints(approach: .curb)]) == ["abcdc"])
        // Opposite: the point on the left, as without any approach here.
        #expect(try letters(map, graph, [start, north], [SnapConstraints(), SnapConstraints(approach: .opposite)]) == ["ab"])
        // South of the street, curb is the eastbound arrival.
        let south = map.coordinate(near: "c", east: -30, north: -8)
        #expect(try letters(map, graph, [start, south], [SnapConstraints(), SnapConstraints(approach: .curb)]) == ["ab"])
    }

    @Test func snappingAnyAllowsRoadsNoDriveStartsOn() throws {
        let map = Self.street, graph = try map.graph(.driving)
        let onDrive = map.coordinate(near: "e", north: 5)
        let plain = try #require(Snapper(graph: graph).nearest(to: onDrive, maxDistance: 100)?.any)
        let any = try #require(Snapper(graph: graph).nearest(to: onDrive, maxDistance: 100, constraints: SnapConstraints(anyRoad: true))?.any)
        #expect(graph.name(ofSegment: plain.segment) == "Long Street")
        #expect(graph.name(ofSegment: any.segment) == "Drive")
    }

    @Test func continuingStraightLeavesAWaypointTheWayItArrived() throws {
        let map = Self.street, graph = try map.graph(.driving)
        let points = [map.coordinate("a"), map.coordinate(near: "c", east: 30), map.coordinate("a")]
        let plain = [SnapConstraints](repeating: SnapConstraints(), count: 3)
        // Turning back at the waypoint is fastest...
        #expect(try letters(map, graph, points, plain) == ["abc", "cba"])
        // ...but a car passing it goes on to the dead end at d and turns there.
        #expect(try letters(map, graph, points, plain, continueStraight: true) == ["abc", "dcba"])
    }

    /// On a real extract: random pairs with random bearings and approaches, CH equal to plain
    /// Dijkstra given the same narrowed snaps, every route leaving and arriving in a direction
    /// its snap allows; and routes through three points with continue_straight likewise.
    @Test func narrowedSnapsRouteAsDijkstraOnAndorra() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let fast = Router(graph: graph), slow = Router(graph: graph, reference: true), snapper = Snapper(graph: graph)
        var rng = SplitMix64(seed: 15)
        var compared = 0, narrowed = 0
        for _ in 0..<400 {
            let points = (0..<3).map { _ in randomCoordinate(graph, &rng) }
            let constraints = (0..<3).map { _ in
                SnapConstraints(bearing: Bool.random(using: &rng) ? BearingRange(degrees: Double(Int.random(in: 0..<360, using: &rng)), range: 45) : nil,
                                approach: Approach.allCases.randomElement(using: &rng)!)
            }
            guard let snaps = try? snapper.snap(points, maxDistance: { _ in 1000 }, constraints: { constraints[$0] }) else { continue }
            narrowed += snaps.filter { $0.directions != .both }.count
            for straight in [false, true] {
                let a = try? fast.legs(through: snaps, continueStraight: straight)
                let b = try? slow.legs(through: snaps, continueStraight: straight)
                #expect(a?.map(\.weight) == b?.map(\.weight))
                guard let legs = a else { continue }
                compared += 1
                for (i, leg) in legs.enumerated() {
                    #expect(allows(snaps[i], leg.pieces.first!), "leg \(i) leaves against its snap")
                    #expect(allows(snaps[i + 1], leg.pieces.last!), "leg \(i) arrives against its snap")
                    if straight && i > 0 { #expect(leg.pieces.first!.forward == legs[i - 1].pieces.last!.forward) }
                }
            }
        }
        #expect(compared > 200 && narrowed > 200, "compared \(compared), narrowed \(narrowed)")
    }

    /// Whether a route's end piece on a snap's segment travels a way the snap allows (pieces
    /// on other roads: the snap lay on an intersection and was not narrowed).
    func allows(_ snap: Snap, _ piece: RoutePiece) -> Bool {
        piece.segment != snap.segment || snap.directions.contains(piece.forward ? .forward : .backward)
    }
}
