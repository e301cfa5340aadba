/// The snapping index of one mode: every sub-segment of a usable segment is listed under each
/// grid cell its bounding box touches. Entries are sorted by cell; `cellKeys` holds each
/// non-empty cell once (a lookup is a binary search there) and `cellFirst` where its entries
/// start, so the index costs 8 bytes an entry plus 8 a cell, not 12 an entry. The importer
/// builds it (`SnapIndexBuilder`); the query core views it in place.

/// One entry of the snapping index: the sub-segment from point `firstPoint + offset` to the next.
public struct SnapEntry: Sendable, BitwiseCopyable {
    public var segment: Int32
    public var offset: Int32
    public init(segment: Int32, offset: Int32) {
        self.segment = segment
        self.offset = offset
    }
}

/// Grid of the snapping index: cells of `cellSize` fixed-point units from `(minLat, minLon)`,
/// `columns` wide; a cell's key is `row * columns + column`.
public struct SnapGrid: Sendable, BitwiseCopyable {
    public var minLat: Int32
    public var minLon: Int32
    public var cellSize: Int32
    public var columns: Int32
    public var rows: Int32
    public var reserved: Int32 = 0

    public init(minLat: Int32, minLon: Int32, cellSize: Int32, columns: Int32, rows: Int32) {
        self.minLat = minLat
        self.minLon = minLon
        self.cellSize = cellSize
        self.columns = columns
        self.rows = rows
    }
}

/// One mode's snapping index, viewed in place in a graph file (which it keeps mapped).
public struct SnapIndex: @unchecked Sendable {  // read-only views of an immutable mapping
    public let file: GraphFile
    public let grid: SnapGrid
    /// Sorted keys of the non-empty cells.
    public let cellKeys: UnsafeBufferPointer<UInt32>
    /// `cellKeys.count + 1` offsets into `entries`: cell `cellKeys[i]` lists
    /// `entries[cellFirst[i] ..< cellFirst[i + 1]]`.
    public let cellFirst: UnsafeBufferPointer<Int32>
    public let entries: UnsafeBufferPointer<SnapEntry>

    /// A missing or empty grid section is `missingSection`.
    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        self.file = file
        guard let grid = try file.require(SectionKind.snapGrid, of: mode, as: SnapGrid.self).first else {
            throw .missingSection(path: file.path, section: "\(mode) \(SectionKind.snapGrid)")
        }
        self.grid = grid
        cellKeys = try file.require(SectionKind.snapKeys, of: mode, as: UInt32.self)
        cellFirst = try file.require(SectionKind.snapCellFirst, of: mode, as: Int32.self)
        entries = try file.require(SectionKind.snapEntries, of: mode, as: SnapEntry.self)
    }

    /// Adds `mode`'s index. The offsets go before the entries they point into, as they always
    /// have (the section order is part of the file's bytes).
    public static func add(grid: SnapGrid, cellKeys: [UInt32], cellFirst: [Int32], entries: [SnapEntry],
                           mode: TravelMode, to writer: inout GraphFileWriter) {
        let m = mode.rawValue
        writer.add(kind: SectionKind.snapGrid.rawValue, mode: m, [grid])
        writer.add(kind: SectionKind.snapKeys.rawValue, mode: m, cellKeys)
        writer.add(kind: SectionKind.snapCellFirst.rawValue, mode: m, cellFirst)
        writer.add(kind: SectionKind.snapEntries.rawValue, mode: m, entries)
    }
}
