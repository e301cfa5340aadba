import Testing
import WayfinderGraph
@testable import WayfinderRouting

/// The query objects' per-node arrays (`PagedArray`): unwritten elements read zero, a write
/// counts each page it touches once (both pages of an element across a page boundary), and a
/// release gives the pages back only above its limit, after which everything reads zero.
@Suite struct PagedArrayTests {
    /// 12 bytes, so that some elements straddle two 4 KiB pages.
    struct Triple: Equatable { var a: Int32, b: Int32, c: Int32 }

    @Test func unwrittenElementsReadZeroAndWritesCountTheirPages() {
        let array = PagedArray<Triple>(count: 1_000_000)
        defer { array.deallocate() }
        #expect(array.residentBytes == 0)
        #expect(array[0] == Triple(a: 0, b: 0, c: 0) && array[999_999] == Triple(a: 0, b: 0, c: 0))
        array[0] = Triple(a: 1, b: 2, c: 3)
        array[1] = Triple(a: 4, b: 5, c: 6)
        #expect(array.residentBytes == 4096)
        // Element 341 is bytes 4092..<4104: the first page and the second.
        array[341] = Triple(a: 7, b: 8, c: 9)
        #expect(array.residentBytes == 2 * 4096)
        array[999_999] = Triple(a: -1, b: -2, c: -3)
        #expect(array.residentBytes == 3 * 4096)
        #expect(array[0] == Triple(a: 1, b: 2, c: 3) && array[341] == Triple(a: 7, b: 8, c: 9))
        #expect(array[999_999] == Triple(a: -1, b: -2, c: -3) && array[500_000] == Triple(a: 0, b: 0, c: 0))
    }

    @Test func aReleaseGivesEverythingBackOnlyAboveItsLimit() {
        let array = PagedArray<Int64>(count: 100_000)
        defer { array.deallocate() }
        for i in stride(from: 0, to: 100_000, by: 512) { array[i] = Int64(i) + 1 }  // one a page
        #expect(array.residentBytes == 196 * 4096)
        array.release(keepingAtMost: 196 * 4096)
        #expect(array.residentBytes == 196 * 4096 && array[512] == 513)
        array.release(keepingAtMost: 195 * 4096)
        #expect(array.residentBytes == 0)
        #expect((0..<100_000).allSatisfy { array[$0] == 0 })
        array[7] = 8
        #expect(array.residentBytes == 4096 && array[7] == 8)
    }

    /// Version stamps over paged records: after a release every slot is unset, and a new
    /// round's labels are set as before.
    @Test func stampsAfterAReleaseAreUnset() {
        var labels = SearchLabels(count: 10_000_000)
        defer { labels.deallocate() }
        labels.nextRound()
        for v in stride(from: 0, to: 10_000_000, by: 1000) { #expect(labels.improve(v, to: Int32(v % 977), parent: -1, parentArc: -1)) }
        #expect(labels.residentBytes == 10_000 * 4096)  // 1000 labels of 16 bytes apart: a page each
        labels.releaseBetweenRequests()
        #expect(labels.residentBytes == 0)
        #expect(!labels.reached(0) && !labels.reached(9_999_000))
        labels.nextRound()
        #expect(labels.improve(5, to: 3, parent: 1, parentArc: 2) && labels.reached(5) && labels[5].parent == 1)
        #expect(!labels.reached(6) && labels.residentBytes == 4096)
    }
}
