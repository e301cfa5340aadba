import Foundation
import WayfinderJSON

/// One row of a batch file that cannot be answered: its line in the file (from 1, header
/// and blank lines counted) and the message, `b.csv:4: expected …`, file and line first.
struct BadRow: Error, Sendable {
    var line: Int
    var message: String

    /// The row's place in JSON output (`route --batch --format json`, `geocode --batch`,
    /// `reverse --batch`): `{"line":4,"code":"BadInput","message":"…"}`, in Nominatim's and
    /// OSRM's words (a `code`, a `message`), one shape for every batch so one reader serves
    /// them all. No answer of those commands has a `code` besides `Ok`, `NoRoute` or
    /// `NoSegment`, so `"code":"BadInput"` alone tells an error row.
    var json: String {
        let json = JSONBuffer(capacity: message.utf8.count + 64)
        json.beginObject()
        json.key("line")
        json.integer(line)
        json.key("code")
        json.string("BadInput")
        json.key("message")
        json.string(message)
        json.endObject()
        return json.text
    }
}

/// How a batch treats its bad rows, the same for `route --batch`, `geocode --batch` and
/// `reverse --batch`.
///
/// By default one bad row costs that row only: the row is answered with an error row in its
/// place (`BadInput,,` in CSV, `BadRow.json` in JSON) and every other row is answered, so a
/// nightly job of 10⁶ rows does not lose them all for one typo. Each bad row's message goes
/// to stderr, the first `shown` of them (a file of nothing but bad rows would bury the
/// terminal), and the run ends with a count and `ExitCode.partialBatch` (10), so a script can
/// tell "answered, some rows were bad" from "all answered" (0) and from "refused" (2).
///
/// `--strict` keeps the all-or-nothing contract: the first bad row ends the run before any
/// output (exit 2). Both need every row checked before any is answered, which the commands do
/// (`rows` then answers): the messages come first and nothing is printed under `--strict`.
final class BatchReport {
    /// Bad rows whose messages reach stderr; the rest are counted in the summary.
    static let shown = 20

    let path: String
    let strict: Bool
    /// What the batch's items are called in the summary: rows, or traces (`match --batch`).
    let items: String
    private let console: Console
    private(set) var rows = 0
    private(set) var bad = 0

    init(path: String, strict: Bool, console: Console, items: String = "rows") {
        self.path = path
        self.strict = strict
        self.items = items
        self.console = console
    }

    /// Counts a good row.
    func good() { rows += 1 }

    /// Counts a bad row and tells stderr; under `--strict`, ends the run with its message.
    func badRow(_ row: BadRow) throws(CommandError) {
        if strict { throw .badInput(row.message) }
        rows += 1
        bad += 1
        if bad <= Self.shown { console.error(row.message + "\n") }
    }

    /// Counts every row of a batch read whole (`CoordinateCSV.rows`), telling stderr of the
    /// bad ones; under `--strict`, ends the run at the first.
    func check<Row>(_ rows: [Result<Row, BadRow>]) throws(CommandError) {
        for row in rows {
            switch row {
            case .success: good()
            case .failure(let bad): try badRow(bad)
            }
        }
    }

    /// After the last row is written: `.partialBatch` when some rows were bad.
    func finish() throws(CommandError) {
        guard bad > 0 else { return }
        let hidden = bad > Self.shown ? " (\(bad - Self.shown) not shown above)" : ""
        throw .partialBatch("\(bad) of \(rows) \(items) of \(path) are bad input\(hidden), answered with BadInput rows; "
                            + "every other \(items.dropLast()) is answered (--strict refuses such a file instead)")
    }
}
