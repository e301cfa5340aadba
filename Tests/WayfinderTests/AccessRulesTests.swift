import Foundation
import Testing
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
@testable import WayfinderImport
import WayfinderRouting

/// One reading of access tags (`AccessRules`) for routing, ferries and the `restricted` class,
/// each fixture checked against OSRM 26 on the same map: the maps below written as OSM
/// (MapFixture's coordinates and ids), `osmium cat` to PBF, `run-osrm.sh prep … car|foot`
/// (../shared/tools/osrm-compare) and osrm-routed's `/route?steps=true`. Every route is also
/// searched with plain Dijkstra, which must agree.
@Suite struct AccessRulesTests {
    /// A short street `bc` between West and East Road, and a slower loop around it:
    ///
    ///     a---b-----c---d      (b-c: Gate Road, 60 m; a-b, c-d: 30 m)
    ///         |     |
    ///         e-----f          (b-e-f-c: Loop Lane, 100 m)
    static func gate(_ tags: [String: String]) -> MapFixture {
        var map = MapFixture("""
            a---b-----c---d
                |     |
                e-----f
            """)
        map.way("ab", ["highway": "primary", "name": "West Road"])
        map.way("bc", ["highway": "primary", "name": "Gate Road"].merging(tags) { _, new in new })
        map.way("cd", ["highway": "primary", "name": "East Road"])
        map.way("befc", ["highway": "residential", "name": "Loop Lane"])
        return map
    }

    /// A route's letters, its distance and every intersection's classes as the JSON response
    /// has them ("" where none), from `from` to `to`.
    func answer(_ map: MapFixture, _ mode: TravelMode, from: FixedCoordinate, to: FixedCoordinate)
        throws -> (letters: String, metres: Double, classes: [String]) {
        let graph = try map.graph(mode)
        let (letters, route) = try routeCheckedByDijkstra(graph, map, from: from, to: to)
        let text = RouteResponse.json(route, graph: graph)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let first = try #require((json["routes"] as? [[String: Any]])?.first)
        let steps = try #require(((first["legs"] as? [[String: Any]])?.first)?["steps"] as? [[String: Any]])
        let classes = steps.flatMap { ($0["intersections"] as? [[String: Any]] ?? []).map { ($0["classes"] as? [String] ?? []).joined(separator: ",") } }
        let metres = try #require(first["distance"] as? Double)
        return (letters, metres, classes)
    }

    /// The middle of Gate Road: a route starting there reports Gate Road's classes.
    func onGateRoad(_ map: MapFixture) -> FixedCoordinate { map.coordinate(near: "b", east: 30) }

    /// "forward / backward" classes of the way `letters` in the driving graph.
    func classes(_ map: MapFixture, _ letters: String) throws -> String {
        let graph = try map.graph(.driving), id = map.wayId(letters)
        let info = try #require(graph.ways.first { $0.osmId == id })
        return info.classes(forward: true).names.joined(separator: ",") + " / " + info.classes(forward: false).names.joined(separator: ",")
    }

    /// `access=private` + `motor_vehicle=yes`: the more specific key opens the street to cars,
    /// and nothing restricts it, so it is no `restricted` class either (before, the class
    /// read `access` first and said `restricted`). OSRM 26 (car): a→d 140.1 m through Gate
    /// Road, every intersection's classes empty; from the middle of Gate Road to d 70 m,
    /// classes empty.
    @Test func privateOpenedToMotorVehiclesIsOpenAndNotRestricted() throws {
        let map = Self.gate(["access": "private", "motor_vehicle": "yes"])
        let through = try answer(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(through.letters == "abcd")
        #expect(abs(through.metres - 140.1) < 0.5)
        #expect(through.classes.allSatisfy { $0.isEmpty })
        let fromGate = try answer(map, .driving, from: onGateRoad(map), to: map.coordinate("d"))
        #expect(abs(fromGate.metres - 70) < 0.5)
        #expect(fromGate.classes.allSatisfy { $0.isEmpty })
        #expect(try classes(map, "bc") == " / ")
    }

    /// The mirror case: `access=yes` + `motor_vehicle=private` restricts the street, which the
    /// route then avoids, and its class says so (before, the class read `access=yes` first and
    /// said nothing). OSRM 26 (car): a→d 219.7 m by Loop Lane; from the middle of Gate Road
    /// to d 70 m, the first intersection's classes `restricted`.
    @Test func privateForMotorVehiclesIsRestrictedAndSaysSo() throws {
        let map = Self.gate(["access": "yes", "motor_vehicle": "private"])
        let around = try answer(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(around.letters == "abefcd")
        #expect(abs(around.metres - 219.7) < 0.5)
        let fromGate = try answer(map, .driving, from: onGateRoad(map), to: map.coordinate("d"))
        #expect(abs(fromGate.metres - 70) < 0.5)
        #expect(fromGate.classes.first == "restricted")
        #expect(try classes(map, "bc") == "restricted / restricted")
    }

    /// An all-HOV road is restricted for the search (car.lua's `hov` step), and so in its
    /// class too. OSRM 26 (car, Gate Road `hov=designated`): a→d 219.7 m by Loop Lane; from
    /// the middle of Gate Road to d 70 m, the first intersection's classes `restricted`.
    @Test func anHOVRoadIsRestrictedAndSaysSo() throws {
        let map = Self.gate(["hov": "designated"])
        #expect(try answer(map, .driving, from: map.coordinate("a"), to: map.coordinate("d")).letters == "abefcd")
        let fromGate = try answer(map, .driving, from: onGateRoad(map), to: map.coordinate("d"))
        #expect(fromGate.classes.first == "restricted")
    }

    /// `access=no` + `foot=yes` on Gate Road (residential): walkers may, cars may not.
    /// OSRM 26: car a→d 219.7 m by Loop Lane; foot a→d 140.1 m through Gate Road.
    @Test func closedToAllButWalkers() throws {
        let map = Self.gate(["highway": "residential", "access": "no", "foot": "yes"])
        let drive = try answer(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(drive.letters == "abefcd")
        #expect(abs(drive.metres - 219.7) < 0.5)
        let walk = try answer(map, .walking, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(walk.letters == "abcd")
        #expect(abs(walk.metres - 140.1) < 0.5)
    }

    /// A ferry tagged `access=no` + `motor_vehicle=yes` (FerryTests' harbour): the hierarchy is
    /// read most specific first on board too, so cars sail (before, `access` was read first and
    /// the ferry was closed to them) and walkers do not. OSRM 26: car a→d 219.5 m, the ferry's
    /// intersections `ferry`; foot NoRoute.
    @Test func aFerryOpenedToMotorVehiclesCarriesCars() throws {
        let map = FerryTests.harbour(ferry: ["access": "no", "motor_vehicle": "yes"])
        let drive = try answer(map, .driving, from: map.coordinate("a"), to: map.coordinate("d"))
        #expect(drive.letters == "abecd")
        #expect(abs(drive.metres - 219.5) < 0.5)
        #expect(drive.classes.contains("ferry"))
        let paths = try map.graph(.walking)
        #expect(throws: (any Error).self) { _ = try Router(graph: paths).route(from: map.coordinate("a"), to: map.coordinate("d")) }
    }

    /// The rules each mode reads: a `;` list stands for its most permissive part, a restricted
    /// value restricts only road types that may be restricted, an empty value counts for cars
    /// and not for walkers, and a restricted value on a node lets a car through.
    @Test func theRulesOfEachMode() {
        #expect(AccessRules.car.resolve("agricultural;destination") == "destination")
        #expect(AccessRules.foot.resolve("no;designated") == "designated")
        // On foot `destination` is in no list, and a listed value, even a closing one, outranks it.
        #expect(AccessRules.foot.resolve("destination;private") == "private")
        #expect(AccessRules.car.rank("unknown") == .restricted)
        #expect(AccessRules.foot.rank("private") == .denied)
        #expect(AccessRules.car.keys.first == "motorcar" && AccessRules.car.keys.last == "access")
        #expect(AccessRules.foot.keys == ["foot", "access"])
        #expect(AccessRules.bicycle.keys == ["bicycle", "vehicle", "access"])
        #expect(Set(AccessRules.anyModeKeys) == Set(AccessRules.car.keys + AccessRules.foot.keys + AccessRules.bicycle.keys))
        #expect(AccessRules.anyModeKeys.count == Set(AccessRules.anyModeKeys).count)
    }
}
