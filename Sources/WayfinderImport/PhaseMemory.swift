import CMalloc
import Dispatch
import Glibc
import Synchronization

/// The peak resident memory of each phase of a build, for its summary.
///
/// The kernel keeps one high-water mark per process (`ru_maxrss`). It can be reset
/// (`/proc/self/clear_refs`), but that would also reset what `/usr/bin/time` reports, so a
/// sampler reads the resident size every few milliseconds instead. A phase's peak is then:
/// - the process's high-water mark, when that rose during the phase (exact);
/// - otherwise the highest sample, which lies below the build's peak anyway.
final class PhaseMemory: @unchecked Sendable {
    /// The highest sample of the running phase (a class: the timer's handler shares it).
    private final class Highest: Sendable { let bytes = Atomic<Int>(0) }
    private let sampled = Highest()
    private let timer: DispatchSourceTimer
    private let statm: Int32
    private var highWater: Int

    init(every milliseconds: Int = 5) {
        statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        highWater = peakMemoryBytes()
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now(), repeating: .milliseconds(milliseconds))
        timer.setEventHandler { [sampled, statm] in
            sampled.bytes.max(PhaseMemory.resident(statm), ordering: .relaxed)
        }
        // Closed only once no handler can run any more: a closed descriptor's number may be
        // handed out again at once.
        timer.setCancelHandler { [statm] in
            if statm >= 0 { close(statm) }
        }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// The peak since the last call (or since `init`); the next phase starts now.
    func endPhase() -> Int {
        let now = Self.resident(statm)
        let sample = max(sampled.bytes.exchange(now, ordering: .relaxed), now)
        let mark = peakMemoryBytes()
        defer { highWater = mark }
        return mark > highWater ? mark : sample
    }

    /// Resident bytes now: the second field of `/proc/self/statm`, in pages (0 when the file
    /// cannot be read, e.g. outside Linux).
    private static func resident(_ fd: Int32) -> Int {
        guard fd >= 0 else { return 0 }
        var buffer = (0..<64).map { _ in UInt8(0) }
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count - 1, 0) }
        guard n > 0 else { return 0 }
        let fields = buffer[..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// How the build asks glibc to manage memory.
enum BuildMemory {
    /// A build makes and drops arrays of tens to hundreds of megabytes on several threads.
    /// glibc serves blocks above `M_MMAP_THRESHOLD` with mmap and returns them on free, but
    /// raises that threshold to the size of each such block freed, so that after the read
    /// most large arrays come from the heap arenas, where freed memory stays resident and
    /// one thread's arena cannot reuse another's. Fixing the thresholds (which also stops
    /// the raising) keeps a freed array's memory from counting again: 10x10, two modes,
    /// a peak of 1.22–1.31 GiB instead of 1.42, at the same speed. Process-wide, and
    /// harmless to a process that goes on serving.
    static func returnFreedArrays() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 10)
        _ = mallopt(M_TRIM_THRESHOLD, 1 << 20)
    }

    /// Hands the free pages of every arena back to the system. The read's callbacks run on a
    /// thread of their own, so the small blocks of what they collect (names, tags, the
    /// geocoder's and the base map's sources) sit in that thread's arena; freed by the tasks
    /// that consume them, they stayed resident there, out of reach of the threads that then
    /// contract: 10x10, two modes, 60–120 MiB more at the peak until this was called once
    /// those sources are gone.
    static func returnFreePages() {
        _ = malloc_trim(0)
    }
}
