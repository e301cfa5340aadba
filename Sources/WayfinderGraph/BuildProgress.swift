import Synchronization

/// Where a long build is, for a display that looks now and then (`wayfinder build` redraws a
/// line ten times a second on a terminal). The build only stores counters: the reader stores
/// the bytes read once per few thousand objects, the contractor the nodes contracted once per
/// round, so following a build costs it nothing measurable and never waits on the display.
///
/// A build runs phases one after another (`read`, `modes`, `write`); a phase has one track per
/// piece of work running at the same time in it (the read; each mode and the geocoder index).
public final class BuildProgress: Sendable {
    /// One piece of work: its current step and, when it can be counted, done of total.
    public final class Track: Sendable {
        public let name: String
        private let doneCount = Atomic<Int>(0)
        private let totalCount = Atomic<Int>(0)
        private let stepState = Mutex<(name: String, unit: String)>(("", ""))

        public init(_ name: String) { self.name = name }

        /// Starts a step (`contraction`); `total` 0 when it is not counted.
        public func step(_ name: String, total: Int = 0, unit: String = "") {
            stepState.withLock { $0 = (name, unit) }
            doneCount.store(0, ordering: .relaxed)
            totalCount.store(total, ordering: .relaxed)
        }

        /// `done` of the step's total (a plain store: call it as often as is cheap).
        @inline(__always) public func count(_ done: Int) { doneCount.store(done, ordering: .relaxed) }

        /// As `count`, with a total learnt only as the work goes (the reader's file size).
        public func count(_ done: Int, of total: Int) {
            totalCount.store(total, ordering: .relaxed)
            doneCount.store(done, ordering: .relaxed)
        }

        /// The track as it is now.
        public var snapshot: Snapshot.Track {
            let (step, unit) = stepState.withLock { $0 }
            return Snapshot.Track(name: name, step: step, unit: unit, done: doneCount.load(ordering: .relaxed),
                                  total: totalCount.load(ordering: .relaxed))
        }
    }

    /// What a display draws.
    public struct Snapshot: Sendable, Equatable {
        public struct Track: Sendable, Equatable {
            public var name: String
            public var step: String
            public var unit: String
            public var done: Int
            public var total: Int
            public init(name: String, step: String, unit: String = "", done: Int = 0, total: Int = 0) {
                (self.name, self.step, self.unit, self.done, self.total) = (name, step, unit, done, total)
            }
            /// Done of total, 0...1; nil when the step is not counted.
            public var fraction: Double? { total > 0 ? min(1, Double(done) / Double(total)) : nil }
        }
        /// Empty before the first phase and after `finish`.
        public var phase: String
        /// Counts the phases begun, so a display sees a new phase even if it missed one.
        public var phaseNumber: Int
        /// Seconds since the phase began.
        public var elapsed: Double
        public var tracks: [Track]
        public init(phase: String, phaseNumber: Int, elapsed: Double, tracks: [Track]) {
            (self.phase, self.phaseNumber, self.elapsed, self.tracks) = (phase, phaseNumber, elapsed, tracks)
        }
    }

    private struct State {
        var phase = ""
        var number = 0
        var started = ContinuousClock.now
        var tracks: [Track] = []
    }
    private let state = Mutex(State())

    public init() {}

    /// Starts a phase with its tracks (which start with no step).
    public func begin(_ phase: String, tracks: [Track]) {
        state.withLock { $0 = State(phase: phase, number: $0.number + 1, started: .now, tracks: tracks) }
    }

    /// The build is over: nothing left to draw.
    public func finish() {
        state.withLock { $0 = State(phase: "", number: $0.number + 1, started: .now, tracks: []) }
    }

    public var snapshot: Snapshot {
        let (phase, number, started, tracks) = state.withLock { ($0.phase, $0.number, $0.started, $0.tracks) }
        let c = (ContinuousClock.now - started).components
        return Snapshot(phase: phase, phaseNumber: number, elapsed: Double(c.seconds) + Double(c.attoseconds) * 1e-18,
                        tracks: tracks.map(\.snapshot))
    }
}
