/// The snapping index of one mode: every usable segment is listed once under each grid cell
/// the bounding box of one of its sub-segments touches. Entries are segment ids sorted by
/// cell, then id; `cellKeys` holds each non-empty cell once (a lookup is a binary search
/// there) and `cellFirst` where its entries start. A cell's sub-segments are those of its
/// segments whose boxes touch it (`RoutingGraph.forEachSnapPiece`), met in (segment, offset)
/// order: the same pieces, in the same order, as a list of every piece under every cell it
/// touches, at 4 bytes a segment and cell instead of 8 a piece and cell (the 10x10 tiling's
/// walking index: 92 MB before). The importer builds it (`SnapIndexBuilder`); the query core
/// views it in place.

/// A sub-segment the snapping index leads to: from point `firstPoint + offset` of `segment`
/// to the next.
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
    /// `cellKeys.count + 1` offsets into `segments`: cell `cellKeys[i]` lists
    /// `segments[cellFirst[i] ..< cellFirst[i + 1]]`.
    public let cellFirst: UnsafeBufferPointer<Int32>
    /// Segment ids, ascending within each cell, in as many bits as the largest needs
    /// (since format 7: 20 bits for the 10x10 tiling's 830,000 segments, not 32).
    public let segments: PackedInts
    /// First points of the pieces traffic closed both ways, ascending (usually none).
    public let closedPieces: UnsafeBufferPointer<Int32>

    /// A missing or empty grid section is `missingSection`.
    public init(file: GraphFile, mode: TravelMode) throws(GraphFileError) {
        self.file = file
        guard let grid = try file.require(SectionKind.snapGrid, of: mode, as: SnapGrid.self).first else {
            throw .missingSection(path: file.path, section: "\(mode) \(SectionKind.snapGrid)")
        }
        self.grid = grid
        cellKeys = try file.require(SectionKind.snapKeys, of: mode, as: UInt32.self)
        cellFirst = try file.require(SectionKind.snapCellFirst, of: mode, as: Int32.self)
        segments = PackedInts(words: try file.require(SectionKind.snapSegments, of: mode, as: UInt64.self))
        closedPieces = file.section(kind: SectionKind.snapClosedPieces.rawValue, mode: mode.rawValue, as: Int32.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Why the index cannot be walked safely over `segmentCount` segments, or nil: cells
    /// outside the grid or out of order, offsets that do not run from 0 to the end of
    /// `segments` in order, or a segment id out of range. (Release builds do not check
    /// bounds, and a file may be damaged past its checksums.)
    public func validationError(segmentCount: Int) -> String? {
        let cellCount = Int64(grid.columns) * Int64(grid.rows)
        guard grid.cellSize > 0, grid.columns > 0, grid.rows > 0, cellCount <= Int64(UInt32.max) else { return "snap grid has no cells" }
        guard cellFirst.count == cellKeys.count + 1, cellFirst.first == 0, Int(cellFirst.last!) == segments.count else {
            return "snap index offsets do not span its \(segments.count) entries"
        }
        for i in cellKeys.indices {
            if Int64(cellKeys[i]) >= cellCount || (i > 0 && cellKeys[i] <= cellKeys[i - 1]) { return "snap cell \(i) out of order or off the grid" }
            if cellFirst[i] > cellFirst[i + 1] { return "snap cell \(i) ends before it starts" }
        }
        if let problem = segments.validationError { return "snap index: \(problem)" }
        if let e = segments.firstIndex(notBelow: segmentCount) { return "snap index names segment \(segments[e]) of \(segmentCount)" }
        for i in closedPieces.indices.dropFirst() where closedPieces[i] <= closedPieces[i - 1] { return "closed pieces out of order" }
        return nil
    }

    /// Adds `mode`'s index. The offsets go before the entries they point into (the section
    /// order is part of the file's bytes).
    public static func add(grid: SnapGrid, cellKeys: [UInt32], cellFirst: [Int32], segments: [Int32],
                           mode: TravelMode, to writer: inout GraphFileWriter) {
        let m = mode.rawValue
        writer.add(kind: SectionKind.snapGrid.rawValue, mode: m, [grid])
        writer.add(kind: SectionKind.snapKeys.rawValue, mode: m, cellKeys)
        writer.add(kind: SectionKind.snapCellFirst.rawValue, mode: m, cellFirst)
        writer.add(kind: SectionKind.snapSegments.rawValue, mode: m, PackedInts.words(segments))
    }
}
