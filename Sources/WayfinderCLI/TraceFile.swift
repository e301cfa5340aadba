import Foundation
import WayfinderGraph

/// One GPS trace as read from a file, before it is matched: its points in the order recorded
/// and, per point, the timestamp (all or none), the accuracy radius and the line of the file
/// it came from (for messages: `trace.csv:14: …`, `ride.gpx:230: …`).
struct Trace: Sendable {
    /// The trace's name in batch output: its `trace_id`, else its file's name.
    var id: String
    var points: [FixedCoordinate] = []
    /// Seconds per point, as written (integer or decimal, small or epoch); nil without any.
    var timestamps: [Double]?
    /// Metres per point, nil for the default (`--radius`, else the matcher's σ).
    var radiuses: [Double?] = []
    /// The file's line (from 1) of each point.
    var lines: [Int] = []

    init(id: String) { self.id = id }
}

/// A trace file read whole: `wayfinder match --trace FILE` and each file of `--batch DIR`.
///
/// Two formats, told apart by content, not by extension (a GPX saved as `.txt` or a CSV
/// with a `.gpx` name still reads): text starting with `<` (after a byte-order mark and
/// blanks) is XML and read as GPX 1.1 (`GPXReader`), anything else as CSV (`TraceCSV`).
/// A CSV whose header has a `trace_id` column holds many traces (`grouped`); otherwise a
/// file is one trace, named after the file.
///
/// Reading never stops at a bad trace: each entry is its trace or the first reason it cannot
/// be matched (`BadRow`: the line and a `file:line: …` message), so a batch answers the
/// others; a single `--trace` turns the failure into its one message (exit 2).
struct TraceFile: Sendable {
    /// One trace of the file, or why it cannot be matched, under its id.
    struct Entry: Sendable {
        var id: String
        var trace: Result<Trace, BadRow>
    }

    var entries: [Entry]
    /// Whether the file named its traces (a `trace_id` column): many traces, batch output.
    var grouped: Bool

    /// Bytes read at most: a trace file is text of at most a few million points; anything
    /// larger is refused before it is held in memory.
    static let maxBytes = 1 << 30

    /// Reads `path`; a missing, unreadable or oversized file is `.file` (exit 3). Each trace
    /// is checked (`check`) against `maxPoints` points.
    static func read(_ path: String, maxPoints: Int) throws(CommandError) -> TraceFile {
        guard FileManager.default.fileExists(atPath: path) else { throw .file("trace file not found: \(path)") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.type] as? FileAttributeType) != .typeDirectory else {
            throw .file("cannot read trace file \(path): it is a directory (use --batch DIR for a folder of traces)")
        }
        if let size = attributes[.size] as? Int, size > maxBytes {
            throw .file("trace file \(path) is \(size) bytes, more than the \(maxBytes) a trace file may have")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .file("cannot read trace file \(path)") }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        return parse([UInt8](data), path: path, name: name, maxPoints: maxPoints)
    }

    /// The traces of a file's `bytes`: what `read` parses and what the trace-file fuzz
    /// target (Tests/Fuzz) feeds. `path` names the file in messages, `name` a lone trace.
    static func parse(_ bytes: [UInt8], path: String, name: String, maxPoints: Int) -> TraceFile {
        var file: TraceFile
        if isXML(bytes) {
            file = TraceFile(entries: [Entry(id: name, trace: GPXReader.trace(bytes, path: path, id: name))], grouped: false)
        } else if let text = String(validating: bytes, as: UTF8.self) {
            file = TraceCSV.traces(text, path: path, name: name)
        } else {
            let failure = BadRow(line: 0, message: "\(path): not UTF-8 text (a trace is a CSV or a GPX file)")
            file = TraceFile(entries: [Entry(id: name, trace: .failure(failure))], grouped: false)
        }
        for i in file.entries.indices {
            let label = file.grouped ? "\(path) trace \(file.entries[i].id)" : path
            if case .success(let trace) = file.entries[i].trace, let failure = check(trace, label: label, path: path, maxPoints: maxPoints) {
                file.entries[i].trace = .failure(failure)
            }
        }
        return file
    }

    /// Whether `bytes` start (after a UTF-8 byte-order mark and white space) with `<`:
    /// `<?xml …` or `<gpx …`. No CSV row starts so.
    static func isXML(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<")
    }

    /// Why a whole trace cannot be matched, or nil: fewer than 2 points, more than
    /// `maxPoints`, timestamps on some points only, or a timestamp before the one above it
    /// (equal ones are kept: a receiver logging twice a second rounds to the same second).
    /// `label` names the trace in messages (`t.csv`, `t.csv trace 17`).
    static func check(_ trace: Trace, label: String, path: String, maxPoints: Int) -> BadRow? {
        guard trace.points.count >= 2 else {
            let line = trace.lines.first ?? 0
            return BadRow(line: line, message: "\(label): a trace needs at least 2 points, got \(trace.points.count)")
        }
        guard trace.points.count <= maxPoints else {
            return BadRow(line: trace.lines[maxPoints],
                          message: "\(label): \(trace.points.count) points, more than the \(maxPoints) one trace may have")
        }
        if let times = trace.timestamps {
            for i in 1..<min(times.count, trace.lines.count) where times[i] < times[i - 1] {
                return BadRow(line: trace.lines[i], message: "\(path):\(trace.lines[i]): timestamp \(number(times[i])) is before "
                              + "the previous point's \(number(times[i - 1])) (timestamps must not decrease)")
            }
        }
        return nil
    }

    /// The timestamps of a trace read point by point (`times`, one per line of `lines`): all
    /// or none, else the first point that breaks the pattern set by the first is the error.
    static func timestamps(_ times: [Double?], lines: [Int], path: String) -> Result<[Double]?, BadRow> {
        guard let first = times.first, first != nil else {
            if let i = times.firstIndex(where: { $0 != nil }), i < lines.count {
                return .failure(BadRow(line: lines[i], message: "\(path):\(lines[i]): a timestamp, but the first point has none "
                                       + "(give every point a timestamp, or none)"))
            }
            return .success(nil)
        }
        if let i = times.firstIndex(where: { $0 == nil }), i < lines.count {
            return .failure(BadRow(line: lines[i], message: "\(path):\(lines[i]): no timestamp, but the first point has one "
                                   + "(give every point a timestamp, or none)"))
        }
        return .success(times.map { $0 ?? 0 })
    }

    /// A number as written in messages: `12`, `12.5`, `1714557600`.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
