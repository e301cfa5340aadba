import Foundation
import WayfinderGraph

/// The CSV files of coordinates the commands read (`route --batch`: from_lat,from_lon,to_lat,to_lon;
/// `wayfinder table`: lat,lon): comma-separated decimal degrees, latitude first, one row a
/// line; blank lines skipped; a first line that does not start with a number is a header.
/// Every row is read and checked before any work, so a bad row stops a run before any output.
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
        guard FileManager.default.fileExists(atPath: path) else { throw .file("\(what) not found: \(path)") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .file("cannot read \(what) \(path) as UTF-8 text")
        }
        var rows: [Row] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.allSatisfy(\.isEmpty) { continue }
            if index == 0 && Double(fields[0]) == nil { continue }   // header
            guard fields.count == 2 * names.count else {
                throw .badInput("\(path):\(index + 1): expected \(columns), got \"\(line)\"")
            }
            var points: [FixedCoordinate] = []
            for (k, name) in names.enumerated() {
                let option = name.isEmpty ? "\(path):\(index + 1)" : "\(path):\(index + 1) \(name)"
                points.append(try parseCoordinate("\(fields[2 * k]),\(fields[2 * k + 1])", option: option))
            }
            rows.append(Row(line: index + 1, points: points))
        }
        return rows
    }
}
