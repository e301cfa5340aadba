import Foundation
import Testing
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// A hand-drawn OSM map for exact-behaviour tests, in the style of OSRM's cucumber scenarios:
/// every letter in `sketch` is a node, one character column is `columnMetres` east and one
/// line `lineMetres` south. Ways are named by their node letters in order ("abc").
///
///     let map = MapFixture("""
///         a---b---c
///             |
///             d
///         """)
///     map.way("abc", ["highway": "primary", "name": "Main Street"])
///     map.way("bd", ["highway": "residential", "oneway": "yes"])
struct MapFixture {
    static let columnMetres = 10.0
    static let lineMetres = 20.0
    /// Near the equator, so metres per degree are nearly equal in both directions.
    static let origin = (lat: 1.0, lon: 1.0)

    private(set) var nodes: [Character: (lat: Double, lon: Double)] = [:]
    private var nodeTags: [Character: [String: String]] = [:]
    private var ways: [(nodes: String, tags: [String: String])] = []
    private var relations: [(members: [(type: String, ref: Int64, role: String)], tags: [String: String])] = []

    /// `scale` shrinks or stretches the grid (0.1: a column is 1 m, a line 2 m). `origin`: where
    /// the top left corner lies (away from the equator a column is wider, by 1 / cos(latitude):
    /// Sydney's 12 m), e.g. in a country that drives on the left.
    init(_ sketch: String, scale: Double = 1, origin: (lat: Double, lon: Double) = MapFixture.origin) {
        let metresPerDegree = Geo.earthRadius * .pi / 180 / scale
        for (row, line) in sketch.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (column, character) in line.enumerated() where character.isLetter {
                nodes[character] = (origin.lat - Double(row) * Self.lineMetres / metresPerDegree,
                                    origin.lon + Double(column) * Self.columnMetres / metresPerDegree)
            }
        }
    }

    mutating func way(_ letters: String, _ tags: [String: String]) {
        precondition(letters.allSatisfy { nodes[$0] != nil }, "way \(letters) uses a letter not on the map")
        ways.append((letters, tags))
    }

    /// The four-arm roundabout of the ring fixtures: the ring `senws` (primary, with
    /// `ringTags` added) and primary roads on each arm, South Road drawn as `south`.
    mutating func fourArmRing(south: String = "as", ringTags: [String: String] = [:]) {
        way("senws", ["highway": "primary", "junction": "roundabout"].merging(ringTags) { $1 })
        way(south, ["highway": "primary", "name": "South Road"])
        way("eb", ["highway": "primary", "name": "East Road"])
        way("nc", ["highway": "primary", "name": "North Road"])
        way("wd", ["highway": "primary", "name": "West Road"])
    }

    /// Adds or changes tags of a way already drawn (a fixture built on another's map): drawing
    /// it again would make two parallel ways, and which one a route takes is a tie.
    mutating func tag(_ letters: String, _ tags: [String: String]) {
        let i = ways.firstIndex { $0.nodes == letters }!
        ways[i].tags.merge(tags) { _, new in new }
    }

    mutating func node(_ letter: Character, _ tags: [String: String]) { nodeTags[letter] = tags }

    /// A turn restriction from one way over a via node onto another, e.g. ("abc", "b", "bd", "no_right_turn").
    mutating func restriction(from: String, via: Character, to: String, _ kind: String, tags: [String: String] = [:]) {
        relations.append(([("way", wayId(from), "from"), ("node", nodeId(via), "via"), ("way", wayId(to), "to")],
                          tags.merging(["type": "restriction", "restriction": kind]) { a, _ in a }))
    }

    /// A via-node restriction with several from-ways or to-ways (`no_entry`, `no_exit`; other
    /// kinds with several are invalid and ignored).
    mutating func restriction(from: [String], via: Character, to: [String], _ kind: String, tags: [String: String] = [:]) {
        relations.append((from.map { ("way", wayId($0), "from") } + [("node", nodeId(via), "via")] + to.map { ("way", wayId($0), "to") },
                          tags.merging(["type": "restriction", "restriction": kind]) { a, _ in a }))
    }

    /// A via-way restriction: from one way along `viaWays` (in order) onto another.
    mutating func restriction(from: String, viaWays: [String], to: String, _ kind: String, tags: [String: String] = [:]) {
        relations.append(([("way", wayId(from), "from")] + viaWays.map { ("way", wayId($0), "via") } + [("way", wayId(to), "to")],
                          tags.merging(["type": "restriction", "restriction": kind]) { a, _ in a }))
    }

    /// A maneuver relation (`type=maneuver`): from a way, along `viaWays` (in order), onto
    /// another, the instruction given at node `via`; `tags` say which (`maneuver`, `direction`).
    mutating func maneuver(from: String, via: Character, viaWays: [String] = [], to: String, _ tags: [String: String]) {
        relations.append(([("way", wayId(from), "from")] + viaWays.map { ("way", wayId($0), "via") }
                          + [("node", nodeId(via), "via"), ("way", wayId(to), "to")],
                          tags.merging(["type": "maneuver"]) { a, _ in a }))
    }

    /// A square street grid of `side` × `side` intersections `spacing` metres apart, its
    /// north-west corner `east`/`north` metres from node `corner`, tagged `tags`: a network big
    /// enough to be a main network (`RoutingGraph.smallComponentSize`). Its nodes are generated
    /// letters (from the CJK block, never in a sketch); returns the one at the north-west corner.
    @discardableResult
    mutating func grid(side: Int, spacing: Double, near corner: Character, east: Double, north: Double,
                       _ tags: [String: String]) -> Character {
        let origin = nodes[corner]!, metresPerDegree = Geo.earthRadius * .pi / 180
        func letter(_ row: Int, _ column: Int) -> Character { Character(UnicodeScalar(0x4E00 + row * side + column)!) }
        for row in 0..<side {
            for column in 0..<side {
                nodes[letter(row, column)] = (origin.lat + (north - Double(row) * spacing) / metresPerDegree,
                                              origin.lon + (east + Double(column) * spacing) / metresPerDegree)
            }
        }
        for i in 0..<side {
            way(String((0..<side).map { letter(i, $0) }), tags)
            way(String((0..<side).map { letter($0, i) }), tags)
        }
        return letter(0, 0)
    }

    func coordinate(_ letter: Character) -> FixedCoordinate {
        let p = nodes[letter]!
        return FixedCoordinate(latitude: p.lat, longitude: p.lon)
    }

    /// A point `east`/`north` metres away from a node: for inputs that are not on a node.
    func coordinate(near letter: Character, east: Double = 0, north: Double = 0) -> FixedCoordinate {
        let p = nodes[letter]!, metresPerDegree = Geo.earthRadius * .pi / 180
        return FixedCoordinate(latitude: p.lat + north / metresPerDegree, longitude: p.lon + east / metresPerDegree)
    }

    func nodeId(_ letter: Character) -> Int64 { Int64(letter.unicodeScalars.first!.value) }
    func wayId(_ letters: String) -> Int64 { Int64(ways.firstIndex { $0.nodes == letters }! + 1) }

    var xml: String {
        func tagXML(_ tags: [String: String]) -> String {
            tags.sorted { $0.key < $1.key }.map { "    <tag k=\"\($0.key)\" v=\"\($0.value)\"/>\n" }.joined()
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"MapFixture\">\n"
        for (letter, p) in nodes.sorted(by: { $0.key < $1.key }) {
            out += "  <node id=\"\(nodeId(letter))\" version=\"1\" lat=\"\(p.lat)\" lon=\"\(p.lon)\">\n"
            out += tagXML(nodeTags[letter] ?? [:]) + "  </node>\n"
        }
        for (index, way) in ways.enumerated() {
            out += "  <way id=\"\(index + 1)\" version=\"1\">\n"
            out += way.nodes.map { "    <nd ref=\"\(nodeId($0))\"/>\n" }.joined()
            out += tagXML(way.tags) + "  </way>\n"
        }
        for (index, relation) in relations.enumerated() {
            out += "  <relation id=\"\(index + 1)\" version=\"1\">\n"
            out += relation.members.map { "    <member type=\"\($0.type)\" ref=\"\($0.ref)\" role=\"\($0.role)\"/>\n" }.joined()
            out += tagXML(relation.tags) + "  </relation>\n"
        }
        return out + "</osm>\n"
    }

    /// Writes the map as .osm XML and builds a graph file from it in a new temporary
    /// directory: the file's path (remove its directory when done).
    func graphFile() throws -> String {
        let dir = temporaryDirectory()
        let osm = "\(dir)/map.osm", output = "\(dir)/map.wfg"
        try xml.write(toFile: osm, atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: osm, output: output)
        return output
    }

    /// Builds the map's graph file into a scratch folder, calls `body` with the map (for its
    /// coordinates), the file and the folder (for the traffic files a test writes beside it),
    /// then removes the folder.
    func withGraphFile(_ body: (_ map: MapFixture, _ path: String, _ dir: String) throws -> Void) throws {
        let path = try graphFile()
        let dir = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(self, path, dir)
    }

    /// Writes the map as .osm XML, builds a graph file from it and opens one mode. Only that
    /// mode is built unless `built` says more: the others would triple the fixtures' build
    /// time, and a way no built mode can use is not kept.
    func graph(_ mode: TravelMode, built: [TravelMode]? = nil) throws -> RoutingGraph {
        let dir = temporaryDirectory()
        // The graph is mapped in memory: its files can go as soon as it is open.
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let osm = "\(dir)/map.osm", output = "\(dir)/map.wfg"
        try xml.write(toFile: osm, atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: osm, output: output, modes: built ?? [mode])
        return try RoutingGraph(path: output, mode: mode)
    }
}

/// The letters of `map` a route's line passes within `tolerance` metres of, in order.
func lettersOnRoute(_ line: [FixedCoordinate], _ map: MapFixture, tolerance: Double = 1) -> String {
    var out = ""
    for p in line {
        for (letter, _) in map.nodes where Geo.distance(map.coordinate(letter), p) < tolerance {
            if out.last != letter { out.append(letter) }
        }
    }
    return out
}

/// Routes between two map points and returns the letters passed and the route.
func route(_ graph: RoutingGraph, _ map: MapFixture, from: FixedCoordinate, to: FixedCoordinate,
           reference: Bool = false) throws -> (letters: String, route: Route) {
    let router = Router(graph: graph, reference: reference)
    let route = try router.route(from: from, to: to)
    return (lettersOnRoute(graph.geometry(of: route), map), route)
}

/// Routes with the hierarchy and with plain Dijkstra, expects the same weight, and returns
/// the hierarchy's route: every fixture's check that the two searches agree.
func routeCheckedByDijkstra(_ graph: RoutingGraph, _ map: MapFixture, from: FixedCoordinate,
                            to: FixedCoordinate) throws -> (letters: String, route: Route) {
    let fast = try route(graph, map, from: from, to: to)
    let slow = try route(graph, map, from: from, to: to, reference: true)
    #expect(fast.route.weight == slow.route.weight)
    return fast
}

extension MapFixture {
    /// The T below: the side street ends at Mannerheimintie (directions and response tests).
    static var tJunction: MapFixture {
        var map = MapFixture("""
            a-------b-------c
                    |
                    |
                    d
            """)
        map.way("abc", ["highway": "primary", "name": "Mannerheimintie"])
        map.way("bd", ["highway": "residential", "name": "Side Street"])
        return map
    }
}

/// For each `(text, message)`: writes `text` to `file`, runs `customize` with it and expects
/// an error reading `file + message` (`exact`), or starting with it.
func expectEachRefused(_ cases: [(String, String)], writtenTo file: String, exact: Bool = true,
                       _ customize: (String) throws -> Void) throws {
    for (text, message) in cases {
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect {
            try customize(file)
        } throws: { error in
            exact ? "\(error)" == file + message : "\(error)".hasPrefix(file + message)
        }
    }
}
