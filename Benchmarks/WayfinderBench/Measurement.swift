// Clock, latency summaries and the cost of timing itself.
import Foundation
import WayfinderRouting

/// Nanoseconds of the monotonic clock: the one `Router.route(from:to:timing:)` reads too.
@inline(__always)
func now() -> UInt64 { monotonicNanoseconds() }

/// Microseconds between two clock reads.
@inline(__always)
func microseconds(_ start: UInt64, _ end: UInt64) -> Double { Double(end &- start) / 1000 }

/// Nearest-rank percentile (`p` in 0...1) of ascending samples: the smallest sample that at
/// least `p` of them do not exceed. NaN without samples.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((Double(sorted.count) * p).rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
}

/// The median of unsorted samples (the lower one of an even count: `percentile`'s nearest rank).
func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

/// p50, p95, p99 and mean of a set of timings, in the unit they were recorded in.
struct Latency: Equatable {
    var p50: Double
    var p95: Double
    var p99: Double
    var mean: Double
    var count: Int

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        p50 = percentile(sorted, 0.5)
        p95 = percentile(sorted, 0.95)
        p99 = percentile(sorted, 0.99)
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
        count = sorted.count
    }
}

/// What timing costs on this machine, measured the way the benchmarks time their phases:
/// a phase is the span between two clock reads, recorded into a preallocated array.
struct TimerOverhead {
    /// Mean nanoseconds between two consecutive clock reads (the cost of one read).
    var clockReadNanoseconds: Double
    /// What an empty phase measures, per timed call: the error each recorded phase carries.
    var emptyPhase: Latency

    /// Measures `count` back-to-back clock reads, then `count` empty phases with the same loop
    /// shape as the benchmarks' (after one untimed round, so that the clock's code and the
    /// sample array are warm).
    static func measure(count: Int = 200_000) -> TimerOverhead {
        var samples = [Double]()
        samples.reserveCapacity(count)
        var sink: UInt64 = 0
        var clockRead = 0.0
        for _ in 0..<2 {
            samples.removeAll(keepingCapacity: true)
            let start = now()
            for _ in 0..<count { sink &+= now() }
            clockRead = Double(now() &- start) / Double(count)
            for i in 0..<count {
                let t0 = now()
                sink &+= UInt64(opaque(i))
                let t1 = now()
                samples.append(Double(t1 &- t0))
            }
        }
        if sink == 42 { print("") }
        return TimerOverhead(clockReadNanoseconds: clockRead, emptyPhase: Latency(samples))
    }

    func add(to report: Report) {
        report.group("timer_overhead", "timer overhead") { group in
            group.number("clock_read_ns", "one clock read", clockReadNanoseconds, unit: "ns")
            group.latency("empty_phase_ns", "an empty timed phase", emptyPhase, unit: "ns")
        }
    }
}

/// An identity the optimiser cannot see through, so the empty phase is not folded away.
@inline(never)
func opaque(_ value: Int) -> Int { value }
