/// The base map: what a map draws besides the roads — water, parks and land use, buildings,
/// rivers, the sea, place names — read from the same OSM file as the roads and stored in
/// sections of the graph file (kinds 80–87), which `/tiles` reads in place.
///
/// Why sections and not a companion file: one file is one thing to build, copy, verify
/// (one checksum pass), swap atomically (`scripts/nightly-rebuild`'s rename) and hot-reload
/// (`GraphWatcher`); a base map can never belong to another build than the roads drawn over
/// it; and the data is memory-mapped and read in place like every other section. A server
/// that only routes builds with `wayfinder build --no-basemap`; files without the sections
/// (older ones too) serve tiles with roads and labels and no areas.
///
/// ## Layout (all mode 0; the kinds' numbers are in `SectionKinds.swift`)
/// - 80 `[BaseMapHeader]`, one: the grid and the extract's bounds.
/// - 81 `[BaseMapFeature]`: areas in draw order (land use first, water last; larger before
///   smaller within a kind), then lines, then buildings. A polygon too big to clip per tile is
///   split at build time along the grid into pieces, consecutive features of one `group` (a tile
///   joins them back into one even-odd group, so no seam shows).
/// - 82 `[UInt8]` geometry, per feature at its `geometry` offset: varint part count, then
///   per part a varint point count and its points, each x and y as a zigzag varint delta
///   from the previous point (the first from the feature's box corner). Coordinates are
///   `WebMercator` world units (2^30 across the world: ~3 cm), so a tile needs no trigonometry.
/// - 83/84 the grid: `cellFeatures[cellOffsets[c] ..< cellOffsets[c + 1]]` are the features
///   whose box touches cell `c` (row-major tiles of zoom `gridZoom`), by `minZoom` then index,
///   so a low-zoom tile stops reading a cell at its first feature too small to draw.
/// - 85 `[BaseMapLabel]`: named place nodes; 86/87 their string table.

public struct BaseMapHeader: Sendable, BitwiseCopyable, Equatable {
    /// The grid's cells are the tiles of this zoom, from tile (cellX0, cellY0), columns × rows.
    public var gridZoom: Int32
    public var cellX0: Int32, cellY0: Int32
    public var columns: Int32, rows: Int32
    /// The extract's bounds in world units (the sea was closed along them).
    public var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
    public var flags: UInt32
    public var reserved: (UInt32, UInt32) = (0, 0)

    /// The file has sea polygons (from `natural=coastline`).
    public static let hasSea: UInt32 = 1

    public init(gridZoom: Int32, cellX0: Int32, cellY0: Int32, columns: Int32, rows: Int32,
                minX: Int32, minY: Int32, maxX: Int32, maxY: Int32, flags: UInt32) {
        (self.gridZoom, self.cellX0, self.cellY0, self.columns, self.rows) = (gridZoom, cellX0, cellY0, columns, rows)
        (self.minX, self.minY, self.maxX, self.maxY, self.flags) = (minX, minY, maxX, maxY, flags)
    }

    public static func == (a: Self, b: Self) -> Bool {
        (a.gridZoom, a.cellX0, a.cellY0, a.columns, a.rows) == (b.gridZoom, b.cellX0, b.cellY0, b.columns, b.rows)
            && (a.minX, a.minY, a.maxX, a.maxY, a.flags) == (b.minX, b.minY, b.maxX, b.maxY, b.flags)
    }
}

/// One area, area piece, line or building: its box (world units), where its geometry starts,
/// what it is, and the first zoom it is worth drawing at (its area is about a pixel there).
public struct BaseMapFeature: Sendable, BitwiseCopyable {
    public var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
    public var geometry: UInt32
    /// The index of the first piece of the polygon this feature is a piece of (itself when
    /// whole): a tile draws a group's pieces as one even-odd group, so no seam shows.
    public var group: UInt32
    /// `BaseMapAreaKind` (type `area`) or `BaseMapLineKind` (type `line`) raw value.
    public var kind: UInt8
    public var type: UInt8
    public var minZoom: UInt8
    public var flags: UInt8

    public static let area: UInt8 = 0, line: UInt8 = 1
    /// A piece of the sea (closed from the coastline).
    public static let sea: UInt8 = 1

    public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32, geometry: UInt32, group: UInt32, kind: UInt8, type: UInt8,
                minZoom: UInt8, flags: UInt8) {
        (self.minX, self.minY, self.maxX, self.maxY, self.group) = (minX, minY, maxX, maxY, group)
        (self.geometry, self.kind, self.type, self.minZoom, self.flags) = (geometry, kind, type, minZoom, flags)
    }
}

/// A named place node (`place=city|town|…`), in world units.
public struct BaseMapLabel: Sendable, BitwiseCopyable {
    public var osmId: Int64
    public var x: Int32, y: Int32
    /// Id in the base map's string table.
    public var name: Int32
    /// `population` as tagged, 0 when not.
    public var population: UInt32
    /// `BaseMapLabelKind` raw value.
    public var kind: UInt8
    private var reserved: (UInt8, UInt8, UInt8) = (0, 0, 0)
    private var padding: UInt32 = 0

    public init(osmId: Int64, x: Int32, y: Int32, name: Int32, population: UInt32, kind: UInt8) {
        (self.osmId, self.x, self.y, self.name, self.population, self.kind) = (osmId, x, y, name, population, kind)
    }
}

/// The base map of a graph file, viewed in place. Nil (`init?`) for a file without it.
public struct BaseMap: @unchecked Sendable {  // read-only views of an immutable mapping
    public let header: BaseMapHeader
    public let features: UnsafeBufferPointer<BaseMapFeature>
    public let geometry: UnsafeBufferPointer<UInt8>
    public let cellOffsets: UnsafeBufferPointer<UInt32>
    public let cellFeatures: UnsafeBufferPointer<UInt32>
    public let labels: UnsafeBufferPointer<BaseMapLabel>
    public let strings: StringTable

    /// Nil when the file has no base map; `unreadable` when an offset or index would reach
    /// outside its section (checked once here, so drawing needs no checks of its own).
    public init?(file: GraphFile) throws(GraphFileError) {
        guard let headers = file.section(kind: SectionKind.baseMapHeader.rawValue, as: BaseMapHeader.self) else { return nil }
        func require<T: BitwiseCopyable>(_ s: SectionKind, _ t: T.Type) throws(GraphFileError) -> UnsafeBufferPointer<T> {
            try file.require(kind: s.rawValue, as: T.self, name: s.name)
        }
        features = try require(.baseMapFeatures, BaseMapFeature.self)
        geometry = try require(.baseMapGeometry, UInt8.self)
        cellOffsets = try require(.baseMapCellOffsets, UInt32.self)
        cellFeatures = try require(.baseMapCellFeatures, UInt32.self)
        labels = try require(.baseMapLabels, BaseMapLabel.self)
        strings = try StringTable(file: file, offsetsKind: SectionKind.baseMapStringOffsets.rawValue,
                                  bytesKind: SectionKind.baseMapStringBytes.rawValue)
        guard headers.count == 1 else { throw .unreadable(path: file.path, reason: "malformed base map header") }
        header = headers[0]
        let cells = Int(header.columns) * Int(header.rows)
        let (features, geometry, cellOffsets, cellFeatures) = (features, geometry, cellOffsets, cellFeatures)
        guard header.columns >= 0, header.rows >= 0, (0...WebMercator.maxZoom).contains(Int(header.gridZoom)),
              cellOffsets.count == cells + 1, cellOffsets.first == 0, Int(cellOffsets[cells]) == cellFeatures.count,
              zip(cellOffsets, cellOffsets.dropFirst()).allSatisfy({ $0 <= $1 }),
              cellFeatures.allSatisfy({ Int($0) < features.count }),
              features.indices.allSatisfy({ Int(features[$0].geometry) < geometry.count && Int(features[$0].group) <= $0 }),
              labels.allSatisfy({ $0.name >= 0 && Int($0.name) < strings.count }) else {
            throw .unreadable(path: file.path, reason: "malformed base map")
        }
    }

    public var hasSea: Bool { header.flags & BaseMapHeader.hasSea != 0 }

    /// Bytes of the base map's sections in `file`.
    public static func byteCount(in file: GraphFile) -> Int {
        file.sections.filter { SectionKind.kind($0.kind, isIn: .baseMap) }.reduce(0) { $0 + $1.length }
    }

    /// Calls `body(part, x, y)` for each point of feature `f` in world units; `part` counts
    /// from 0 and changes at each new ring or line. A truncated varint ends the walk (the
    /// section's crc was checked; a bad encoder is the only way there).
    @inline(__always)
    public func forEachPoint(of f: Int, _ body: (_ part: Int, _ x: Int32, _ y: Int32) -> Void) {
        let feature = features[f]
        var i = Int(feature.geometry)
        let end = geometry.count
        @inline(__always) func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while i < end {
                let byte = geometry[i]
                i += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
                shift += 7
                if shift > 63 { return nil }
            }
            return nil
        }
        guard let parts = varint() else { return }
        var x = Int64(feature.minX), y = Int64(feature.minY)
        for part in 0..<Int(parts) {
            guard let count = varint() else { return }
            for _ in 0..<count {
                guard let dx = varint(), let dy = varint() else { return }
                x &+= Int64(bitPattern: (dx >> 1) ^ (0 &- (dx & 1)))
                y &+= Int64(bitPattern: (dy >> 1) ^ (0 &- (dy & 1)))
                body(part, Int32(truncatingIfNeeded: x), Int32(truncatingIfNeeded: y))
            }
        }
    }

    /// The grid cells (row by row, each a range of column indices) under the world box.
    public func cellRows(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        let shift = Int64(WebMercator.worldBits) - Int64(header.gridZoom)
        let c0 = max(0, (minX >> shift) - Int64(header.cellX0)), c1 = min(Int64(header.columns) - 1, (maxX >> shift) - Int64(header.cellX0))
        let r0 = max(0, (minY >> shift) - Int64(header.cellY0)), r1 = min(Int64(header.rows) - 1, (maxY >> shift) - Int64(header.cellY0))
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (Int(r0)...Int(r1), Int(c0)...Int(c1))
    }
}
