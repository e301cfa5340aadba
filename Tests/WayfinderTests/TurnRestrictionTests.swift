import Testing
import WayfinderGraph
import WayfinderRouting

/// Turn restrictions of every kind OSRM honours for cars: via-node ones with several from- or
/// to-ways, via-way and multi-via-way ones (copies of search nodes along the via path), and
/// those it ignores. Each route is also searched with plain Dijkstra, which must agree.
@Suite struct TurnRestrictionTests {
    /// Routes, checks the reference search agrees on the weight, returns the letters passed.
    func letters(_ map: MapFixture, _ from: FixedCoordinate, _ to: FixedCoordinate) throws -> String {
        let graph = try map.graph(.driving)
        return try routeCheckedByDijkstra(graph, map, from: from, to: to).letters
    }

    func letters(_ map: MapFixture, _ from: Character, _ to: Character) throws -> String {
        try letters(map, map.coordinate(from), map.coordinate(to))
    }

    /// A side street from the main road to a parallel one; both continue a little east.
    static var ladder: MapFixture {
        var map = MapFixture("""
            a-------b-------c
                    |
                    |
            d-------e-------f
            """)
        map.way("ab", ["highway": "primary"])
        map.way("bc", ["highway": "primary"])
        map.way("be", ["highway": "residential"])
        map.way("ed", ["highway": "primary"])
        map.way("ef", ["highway": "primary"])
        return map
    }

    @Test func viaWayNoTurnSendsTheCarOnToTurnAround() throws {
        var map = Self.ladder
        #expect(try letters(map, "a", "d") == "abed")
        map.restriction(from: "ab", viaWays: ["be"], to: "ed", "no_right_turn")
        // Right at e is forbidden after coming from a: on to the dead end at f and back.
        #expect(try letters(map, "a", "d") == "abefed")
        #expect(try letters(map, "a", "f") == "abef")
        // Only for cars that came from a: from c, or starting on the via way, it is allowed.
        #expect(try letters(map, "c", "d") == "cbed")
        #expect(try letters(map, map.coordinate(near: "b", north: -10), map.coordinate("d")) == "ed")
        #expect(try map.graph(.driving).searchNodeCopies.count == 1)
        // Walking ignores turn restrictions.
        let graph = try map.graph(.walking)
        #expect(try route(graph, map, from: map.coordinate("a"), to: map.coordinate("d")).letters == "abed")
    }

    /// A route may end on the via way it entered from the from-way (its search node copies
    /// are target entries too), rather than loop round to reach the original segment.
    @Test func routeEndsOnTheViaWayItEntered() throws {
        var map = Self.ladder
        map.restriction(from: "ab", viaWays: ["be"], to: "ed", "no_right_turn")
        #expect(try letters(map, map.coordinate("a"), map.coordinate(near: "b", north: -10)) == "ab")
        #expect(try letters(map, "a", "e") == "abe")
    }

    /// A from-way or via way that passes through the junction where the chain goes on leaves
    /// the restriction's path open: OSRM ignores it, so does this.
    @Test func restrictionWhoseWaysDoNotMeetEndToEndIsIgnored() throws {
        /// The from-way `from` (ending at b, or passing it) and the via way `via` (ending at d,
        /// or passing it), the to-way d-f.
        func map(from: String, via: String) -> MapFixture {
            var map = MapFixture("""
                a
                |
                b---d---x
                |   |
                c   f
                """)
            map.way(from, ["highway": "primary"])
            if from == "ab" { map.way("bc", ["highway": "primary"]) }
            map.way(via, ["highway": "primary"])
            if via == "bd" { map.way("dx", ["highway": "primary"]) }
            map.way("df", ["highway": "primary"])
            map.restriction(from: from, viaWays: [via], to: "df", "no_right_turn")
            return map
        }
        // Valid: on to the dead end at c, back, and then b-d-f is no longer after a-b.
        #expect(try letters(map(from: "ab", via: "bd"), "a", "f") == "abcbdf")
        #expect(try letters(map(from: "abc", via: "bd"), "a", "f") == "abdf")
        #expect(try letters(map(from: "ab", via: "bdx"), "a", "f") == "abdf")
        #expect(try map(from: "abc", via: "bdx").graph(.driving).searchNodeCopies.isEmpty)
    }

    @Test func viaWayOnlyTurnAllowsNothingElse() throws {
        var map = Self.ladder
        map.restriction(from: "ab", viaWays: ["be"], to: "ef", "only_left_turn")
        #expect(try letters(map, "a", "d") == "abefed")
        #expect(try letters(map, "c", "d") == "cbed")
        // Restrictions for other vehicles, or excepting cars, change nothing.
        var other = Self.ladder
        other.restriction(from: "ab", viaWays: ["be"], to: "ed", "no_right_turn", tags: ["except": "bus;motorcar"])
        other.restriction(from: "ab", viaWays: ["be"], to: "ed", "no_right_turn", tags: ["restriction": "no_right_turn_on_red"])
        #expect(try letters(other, "a", "d") == "abed")
        #expect(try other.graph(.driving).searchNodeCopies.isEmpty)
    }

    /// A block whose quick way from a to g is along its top and east sides (a right turn at d
    /// into d-f, then straight on); the detour b-e-f turns right twice; a spur z north of d.
    static var block: MapFixture {
        var map = MapFixture("""
                        z
                        |
            a---b---c---d
                |       |
                |       |
                e-------f
                        |
                        g
            """)
        for way in ["ab", "bc", "cd", "df", "fg", "be", "ef", "dz"] { map.way(way, ["highway": "primary"]) }
        return map
    }

    @Test func restrictionOverSeveralViaWays() throws {
        var map = Self.block
        #expect(try letters(map, "a", "g") == "abcdfg")
        map.restriction(from: "ab", viaWays: ["bc", "cd"], to: "df", "no_right_turn")
        #expect(try letters(map, "a", "g") == "abefg")
        // Joining the via path part way is not coming from the from-way.
        #expect(try letters(map, map.coordinate(near: "b", east: 20), map.coordinate("g")) == "cdfg")
        #expect(try map.graph(.driving).searchNodeCopies.count == 2)
    }

    /// A restriction whose path starts inside another's binds cars on the other's copies too.
    @Test func overlappingViaWayRestrictionsBothHold() throws {
        var map = Self.block
        map.restriction(from: "ab", viaWays: ["bc", "cd"], to: "dz", "no_left_turn")
        #expect(try letters(map, "a", "g") == "abcdfg")
        #expect(try letters(map, "a", "z") == "abefdz")
        map.restriction(from: "bc", viaWays: ["cd"], to: "df", "no_right_turn")
        #expect(try letters(map, "a", "g") == "abefg")
        #expect(try letters(map, "a", "z") == "abefdz")
    }

    /// A via way that does not lead from the from-way to the to-way is ignored (as OSRM).
    @Test func disconnectedViaWayRestrictionIsIgnored() throws {
        var map = Self.block
        map.restriction(from: "ab", viaWays: ["ef"], to: "df", "no_right_turn")
        #expect(try letters(map, "a", "g") == "abcdfg")
        #expect(try map.graph(.driving).searchNodeCopies.isEmpty)
    }

    /// A cross of four dead ends meeting at e.
    static var cross: MapFixture {
        var map = MapFixture("""
                b
                |
            a---e---c
                |
                d
            """)
        for way in ["ae", "be", "ce", "de"] { map.way(way, ["highway": "primary"]) }
        return map
    }

    @Test func noEntryAndNoExitTakeSeveralWays() throws {
        var map = Self.cross
        map.restriction(from: ["ae", "be"], via: "e", to: ["de"], "no_entry")
        #expect(try letters(map, "a", "d") == "aeced")
        #expect(try letters(map, "b", "d") == "beced")
        #expect(try letters(map, "c", "d") == "ced")
        var exits = Self.cross
        exits.restriction(from: ["ae"], via: "e", to: ["ce", "de"], "no_exit")
        #expect(try letters(exits, "a", "c") == "aebec")
        #expect(try letters(exits, "a", "b") == "aeb")
    }

    /// Several from-ways (to-ways) on any other kind, or several to-ways on `no_entry`, make
    /// the relation invalid: it is ignored.
    @Test func severalWaysWhereTheKindAllowsOneAreIgnored() throws {
        var map = Self.cross
        map.restriction(from: ["ae", "ce"], via: "e", to: ["de"], "no_right_turn")
        map.restriction(from: ["ae"], via: "e", to: ["be", "de"], "no_entry")
        map.restriction(from: ["ae", "be"], via: "e", to: ["de"], "no_exit")
        map.restriction(from: ["ae"], via: "e", to: ["be", "ce"], "only_left_turn")
        #expect(try letters(map, "a", "d") == "aed")
        #expect(try letters(map, "a", "b") == "aeb")
    }

    /// A route from an intersection leaves by the road it takes: it does not begin with an
    /// empty piece of the one-way it snapped to that ends there.
    @Test func routeFromAnIntersectionStartsOnTheRoadTaken() throws {
        var map = MapFixture("""
            a-------b
            |       |
            d-------c
            """)
        map.way("ab", ["highway": "primary", "oneway": "yes"])
        map.way("bc", ["highway": "primary"])
        map.way("cd", ["highway": "primary"])
        map.way("da", ["highway": "primary"])
        let graph = try map.graph(.driving)
        for reference in [false, true] {
            let found = try route(graph, map, from: map.coordinate("b"), to: map.coordinate("a"), reference: reference)
            #expect(found.letters == "bcda")
            let first = try #require(found.route.pieces.first)
            #expect(first.end > first.start)
            let last = try #require(found.route.pieces.last)
            #expect(last.end > last.start)
        }
    }
}

/// Random via-way restrictions on a street grid: the contraction hierarchy must agree with
/// plain Dijkstra on every pair, copies of search nodes included (a property test, cheap).
@Suite struct ViaWayRestrictionPropertyTests {
    @Test func chAgreesWithDijkstraUnderRandomViaWayRestrictions() throws {
        let side = 5
        let names = Array("abcdefghijklmnopqrstuvwxy")
        func letter(_ row: Int, _ column: Int) -> Character { names[row * side + column] }
        var sketch: [String] = []
        for row in 0..<side {
            sketch.append((0..<side).map { String(letter(row, $0)) }.joined(separator: "---"))
            if row < side - 1 { sketch.append(Array(repeating: "|", count: side).joined(separator: "   ")) }
        }
        var map = MapFixture(sketch.joined(separator: "\n"))
        var random = SplitMix64(seed: 13)
        // One way per grid edge (so every way ends at junctions), some one-way, mixed classes.
        var edges: [String] = []
        for row in 0..<side {
            for column in 0..<side {
                if column + 1 < side { edges.append(String([letter(row, column), letter(row, column + 1)])) }
                if row + 1 < side { edges.append(String([letter(row, column), letter(row + 1, column)])) }
            }
        }
        let classes = ["primary", "secondary", "residential"]
        for edge in edges {
            var tags = ["highway": classes[Int(random.next() % 3)]]
            if random.next() % 6 == 0 { tags["oneway"] = "yes" }
            map.way(edge, tags)
        }
        // Restrictions along random walks: from, one or two via ways, to.
        func edgeName(_ x: Character, _ y: Character) -> String? {
            edges.first { $0 == String([x, y]) || $0 == String([y, x]) }
        }
        func neighbours(_ x: Character) -> [Character] { names.filter { edgeName(x, $0) != nil } }
        var added = 0
        while added < 12 {
            var walk = [names[Int(random.next() % UInt64(names.count))]]
            let length = 3 + Int(random.next() % 2)
            while walk.count <= length {
                let options = neighbours(walk.last!).filter { !walk.contains($0) }
                guard !options.isEmpty else { break }
                walk.append(options[Int(random.next() % UInt64(options.count))])
            }
            guard walk.count == length + 1 else { continue }
            let ways = (1..<walk.count).map { edgeName(walk[$0 - 1], walk[$0])! }
            map.restriction(from: ways.first!, viaWays: Array(ways.dropFirst().dropLast()), to: ways.last!,
                            random.next() % 3 == 0 ? "only_straight_on" : "no_left_turn")
            added += 1
        }
        let graph = try map.graph(.driving)
        #expect(!graph.searchNodeCopies.isEmpty)
        let fast = Router(graph: graph), slow = Router(graph: graph, reference: true)
        for _ in 0..<150 {
            let from = map.coordinate(names[Int(random.next() % UInt64(names.count))])
            let to = map.coordinate(names[Int(random.next() % UInt64(names.count))])
            let a = try? fast.route(from: from, to: to), b = try? slow.route(from: from, to: to)
            #expect(a?.weight == b?.weight)
        }
    }
}
