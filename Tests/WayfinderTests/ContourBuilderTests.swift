import CGEOS
import Testing
import WayfinderGraph
import WayfinderIsochrones

/// Contours from synthetic reached roads (`ContourBuilder`): shapes that follow the roads,
/// holes where nothing is reached, denoise, nesting, lines, validity and generalization.
/// Roads are laid out in metres east (x) and north (y) of an origin in Andorra; values are
/// seconds at walking pace (1.4 m/s) unless a test says otherwise.
@Suite struct ContourBuilderTests {
    static let origin = FixedCoordinate(latitude: 42.5, longitude: 1.5)
    static let projection = LocalProjection(latitude: 42.5)
    static let pace = 1.4

    /// The point `x` metres east and `y` north of the origin.
    static func at(_ x: Double, _ y: Double) -> FixedCoordinate {
        FixedCoordinate(lat: origin.lat + Int32((y / projection.metresPerLatUnit).rounded()),
                        lon: origin.lon + Int32((x / projection.metresPerLonUnit).rounded()))
    }

    /// A straight road from (x0, y0) to (x1, y1), a vertex every `step` metres, valued
    /// `start` seconds at its first vertex and growing at walking pace.
    static func road(_ roads: inout ReachedRoads, from a: (Double, Double), to b: (Double, Double), start: Double,
                     step: Double = 25, cut: Double? = nil) {
        let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        let n = max(1, Int((length / step).rounded(.up)))
        roads.beginStretch()
        for k in 0...n {
            let f = Double(k) / Double(n)
            var value = start + f * length / pace
            var point = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
            if let cut, value >= cut {
                // The search's cut: the last vertex where the value reaches it.
                let g = (cut - start) / (length / pace)
                point = (a.0 + (b.0 - a.0) * g, a.1 + (b.1 - a.1) * g)
                value = cut
                roads.appendVertex(at(point.0, point.1), Float(value))
                break
            }
            roads.appendVertex(at(point.0, point.1), Float(value))
        }
        roads.endStretch()
    }

    /// A square street grid `size` metres across, centred on the origin, streets `spacing`
    /// apart, each point valued by its Manhattan distance from the origin at walking pace
    /// (every street reached from the grid's centre), cut at `cut` seconds.
    static func grid(size: Double, spacing: Double, cut: Double) -> ReachedRoads {
        var roads = ReachedRoads()
        let half = size / 2
        var line = -half
        while line <= half + 1e-9 {
            // Along an east-west street at y = line, from its crossing with x = 0 both ways.
            for direction in [-1.0, 1.0] {
                road(&roads, from: (0, line), to: (direction * half, line), start: abs(line) / pace, cut: cut)
                road(&roads, from: (line, 0), to: (line, direction * half), start: abs(line) / pace, cut: cut)
            }
            line += spacing
        }
        return roads
    }

    func build(_ roads: ReachedRoads, _ limits: [Double], mode: TravelMode = .walking,
               options: ContourOptions = ContourOptions()) -> [Contour] {
        let builder = ContourBuilder()
        let contours = builder.contours(of: roads, origin: Self.origin, limits: limits, metric: .time, mode: mode, options: options)
        #expect(builder.lastError == nil)
        return contours
    }

    @Test func aStraightRoadIsInsideUpToItsCutAndNotBeyond() {
        var roads = ReachedRoads()
        Self.road(&roads, from: (0, 0), to: (2000, 0), start: 0, cut: 300)   // cut at 420 m
        let contour = build(roads, [300])[0]
        #expect(contour.polygons.count == 1)
        for k in 0..<roads.coordinates.count {
            #expect(Shape.contains(contour.polygons, roads.coordinates[k]), "reached vertex \(k)")
        }
        // Every metre of the reached road, and the unreached road from a street's width and a
        // cell past the cut (reach 25 m, cells 6 m) to its end.
        for x in stride(from: 0.0, through: 420, by: 1) { #expect(Shape.contains(contour.polygons, Self.at(x, 0))) }
        for x in stride(from: 420.0 + 25 + 9, through: 2000, by: 5) { #expect(!Shape.contains(contour.polygons, Self.at(x, 0))) }
        // Nothing beside the road beyond the reach and a cell's diagonal.
        for x in stride(from: 0.0, through: 420, by: 10) {
            #expect(!Shape.contains(contour.polygons, Self.at(x, 34)))
            #expect(!Shape.contains(contour.polygons, Self.at(x, -34)))
        }
        Shape.checkValid(contour.polygons)
    }

    /// A square of roads 1 km a side reached all round, nothing inside: a lake.
    @Test func aRingOfRoadsAroundALakeGivesAHole() {
        var roads = ReachedRoads()
        let side = 1000.0
        // From the origin at the square's south-west corner, both ways round.
        Self.road(&roads, from: (0, 0), to: (side, 0), start: 0)
        Self.road(&roads, from: (side, 0), to: (side, side), start: side / Self.pace)
        Self.road(&roads, from: (0, 0), to: (0, side), start: 0)
        Self.road(&roads, from: (0, side), to: (side, side), start: side / Self.pace)
        let contour = build(roads, [1500])[0]
        #expect(contour.polygons.count == 1)
        #expect(contour.polygons.first?.count == 2, "one outer ring and the lake")
        #expect(!Shape.contains(contour.polygons, Self.at(side / 2, side / 2)))
        for p in roads.coordinates { #expect(Shape.contains(contour.polygons, p)) }
        Shape.checkValid(contour.polygons)
    }

    /// A cross of streets round the origin, and one short street 5 km away reached early
    /// (as by a ferry): two polygons; denoise 1 keeps the larger, 0 both, 0.5 the larger.
    @Test func denoiseDropsTheSmallerCluster() {
        var roads = ReachedRoads()
        for (dx, dy): (Double, Double) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            Self.road(&roads, from: (0, 0), to: (400 * dx, 400 * dy), start: 0)
        }
        Self.road(&roads, from: (5000, 0), to: (5100, 0), start: 60)
        let largest = build(roads, [600], options: ContourOptions(denoise: 1))[0]
        #expect(largest.polygons.count == 1)
        #expect(Shape.contains(largest.polygons, Self.at(0, 0)))
        #expect(!Shape.contains(largest.polygons, Self.at(5050, 0)))
        let both = build(roads, [600], options: ContourOptions(denoise: 0))[0]
        #expect(both.polygons.count == 2)
        #expect(Shape.contains(both.polygons, Self.at(5050, 0)))
        #expect(Shape.area(both.polygons[0]) > Shape.area(both.polygons[1]), "largest first")
        #expect(build(roads, [600], options: ContourOptions(denoise: 0.5))[0].polygons.count == 1)
        Shape.checkValid(both.polygons)
    }

    /// Limits given in any order come back in that order, each contour inside the next larger.
    @Test func severalLimitsAreNested() {
        let roads = Self.grid(size: 2000, spacing: 100, cut: 900)
        let limits = [600.0, 300, 900]
        let contours = build(roads, limits, options: ContourOptions(denoise: 0, generalize: 0))
        #expect(contours.map(\.limit) == limits)
        for contour in contours {
            #expect(!contour.polygons.isEmpty)
            Shape.checkValid(contour.polygons)
        }
        #expect(Shape.covers(contours[0].polygons, contours[1].polygons), "300 s inside 600 s")
        #expect(Shape.covers(contours[2].polygons, contours[0].polygons), "600 s inside 900 s")
        #expect(!Shape.covers(contours[1].polygons, contours[0].polygons))
        // Each road point inside the contours of the limits it is reached within.
        for k in stride(from: 0, to: roads.coordinates.count, by: 7) {
            let value = Double(roads.values[k])
            for contour in contours where value < contour.limit {
                #expect(Shape.contains(contour.polygons, roads.coordinates[k]))
            }
        }
    }

    @Test func withoutPolygonsTheBoundaryComesAsClosedLines() {
        let roads = Self.grid(size: 2000, spacing: 250, cut: 900)
        let polygons = build(roads, [900])[0]
        let lines = build(roads, [900], options: ContourOptions(polygons: false))[0]
        #expect(lines.polygons.isEmpty)
        #expect(!lines.lines.isEmpty)
        #expect(lines.lines.count == polygons.polygons.reduce(0) { $0 + $1.count })
        for line in lines.lines { #expect(line.count >= 4 && line.first == line.last) }
    }

    /// Generalizing leaves fewer vertices and valid polygons; 0 leaves the grid's staircase.
    @Test func generalizeReducesVerticesAndKeepsValidity() {
        let roads = Self.grid(size: 2000, spacing: 100, cut: 900)
        let exact = build(roads, [900], options: ContourOptions(generalize: 0))[0]
        let byDefault = build(roads, [900])[0]
        let coarse = build(roads, [900], options: ContourOptions(generalize: 30))[0]
        let counts = [exact, byDefault, coarse].map { $0.polygons.joined().reduce(0) { $0 + $1.count } }
        #expect(counts[0] > counts[1] && counts[1] > counts[2], "\(counts)")
        Shape.checkValid(byDefault.polygons)
        Shape.checkValid(coarse.polygons)
        for k in stride(from: 0, to: roads.coordinates.count, by: 5) where roads.values[k] < 900 {
            #expect(Shape.contains(byDefault.polygons, roads.coordinates[k]))
        }
    }

    /// A drive over 60 km: the cell grows so that the grid keeps within its node bound.
    @Test func theCellGrowsWithTheExtent() {
        var roads = ReachedRoads()
        for (dx, dy): (Double, Double) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            Self.road(&roads, from: (0, 0), to: (30_000 * dx, 30_000 * dy), start: 0, step: 500)
        }
        let builder = ContourBuilder()
        let contours = builder.contours(of: roads, origin: Self.origin, limits: [30_000], metric: .time, mode: .driving,
                                        options: ContourOptions())
        #expect(builder.lastGridNodes <= 500_000)
        #expect(builder.lastCellSize > 60)
        #expect(contours[0].polygons.count == 1)
        Shape.checkValid(contours[0].polygons)
    }

    @Test func nothingReachedGivesEmptyContours() {
        var roads = ReachedRoads()
        Self.road(&roads, from: (0, 0), to: (100, 0), start: 1000)
        let contours = build(roads, [300, 600])
        #expect(contours.count == 2 && contours.allSatisfy { $0.polygons.isEmpty && $0.lines.isEmpty })
        #expect(build(ReachedRoads(), [300])[0].polygons.isEmpty)
    }

    @Test func stretchesAppendedVertexByVertexEqualWholeOnes() {
        var whole = ReachedRoads(), byVertex = ReachedRoads()
        let points = [Self.at(0, 0), Self.at(10, 0), Self.at(20, 5)]
        whole.appendStretch(points, [0, 7, 15])
        whole.appendStretch(points.prefix(1), [3])
        byVertex.beginStretch()
        for (p, v) in zip(points, [Float(0), 7, 15]) { byVertex.appendVertex(p, v) }
        byVertex.endStretch()
        byVertex.beginStretch()
        byVertex.endStretch()   // empty: dropped
        byVertex.beginStretch()
        byVertex.appendVertex(points[0], 3)
        byVertex.endStretch()
        #expect(whole.coordinates == byVertex.coordinates && whole.values == byVertex.values)
        #expect(whole.stretchEnds == [3, 4] && byVertex.stretchEnds == [3, 4])
        #expect(whole.stretch(1) == 3..<4)
        whole.removeAll()
        #expect(whole.stretchCount == 0 && whole.coordinates.isEmpty && whole.coordinates.capacity >= 4)
    }
}

/// Checks on polygons as written (each an outer ring then its holes, fixed-point degrees).
enum Shape {
    /// Even-odd point in polygons, holes included: a point inside a hole is outside.
    static func contains(_ polygons: [[[FixedCoordinate]]], _ p: FixedCoordinate) -> Bool {
        var inside = false
        for ring in polygons.joined() {
            for k in 0..<(ring.count - 1) {
                let a = ring[k], b = ring[k + 1]
                if (a.lat > p.lat) != (b.lat > p.lat) {
                    let x = Double(a.lon) + Double(p.lat - a.lat) / Double(b.lat - a.lat) * Double(b.lon - a.lon)
                    if Double(p.lon) < x { inside.toggle() }
                }
            }
        }
        return inside
    }

    /// Twice the signed area of a ring: positive when counter-clockwise.
    static func signedArea(_ ring: [FixedCoordinate]) -> Double {
        var sum = 0.0
        for k in 0..<(ring.count - 1) {
            sum += Double(ring[k].lon) * Double(ring[k + 1].lat) - Double(ring[k + 1].lon) * Double(ring[k].lat)
        }
        return sum
    }

    static func area(_ polygon: [[FixedCoordinate]]) -> Double { polygon.reduce(0) { $0 + signedArea($1) } }

    /// RFC 7946 and GEOS: closed rings of four points or more on the 10^-6 degree grid, outer
    /// counter-clockwise, holes clockwise, and GEOS finds the polygons valid.
    static func checkValid(_ polygons: [[[FixedCoordinate]]], sourceLocation: SourceLocation = #_sourceLocation) {
        for polygon in polygons {
            for (k, ring) in polygon.enumerated() {
                #expect(ring.count >= 4 && ring.first == ring.last, "closed", sourceLocation: sourceLocation)
                #expect(ring.allSatisfy { $0.lat % 10 == 0 && $0.lon % 10 == 0 }, "6 decimals", sourceLocation: sourceLocation)
                #expect(k == 0 ? signedArea(ring) > 0 : signedArea(ring) < 0, "outer CCW, holes CW", sourceLocation: sourceLocation)
            }
        }
        withGEOS(polygons) { h, g in
            #expect(GEOSisValid_r(h, g) == 1, "GEOS: \(String(cString: GEOSisValidReason_r(h, g)))", sourceLocation: sourceLocation)
        }
    }

    /// Whether `outer` covers `inner` (GEOS: no point of inner outside outer).
    static func covers(_ outer: [[[FixedCoordinate]]], _ inner: [[[FixedCoordinate]]]) -> Bool {
        var answer = false
        withGEOS(outer) { h, a in
            withGEOS(inner, handle: h) { _, b in answer = GEOSCovers_r(h, a, b) == 1 }
        }
        return answer
    }

    /// The polygons as a GEOS MultiPolygon in 10^-6 degrees, for `body`.
    static func withGEOS(_ polygons: [[[FixedCoordinate]]], handle: GEOSContextHandle_t? = nil,
                         _ body: (GEOSContextHandle_t, OpaquePointer) -> Void) {
        let h = handle ?? GEOS_init_r()!
        defer { if handle == nil { GEOS_finish_r(h) } }
        var parts: [OpaquePointer?] = polygons.map { polygon in
            var rings: [OpaquePointer?] = polygon.map { ring in
                let xy = ring.flatMap { [Double($0.lon / 10), Double($0.lat / 10)] }
                return GEOSGeom_createLinearRing_r(h, GEOSCoordSeq_copyFromBuffer_r(h, xy, UInt32(ring.count), 0, 0))
            }
            let shell = rings.removeFirst()
            return rings.withUnsafeMutableBufferPointer { GEOSGeom_createPolygon_r(h, shell, $0.baseAddress, UInt32($0.count)) }
        }
        let multi = parts.withUnsafeMutableBufferPointer {
            GEOSGeom_createCollection_r(h, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress, UInt32($0.count))
        }!
        defer { GEOSGeom_destroy_r(h, multi) }
        body(h, multi)
    }
}
