import Foundation

/// The one progress line a long command keeps on stderr (`table`'s bar, `build`'s phases).
/// On a terminal it is redrawn in place: a carriage return and the new text, the old line
/// first blanked with spaces when the new one is shorter (clearing to the end of the line
/// without escape codes, plain for any terminal), at most once per `interval` unless forced.
/// Text longer than the terminal is cut, since a wrapped line cannot be returned to.
/// Elsewhere (a file or pipe) the caller writes plain lines through `log`.
final class ProgressLine {
    private let console: Console
    let terminal: Bool
    private let interval: Double
    private let columns: Int?
    private var lastDraw = -Double.infinity
    /// Characters of the line on screen now (0: none drawn, or cleared).
    private var shown = 0

    init(console: Console, interval: Double) {
        self.console = console
        terminal = console.errorsAreTerminal
        self.interval = interval
        columns = console.capturesOutput ? nil : Self.terminalColumns()
    }

    /// Draws `text` in place of the line on screen if `interval` seconds passed since the last
    /// draw (by the caller's clock `now`), or `force`. Returns whether it drew.
    @discardableResult
    func redraw(_ text: String, now: Double, force: Bool = false) -> Bool {
        guard terminal, force || now - lastDraw >= interval else { return false }
        lastDraw = now
        var text = text
        if let columns, text.count >= columns { text = String(text.prefix(max(columns - 1, 1))) }
        // Blanked first only when the new text is shorter, so that a growing line is one "\r".
        console.error((text.count < shown ? "\r" + String(repeating: " ", count: shown) : "") + "\r" + text)
        shown = text.count
        return true
    }

    /// Leaves the line drawn as it is and moves below it (the finished bar stays visible).
    func finish() {
        guard shown > 0 else { return }
        console.error("\n")
        shown = 0
    }

    /// Blanks the line on screen, the cursor back at its start.
    func clear() {
        guard shown > 0 else { return }
        console.error("\r" + String(repeating: " ", count: shown) + "\r")
        shown = 0
    }

    /// A line of its own: on a terminal the progress line is cleared first (and drawn again
    /// by the next `redraw`, on the line below).
    func log(_ line: String) {
        clear()
        console.error(line + "\n")
        lastDraw = -Double.infinity
    }

    /// The terminal's width from stderr's window size; nil when it has none.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
