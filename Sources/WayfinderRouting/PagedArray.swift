import Glibc

/// A fixed-length array of `count` elements in memory the kernel gives page by page (4 KiB)
/// as elements are first written, and takes back between requests
/// (`release(keepingAtMost:)`). Elements never written read as all zero bits.
///
/// What a query object keeps per node or rank of a graph: the table's sweeps and buckets,
/// alternatives' marks, isochrones' and the reference Dijkstra's labels. Plain arrays of
/// those were written whole on first use (to their empty value) and then held by each
/// request thread for as long as it lived: a two-thread server's first 100 × 100 driving
/// `/table` on the 20x20 tiling added 136 MB, and at the planet's search nodes that is
/// gigabytes a thread (docs/SCALING.md). Here a request holds the pages its searches write,
/// and a thread keeps at most `keptBetweenRequests` of them after it.
///
/// Reading is an array's: one address space reserved up front (`MAP_NORESERVE`), where an
/// unwritten page reads as the kernel's shared zero page. Writing also marks the element's
/// pages in a bitmap of one bit a page, so that what is held is known without asking the
/// kernel. No huge pages: one write would make 2 MiB resident.
///
/// A value type over memory its owner frees with `deallocate()`; copies share it, so hot
/// loops copy it into a local.
struct PagedArray<Element: BitwiseCopyable> {
    private static var pageShift: Int { 12 }

    private let base: UnsafeMutablePointer<Element>
    private let bytes: Int
    /// One bit per page written since the last release; then the count of those pages.
    private let written: UnsafeMutablePointer<UInt64>
    private let words: Int
    let count: Int

    init(count: Int) {
        self.count = count
        let pageSize = 1 << Self.pageShift
        bytes = max(1, (count * MemoryLayout<Element>.stride + pageSize - 1) >> Self.pageShift) << Self.pageShift
        guard let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              memory != MAP_FAILED else {
            fatalError("out of address space for \(count) elements of \(MemoryLayout<Element>.stride) bytes")
        }
        _ = madvise(memory, bytes, MADV_NOHUGEPAGE)
        base = memory.bindMemory(to: Element.self, capacity: max(count, 1))
        words = (bytes >> Self.pageShift + 63) / 64
        written = .allocate(capacity: words + 1)
        written.initialize(repeating: 0, count: words + 1)
    }

    func deallocate() {
        munmap(base, bytes)
        written.deallocate()
    }

    /// Element `i` (`0 <= i < count`; not checked, as an array's pointer is not).
    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set {
            let first = (i &* MemoryLayout<Element>.stride) &>> Self.pageShift
            let last = (i &* MemoryLayout<Element>.stride &+ MemoryLayout<Element>.stride &- 1) &>> Self.pageShift
            note(first)
            if last != first { note(last) }
            base[i] = newValue
        }
    }

    @inline(__always) private func note(_ page: Int) {
        let bit: UInt64 = 1 &<< UInt64(page & 63)
        if written[page &>> 6] & bit == 0 {
            written[page &>> 6] |= bit
            written[words] &+= 1
        }
    }

    /// Bytes of pages written since the last release.
    var residentBytes: Int { Int(written[words]) << Self.pageShift }

    /// Gives every page back when more than `bytes` were written, so that every element
    /// reads zero again; otherwise changes nothing. Owners call it as a request starts, with
    /// `keptBetweenRequests`: a large request holds its pages while it runs, its thread not
    /// after it.
    func release(keepingAtMost bytes: Int) {
        guard residentBytes > bytes else { return }
        releaseAll()
    }

    /// Gives every page back: every element reads zero again.
    func releaseAll() {
        _ = madvise(base, bytes, MADV_DONTNEED)
        written.update(repeating: 0, count: words + 1)
    }
}

extension PagedArray {
    /// What each paged array may keep from one request to the next: 16 MiB, so that a
    /// request thread holds what a few regional tables need, not the graph's size.
    static var keptBetweenRequests: Int { 16 << 20 }
}
