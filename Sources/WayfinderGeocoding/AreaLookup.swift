import WayfinderGraph

/// The area sections read in place (see `AreaIndex`); empty for a file built before areas.
struct AreaTable: @unchecked Sendable {  // read-only views of an immutable mapping
    let areas: UnsafeBufferPointer<GeocoderArea>
    let rings: UnsafeBufferPointer<AreaRing>
    let points: UnsafeBufferPointer<FixedCoordinate>
    let strings: StringTable?
    let grid: SnapGrid
    let cellOffsets: UnsafeBufferPointer<UInt32>
    let cellAreas: UnsafeBufferPointer<UInt32>

    /// Number of real areas (the sentinel aside).
    var count: Int { max(0, areas.count - 1) }

    init(file: GraphFile) throws(GraphFileError) {
        func section<T: BitwiseCopyable>(_ kind: SectionKind, _ type: T.Type) -> UnsafeBufferPointer<T> {
            file.section(kind: kind.rawValue, as: T.self) ?? UnsafeBufferPointer(start: nil, count: 0)
        }
        areas = section(.areas, GeocoderArea.self)
        rings = section(.areaRings, AreaRing.self)
        points = section(.areaPoints, FixedCoordinate.self)
        cellOffsets = section(.areaCellOffsets, UInt32.self)
        cellAreas = section(.areaCellAreas, UInt32.self)
        let gridSection = section(.areaGrid, SnapGrid.self)
        guard !areas.isEmpty, gridSection.count == 1 else {
            (strings, grid) = (nil, SnapGrid(minLat: 0, minLon: 0, cellSize: 1, columns: 0, rows: 0))
            return
        }
        grid = gridSection[0]
        strings = try StringTable(file: file, offsetsKind: SectionKind.areaStringOffsets.rawValue,
                                  bytesKind: SectionKind.areaStringBytes.rawValue)
        guard isConsistent else { throw .unreadable(path: file.path, reason: "malformed geocoder areas") }
    }

    /// Every index stays inside its section, so lookups need no checks of their own.
    private var isConsistent: Bool {
        let stringCount = Int32(strings?.count ?? 0)
        return grid.rows > 0 && grid.columns > 0 && grid.cellSize > 0
            && cellOffsets.count == Int(grid.rows) * Int(grid.columns) + 1 && cellOffsets.first == 0
            && cellOffsets.last.map { Int($0) == cellAreas.count } == true && zip(cellOffsets, cellOffsets.dropFirst()).allSatisfy { $0 <= $1 }
            && cellAreas.allSatisfy { Int($0 >> 1) < count }
            && areas.last.map { Int($0.firstRing) == rings.count - 1 } == true
            && zip(areas, areas.dropFirst()).allSatisfy { $0.firstRing >= 0 && $0.firstRing <= $1.firstRing }
            && rings.last.map { Int($0.firstPoint) == points.count } == true
            && zip(rings, rings.dropFirst()).allSatisfy { $0.firstPoint >= 0 && $0.firstPoint <= $1.firstPoint }
            && areas.allSatisfy { [$0.name, $0.countryCode, $0.postcode].allSatisfy { $0 >= 0 && $0 < stringCount } }
    }

    func text(_ id: Int32) -> String? { id == 0 ? nil : strings?[id] }

    /// Calls `body` with each area containing `p`, in area order (by kind, then level).
    /// A cell lists the areas that hold all of it (no test) and those whose boundary
    /// crosses it (box and point-in-area tests); a point outside the grid tests them all.
    func forEachArea(containing p: FixedCoordinate, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let inGrid = p.lat >= grid.minLat && p.lon >= grid.minLon
            && Int64(p.lat) < Int64(grid.minLat) + Int64(grid.rows) * Int64(grid.cellSize)
            && Int64(p.lon) < Int64(grid.minLon) + Int64(grid.columns) * Int64(grid.cellSize)
        let cell = Int(grid.key(p))
        for e in Int(cellOffsets[cell])..<Int(cellOffsets[cell + 1]) {
            let a = Int(cellAreas[e] >> 1)
            if cellAreas[e] & 1 == 0 && inGrid {
                body(a)
                continue
            }
            let area = areas[a]
            guard p.lat >= area.minLat, p.lat <= area.maxLat, p.lon >= area.minLon, p.lon <= area.maxLon else { continue }
            if contains(a, p) { body(a) }
        }
    }

    func contains(_ a: Int, _ p: FixedCoordinate) -> Bool {
        AreaShapes(areas: areas, rings: rings, points: points).contains(a, p)
    }
}

/// The areas' geometry, read in place from the file or, while the index is built, from its arrays.
struct AreaShapes {
    let areas: UnsafeBufferPointer<GeocoderArea>
    let rings: UnsafeBufferPointer<AreaRing>
    let points: UnsafeBufferPointer<FixedCoordinate>

    /// Point in area by counting crossings: of the ray east of `p` with a closed area's
    /// rings (odd: inside, holes included), or of the segment from `p` to a clipped area's
    /// inside point with the boundary pieces in the file (even: inside, see `SourceArea`).
    func contains(_ a: Int, _ p: FixedCoordinate) -> Bool {
        let area = areas[a]
        var odd = false
        if !area.isClipped {
            for r in Int(area.firstRing)..<Int(areas[a + 1].firstRing) {
                let start = Int(rings[r].firstPoint), stop = Int(rings[r + 1].firstPoint)
                var previous = points[start]
                for i in (start + 1)..<stop {
                    let q = points[i]
                    if (previous.lat > p.lat) != (q.lat > p.lat) {
                        let t = (Double(p.lat) - Double(previous.lat)) / (Double(q.lat) - Double(previous.lat))
                        let lon = Double(previous.lon) + t * (Double(q.lon) - Double(previous.lon))
                        if lon > Double(p.lon) { odd.toggle() }
                    }
                    previous = q
                }
            }
            return odd
        }
        let target = area.inside
        let low = (lat: min(p.lat, target.lat), lon: min(p.lon, target.lon)), high = (lat: max(p.lat, target.lat), lon: max(p.lon, target.lon))
        func side(_ a: FixedCoordinate, _ b: FixedCoordinate, _ c: FixedCoordinate) -> Double {
            (Double(b.lon) - Double(a.lon)) * (Double(c.lat) - Double(a.lat)) - (Double(b.lat) - Double(a.lat)) * (Double(c.lon) - Double(a.lon))
        }
        for r in Int(area.firstRing)..<Int(areas[a + 1].firstRing) {
            let start = Int(rings[r].firstPoint), stop = Int(rings[r + 1].firstPoint)
            for i in start..<(stop - 1) {
                let u = points[i], v = points[i + 1]
                if max(u.lat, v.lat) < low.lat || min(u.lat, v.lat) > high.lat || max(u.lon, v.lon) < low.lon || min(u.lon, v.lon) > high.lon { continue }
                // Half-open on the pieces' vertices (a vertex on the line counts on one side),
                // so a line through a shared vertex crosses once.
                guard (side(p, target, u) > 0) != (side(p, target, v) > 0) else { continue }
                if (side(u, v, p) > 0) != (side(u, v, target) > 0) { odd.toggle() }
            }
        }
        return !odd
    }
}
