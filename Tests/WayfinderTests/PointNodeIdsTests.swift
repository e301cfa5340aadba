import Foundation
import Testing
@testable import WayfinderGraph

/// The OSM node ids' block coding (`PointNodeIds`): every id comes back, at random and in
/// runs, whatever the jumps between them; older files' plain layout is still read; and a
/// damaged block table is named, not followed.
@Suite struct PointNodeIdsTests {
    /// Writes `body`'s sections as a graph file and opens it.
    func file(_ body: (inout GraphFileWriter) -> Void) throws -> GraphFile {
        let path = "\(temporaryDirectory())/ids.wfg"
        var writer = GraphFileWriter()
        body(&writer)
        try writer.write(to: path)
        return try GraphFile(path: path)
    }

    /// Ids as real ways have them (runs of neighbours), with jumps of every size, both ways,
    /// up to the 40-bit limit.
    func realisticIds(_ count: Int, seed: UInt64) -> [Int64] {
        var rng = SplitMix64(seed: seed), id: Int64 = 1 << 33, ids: [Int64] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: id = Int64.random(in: 0..<(1 << 40), using: &rng)
            case 1: id = max(0, id - Int64.random(in: 1...100_000, using: &rng))
            case 2: id = 0
            case 3: id = (1 << 40) - 1
            default: id = min((1 << 40) - 1, id + Int64.random(in: 1...3, using: &rng))
            }
            ids.append(id)
        }
        return ids
    }

    @Test(arguments: [0, 1, 127, 128, 129, 1000, 5000])
    func everyIdComesBack(count: Int) throws {
        let ids = realisticIds(count, seed: UInt64(count))
        let file = try file { PointNodeIds.add(ids, to: &$0) }
        let stored = PointNodeIds(file: file)
        #expect(stored.count == count && stored.isEmpty == (count == 0))
        #expect(stored.validationError(pointCount: count) == nil)
        #expect(stored.all() == ids)
        #expect((0..<count).map { stored[$0] } == ids)
        var rng = SplitMix64(seed: 9)
        for _ in 0..<(count == 0 ? 0 : 200) {
            let a = Int.random(in: 0..<count, using: &rng), b = Int.random(in: a..<min(count, a + 300), using: &rng)
            #expect(stored.ids(a...b) == Array(ids[a...b]))
        }
    }

    @Test func closeIdsTakeAboutTwoBytesAPoint() throws {
        let ids = (0..<10_000).map { Int64(5_000_000_000 + $0 * 2) }
        let (blocks, deltas) = PointNodeIds.encode(ids)
        #expect(blocks.count == 79 && deltas.count == ids.count - blocks.count)
    }

    @Test func theOlderPlainLayoutIsStillRead() throws {
        let ids = realisticIds(300, seed: 4)
        let file = try file { writer in
            writer.add(kind: SectionKind.pointNodeIdLow.rawValue, ids.map { UInt32(truncatingIfNeeded: $0) })
            writer.add(kind: SectionKind.pointNodeIdHigh.rawValue, ids.map { UInt8(truncatingIfNeeded: $0 >> 32) })
        }
        let stored = PointNodeIds(file: file)
        #expect(stored.all() == ids && stored[299] == ids[299] && stored.ids(5...9) == Array(ids[5...9]))
        #expect(stored.validationError(pointCount: 300) == nil)
    }

    @Test func aDamagedBlockTableIsNamed() throws {
        let ids = realisticIds(1000, seed: 5)
        let (blocks, deltas) = PointNodeIds.encode(ids)
        func damaged(_ change: (inout [PointNodeIds.Block]) -> Void) throws -> String? {
            var copy = blocks
            change(&copy)
            let file = try file { writer in
                writer.add(kind: SectionKind.pointNodeIdBlocks.rawValue, copy)
                writer.add(kind: SectionKind.pointNodeIdDeltas.rawValue, deltas)
            }
            return PointNodeIds(file: file).validationError(pointCount: 1000)
        }
        #expect(try damaged { _ in } == nil)
        #expect(try damaged { $0[3].count = 5 }?.contains("block 3 holds 5 points") == true)
        #expect(try damaged { $0[4].offset = 1 }?.contains("out of order") == true)
        #expect(try damaged { $0[7].offset = UInt32(deltas.count + 1) }?.contains("off its deltas") == true)
        #expect(try damaged { $0[0].first = 1 << 41 } != nil)
        #expect(try damaged { $0.removeLast() }?.contains("for 896 points, the file has 1000") == true)
        // A stream cut short decodes without reading past it.
        let short = try file { writer in
            writer.add(kind: SectionKind.pointNodeIdBlocks.rawValue, blocks)
            writer.add(kind: SectionKind.pointNodeIdDeltas.rawValue, Array(deltas.prefix(deltas.count / 2)))
        }
        let cut = PointNodeIds(file: short)
        #expect(cut.validationError(pointCount: 1000) != nil)
        #expect(cut.all().count == 1000)
    }
}
