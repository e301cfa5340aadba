import CGEOS
import WayfinderGraph

/// From one contour's rings (`MarchingSquares`, metres around the origin) to its polygons or
/// lines in degrees:
/// 1. assembly: the tracer orients every ring with the inside on its left, so a ring of
///    positive area bounds a polygon and one of negative area a hole, and the rings are
///    disjoint: a hole belongs to the smallest polygon ring around one of its points. This is
///    done here (areas and one point-in-ring test per candidate), as GEOS's general
///    polygonizer (`GEOSPolygonize_valid_r`) spent 50 ms on the 5,000 rings of a walking grid
///    whose every block is a hole, and knows nothing of the orientation;
/// 2. denoise: polygons under `denoise` × the largest one's area dropped, before GEOS sees them;
/// 3. generalize, in GEOS: Douglas–Peucker that keeps the topology
///    (`GEOSTopologyPreserveSimplify_r`: no ring crosses another or itself), tolerance in
///    metres since the rings are in metres;
/// 4. placement: metres to 10^-6 degrees (`GEOSGeom_transformXY_r`), then snapped to whole
///    units of that grid with a valid result (`GEOSGeom_setPrecision_r`, snap-rounding): the
///    polygons stay valid as the GeoJSON writer's 6 decimals write them;
/// 5. read out: rings oriented for RFC 7946 (outer counter-clockwise, holes clockwise), closed,
///    polygons largest first.
/// A GEOS failure (an exception inside GEOS: out of memory, or a robustness failure) makes
/// `shapes` return nil with GEOS's message in `lastError`.
final class ContourPolygons {
    private let geos: GEOSContext
    /// Coordinates passed to and from GEOS (x, y, x, y…), reused.
    private var buffer: [Double] = []
    /// GEOS's message for the last nil answer.
    private(set) var lastError: String?

    init(geos: GEOSContext) { self.geos = geos }

    /// Where metres around the origin lie in 10^-6 degrees: the inverse of the
    /// `LocalProjection` the grid was built in.
    struct Placement {
        let originLon: Double, originLat: Double   // 10^-7 degrees
        let metresPerLonUnit: Double, metresPerLatUnit: Double

        init(origin: FixedCoordinate) {
            let projection = LocalProjection(latitude: origin.latitude)
            originLon = Double(origin.lon)
            originLat = Double(origin.lat)
            metresPerLonUnit = projection.metresPerLonUnit
            metresPerLatUnit = projection.metresPerLatUnit
        }

        private init(originLon: Double, originLat: Double, metresPerLonUnit: Double, metresPerLatUnit: Double) {
            self.originLon = originLon
            self.originLat = originLat
            self.metresPerLonUnit = metresPerLonUnit
            self.metresPerLatUnit = metresPerLatUnit
        }

        /// Microdegrees to themselves, rounded: for shapes already placed.
        static let identity = Placement(originLon: 0, originLat: 0, metresPerLonUnit: 0.1, metresPerLatUnit: 0.1)
    }

    struct Shapes {
        var polygons: [[[FixedCoordinate]]] = []
        var lines: [[FixedCoordinate]] = []
    }

    /// The contour drawn by `rings`: polygons, or with `polygons` false their rings as lines.
    ///
    /// The quick way first: plain Douglas–Peucker ring by ring, placed on the microdegree
    /// grid, and one validity check of the very coordinates the GeoJSON will write. Only when
    /// that fails (simplification made two rings cross, which it cannot see, or rounding
    /// made them touch) the sure way: GEOS's topology-preserving simplification and its
    /// snap-rounding to valid output, several times the cost.
    ///
    /// `within`: the next smaller contour's shape, as this returned it; what it covers is
    /// added where this one does not already cover it (each contour is drawn on its own grid,
    /// and the boundaries of two grids can cross by a cell), so that contours nest.
    /// Returns the shapes and this contour's GEOS shape, which the caller destroys.
    func shapes(_ rings: ContourRings, denoise: Double, tolerance: Double, placement: Placement, polygons: Bool,
                within smaller: OpaquePointer?) -> (shapes: Shapes, shape: OpaquePointer?)? {
        let h = geos.handle
        guard rings.count > 0 else {
            guard let smaller, let copy = GEOSGeom_clone_r(h, smaller) else { return (Shapes(), nil) }
            return readOut(copy, polygons: polygons).map { ($0, copy) }
        }
        let polygonsKept = Self.denoised(Self.assembled(rings), denoise)
        var shape: OpaquePointer
        let quick = placed(multiPolygon(rings, kept: polygonsKept, simplifiedBy: tolerance), placement)
        if let quick, GEOSisValid_r(h, quick) == 1 {
            shape = quick
        } else {
            if let quick { GEOSGeom_destroy_r(h, quick) }
            guard let original = multiPolygon(rings, kept: polygonsKept, simplifiedBy: 0) else { return failed() }
            defer { GEOSGeom_destroy_r(h, original) }
            guard let kept = placed(tolerance > 0 ? GEOSTopologyPreserveSimplify_r(h, original, tolerance)
                                                  : GEOSGeom_clone_r(h, original), placement) else { return failed() }
            defer { GEOSGeom_destroy_r(h, kept) }
            guard let sure = GEOSGeom_setPrecision_r(h, kept, 1.0, Int32(GEOS_PREC_VALID_OUTPUT.rawValue)) else { return failed() }
            shape = sure
        }
        if let smaller, !covers(shape, smaller) {
            // The union's new vertices (where boundaries cross) fall between the microdegree
            // grid's points: rounded, and snap-rounded by GEOS only if that made it invalid.
            guard let joined = placed(GEOSUnion_r(h, shape, smaller), .identity) else {
                GEOSGeom_destroy_r(h, shape)
                return failed()
            }
            GEOSGeom_destroy_r(h, shape)
            shape = joined
            if GEOSisValid_r(h, shape) != 1 {
                guard let sure = GEOSGeom_setPrecision_r(h, shape, 1.0, Int32(GEOS_PREC_VALID_OUTPUT.rawValue)) else {
                    GEOSGeom_destroy_r(h, shape)
                    return failed()
                }
                GEOSGeom_destroy_r(h, shape)
                shape = sure
            }
        }
        guard let read = readOut(shape, polygons: polygons) else {
            GEOSGeom_destroy_r(h, shape)
            return nil
        }
        return (read, shape)
    }

    /// Whether `shape` covers `other`, through GEOS's prepared geometry: indexed point and
    /// segment tests, several times cheaper than the full relate of `GEOSCovers_r` for the
    /// one test made per contour.
    private func covers(_ shape: OpaquePointer, _ other: OpaquePointer) -> Bool {
        let h = geos.handle
        guard let prepared = GEOSPrepare_r(h, shape) else { return false }
        defer { GEOSPreparedGeom_destroy_r(h, prepared) }
        return GEOSPreparedCovers_r(h, prepared, other) == 1
    }

    /// `shape` (metres around the origin) in whole microdegrees, the 6 decimals the GeoJSON
    /// writes; `shape` is destroyed. Nil if GEOS failed.
    private func placed(_ shape: OpaquePointer?, _ placement: Placement) -> OpaquePointer? {
        guard let shape else { return nil }
        let h = geos.handle
        defer { GEOSGeom_destroy_r(h, shape) }
        var place = placement
        let toMicrodegrees: GEOSTransformXYCallback = { x, y, userdata in
            guard let x, let y, let place = userdata?.assumingMemoryBound(to: Placement.self).pointee else { return 0 }
            x.pointee = ((place.originLon + x.pointee / place.metresPerLonUnit) / 10).rounded()
            y.pointee = ((place.originLat + y.pointee / place.metresPerLatUnit) / 10).rounded()
            return 1
        }
        return withUnsafeMutablePointer(to: &place) { GEOSGeom_transformXY_r(h, shape, toMicrodegrees, $0) }
    }

    private func failed<T>() -> T? {
        lastError = geos.takeError() ?? "GEOS failed"
        return nil
    }

    /// A polygon of the contour: its outer ring and its holes (ring numbers), its area (m²).
    struct Assembled {
        var rings: [Int]
        var area: Double
    }

    /// The rings grouped into polygons (step 1).
    static func assembled(_ rings: ContourRings) -> [Assembled] {
        var area: [Double] = [], boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for r in 0..<rings.count {
            var sum = 0.0
            var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            let points = rings.ring(r)
            for k in points.dropLast() {
                let (ax, ay, bx, by) = (rings.xy[2 * k], rings.xy[2 * k + 1], rings.xy[2 * k + 2], rings.xy[2 * k + 3])
                sum += ax * by - bx * ay
                box = (min(box.minX, ax), min(box.minY, ay), max(box.maxX, ax), max(box.maxY, ay))
            }
            area.append(sum / 2)
            boxes.append(box)
        }
        // Outer rings, smallest first: a hole's polygon is the first around it.
        let outers = (0..<rings.count).filter { area[$0] > 0 }.sorted { area[$0] < area[$1] }
        var polygons = outers.map { Assembled(rings: [$0], area: area[$0]) }
        for hole in 0..<rings.count where area[hole] < 0 {
            let x = rings.xy[2 * rings.ring(hole).lowerBound], y = rings.xy[2 * rings.ring(hole).lowerBound + 1]
            for (n, outer) in outers.enumerated() {
                let b = boxes[outer]
                guard x > b.minX && x < b.maxX && y > b.minY && y < b.maxY, contains(rings, outer, x, y) else { continue }
                polygons[n].rings.append(hole)
                polygons[n].area += area[hole]
                break
            }
        }
        return polygons
    }

    /// Even-odd: whether (x, y) lies inside ring `r`.
    private static func contains(_ rings: ContourRings, _ r: Int, _ x: Double, _ y: Double) -> Bool {
        var inside = false
        for k in rings.ring(r).dropLast() {
            let (ax, ay, bx, by) = (rings.xy[2 * k], rings.xy[2 * k + 1], rings.xy[2 * k + 2], rings.xy[2 * k + 3])
            if (ay > y) != (by > y) && x < ax + (y - ay) / (by - ay) * (bx - ax) { inside.toggle() }
        }
        return inside
    }

    /// The polygons whose area reaches `denoise` × the largest one's (step 2).
    static func denoised(_ polygons: [Assembled], _ denoise: Double) -> [Assembled] {
        let largest = polygons.map(\.area).max() ?? 0
        return polygons.filter { $0.area > 0 && $0.area >= denoise * largest }
    }

    /// The kept polygons as one GEOS MultiPolygon, in metres, each ring simplified by
    /// Douglas–Peucker with `tolerance` (0: as traced). A ring simplified below a triangle is
    /// dropped (a shell with its holes).
    ///
    /// Rings are simplified as lines: GEOS's simplification of a polygon ends in a
    /// `buffer(0)` of each to make it valid (`DPTransformer::createValidArea`), a fifth of the
    /// contours' GEOS time, which the validity check after placement makes redundant.
    private func multiPolygon(_ rings: ContourRings, kept: [Assembled], simplifiedBy tolerance: Double) -> OpaquePointer? {
        let h = geos.handle
        var parts: [OpaquePointer?] = []
        var failed = false
        for polygon in kept where !failed {
            var made: [OpaquePointer?] = []
            for (n, r) in polygon.rings.enumerated() {
                let points = rings.ring(r)
                let ring: Ring = rings.xy.withUnsafeBufferPointer { xy in
                    guard let sequence = GEOSCoordSeq_copyFromBuffer_r(h, xy.baseAddress! + 2 * points.lowerBound,
                                                                       UInt32(points.count), 0, 0) else { return .failed }
                    guard tolerance > 0 else { return Ring(GEOSGeom_createLinearRing_r(h, sequence)) }
                    return simplified(sequence, tolerance)
                }
                if case .made(let ring) = ring {
                    made.append(ring)
                } else if case .failed = ring {
                    failed = true
                    break
                } else if n == 0 {
                    break   // a collapsed shell: the polygon goes, holes and all
                }
            }
            if failed { for ring in made { GEOSGeom_destroy_r(h, ring) } }
            guard !failed, !made.isEmpty else { continue }
            // The polygon takes its rings (not the array of holes).
            let part: OpaquePointer? = made.withUnsafeMutableBufferPointer { holes in
                GEOSGeom_createPolygon_r(h, holes[0], holes.baseAddress! + 1, UInt32(holes.count - 1))
            }
            if let part { parts.append(part) } else {
                for ring in made { GEOSGeom_destroy_r(h, ring) }
                failed = true
            }
        }
        if failed {
            for part in parts { GEOSGeom_destroy_r(h, part) }
            return nil
        }
        // The collection takes the polygons (not the array).
        return parts.withUnsafeMutableBufferPointer {
            GEOSGeom_createCollection_r(h, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress, UInt32($0.count))
        }
    }

    /// A ring made for GEOS: made, simplified away, or failed (a GEOS exception).
    private enum Ring {
        case made(OpaquePointer)
        case collapsed
        case failed

        init(_ ring: OpaquePointer?) { self = ring.map { .made($0) } ?? .failed }
    }

    /// The closed line `sequence` (taken) simplified and made a ring.
    private func simplified(_ sequence: OpaquePointer, _ tolerance: Double) -> Ring {
        let h = geos.handle
        guard let line = GEOSGeom_createLineString_r(h, sequence) else { return .failed }
        defer { GEOSGeom_destroy_r(h, line) }
        guard let simple = GEOSSimplify_r(h, line, tolerance) else { return .failed }
        defer { GEOSGeom_destroy_r(h, simple) }
        var size: UInt32 = 0
        guard let points = GEOSGeom_getCoordSeq_r(h, simple), GEOSCoordSeq_getSize_r(h, points, &size) == 1 else { return .failed }
        guard size >= 4 else { return .collapsed }
        guard let copy = GEOSCoordSeq_clone_r(h, points) else { return .failed }
        return Ring(GEOSGeom_createLinearRing_r(h, copy))
    }

    /// The polygons (or their rings as lines) in fixed-point degrees, largest first (step 5).
    private func readOut(_ shape: OpaquePointer, polygons: Bool) -> Shapes? {
        let h = geos.handle
        var result: [(area: Double, rings: [[FixedCoordinate]])] = []
        for n in 0..<Int(GEOSGetNumGeometries_r(h, shape)) {
            guard let part = GEOSGetGeometryN_r(h, shape, Int32(n)) else { return failed() }
            guard GEOSGeomTypeId_r(h, part) == Int32(GEOS_POLYGON.rawValue), GEOSisEmpty_r(h, part) == 0 else { continue }
            guard let shell = GEOSGetExteriorRing_r(h, part), var outer = ring(shell) else { return failed() }
            let area = Self.signedArea(outer)
            if area < 0 { outer.reverse() }
            var rings = [outer]
            for k in 0..<Int(GEOSGetNumInteriorRings_r(h, part)) {
                guard let hole = GEOSGetInteriorRingN_r(h, part, Int32(k)), var inner = ring(hole) else { return failed() }
                if Self.signedArea(inner) > 0 { inner.reverse() }
                rings.append(inner)
            }
            result.append((abs(area), rings))
        }
        result.sort { $0.area > $1.area }
        var shapes = Shapes()
        if polygons {
            shapes.polygons = result.map(\.rings)
        } else {
            shapes.lines = result.flatMap(\.rings)
        }
        return shapes
    }

    /// A ring's points, from 10^-6 degrees (whole after snapping) to fixed point.
    private func ring(_ ring: OpaquePointer) -> [FixedCoordinate]? {
        let h = geos.handle
        guard let sequence = GEOSGeom_getCoordSeq_r(h, ring) else { return nil }
        var size: UInt32 = 0
        guard GEOSCoordSeq_getSize_r(h, sequence, &size) == 1 else { return nil }
        let count = Int(size)
        if buffer.count < 2 * count { buffer = [Double](repeating: 0, count: 2 * count) }
        guard buffer.withUnsafeMutableBufferPointer({ GEOSCoordSeq_copyToBuffer_r(h, sequence, $0.baseAddress, 0, 0) }) == 1 else {
            return nil
        }
        var points: [FixedCoordinate] = []
        points.reserveCapacity(count)
        for k in 0..<count {
            points.append(FixedCoordinate(lat: Int32(buffer[2 * k + 1].rounded()) * 10, lon: Int32(buffer[2 * k].rounded()) * 10))
        }
        return points
    }

    /// Twice the signed area of a closed ring (shoelace, in fixed-point units): positive when
    /// counter-clockwise.
    static func signedArea(_ ring: [FixedCoordinate]) -> Double {
        guard ring.count > 3 else { return 0 }
        let x0 = Double(ring[0].lon), y0 = Double(ring[0].lat)
        var sum = 0.0
        for k in 1..<(ring.count - 1) {
            let ax = Double(ring[k].lon) - x0, ay = Double(ring[k].lat) - y0
            let bx = Double(ring[k + 1].lon) - x0, by = Double(ring[k + 1].lat) - y0
            sum += ax * by - bx * ay
        }
        return sum
    }
}

