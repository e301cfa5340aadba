import Foundation
import WayfinderGraph

/// The CSV files of coordinates the commands read (`route --batch`: from_lat,from_lon,to_lat,to_lon;
/// `reverse --batch` and `wayfinder table`: lat,lon): comma-separated decimal degrees, latitude
/// first, one row a line; blank lines are not rows (skipped, no output); a first line that does
/// not start with a number is a header (on line 1 only: further on it is a bad row).
///
/// Every row is read and checked before any work. `read` is all-or-nothing (`wayfinder table`,
/// whose rows are indexes into the output, and `--strict` batches); `rows` keeps a bad row as
/// a `BadRow` in its place for the forgiving batches (`BatchReport`).
enum CoordinateCSV {
    /// One row of coordinates and the line (from 1) it came from, for messages.
    struct Row {
        var line: Int
        var points: [FixedCoordinate]
    }

    /// The rows of `path`, each of `names.count` coordinates (`names`: the columns' words in
    /// messages, e.g. ["from", "to"]); `columns` describes a row (e.g. "lat,lon").
    /// Missing or unreadable file: `.file` (exit 3); a malformed row: `.badInput` (exit 2).
    static func read(_ path: String, what: String, columns: String, names: [String]) throws(CommandError) -> [Row] {
        var rows: [Row] = []
        for row in try self.rows(path, what: what, columns: columns, names: names) {
            switch row {
            case .success(let row): rows.append(row)
            case .failure(let bad): throw .badInput(bad.message)
            }
        }
        return rows
    }

    /// Every row of `path` in order, a malformed or out-of-range one as its `BadRow`
    /// (`b.csv:4: expected …`). Missing or unreadable file: `.file` (exit 3).
    static func rows(_ path: String, what: String, columns: String, names: [String]) throws(CommandError) -> [Result<Row, BadRow>] {
        rows(lines: try lines(path, what: what), path: path, columns: columns, names: names)
    }

    /// The rows of a file's `text` (`path` only names it in messages): what `rows` reads
    /// from the file, and what the coordinate-csv fuzz target (Tests/Fuzz) feeds.
    static func rows(text: String, path: String, columns: String, names: [String]) -> [Result<Row, BadRow>] {
        rows(lines: lines(of: text), path: path, columns: columns, names: names)
    }

    private static func rows(lines: [Substring], path: String, columns: String, names: [String]) -> [Result<Row, BadRow>] {
        var rows: [Result<Row, BadRow>] = []
        for (index, line) in lines.enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.allSatisfy(\.isEmpty) { continue }
            if index == 0 && Double(fields[0]) == nil { continue }   // header
            rows.append(row(fields, line: line, number: index + 1, path: path, columns: columns, names: names))
        }
        return rows
    }

    /// The text lines of `path`, checked to exist and to be UTF-8.
    static func lines(_ path: String, what: String) throws(CommandError) -> [Substring] {
        guard FileManager.default.fileExists(atPath: path) else { throw .file("\(what) not found: \(path)") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .file("cannot read \(what) \(path) as UTF-8 text")
        }
        return lines(of: text)
    }

    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    private static func row(_ fields: [String], line: Substring, number: Int, path: String, columns: String,
                            names: [String]) -> Result<Row, BadRow> {
        guard fields.count == 2 * names.count else {
            return .failure(BadRow(line: number, message: "\(path):\(number): expected \(columns), got \"\(line)\""))
        }
        var points: [FixedCoordinate] = []
        for (k, name) in names.enumerated() {
            let option = name.isEmpty ? "\(path):\(number)" : "\(path):\(number) \(name)"
            do throws(CommandError) {
                points.append(try parseCoordinate("\(fields[2 * k]),\(fields[2 * k + 1])", option: option))
            } catch {
                return .failure(BadRow(line: number, message: error.description))
            }
        }
        return .success(Row(line: number, points: points))
    }
}
