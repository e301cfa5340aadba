import CGEOS
import WayfinderGraph

/// From one contour's rings (`MarchingSquares`, metres around the origin) to its polygons or
/// lines in degrees, by GEOS (`GEOSContext` says why GEOS):
/// 1. assembly: the rings, disjoint and nested, polygonized into the faces that form a valid
///    polygonal result (`GEOSPolygonize_valid_r`: the outermost rings are shells, the rings
///    inside them holes, the rings inside those islands — the even-odd rule, which is exactly
///    the inside of the contour since the tracer orients every ring with the inside on its left);
/// 2. denoise: polygons under `denoise` × the largest one's area dropped (`GEOSArea_r`);
/// 3. generalize: Douglas–Peucker that keeps the topology (`GEOSTopologyPreserveSimplify_r`:
///    no ring crosses another or itself), tolerance in metres since the rings are in metres;
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
    }

    struct Shapes {
        var polygons: [[[FixedCoordinate]]] = []
        var lines: [[FixedCoordinate]] = []
    }

    /// The contour drawn by `rings`: polygons, or with `polygons` false their rings as lines.
    func shapes(_ rings: ContourRings, denoise: Double, tolerance: Double, placement: Placement, polygons: Bool) -> Shapes? {
        guard rings.count > 0 else { return Shapes() }
        let h = geos.handle
        guard var shape = assemble(rings) else { return failed() }
        defer { GEOSGeom_destroy_r(h, shape) }
        func replace(_ made: OpaquePointer?) -> Bool {
            guard let made else { return false }
            GEOSGeom_destroy_r(h, shape)
            shape = made
            return true
        }
        guard replace(denoised(shape, denoise)) else { return failed() }
        if tolerance > 0, !replace(GEOSTopologyPreserveSimplify_r(h, shape, tolerance)) { return failed() }
        var place = placement
        let toMicrodegrees: GEOSTransformXYCallback = { x, y, userdata in
            guard let x, let y, let place = userdata?.assumingMemoryBound(to: Placement.self).pointee else { return 0 }
            x.pointee = (place.originLon + x.pointee / place.metresPerLonUnit) / 10
            y.pointee = (place.originLat + y.pointee / place.metresPerLatUnit) / 10
            return 1
        }
        guard replace(withUnsafeMutablePointer(to: &place) { GEOSGeom_transformXY_r(h, shape, toMicrodegrees, $0) }),
              replace(GEOSGeom_setPrecision_r(h, shape, 1.0, Int32(GEOS_PREC_VALID_OUTPUT.rawValue)))
        else { return failed() }
        return readOut(shape, polygons: polygons)
    }

    private func failed() -> Shapes? {
        lastError = geos.takeError() ?? "GEOS failed"
        return nil
    }

    /// The polygons the rings bound (step 1).
    private func assemble(_ rings: ContourRings) -> OpaquePointer? {
        let h = geos.handle
        var lines: [OpaquePointer?] = []
        lines.reserveCapacity(rings.count)
        defer { for line in lines { GEOSGeom_destroy_r(h, line) } }
        for r in 0..<rings.count {
            let points = rings.ring(r)
            let made: OpaquePointer? = rings.xy.withUnsafeBufferPointer { xy in
                guard let sequence = GEOSCoordSeq_copyFromBuffer_r(h, xy.baseAddress! + 2 * points.lowerBound,
                                                                   UInt32(points.count), 0, 0) else { return nil }
                return GEOSGeom_createLinearRing_r(h, sequence)
            }
            guard let made else { return nil }
            lines.append(made)
        }
        return lines.withUnsafeBufferPointer { GEOSPolygonize_valid_r(h, $0.baseAddress, UInt32($0.count)) }
    }

    /// The polygons of `shape` whose area reaches `denoise` × the largest one's, as a new
    /// MultiPolygon (step 2).
    private func denoised(_ shape: OpaquePointer, _ denoise: Double) -> OpaquePointer? {
        let h = geos.handle
        let parts = Int(GEOSGetNumGeometries_r(h, shape))
        var areas: [Double] = []
        for n in 0..<parts {
            var area = 0.0
            guard let part = GEOSGetGeometryN_r(h, shape, Int32(n)), GEOSArea_r(h, part, &area) == 1 else { return nil }
            areas.append(area)
        }
        let largest = areas.max() ?? 0
        var kept: [OpaquePointer?] = []
        for n in 0..<parts where areas[n] > 0 && areas[n] >= denoise * largest {
            guard let part = GEOSGetGeometryN_r(h, shape, Int32(n)), let copy = GEOSGeom_clone_r(h, part) else {
                for k in kept { GEOSGeom_destroy_r(h, k) }
                return nil
            }
            kept.append(copy)
        }
        // The collection takes the polygons (not the array).
        return kept.withUnsafeMutableBufferPointer {
            GEOSGeom_createCollection_r(h, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress, UInt32($0.count))
        }
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
