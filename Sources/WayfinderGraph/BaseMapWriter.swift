import Foundation

/// Builds the base map's sections (`BaseMapSections.swift`) from the features the importer
/// found, in `WebMercator` world units: sorts them into draw order, works out the zoom
/// each is first worth drawing at, cuts polygons too big to clip per tile into grid-cell
/// pieces, encodes the geometry (zigzag varint deltas) and indexes it by grid cell.
public struct BaseMapWriter {
    /// A point in world units.
    public typealias Point = (x: Int32, y: Int32)

    private struct Pending {
        /// Even-odd area (world units²) of a polygon, length of a line: what `minZoom` reads.
        var size: Double
        /// Its parts (rings, pieces of a line) end at `partEnds[firstPart ..< firstPart + partCount]`.
        var firstPart: Int32 = 0
        var partCount: Int32 = 0
        var minZoom: Int32
        var kind: UInt8
        var type: UInt8
        var flags: UInt8
    }

    private var pending: [Pending] = []
    /// Every feature's points, one part after another, and where each part ends in `points`.
    /// Flat, because an array per part and per feature cost about 100 bytes a building in
    /// headers and allocations, a quarter of the base map's memory while the file is read.
    private var points: [Point] = []
    private var partEnds: [Int] = []
    private var labels: [BaseMapLabel] = []
    private var strings = StringTableBuilder()
    /// Polygons with more points than this, spread over several cells, are cut into pieces.
    public var splitPoints = 256

    public init() {}

    public var featureCount: Int { pending.count }

    /// A filled area (rings closed or not; outer and inner rings together, even-odd).
    public mutating func addArea(_ kind: BaseMapAreaKind, rings: [[Point]], sea: Bool = false) {
        let rings = rings.filter { $0.count >= 3 }
        guard !rings.isEmpty else { return }
        let area = abs(rings.reduce(0) { $0 + Self.signedArea($1) })
        guard area > 0 else { return }
        // About a pixel² (16 × 16 tile units of 4096) at zoom z: area × 4^(z − 18) ≥ 256.
        var minZoom = Int((18 + (8 - log2(area)) / 2).rounded(.up))
        if kind == .building { minZoom = max(minZoom, 14) }
        if sea { minZoom = 0 }
        append(Pending(size: area, minZoom: Int32(max(0, minZoom)), kind: kind.rawValue, type: BaseMapFeature.area,
                       flags: sea ? BaseMapFeature.sea : 0), parts: rings)
    }

    /// A line (a waterway); several parts for a line the file holds in pieces.
    public mutating func addLine(_ kind: BaseMapLineKind, parts: [[Point]]) {
        let parts = parts.filter { $0.count >= 2 }
        guard !parts.isEmpty else { return }
        var length = 0.0
        for part in parts {
            for (a, b) in zip(part, part.dropFirst()) {
                length += (Double(b.x - a.x) * Double(b.x - a.x) + Double(b.y - a.y) * Double(b.y - a.y)).squareRoot()
            }
        }
        guard length > 0 else { return }
        // A line is worth drawing when it is about a pixel long: length × 2^(z − 18) ≥ 16.
        let minZoom = max(kind.minZoom, Int((18 + 4 - log2(length)).rounded(.up)))
        append(Pending(size: length, minZoom: Int32(minZoom), kind: kind.rawValue, type: BaseMapFeature.line, flags: 0),
               parts: parts)
    }

    private mutating func append(_ feature: Pending, parts: [[Point]]) {
        var feature = feature
        (feature.firstPart, feature.partCount) = (Int32(partEnds.count), Int32(parts.count))
        for part in parts {
            points += part
            partEnds.append(points.count)
        }
        pending.append(feature)
    }

    /// The parts of `feature`, as given to `addArea` or `addLine`.
    private func parts(_ feature: Pending) -> [[Point]] {
        (Int(feature.firstPart)..<Int(feature.firstPart + feature.partCount)).map { k in
            Array(points[(k == 0 ? 0 : partEnds[k - 1])..<partEnds[k]])
        }
    }

    public mutating func addLabel(_ kind: BaseMapLabelKind, osmId: Int64, at point: Point, name: String, population: UInt32) {
        labels.append(BaseMapLabel(osmId: osmId, x: point.x, y: point.y, name: strings.intern(name), population: population,
                                   kind: kind.rawValue))
    }

    /// Twice the signed area of a ring (shoelace), closed or not.
    public static func signedArea(_ ring: [Point]) -> Double {
        guard var previous = ring.last else { return 0 }
        var sum = 0.0
        for p in ring {
            sum += Double(previous.x) * Double(p.y) - Double(p.x) * Double(previous.y)
            previous = p
        }
        return sum / 2
    }

    /// Adds the base map's sections to `writer`; `bounds` are the extract's (world units).
    public func add(to writer: inout GraphFileWriter, bounds: (minX: Int32, minY: Int32, maxX: Int32, maxY: Int32), hasSea: Bool) {
        // Draw order: areas by kind (land use first, water last), larger first; then lines;
        // buildings last.
        func rank(_ p: Pending) -> Int {
            p.type == BaseMapFeature.line ? 1 : p.kind == BaseMapAreaKind.building.rawValue ? 2 : 0
        }
        let order = pending.indices.sorted { a, b in
            let pa = pending[a], pb = pending[b]
            if rank(pa) != rank(pb) { return rank(pa) < rank(pb) }
            if pa.kind != pb.kind { return pa.kind < pb.kind }
            if pa.size != pb.size { return pa.size > pb.size }
            return a < b
        }
        // The grid: tiles of the deepest zoom ≤ 14 that keeps it at most 2^16 cells.
        var box = (minX: Int64.max, minY: Int64.max, maxX: Int64.min, maxY: Int64.min)
        for q in points {
            box = (min(box.minX, Int64(q.x)), min(box.minY, Int64(q.y)), max(box.maxX, Int64(q.x)), max(box.maxY, Int64(q.y)))
        }
        if pending.isEmpty { box = (Int64(bounds.minX), Int64(bounds.minY), Int64(bounds.maxX), Int64(bounds.maxY)) }
        var zoom = 14
        func cells(_ z: Int) -> (x0: Int64, y0: Int64, columns: Int64, rows: Int64) {
            let shift = Int64(WebMercator.worldBits - z)
            let x0 = box.minX >> shift, y0 = box.minY >> shift
            return (x0, y0, max(0, (box.maxX >> shift) - x0 + 1), max(0, (box.maxY >> shift) - y0 + 1))
        }
        while zoom > 0 && cells(zoom).columns * cells(zoom).rows > 1 << 16 { zoom -= 1 }
        let grid = cells(zoom)
        let cellShift = Int64(WebMercator.worldBits - zoom)

        var features: [BaseMapFeature] = []
        var geometry: [UInt8] = []
        var cellLists = [[(minZoom: UInt8, feature: UInt32)]](repeating: [], count: Int(grid.columns * grid.rows))
        func emit(_ p: Pending, parts: [[Point]], group: Int) {
            var b = (minX: Int32.max, minY: Int32.max, maxX: Int32.min, maxY: Int32.min)
            for part in parts { for q in part { b = (min(b.minX, q.x), min(b.minY, q.y), max(b.maxX, q.x), max(b.maxY, q.y)) } }
            let index = features.count
            features.append(BaseMapFeature(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, geometry: UInt32(geometry.count),
                                           group: UInt32(group), kind: p.kind, type: p.type, minZoom: UInt8(min(255, p.minZoom)),
                                           flags: p.flags))
            Self.encode(parts, from: (b.minX, b.minY), into: &geometry)
            let minZoom = UInt8(min(255, p.minZoom))
            for row in (Int64(b.minY) >> cellShift)...(Int64(b.maxY) >> cellShift) {
                for column in (Int64(b.minX) >> cellShift)...(Int64(b.maxX) >> cellShift) {
                    cellLists[Int((row - grid.y0) * grid.columns + column - grid.x0)].append((minZoom, UInt32(index)))
                }
            }
        }
        for i in order {
            let p = pending[i], parts = parts(p)
            let points = parts.reduce(0) { $0 + $1.count }
            var b = (minX: Int64.max, minY: Int64.max, maxX: Int64.min, maxY: Int64.min)
            for part in parts { for q in part { b = (min(b.minX, Int64(q.x)), min(b.minY, Int64(q.y)), max(b.maxX, Int64(q.x)), max(b.maxY, Int64(q.y))) } }
            let spread = (b.minX >> cellShift != b.maxX >> cellShift) || (b.minY >> cellShift != b.maxY >> cellShift)
            guard p.type == BaseMapFeature.area, points > splitPoints || p.flags & BaseMapFeature.sea != 0, spread else {
                emit(p, parts: parts, group: features.count)
                continue
            }
            // One piece per cell the polygon reaches: its rings clipped to the cell.
            let group = features.count
            for row in (b.minY >> cellShift)...(b.maxY >> cellShift) {
                for column in (b.minX >> cellShift)...(b.maxX >> cellShift) {
                    let cell = (column << cellShift, row << cellShift, (column + 1) << cellShift, (row + 1) << cellShift)
                    let pieces = parts.compactMap { ring -> [Point]? in
                        let clipped = RingClipping.clip(ring, to: cell)
                        return clipped.count >= 3 && Self.signedArea(clipped) != 0 ? clipped : nil
                    }
                    // Rings that cancel out here (a cell inside a hole) leave at most rounding slivers.
                    let cellArea = Double(Int64(1) << cellShift) * Double(Int64(1) << cellShift)
                    guard !pieces.isEmpty, abs(pieces.reduce(0) { $0 + Self.signedArea($1) }) > cellArea * 1e-6 else { continue }
                    emit(p, parts: pieces, group: group)
                }
            }
        }
        var cellOffsets: [UInt32] = [0]
        var cellFeatures: [UInt32] = []
        for var list in cellLists {
            list.sort { ($0.minZoom, $0.feature) < ($1.minZoom, $1.feature) }
            cellFeatures += list.map(\.feature)
            cellOffsets.append(UInt32(cellFeatures.count))
        }
        let header = BaseMapHeader(gridZoom: Int32(zoom), cellX0: Int32(grid.x0), cellY0: Int32(grid.y0),
                                   columns: Int32(grid.columns), rows: Int32(grid.rows),
                                   minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY,
                                   flags: hasSea ? BaseMapHeader.hasSea : 0)
        writer.add(kind: SectionKind.baseMapHeader.rawValue, [header])
        writer.add(kind: SectionKind.baseMapFeatures.rawValue, features)
        writer.add(kind: SectionKind.baseMapGeometry.rawValue, geometry)
        writer.add(kind: SectionKind.baseMapCellOffsets.rawValue, cellOffsets)
        writer.add(kind: SectionKind.baseMapCellFeatures.rawValue, cellFeatures)
        writer.add(kind: SectionKind.baseMapLabels.rawValue, labels)
        strings.add(to: &writer, offsetsKind: SectionKind.baseMapStringOffsets.rawValue, bytesKind: SectionKind.baseMapStringBytes.rawValue)
    }

    /// Part count, then per part its point count and zigzag varint deltas (see the layout).
    static func encode(_ parts: [[Point]], from origin: Point, into bytes: inout [UInt8]) {
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { bytes.append(UInt8(v & 0x7f) | 0x80); v >>= 7 }
            bytes.append(UInt8(v))
        }
        func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
        varint(UInt64(parts.count))
        var x = Int64(origin.x), y = Int64(origin.y)
        for part in parts {
            varint(UInt64(part.count))
            for q in part {
                varint(zigzag(Int64(q.x) - x)); varint(zigzag(Int64(q.y) - y))
                (x, y) = (Int64(q.x), Int64(q.y))
            }
        }
    }
}

/// Sutherland–Hodgman clipping of one ring to a rectangle in world units, for cutting big
/// polygons (and the sea) into grid-cell pieces. Orientation is kept, so even-odd fill and
/// signed areas stay right ring by ring.
public enum RingClipping {
    public typealias Point = (x: Int32, y: Int32)

    /// `box`: min x, min y, max x, max y (edges included).
    public static func clip(_ ring: [Point], to box: (Int64, Int64, Int64, Int64)) -> [Point] {
        var points = ring.map { (Double($0.x), Double($0.y)) }
        if points.count > 1, points[0] == points[points.count - 1] { points.removeLast() }
        let (x0, y0, x1, y1) = (Double(box.0), Double(box.1), Double(box.2), Double(box.3))
        func pass(_ inside: ((Double, Double)) -> Bool, _ cross: ((Double, Double), (Double, Double)) -> (Double, Double)) {
            guard var previous = points.last else { return }
            var out: [(Double, Double)] = []
            out.reserveCapacity(points.count + 4)
            for p in points {
                if inside(p) != inside(previous) { out.append(cross(previous, p)) }
                if inside(p) { out.append(p) }
                previous = p
            }
            points = out
        }
        // The crossing of a segment with a vertical or horizontal line, computed from the
        // segment's ends in one fixed order, so two cells sharing the line agree on it.
        func atX(_ a: (Double, Double), _ b: (Double, Double), _ x: Double) -> (Double, Double) {
            let (p, q) = a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) ? (a, b) : (b, a)
            return (x, (p.1 + (q.1 - p.1) * (x - p.0) / (q.0 - p.0)).rounded())
        }
        func atY(_ a: (Double, Double), _ b: (Double, Double), _ y: Double) -> (Double, Double) {
            let (p, q) = a.1 < b.1 || (a.1 == b.1 && a.0 < b.0) ? (a, b) : (b, a)
            return ((p.0 + (q.0 - p.0) * (y - p.1) / (q.1 - p.1)).rounded(), y)
        }
        pass({ $0.0 >= x0 }) { atX($0, $1, x0) }
        pass({ $0.0 <= x1 }) { atX($0, $1, x1) }
        pass({ $0.1 >= y0 }) { atY($0, $1, y0) }
        pass({ $0.1 <= y1 }) { atY($0, $1, y1) }
        var result: [Point] = []
        result.reserveCapacity(points.count)
        for p in points {
            let q = (x: Int32(p.0), y: Int32(p.1))
            if let last = result.last, last == q { continue }
            result.append(q)
        }
        return result
    }
}
