import Foundation

/// Progress of a long table on stderr: on a terminal one line redrawn in place (a bar, cells
/// done of the total, the percentage, elapsed seconds and cells per second; `ProgressLine`),
/// at most five times a second; in a file or pipe (a job's log) a plain line at every tenth of the work, so
/// that logs stay short. Called by the one thread that writes the output, in order.
final class TableProgress {
    private let console: Console
    private let total: Int
    private let line: ProgressLine
    private let started = Date()
    /// Plain lines: the tenths already reported.
    private var tenthsReported = 0

    init(console: Console, total: Int) {
        self.console = console
        self.total = max(total, 1)
        line = ProgressLine(console: console, interval: 0.2)
    }

    /// `done` cells of the table are written.
    func update(done: Int) {
        let elapsed = Date().timeIntervalSince(started)
        if line.terminal {
            line.redraw(Self.bar(done: done, total: total, elapsed: elapsed), now: elapsed, force: done >= total)
            if done >= total { line.finish() }
        } else {
            let tenths = done >= total ? 10 : done * 10 / total
            guard tenths > tenthsReported else { return }
            tenthsReported = tenths
            console.error(Self.line(done: done, total: total, elapsed: elapsed) + "\n")
        }
    }

    /// `[##########----------]  52.3%  5,230,000/10,000,000 cells  12.4 s  421,774 cells/s`
    static func bar(done: Int, total: Int, elapsed: Double, width: Int = 24) -> String {
        let filled = min(width, done * width / max(total, 1))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + line(done: done, total: total, elapsed: elapsed).dropFirst("table: ".count)
    }

    /// `table:  52.3%  5,230,000/10,000,000 cells  12.4 s  421,774 cells/s`
    static func line(done: Int, total: Int, elapsed: Double) -> String {
        let percent = String(format: "%5.1f%%", Double(done) * 100 / Double(max(total, 1)))
        let rate = elapsed > 0 ? grouped(Int((Double(done) / elapsed).rounded())) : "-"
        return "table: \(percent)  \(grouped(done))/\(grouped(total)) cells  \(String(format: "%.1f", elapsed)) s  \(rate) cells/s"
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
