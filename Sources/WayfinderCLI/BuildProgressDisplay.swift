import Dispatch
import Foundation
import WayfinderGraph

/// `wayfinder build`'s live progress on stderr, polled from the build's `BuildProgress` by a
/// timer (the build only stores counters). On a terminal one line redrawn at most ten times a
/// second (`ProgressLine`): the phase, its elapsed time, and each piece of work running in it
/// with its step and, when counted, a percentage and counts:
///
///     read  [#########---------------]  38%  0.6 of 1.6 MiB  andorra.osm.pbf  0.1 s
///     modes  2.4 s  walking: bearings · driving: contraction 45% (3,700/8,212 nodes)
///
/// In a file or pipe (a job's log) plain lines instead: one when a phase is first seen, then
/// one at each further tenth of its counted work (at most one a second) or after half a
/// minute without a line, so a log shows where a long build is without filling up. The per-phase
/// summary lines pass through `summary`, which keeps them and the progress line apart.
final class BuildProgressDisplay: @unchecked Sendable {
    let progress = BuildProgress()
    private let line: ProgressLine
    private let console: Console
    /// The console is not thread-safe: the timer and the build's summary lines take turns.
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "wayfinder.build-progress")
    private var timer: DispatchSourceTimer?
    private let started = ContinuousClock.now
    // Plain lines: the phase last reported, its tenths reported, when the last line went out.
    private var phaseSeen = 0
    private var tenthsReported = 0
    private var lastPlain = -Double.infinity

    init(console: Console) {
        self.console = console
        line = ProgressLine(console: console, interval: 0.1)
    }

    /// Starts polling: ten times a second (plain lines are rate-limited by `tick`).
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 0.1, repeating: 0.1)
        timer.setEventHandler { [weak self] in self?.tick() }
        self.timer = timer
        timer.resume()
    }

    /// Stops polling (no tick runs after this returns) and clears the progress line.
    func stop() {
        queue.sync { timer?.cancel(); timer = nil }
        lock.withLock { line.clear() }
    }

    /// A summary line of the build (a finished phase, a warning).
    func summary(_ text: String) {
        lock.withLock { line.log(text) }
    }

    private func tick() {
        let c = (ContinuousClock.now - started).components
        show(progress.snapshot, now: Double(c.seconds) + Double(c.attoseconds) * 1e-18)
    }

    /// Draws `snapshot` as of `now` (seconds since the display started): the timer's work,
    /// callable directly by tests with made-up snapshots and times.
    func show(_ snapshot: BuildProgress.Snapshot, now: Double) {
        lock.withLock {
            guard !snapshot.phase.isEmpty else { return }
            if line.terminal {
                line.redraw(Self.text(snapshot), now: now)
                return
            }
            let tenths = snapshot.overallFraction.map { Int($0 * 10) } ?? 0
            if snapshot.phaseNumber != phaseSeen {
                (phaseSeen, tenthsReported) = (snapshot.phaseNumber, tenths)
            } else if !(tenths > tenthsReported && now - lastPlain >= 1) && now - lastPlain < 30 {
                return
            }
            tenthsReported = max(tenthsReported, tenths)
            lastPlain = now
            line.log(Self.text(snapshot, bar: false))
        }
    }

    /// The line for a snapshot; `bar` (terminal) puts a bar first when one piece of work is counted.
    static func text(_ s: BuildProgress.Snapshot, bar: Bool = true) -> String {
        let elapsed = String(format: "%.1f s", s.elapsed)
        if s.tracks.count == 1, let track = s.tracks.first, let fraction = track.fraction {
            let width = 24, filled = min(width, Int(fraction * Double(width)))
            let drawn = bar ? "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]  " : ""
            return "\(s.phase)  \(drawn)\(String(format: "%3.0f%%", fraction * 100))  \(counts(track))  \(track.step)  \(elapsed)"
        }
        let parts = s.tracks.map { track in
            let name = track.name == s.phase ? "" : "\(track.name): "
            guard let fraction = track.fraction else { return name + (track.step.isEmpty ? "waiting" : track.step) }
            return name + "\(track.step) \(String(format: "%.0f%%", fraction * 100)) (\(counts(track)))"
        }
        return "\(s.phase)  \(elapsed)  " + parts.joined(separator: " · ")
    }

    /// `3,700/8,212 nodes`; bytes as `0.6 of 1.6 MiB`.
    static func counts(_ track: BuildProgress.Snapshot.Track) -> String {
        if track.unit == "bytes" {
            return String(format: "%.1f of %.1f MiB", Double(track.done) / 1_048_576, Double(track.total) / 1_048_576)
        }
        return "\(TableProgress.grouped(track.done))/\(TableProgress.grouped(track.total))" + (track.unit.isEmpty ? "" : " \(track.unit)")
    }
}

extension BuildProgress.Snapshot {
    /// The mean done fraction of the counted pieces of work; nil when none is counted.
    var overallFraction: Double? {
        let fractions = tracks.compactMap(\.fraction)
        return fractions.isEmpty ? nil : fractions.reduce(0, +) / Double(fractions.count)
    }
}
