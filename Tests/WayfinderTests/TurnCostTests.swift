import Foundation
import Testing
import WayfinderGraph
import WayfinderRouting

/// What turns and node obstacles (signals, signs, gates) cost a car, as OSRM car.lua charges
/// them. Each route is also searched with plain Dijkstra, which must agree.
@Suite struct TurnCostTests {
    /// Milliseconds of the fastest drive between two letters (CH and Dijkstra agreeing).
    func weight(_ map: MapFixture, _ from: Character, _ to: Character) throws -> Int32 {
        let graph = try map.graph(.driving)
        let fast = try route(graph, map, from: map.coordinate(from), to: map.coordinate(to))
        let slow = try route(graph, map, from: map.coordinate(from), to: map.coordinate(to), reference: true)
        #expect(fast.route.weight == slow.route.weight)
        return fast.route.weight
    }

    /// Whether `a` is `b` to within rounding: cutting a road at an obstacle rounds each half's
    /// milliseconds separately.
    func near(_ a: Int32, _ b: Int32) -> Bool { abs(Int(a) - Int(b)) <= 2 }

    /// Two parallel primary roads, `ab` and `cd`, each with one tagged node in the middle.
    func twoRoads(_ middle: [String: String], _ other: [String: String]) -> MapFixture {
        var map = MapFixture("""
            a-----s-----b

            c-----t-----d
            """)
        map.way("asb", ["highway": "primary"])
        map.way("ctd", ["highway": "primary"])
        map.node("s", middle)
        map.node("t", other)
        return map
    }

    @Test func trafficSignalsCostTwoSecondsInTheirDirectionOnly() throws {
        let map = twoRoads(["highway": "traffic_signals"],
                           ["highway": "traffic_signals", "traffic_signals:direction": "forward"])
        let plain = try weight(twoRoads([:], [:]), "a", "b")
        #expect(try near(weight(map, "a", "b"), plain + 2000))
        #expect(try near(weight(map, "b", "a"), plain + 2000))
        // Forward: only cars driving the way in its direction (c to d) stop.
        #expect(try near(weight(map, "c", "d") - weight(map, "d", "c"), 2000))
        // `direction=backward` says the same as `traffic_signals:direction` when that is absent.
        let backward = twoRoads([:], ["highway": "traffic_signals", "direction": "backward"])
        #expect(try near(weight(backward, "d", "c") - weight(backward, "c", "d"), 2000))
    }

    @Test func giveWayCostsASecondAndGatesAMinute() throws {
        let plain = try weight(twoRoads([:], [:]), "a", "b")
        let map = twoRoads(["highway": "give_way"], ["barrier": "gate"])
        #expect(try near(weight(map, "a", "b"), plain + 1000))
        #expect(try near(weight(map, "d", "c"), plain + 60_000))
        // A gate with an access tag is an access question, not a wait.
        let open = twoRoads(["barrier": "lift_gate", "access": "yes"], ["barrier": "lift_gate"])
        #expect(try near(weight(open, "a", "b"), plain))
        #expect(try near(weight(open, "c", "d"), plain + 60_000))
    }

    /// An undirected stop sign on a way node stands just before the junction it guards: only
    /// cars that reach it from far and have the junction close ahead stop.
    @Test func stopSignDirectionIsInferredFromTheNearbyJunction() throws {
        var map = MapFixture("""
            a--------sb-------c
                      |
                      d
            """)
        map.way("asbc", ["highway": "primary"])
        map.way("bd", ["highway": "primary"])
        map.node("s", ["highway": "stop"])
        var plain = map
        plain.node("s", [:])
        #expect(try near(weight(map, "a", "c"), weight(plain, "a", "c") + 2000))
        #expect(try near(weight(map, "c", "a"), weight(plain, "c", "a")))
        #expect(try near(weight(map, "d", "a"), weight(plain, "d", "a")))
        // A direction tag wins over the guess.
        map.node("s", ["highway": "stop", "direction": "backward"])
        #expect(try near(weight(map, "a", "c"), weight(plain, "a", "c")))
        #expect(try near(weight(map, "c", "a"), weight(plain, "c", "a") + 2000))
    }

    /// `stop=minor` on a junction node stops only the cars entering by a slower road.
    @Test func minorStopOnAJunctionStopsTheMinorRoadOnly() throws {
        var map = MapFixture("""
                k
                |
            l---m---n
                |
                o
            """)
        map.way("lmn", ["highway": "primary"])
        map.way("kmo", ["highway": "residential"])
        var plain = map
        map.node("m", ["highway": "stop", "stop": "minor"])
        #expect(try near(weight(map, "k", "o"), weight(plain, "k", "o") + 2000))
        #expect(try near(weight(map, "o", "l"), weight(plain, "o", "l") + 2000))
        #expect(try near(weight(map, "l", "n"), weight(plain, "l", "n")))
        #expect(try near(weight(map, "n", "k"), weight(plain, "n", "k")))
        // Without `stop=minor`, everyone stops.
        plain.node("m", ["highway": "stop"])
        #expect(try near(weight(plain, "l", "n"), weight(map, "l", "n") + 2000))
    }

    /// car.lua's turn costs: the sigmoid, a left turn's wait for oncoming traffic (not at a
    /// roundabout), and a U-turn's 20 s on top of a full turn.
    @Test func turnCostsAsOSRM() {
        let right = Turn.cost(deviation: 90), left = Turn.cost(deviation: -90)
        let leftNoTraffic = Turn.cost(deviation: -90, crossesOncoming: false)
        #expect(abs(Int(left - leftNoTraffic) - 1925) <= 1)   // 2 s / (1 + e^-3.25)
        #expect(leftNoTraffic > right)
        #expect(Turn.cost(deviation: 30, crossesOncoming: true) == Turn.cost(deviation: 30, crossesOncoming: false))
        #expect(abs(Int(Turn.uTurnCost) - 27_455) <= 1)
    }

    /// A left turn at a junction costs the oncoming-traffic wait on top of the turn itself.
    @Test func leftTurnAtAJunctionWaitsForOncomingTraffic() throws {
        var map = MapFixture("""
                a
                |
            b---c---d
                |
                e
            """)
        map.way("bcd", ["highway": "primary"])
        map.way("ace", ["highway": "primary"])
        // From the north, d is a left turn and b a right turn; the same distance each.
        let left = try weight(map, "a", "d"), right = try weight(map, "a", "b")
        let expected = Turn.cost(deviation: -90) - Turn.cost(deviation: 90)
        // Each turn's cost is stored in whole deciseconds, as OSRM stores it.
        #expect(abs(Int(left - right - expected)) <= 100)
    }

    /// Where traffic keeps left (Sydney) the turn model is mirrored, as OSRM's is: the right
    /// turn crosses oncoming traffic and costs what the left one costs where traffic keeps
    /// right (issue 38: today's graph files charged Sydney's drivers as Andorra's).
    @Test func leftHandTrafficMirrorsTheTurnCosts() throws {
        func tJunction(at origin: (lat: Double, lon: Double)) -> MapFixture {
            var map = MapFixture("""
                a-------b-------c
                        |
                        |
                        d
                """, origin: origin)
            map.way("abc", ["highway": "primary"])
            map.way("bd", ["highway": "residential"])
            return map
        }
        let right = tJunction(at: MapFixture.origin), left = tJunction(at: (lat: -33.9, lon: 151.2))
        #expect(DrivingSide.at(left.coordinate("b")) == .left && DrivingSide.at(right.coordinate("b")) == .right)
        let rightHanded = try weight(right, "d", "a") - weight(right, "d", "c")   // left turn minus right turn
        let leftHanded = try weight(left, "d", "c") - weight(left, "d", "a")      // right turn minus left turn
        #expect(rightHanded > 1000)
        #expect(near(leftHanded, rightHanded))
    }
}
