import Testing
import WayfinderGraph
import WayfinderRouting

/// The walking profile as OSRM foot.lua, on hand-drawn maps. Each route is also searched with
/// plain Dijkstra, which must agree with the contraction hierarchy.
@Suite struct WalkingProfileTests {
    /// Routes on foot, checks the reference search agrees on the weight, returns the letters passed.
    func letters(_ map: MapFixture, _ from: Character, _ to: Character) throws -> String {
        try walk(map, from, to).letters
    }

    func walk(_ map: MapFixture, _ from: Character, _ to: Character) throws -> (letters: String, route: Route, graph: RoutingGraph) {
        let graph = try map.graph(.walking)
        let fast = try routeCheckedByDijkstra(graph, map, from: map.coordinate(from), to: map.coordinate(to))
        return (fast.letters, fast.route, graph)
    }

    /// Which way a walker may use a street `ab` with `tags` (and node tags on its middle `m`),
    /// by walking between its ends on a loop whose other sides are a long footway detour:
    /// "ab" (forward only), "ba", "both" or "none".
    func walkable(_ tags: [String: String], middle: [String: String] = [:]) throws -> String {
        var map = MapFixture("""
            a---m---b
            |       |
            |       |
            c-------d
            """)
        map.way("amb", tags)
        map.node("m", middle)
        map.way("acdb", ["highway": "footway"])
        let forward = try letters(map, "a", "b") == "amb", backward = try letters(map, "b", "a") == "bma"
        return forward && backward ? "both" : forward ? "ab" : backward ? "ba" : "none"
    }

    /// Kinds of way walked without a tag, and the others only with an access tag for walkers.
    @Test func kindsOfWayAndAccessTags() throws {
        #expect(try walkable(["highway": "footway"]) == "both")
        #expect(try walkable(["highway": "primary_link"]) == "both")
        #expect(try walkable(["highway": "platform"]) == "both")
        #expect(try walkable(["highway": "motorway"]) == "none")
        #expect(try walkable(["highway": "trunk_link"]) == "none")
        #expect(try walkable(["highway": "cycleway"]) == "none")
        #expect(try walkable(["highway": "bridleway", "horse": "designated"]) == "none")
        #expect(try walkable(["highway": "bridleway", "foot": "yes"]) == "both")
        #expect(try walkable(["highway": "road"]) == "none")
        #expect(try walkable(["highway": "motorway", "access": "private", "foot": "yes"]) == "both")
        #expect(try walkable(["highway": "made_up_value", "access": "permissive"]) == "both")
        #expect(try walkable(["highway": "made_up_value"]) == "none")
        #expect(try walkable(["highway": "track", "access": "forestry", "foot": "permissive"]) == "both")
        #expect(try walkable(["highway": "residential", "access": "emergency"]) == "both")
        #expect(try walkable(["highway": "footway", "foot": "delivery"]) == "none")
        // An empty value says nothing; a list counts its most permissive part.
        #expect(try walkable(["highway": "motorway", "foot": ""]) == "none")
        #expect(try walkable(["highway": "footway", "foot": "no;designated"]) == "both")
    }

    /// `foot=use_sidepath` and a separately mapped sidewalk close the carriageway to walkers
    /// unless it has its own access tag for them; `motorroad=yes` and unbuilt ways are closed.
    @Test func sidepathsMotorroadsAndProposedWays() throws {
        #expect(try walkable(["highway": "primary", "access": "yes", "foot": "use_sidepath"]) == "none")
        #expect(try walkable(["highway": "secondary", "sidewalk:left": "separate"]) == "none")
        #expect(try walkable(["highway": "residential", "sidewalk:both": "separate"]) == "none")
        #expect(try walkable(["highway": "secondary", "sidewalk": "separate", "foot": "destination"]) == "both")
        #expect(try walkable(["highway": "secondary", "sidewalk": "separate", "foot:backward": "yes"]) == "ba")
        #expect(try walkable(["highway": "primary", "motorroad": "yes"]) == "none")
        #expect(try walkable(["highway": "proposed", "foot": "yes", "proposed": "footway"]) == "none")
        #expect(try walkable(["highway": "tertiary", "proposed": "primary"]) == "both")
    }

    /// Directions: `:forward`/`:backward` access, `oneway:foot` (not `oneway`), conveyors.
    @Test func directionsOfTravel() throws {
        #expect(try walkable(["highway": "cycleway", "bicycle:backward": "designated", "foot:backward": "designated"]) == "ba")
        #expect(try walkable(["highway": "footway", "foot:forward": "no"]) == "ba")
        #expect(try walkable(["highway": "primary", "oneway": "yes"]) == "both")
        #expect(try walkable(["highway": "footway", "oneway:foot": "yes"]) == "ab")
        #expect(try walkable(["highway": "footway", "oneway:foot": "-1"]) == "ba")
        #expect(try walkable(["highway": "steps", "conveying": "forward"]) == "ab")
        #expect(try walkable(["highway": "footway", "conveying": "backward"]) == "ba")
        #expect(try walkable(["highway": "footway", "conveying": "forward", "oneway": "no"]) == "both")
    }

    /// Walls and fences stop walkers, other barriers do not; an access tag on the node decides
    /// alone (a door in a wall, a locked gate).
    @Test func nodeBarriers() throws {
        let path = ["highway": "path"]
        #expect(try walkable(path, middle: ["barrier": "bollard"]) == "both")
        #expect(try walkable(path, middle: ["barrier": "cycle_barrier"]) == "both")
        #expect(try walkable(path, middle: ["barrier": "wall"]) == "none")
        #expect(try walkable(path, middle: ["barrier": "fence"]) == "none")
        #expect(try walkable(path, middle: ["barrier": "yes"]) == "none")
        #expect(try walkable(path, middle: ["barrier": "fence", "sensory": "audible"]) == "both")
        #expect(try walkable(path, middle: ["barrier": "wall", "access": "permissive"]) == "both")
        #expect(try walkable(path, middle: ["barrier": "wall", "foot": "yes", "access": "no"]) == "both")
        #expect(try walkable(path, middle: ["barrier": "gate", "access": "private"]) == "none")
        #expect(try walkable(path, middle: ["barrier": "bollard", "access": "agricultural"]) == "none")
    }

    /// Loose and soft surfaces slow walkers to 3/4 and 1/2 of 5 km/h.
    @Test func surfacesSlowWalkers() throws {
        func seconds(_ surface: String?) throws -> Double {
            var map = MapFixture("""
                a-------------------------------b
                """)
            var tags = ["highway": "footway"]
            tags["surface"] = surface
            map.way("ab", tags)
            return try walk(map, "a", "b").route.duration
        }
        let plain = try seconds(nil)
        #expect(abs(plain - 320 / (5 / 3.6)) < 0.5)
        #expect(abs(try seconds("fine_gravel") - plain / 0.75) < 0.5)
        #expect(abs(try seconds("pebblestone") - plain / 0.75) < 0.5)
        #expect(abs(try seconds("sand") - plain / 0.5) < 0.5)
        #expect(abs(try seconds("asphalt") - plain) < 0.5)
    }

    /// Platforms, piers and car parks drawn as closed ways are walked along their outline;
    /// a building is not, even open to the public.
    @Test func areasWalkedAlongTheirOutline() throws {
        func across(_ ring: [String: String]) throws -> String {
            var map = MapFixture("""
                x---p---q---y
                    |   |
                    s---r
                t-----------u
                """)
            map.way("xp", ["highway": "residential"])
            map.way("qy", ["highway": "residential"])
            map.way("xtuy", ["highway": "residential"])
            map.way("pqrsp", ring)
            return try letters(map, "x", "y")
        }
        #expect(try across(["railway": "platform"]) == "xpqy")
        #expect(try across(["amenity": "parking"]) == "xpqy")
        #expect(try across(["man_made": "pier"]) == "xpqy")
        #expect(try across(["highway": "pedestrian", "area": "yes"]) == "xpqy")
        #expect(try across(["building": "yes", "area": "yes", "access": "yes"]) == "xtuy")
        #expect(try across(["landuse": "grass", "foot": "yes"]) == "xtuy")
    }

    /// Ways walkers alone use keep cars out, and platforms are footways to the directions.
    @Test func walkingOnlyWaysAreNotDriven() throws {
        func map(_ kind: [String: String]) -> MapFixture {
            var map = MapFixture("""
                x---p-------q---y
                t---------------u
                """)
            map.way("xp", ["highway": "residential"])
            map.way("qy", ["highway": "residential"])
            map.way("xtuy", ["highway": "residential"])
            map.way("pq", kind)
            return map
        }
        let walked = try walk(map(["railway": "platform"]), "x", "y")
        #expect(walked.letters == "xpqy")
        let classes = walked.route.pieces.map { walked.graph.ways[Int(walked.graph.segments[Int($0.segment)].way)].roadClass }
        #expect(classes.contains(RoadClass.footway.rawValue))
        for kind in [["railway": "platform"], ["amenity": "parking"], ["highway": "platform"]] {
            let driven = map(kind)
            let graph = try driven.graph(.driving)
            let fast = try route(graph, driven, from: driven.coordinate("x"), to: driven.coordinate("y"))
            let slow = try route(graph, driven, from: driven.coordinate("x"), to: driven.coordinate("y"), reference: true)
            #expect(fast.route.weight == slow.route.weight)
            #expect(fast.letters == "xtuy")
        }
    }

    /// An unnamed sidewalk is announced by the name of the street it runs beside.
    @Test func sidewalksTakeTheirStreetsName() throws {
        func names(_ tags: [[String: String]]) throws -> [String] {
            var map = MapFixture("""
                a-------b-------c
                """)
            map.way("ab", tags[0])
            map.way("bc", tags[1])
            let (_, route, graph) = try walk(map, "a", "c")
            return route.pieces.map { graph.name(ofSegment: $0.segment) }
        }
        let sidewalk = ["highway": "footway", "footway": "sidewalk"]
        #expect(try names([sidewalk.merging(["is_sidepath:of:name": "Harbour Road"]) { $1 },
                           sidewalk.merging(["street:name": "Mill Lane"]) { $1 }]) == ["Harbour Road", "Mill Lane"])
        #expect(try names([sidewalk.merging(["is_sidepath:of:name": "Quay", "street:name": "Dock"]) { $1 },
                           sidewalk.merging(["name": "Ferry Steps", "street:name": "Dock"]) { $1 }]) == ["Quay", "Ferry Steps"])
        #expect(try names([["highway": "path", "is_sidepath": "yes", "street:name": "Long Row"],
                           ["highway": "footway", "street:name": "Not A Sidepath"]]) == ["Long Row", ""])
    }

    /// A road whose walkers must use the parallel footway is left for the footway, even
    /// though the footway is the longer walk.
    @Test func parallelFootwayPreferredToRoadMarkedUseSidepath() throws {
        var map = MapFixture("""
            a-------b
            |       |
            c-------d
            """)
        map.way("ab", ["highway": "primary", "foot": "use_sidepath"])
        map.way("cd", ["highway": "footway"])
        map.way("ac", ["highway": "footway"])
        map.way("bd", ["highway": "footway"])
        #expect(try letters(map, "a", "b") == "acdb")
        #expect(try letters(map, "b", "a") == "bdca")
    }
}
