import Foundation
import Synchronization
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// `wayfinder table`'s work: the table computed a block of sources at a time (against every
/// destination) on every core, its CSV rows written in source order as the blocks finish.
///
/// Each thread holds one `TableQuery`, which sweeps the destinations into its buckets once and
/// keeps them for every block it takes (`TableQuery.compute` reuses them for the same targets),
/// so blocks cost only their sources' sweeps. A block is at most about a million cells
/// (durations, metres and their text: ~40 MB), so a 10,000 × 10,000 table needs a block per
/// thread besides the buckets, whatever its size; a block waits for its turn to be written,
/// which bounds the blocks in flight to one per thread.
///
/// The numbers are the server's /table: the same snaps (`TableCommand.snaps`), the same
/// `TableQuery`, and the same rounding to one decimal as `JSONBuffer.number(_:decimals: 1)`
/// (duration: `Double(ms) / 1000`; distance: metres), written the same way (trailing zero
/// trimmed: `12` for 12.0).
final class TableBlocks: @unchecked Sendable {
    private let graph: RoutingGraph
    private let excluding: WayClasses
    /// Per source and per destination row of the input: its snap, nil when no road is in reach.
    private let sources: [Snap?]
    private let targets: [Snap]
    /// Per destination row: its column among `targets`, -1 without a snap.
    private let columnOfDestination: [Int32]
    private let destinationCount: Int
    let rowsPerBlock: Int
    private let blockCount: Int
    private let threads: Int

    // Shared by the threads: the next block to take, and (under `turn`) the next to write.
    private let nextToTake = Atomic<Int>(0)
    private let turn = NSCondition()
    private var nextToWrite = 0
    private var cellsWritten = 0
    private var failure: CommandError?

    init(graph: RoutingGraph, sources: [Snap?], destinations: [Snap?], excluding: WayClasses, threads: Int, rowsPerBlock: Int? = nil) {
        self.graph = graph
        self.excluding = excluding
        self.sources = sources
        var targets: [Snap] = [], columns: [Int32] = []
        for snap in destinations {
            columns.append(snap == nil ? -1 : Int32(targets.count))
            if let snap { targets.append(snap) }
        }
        self.targets = targets
        columnOfDestination = columns
        destinationCount = destinations.count
        // About a million cells a block, at most 256 sources, and at least a block per thread.
        let perThread = (sources.count + threads - 1) / max(threads, 1)
        self.rowsPerBlock = max(1, rowsPerBlock ?? min(256, (1 << 20) / max(destinations.count, 1), perThread))
        blockCount = (sources.count + self.rowsPerBlock - 1) / self.rowsPerBlock
        self.threads = max(1, min(threads, blockCount))
    }

    /// Computes every block and writes each block's CSV text to `output`, in order, then
    /// tells `progress` the cells written (on the writing thread, under the turn).
    func run(output: TableOutput, progress: TableProgress?) throws(CommandError) {
        let writer = UncheckedWriter(output: output, progress: progress)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in work(writer) }
        if let failure { throw failure }
    }

    /// One thread: takes blocks in increasing order until none is left or a write failed.
    private func work(_ writer: UncheckedWriter) {
        let query = TableQuery(graph: graph)
        let text = CSVBytes()
        while true {
            let block = nextToTake.wrappingAdd(1, ordering: .relaxed).oldValue
            turn.lock()
            let failed = failure != nil
            turn.unlock()
            guard block < blockCount, !failed else { return }
            let rows = block * rowsPerBlock..<min(sources.count, (block + 1) * rowsPerBlock)
            format(rows, query, into: text)
            turn.lock()
            while nextToWrite != block && failure == nil { turn.wait() }
            if failure == nil {
                do throws(CommandError) {
                    try text.withBytes { bytes throws(CommandError) in try writer.output.write(bytes) }
                    cellsWritten += rows.count * destinationCount
                    writer.progress?.update(done: cellsWritten)
                } catch {
                    failure = error
                }
            }
            nextToWrite += 1
            turn.broadcast()
            turn.unlock()
        }
    }

    /// The CSV rows `source,destination,duration_s,distance_m` of the sources in `rows`.
    private func format(_ rows: Range<Int>, _ query: TableQuery, into text: CSVBytes) {
        let snapped = rows.filter { sources[$0] != nil }
        let table = snapped.isEmpty || targets.isEmpty ? nil
            : query.compute(sources: snapped.map { sources[$0]! }, targets: targets, distances: true, excluding: excluding)
        text.reset()
        var row = 0   // the source's row in `table`
        for source in rows {
            let routed = sources[source] != nil
            // Two indices (≤ 20 digits), two numbers (≤ 24 bytes), four separators.
            text.reserve(destinationCount * 92)
            for destination in 0..<destinationCount {
                text.integer(source)
                text.byte(UInt8(ascii: ","))
                text.integer(destination)
                text.byte(UInt8(ascii: ","))
                let column = Int(columnOfDestination[destination])
                if routed, column >= 0, let table, let ms = table.duration(source: row, target: column) {
                    text.tenths(Double(ms) / 1000)
                    text.byte(UInt8(ascii: ","))
                    if let metres = table.distance(source: row, target: column) { text.tenths(metres) }
                } else {
                    text.byte(UInt8(ascii: ","))
                }
                text.byte(UInt8(ascii: "\n"))
            }
            if routed { row += 1 }
        }
    }
}

/// Where the text goes, used only by the thread holding the turn.
private struct UncheckedWriter: @unchecked Sendable {
    let output: TableOutput
    let progress: TableProgress?
}

/// One thread's CSV text of a block: a growing byte buffer, reused block after block.
final class CSVBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    func reset() { count = 0 }

    func withBytes<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `n` more bytes (the writers below check nothing).
    func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        var grown = capacity * 2
        while grown < count + n { grown *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }

    @inline(__always) func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    /// A non-negative integer in decimal (`RawWriter.integer`).
    @inline(__always) func integer(_ value: Int) {
        var w = RawWriter(at: base + count, capacity: capacity - count)
        w.integer(value)
        count += w.count
    }

    /// `value` to one decimal as the server writes it (`JSONBuffer.number(_:decimals: 1)`:
    /// `roundedHalfAway(value * 10)` by `RawWriter.fixed`, the decimal dropped when it is 0).
    @inline(__always) func tenths(_ value: Double) {
        let scaled = roundedHalfAway(value * 10)
        guard scaled.isFinite, abs(scaled) < 9e18 else { return }
        var w = RawWriter(at: base + count, capacity: capacity - count)
        w.fixed(Int64(scaled), decimals: 1)
        count += w.count
    }
}
