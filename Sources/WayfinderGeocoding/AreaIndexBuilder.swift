import WayfinderGraph

/// The area sections of the geocoder index (kinds 120–127, `SectionKinds.swift`): areas
/// sorted by level, their simplified rings, a string table of their own, and a coarse grid
/// listing under each cell the areas whose box touches it, so that finding the areas
/// around a point tests only a few boxes and runs point-in-polygon only on box hits.
struct AreaIndex {
    private(set) var areas: [GeocoderArea] = []
    private var rings: [AreaRing] = []
    private var points: [FixedCoordinate] = []
    private var strings = StringTableBuilder()
    private(set) var grid: SnapGrid
    private var cellOffsets: [UInt32] = []
    private var cellAreas: [UInt32] = []

    /// Ring vertices within this many metres of the simplified line are dropped: an
    /// address a few metres from its boundary is rare, a small index and quick tests are not.
    static let tolerance = 5.0
    /// Area grid cells are this many item grid cells on a side (about 900 m): most cells
    /// then lie wholly inside or outside each area, and a lookup there tests no geometry.
    static let cellFactor: Int32 = 4
    /// The most cells the grid may have: its offsets are dense, 4 bytes a cell, over the
    /// items' whole box. Beyond it (the planet, or one address node far from an extract:
    /// two POIs at opposite corners of the globe made 850 MB of offsets) the cells double
    /// until they fit, and lookups test more boundaries. Extracts up to a country's size
    /// stay well below it (the 20x20 tiling: 2.5 million cells).
    static let maximumCells = 1 << 24
    /// And at most this many cells an area (at least one area's worth): a few areas under
    /// items strewn over the globe need no 16.8 million cells. Fuzzing found a road from Fiji
    /// to Monaco with no area at all that built 16.8 million empty cells (40 MB, 0.6 s; over
    /// 25 s under the sanitizers). Real extracts stay far below it (Andorra: 13 areas, about
    /// 1,300 cells).
    static let cellsPerArea = 4096

    /// `cellFactor` item cells a side, doubled while there are more than `maximumCells`, or
    /// `cellsPerArea` for each of `areaCount` areas.
    static func grid(over itemGrid: SnapGrid, areaCount: Int) -> SnapGrid {
        let most = min(maximumCells, cellsPerArea * max(areaCount, 1))
        var size = Int(itemGrid.cellSize) * Int(cellFactor)
        var columns = (Int(itemGrid.columns) + Int(cellFactor) - 1) / Int(cellFactor)
        var rows = (Int(itemGrid.rows) + Int(cellFactor) - 1) / Int(cellFactor)
        while columns * rows > most {
            (size, columns, rows) = (2 * size, (columns + 1) / 2, (rows + 1) / 2)
        }
        return SnapGrid(minLat: itemGrid.minLat, minLon: itemGrid.minLon, cellSize: Int32(min(size, Int(Int32.max / 2))),
                        columns: Int32(columns), rows: Int32(rows))
    }

    /// `items` are the finished items, to point each area at the one that stands for it.
    /// `names[id]` is the text of an item's name id.
    init(_ source: [SourceArea], items: [GeocoderItem], names: (Int32) -> String, itemGrid: SnapGrid) {
        // A clipped area without pieces in the file has no boundary crossing the extract:
        // it holds the whole extract (its inside point is in it), so it is kept.
        let kept = source.filter { $0.isClipped ? $0.inside != nil : !$0.rings.isEmpty }
            .sorted { ($0.kind.rawValue, $0.adminLevel, $0.osmId) < ($1.kind.rawValue, $1.adminLevel, $1.osmId) }
        grid = Self.grid(over: itemGrid, areaCount: kept.count)
        var itemOf: [Int64: Int32] = [:]  // osmId << 2 | type
        var placesNamed: [String: [Int32]] = [:]
        for (i, item) in items.enumerated() where item.kind == GeocoderKind.place.rawValue {
            itemOf[item.osmId << 2 | Int64(item.osmType)] = Int32(i)
            placesNamed[names(item.name), default: []].append(Int32(i))
        }
        _ = strings.intern("")
        for area in kept {
            // Its own item, else its linked node's, else a place of its name within its box
            // (the draft builder keeps a place node over a boundary of the same name).
            let box = area.isClipped ? nil : Self.box(area.rings.joined())  // a clipped one's pieces are no box
            let named = area.name.flatMap { placesNamed[$0] }?.first { i in
                let p = items[Int(i)].location
                return box.map { p.lat >= $0.minLat && p.lat <= $0.maxLat && p.lon >= $0.minLon && p.lon <= $0.maxLon } ?? true
            }
            let item = itemOf[area.osmId << 2 | Int64(area.osmType.rawValue)]
                ?? area.linkedNode.flatMap { itemOf[$0 << 2 | Int64(OSMObjectType.node.rawValue)] } ?? named ?? -1
            add(area, item: item)
        }
        areas.append(GeocoderArea(minLat: 0, minLon: 0, maxLat: 0, maxLon: 0, inside: FixedCoordinate(lat: 0, lon: 0), osmId: 0,
                                  name: 0, countryCode: 0, postcode: 0, firstRing: Int32(rings.count), item: -1,
                                  kind: 0, level: 0, flags: 0, placeRank: 0))
        rings.append(AreaRing(firstPoint: Int32(points.count), role: 0))
        buildGrid()
    }

    private static func box(_ points: some Sequence<FixedCoordinate>) -> (minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32)? {
        var box = (minLat: Int32.max, minLon: Int32.max, maxLat: Int32.min, maxLon: Int32.min)
        for p in points {
            box = (min(box.minLat, p.lat), min(box.minLon, p.lon), max(box.maxLat, p.lat), max(box.maxLon, p.lon))
        }
        return box.minLat > box.maxLat ? nil : box
    }

    private mutating func add(_ area: SourceArea, item: Int32) {
        var box = Self.box(area.rings.joined()) ?? (0, 0, 0, 0)
        let projection = LocalProjection(latitude: (Double(box.minLat) + Double(box.maxLat)) / 2 / FixedCoordinate.scale)
        let firstRing = Int32(rings.count)
        for (ring, outer) in zip(area.rings, area.outer) {
            let simple = GeocoderIndex.simplified(ring[...], projection, tolerance: Self.tolerance)
            guard simple.count >= (area.isClipped ? 2 : 4) else { continue }
            rings.append(AreaRing(firstPoint: Int32(points.count), role: area.isClipped ? -1 : outer ? 1 : 0))
            points.append(contentsOf: simple)
        }
        guard rings.count > firstRing || area.isClipped else { return }
        if area.isClipped { box = (Int32.min, Int32.min, Int32.max, Int32.max) }
        func id(_ text: String?) -> Int32 { text.map { strings.intern($0) } ?? 0 }
        let inside = area.inside ?? Self.pointInside(area.rings, area.outer) ?? FixedCoordinate(lat: box.minLat, lon: box.minLon)
        var flags: UInt8 = area.isClipped ? GeocoderArea.Flags.clipped : 0
        if area.linkedNode != nil { flags |= GeocoderArea.Flags.municipality }
        areas.append(GeocoderArea(minLat: box.minLat, minLon: box.minLon, maxLat: box.maxLat, maxLon: box.maxLon, inside: inside,
                                  osmId: area.osmId, name: id(area.name), countryCode: id(area.countryCode), postcode: id(area.postcode),
                                  firstRing: firstRing, item: item, kind: area.kind.rawValue, level: UInt8(clamping: area.adminLevel),
                                  flags: flags, placeRank: PlaceRank.of(area.place)))
    }

    /// Per cell, `area << 1` for each area that holds the whole cell (no boundary of it
    /// crosses the cell: its centre decides) and `area << 1 | 1` for each whose boundary
    /// may cross it (the query tests those), in area order:
    /// `cellAreas[cellOffsets[c] ..< cellOffsets[c + 1]]`.
    private mutating func buildGrid() {
        let (grid, cellCount) = (self.grid, Int(self.grid.rows) * Int(self.grid.columns))
        var lists = [[UInt32]](repeating: [], count: cellCount)
        var crossed = [Int32](repeating: -1, count: cellCount)  // stamped with the area whose boundary crosses
        areas.withUnsafeBufferPointer { a in
            rings.withUnsafeBufferPointer { r in
                points.withUnsafeBufferPointer { p in
                    let shapes = AreaShapes(areas: a, rings: r, points: p)
                    for area in 0..<(a.count - 1) {
                        for ring in Int(a[area].firstRing)..<Int(a[area + 1].firstRing) {
                            let first = Int(r[ring].firstPoint), end = Int(r[ring + 1].firstPoint)
                            for i in first..<max(first, end - 1) {
                                // Every cell the edge may touch (`SnapGrid.forEachCell`); any
                                // other is wholly inside or outside, so its centre tells.
                                grid.forEachCell(touchedBy: p[i], p[i + 1]) { row, column in
                                    crossed[Int(row) * Int(grid.columns) + Int(column)] = Int32(area)
                                }
                            }
                        }
                        // (`cell` wraps far outside the grid: clipped areas' boxes are taken as all cells.)
                        let box = a[area]
                        let (r0, c0) = box.isClipped ? (0, 0) : grid.cell(FixedCoordinate(lat: box.minLat, lon: box.minLon))
                        let (r1, c1) = box.isClipped ? (grid.rows - 1, grid.columns - 1) : grid.cell(FixedCoordinate(lat: box.maxLat, lon: box.maxLon))
                        for row in r0...r1 {
                            for column in c0...c1 {
                                let cell = Int(row) * Int(grid.columns) + Int(column)
                                if crossed[cell] == Int32(area) {
                                    lists[cell].append(UInt32(area) << 1 | 1)
                                    continue
                                }
                                let centre = grid.centre(row: row, column: column)
                                if shapes.contains(area, centre) { lists[cell].append(UInt32(area) << 1) }
                            }
                        }
                    }
                }
            }
        }
        cellOffsets = [0]
        for list in lists {
            cellAreas += list
            cellOffsets.append(UInt32(cellAreas.count))
        }
    }

    var byteCount: Int {
        func size<T>(_ array: [T]) -> Int { array.count * MemoryLayout<T>.stride }
        return size(areas) + size(rings) + size(points) + size(cellOffsets) + size(cellAreas) + MemoryLayout<SnapGrid>.stride
    }

    func add(to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.areas.rawValue, areas)
        writer.add(kind: SectionKind.areaRings.rawValue, rings)
        writer.add(kind: SectionKind.areaPoints.rawValue, points)
        strings.add(to: &writer, offsetsKind: SectionKind.areaStringOffsets.rawValue, bytesKind: SectionKind.areaStringBytes.rawValue)
        writer.add(kind: SectionKind.areaGrid.rawValue, [grid])
        writer.add(kind: SectionKind.areaCellOffsets.rawValue, cellOffsets)
        writer.add(kind: SectionKind.areaCellAreas.rawValue, cellAreas)
    }

    /// A point inside closed rings: on the horizontal line through the middle of the box,
    /// the middle of the widest span between crossings that lies inside (even-odd rule).
    static func pointInside(_ rings: [[FixedCoordinate]], _ outer: [Bool]) -> FixedCoordinate? {
        guard outer.contains(true) else { return nil }
        var minLat = Int32.max, maxLat = Int32.min
        for p in rings.joined() { (minLat, maxLat) = (min(minLat, p.lat), max(maxLat, p.lat)) }
        let lat = Double(minLat) / 2 + Double(maxLat) / 2 + 0.5
        var crossings: [Double] = []
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) where (Double(a.lat) > lat) != (Double(b.lat) > lat) {
                crossings.append(Double(a.lon) + (lat - Double(a.lat)) / Double(b.lat - a.lat) * Double(b.lon - a.lon))
            }
        }
        crossings.sort()
        var best: (Double, Double)?
        for i in stride(from: 0, to: crossings.count - 1, by: 2) where crossings[i + 1] - crossings[i] > (best.map { $0.1 - $0.0 } ?? -1) {
            best = (crossings[i], crossings[i + 1])
        }
        return best.map { FixedCoordinate(lat: Int32(lat), lon: Int32(($0.0 + $0.1) / 2)) }
    }

    /// The source with a place object for each named area that has none yet, located at
    /// its label, inside point or a point inside its rings, so that every area can be found
    /// by name (the draft builder still prefers a place node of the same name nearby).
    static func withAreaObjects(_ source: GeocoderSource) -> GeocoderSource {
        var out = source
        var known = Set<Int64>()
        for o in source.objects where o.osmType != .node { known.insert(o.osmId << 2 | Int64(o.osmType.rawValue)) }
        for area in source.areas where area.kind != .postalCode {
            guard let name = area.name, !known.contains(area.osmId << 2 | Int64(area.osmType.rawValue)),
                  let location = area.inside ?? pointInside(area.rings, area.outer) else { continue }
            var o = SourceObject(osmType: area.osmType, osmId: area.osmId, location: location)
            o.name = name
            o.isPlace = true
            if area.kind == .administrative {
                o.type = "boundary=administrative"
                o.importance = area.adminLevel <= 4 ? 0.95 : area.adminLevel <= 8 ? 0.85 : 0.7
            } else {
                o.type = "place=" + (area.place ?? "locality")
                o.importance = 0.7
            }
            o.postcode = area.postcode
            out.objects.append(o)
        }
        return out
    }
}
