import Testing
import WayfinderGraph

/// `SnapIndex.validationError` on damaged indexes, as a graph file's mutated bytes give them
/// once its checksums are made to match: it must name the damage, so that opening the file
/// throws instead of a snap reading a segment or an entry out of bounds.
@Suite struct SnapIndexValidationTests {
    /// A 3 x 2 grid whose cells 1 and 4 list segments of a mode with 3 segments.
    static func damage(keys: [UInt32] = [1, 4], first: [Int32] = [0, 2, 3], segments: [Int32] = [0, 2, 1],
                       grid: SnapGrid = SnapGrid(minLat: 0, minLon: 0, cellSize: 100, columns: 3, rows: 2)) throws -> String? {
        var result: String?
        try withTempDirectory { dir in
            var writer = GraphFileWriter()
            SnapIndex.add(grid: grid, cellKeys: keys, cellFirst: first, segments: segments, mode: .driving, to: &writer)
            try writer.write(to: dir + "/snap.wfg")
            result = try SnapIndex(file: GraphFile(path: dir + "/snap.wfg"), mode: .driving).validationError(segmentCount: 3)
        }
        return result
    }

    @Test func aSoundIndexPasses() throws {
        #expect(try Self.damage() == nil)
        #expect(try Self.damage(keys: [], first: [0], segments: []) == nil)
    }

    @Test func aSegmentPastTheModesIsDamage() throws {
        #expect(try Self.damage(segments: [0, 3, 1]) == "snap index names segment 3 of 3")
        #expect(try Self.damage(segments: [0, 1 << 20, 1]) == "snap index names segment 1048576 of 3")
    }

    @Test func offsetsThatDoNotSpanTheEntriesAreDamage() throws {
        #expect(try Self.damage(first: [0, 2, 4]) == "snap index offsets do not span its 3 entries")
        #expect(try Self.damage(first: [1, 2, 3]) == "snap index offsets do not span its 3 entries")
        #expect(try Self.damage(first: [0, 3]) == "snap index offsets do not span its 3 entries")
        #expect(try Self.damage(first: [0, 4, 3]) == "snap cell 1 ends before it starts")
    }

    @Test func cellsOffTheGridOrOutOfOrderAreDamage() throws {
        #expect(try Self.damage(keys: [1, 6]) == "snap cell 1 out of order or off the grid")
        #expect(try Self.damage(keys: [4, 1]) == "snap cell 1 out of order or off the grid")
        #expect(try Self.damage(grid: SnapGrid(minLat: 0, minLon: 0, cellSize: 0, columns: 3, rows: 2)) == "snap grid has no cells")
    }
}
