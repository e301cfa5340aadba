import Glibc

/// Where the time of one `Router.route(from:to:timing:)` went, in nanoseconds: `search` covers
/// the search entries and the bidirectional search, `unpack` the shortcuts expanded into
/// original arcs and those turned into route pieces. Calls add to the totals.
public struct RouteTiming: Sendable {
    public var searchNanoseconds: UInt64 = 0
    public var unpackNanoseconds: UInt64 = 0

    public init() {}
}

/// Nanoseconds of the monotonic clock (CLOCK_MONOTONIC, as `DispatchTime`); the clock of the
/// route timing and of the benchmark harness.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Marks in a route's work: `start` when it begins, then `searched` after each search and
/// `unpacked` after each unpacking, each lap ending where the previous one did. `Router`'s
/// search code is generic over it, so that untimed routes read no clock and pay nothing for
/// the marks (`Untimed`'s are empty and inlined away in the specialised code).
protocol RouteLaps {
    mutating func start()
    mutating func searched()
    mutating func unpacked()
}

struct Untimed: RouteLaps {
    @inline(__always) mutating func start() {}
    @inline(__always) mutating func searched() {}
    @inline(__always) mutating func unpacked() {}
}

struct TimedLaps: RouteLaps {
    var timing: RouteTiming
    private var mark: UInt64 = 0

    init(_ timing: RouteTiming) { self.timing = timing }

    mutating func start() { mark = monotonicNanoseconds() }

    mutating func searched() {
        let now = monotonicNanoseconds()
        timing.searchNanoseconds &+= now &- mark
        mark = now
    }

    mutating func unpacked() {
        let now = monotonicNanoseconds()
        timing.unpackNanoseconds &+= now &- mark
        mark = now
    }
}
