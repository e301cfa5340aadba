import Testing
import WayfinderGraph
import WayfinderRouting

/// The road geometry of a map view, checked against a scan of every segment.
@Suite struct RoadsInBoxTests {
    /// Degrees to a box.
    func box(_ minLat: Double, _ minLon: Double, _ maxLat: Double, _ maxLon: Double) -> CoordinateBox {
        let a = FixedCoordinate(latitude: minLat, longitude: minLon), b = FixedCoordinate(latitude: maxLat, longitude: maxLon)
        return CoordinateBox(minLat: a.lat, minLon: a.lon, maxLat: b.lat, maxLon: b.lon)
    }

    /// Every segment of class `least` or more important with a piece of line touching `box`.
    func bruteForce(_ graph: RoutingGraph, _ box: CoordinateBox, _ least: RoadClass) -> Set<Int32> {
        var found: Set<Int32> = []
        // Ferries are not in the snapping grid (no route starts on board), so not in a box.
        for (i, s) in graph.segments.enumerated() where graph.ways[Int(s.way)].roadClass <= least.rawValue
            && graph.ways[Int(s.way)].wayTransport == .road {
            for p in Int(s.firstPoint)..<Int(s.lastPoint) where box.touches(graph.points[p], graph.points[p + 1]) {
                found.insert(Int32(i))
                break
            }
        }
        return found
    }

    @Test func touchesIsExact() {
        let unit = CoordinateBox(minLat: 0, minLon: 0, maxLat: 100, maxLon: 100)
        func p(_ lon: Int32, _ lat: Int32) -> FixedCoordinate { FixedCoordinate(lat: lat, lon: lon) }
        #expect(unit.touches(p(10, 10), p(20, 20)))               // inside
        #expect(unit.touches(p(-50, 50), p(150, 50)))             // straight through, both ends outside
        #expect(unit.touches(p(100, 100), p(200, 300)))           // an end on the corner
        #expect(unit.touches(p(-10, 100), p(50, 100)))            // along the top edge
        #expect(unit.touches(p(50, 50), p(50, 50)))               // a point inside
        #expect(!unit.touches(p(101, 101), p(101, 101)))          // a point outside
        #expect(!unit.touches(p(-10, 10), p(-1, 90)))             // beside it
        // Bounding boxes overlap but the diagonal passes the corner: (90, 130) -> (130, 90)
        // runs through (110, 110), missing (100, 100) by ten units.
        #expect(!unit.touches(p(90, 130), p(130, 90)))
        #expect(unit.touches(p(80, 120), p(120, 80)))             // through the corner itself
        #expect(unit.touches(p(90, 109), p(109, 90)))             // just cutting the corner (x + y = 199)
        #expect(!unit.touches(p(90, 111), p(111, 90)))            // just missing it (x + y = 201)
    }

    @Test(arguments: ["andorra", "monaco"], TravelMode.allCases)
    func equalsScanOfAllSegments(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let roads = RoadsInBox(graph: graph)
        var rng = SplitMix64(seed: 0xB0C5 ^ UInt64(extract.utf8.count))
        var nonEmpty = 0
        for _ in 0..<150 {
            let centre = randomCoordinate(graph, &rng)
            let half = Int32.random(in: 100...150_000, using: &rng), aspect = Double.random(in: 0.3...3, using: &rng)
            let b = CoordinateBox(minLat: centre.lat - half, minLon: centre.lon - Int32(Double(half) * aspect),
                                  maxLat: centre.lat + half, maxLon: centre.lon + Int32(Double(half) * aspect))
            roads.find(in: b, limit: 1_000_000)
            #expect(roads.leastClass == RoadsInBox.leastClass(forSpan: b.span))
            #expect(!roads.truncated)
            #expect(Set(roads.segments).count == roads.segments.count, "a segment listed twice")
            #expect(Set(roads.segments) == bruteForce(graph, b, roads.leastClass))
            if !roads.segments.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 50)
    }

    @Test func boxOverAKnownStreetReturnsIt() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let street = try #require(graph.segments.indices.first { graph.name(ofSegment: Int32($0)) == "Avinguda Meritxell" })
        let point = graph.points[Int(graph.segments[street].firstPoint)]
        let roads = RoadsInBox(graph: graph)
        roads.find(in: CoordinateBox(minLat: point.lat - 3000, minLon: point.lon - 3000,
                                     maxLat: point.lat + 3000, maxLon: point.lon + 3000), limit: 1000)
        #expect(roads.leastClass == .other)
        #expect(roads.segments.contains(Int32(street)))
        #expect(roads.segments.allSatisfy { Geo.distance(graph.points[Int(graph.segments[Int($0)].firstPoint)], point) < 5000 })
    }

    @Test func emptyAreasReturnNothing() throws {
        let graph = try ExtractGraphs.shared.graph("monaco", .walking)
        let roads = RoadsInBox(graph: graph)
        // Open sea, far outside the extract.
        roads.find(in: box(43.0, 7.0, 43.2, 7.3), limit: 1000)
        #expect(roads.segments.isEmpty)
        // Inside the extract's grid: a cell that no road crosses (the sea off the harbour).
        let grid = graph.snapGrid
        let keys = Set(graph.snapKeys)
        let empty = try #require((0..<UInt32(grid.rows * grid.columns)).first { !keys.contains($0) })
        let row = Int32(empty / UInt32(grid.columns)), column = Int32(empty % UInt32(grid.columns))
        let south = grid.minLat + row * grid.cellSize, west = grid.minLon + column * grid.cellSize
        roads.find(in: CoordinateBox(minLat: south + 1, minLon: west + 1,
                                     maxLat: south + grid.cellSize - 1, maxLon: west + grid.cellSize - 1), limit: 1000)
        #expect(roads.segments.isEmpty)
        // Reversed corners are an empty box, not a crash.
        roads.find(in: box(43.75, 7.43, 43.72, 7.40), limit: 1000)
        #expect(roads.segments.isEmpty)
    }

    @Test func limitDropsMinorClassesAndStaysComplete() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let roads = RoadsInBox(graph: graph)
        let whole = box(42.40, 1.40, 42.66, 1.80)
        roads.find(in: whole, limit: 1_000_000, leastClass: .other)
        let all = roads.segments.count
        #expect(all > 2000)
        roads.find(in: whole, limit: 300, leastClass: .other)
        #expect(roads.segments.count <= 300)
        #expect(roads.segments.count > 0)
        #expect(roads.leastClass.rawValue < RoadClass.residential.rawValue)
        #expect(!roads.truncated)
        #expect(Set(roads.segments) == bruteForce(graph, whole, roads.leastClass))
    }

    @Test func limitCutsShortWhenTheMainRoadsAloneAreTooMany() throws {
        let graph = try ExtractGraphs.shared.graph("porto", .driving)
        let roads = RoadsInBox(graph: graph)
        roads.find(in: box(40.0, -10.0, 42.0, -7.0), limit: 3)
        #expect(roads.truncated)
        #expect(roads.leastClass == .motorway)
        #expect(roads.segments.count == 3)
        #expect(roads.segments.allSatisfy { roads.roadClass(ofSegment: $0) == .motorway })
    }
}
