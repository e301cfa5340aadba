import Foundation

/// One row of OSRM's segment speed file: the stretch of a way between two consecutive OSM
/// nodes, travelled from `from` to `to`, runs at `kmh` (0: closed). `rate` is OSRM's weight
/// rate, read and kept but not routed by: Wayfinder's weight is the duration.
public struct SegmentSpeedRow: Sendable, Equatable {
    public var from: Int64
    public var to: Int64
    public var kmh: Double
    public var rate: Double?
    /// Where the row was read: "FILE:LINE".
    public var origin: String
    /// Which of the update's speed files it came from, from 1 (OSRM's `datasources`).
    public var source: UInt32 = 1
}

/// One row of OSRM's turn penalty file: the turn at `via` from the stretch of a way arriving
/// from `from` onto the one leaving towards `to` (three OSM nodes, consecutive along the two
/// ways) costs `seconds` (negative allowed: a turn made cheaper). `weight` is OSRM's weight
/// penalty, read and kept but not routed by: Wayfinder's weight is the duration.
public struct TurnPenaltyRow: Sendable, Equatable {
    public var from: Int64
    public var via: Int64
    public var to: Int64
    public var seconds: Double
    public var weight: Double?
    /// Where the row was read: "FILE:LINE".
    public var origin: String
}

/// Why a traffic file cannot be used: one line naming the file and, for a bad row, its line.
public enum TrafficFileError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case malformed(path: String, line: Int, reason: String)
    /// A closed-areas file that is JSON but not the GeoJSON it must be; `place` names the
    /// feature ("feature 3").
    case geoJSON(path: String, place: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read traffic file \(path): \(reason)"
        case .empty(path: let path): "\(path): the file holds no rows"
        case .malformed(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .geoJSON(let path, let place, let reason): "\(path): \(place): \(reason)"
        }
    }
}

/// OSRM's traffic CSV formats, read as `osrm-customize` reads them: no header, comma
/// separated, the final newline optional, columns past the ones it names ignored (a comment
/// after the data). Blank lines are skipped; a file with no row at all is an error, as is any
/// row that does not parse: the update is all or nothing.
public enum TrafficFiles {
    /// `from_osm_node,to_osm_node,speed_kmh[,rate]` rows. Speeds are finite and `>= 0`.
    public static func readSegmentSpeeds(_ path: String) throws(TrafficFileError) -> [SegmentSpeedRow] {
        try segmentSpeeds(in: try contents(of: path), path: path)
    }

    /// The rows of a segment speed file's bytes; `path` names it in errors and origins.
    public static func segmentSpeeds(in bytes: [UInt8], path: String) throws(TrafficFileError) -> [SegmentSpeedRow] {
        var rows: [SegmentSpeedRow] = []
        try forEachRow(bytes, path: path) { (line, row) throws(TrafficFileError) in
            guard row.count >= 3 else {
                throw .malformed(path: path, line: line, reason: "expected from_osm_node,to_osm_node,speed_kmh[,rate], found \(row.count) column(s)")
            }
            let from = try nodeId(row, 0, path, line, "from_osm_node")
            let to = try nodeId(row, 1, path, line, "to_osm_node")
            let kmh = try number(row, 2, path, line, "speed_kmh")
            guard kmh >= 0 else { throw .malformed(path: path, line: line, reason: "speed_kmh \(row.text(2)) is negative") }
            var rate: Double?
            if row.count >= 4 {
                rate = try number(row, 3, path, line, "rate")
                guard rate! >= 0 else { throw .malformed(path: path, line: line, reason: "rate \(row.text(3)) is negative") }
            }
            rows.append(SegmentSpeedRow(from: from, to: to, kmh: kmh, rate: rate, origin: "\(path):\(line)"))
        }
        return rows
    }

    /// `from_osm_node,via_osm_node,to_osm_node,penalty_s[,weight]` rows. Penalties are finite
    /// and may be negative; a fifth column that is not a number is a comment, as OSRM reads it.
    public static func readTurnPenalties(_ path: String) throws(TrafficFileError) -> [TurnPenaltyRow] {
        try turnPenalties(in: try contents(of: path), path: path)
    }

    /// The rows of a turn penalty file's bytes; `path` names it in errors and origins.
    public static func turnPenalties(in bytes: [UInt8], path: String) throws(TrafficFileError) -> [TurnPenaltyRow] {
        var rows: [TurnPenaltyRow] = []
        try forEachRow(bytes, path: path) { (line, row) throws(TrafficFileError) in
            guard row.count >= 4 else {
                throw .malformed(path: path, line: line, reason: "expected from_osm_node,via_osm_node,to_osm_node,penalty_s[,weight], found \(row.count) column(s)")
            }
            let from = try nodeId(row, 0, path, line, "from_osm_node")
            let via = try nodeId(row, 1, path, line, "via_osm_node")
            let to = try nodeId(row, 2, path, line, "to_osm_node")
            let seconds = try number(row, 3, path, line, "penalty_s")
            var weight: Double?
            if row.count >= 5, let value = row.number(4) {
                guard value.isFinite else { throw .malformed(path: path, line: line, reason: "weight '\(row.text(4))' is not a finite number") }
                weight = value
            }
            rows.append(TurnPenaltyRow(from: from, via: via, to: to, seconds: seconds, weight: weight, origin: "\(path):\(line)"))
        }
        return rows
    }

    /// Calls `body` with each non-blank line's number (from 1) and its comma-separated fields,
    /// trimmed of spaces and tabs (and of a `\r` before the newline). Bytes, not `String`s: a
    /// feed for a whole country has millions of rows.
    static func forEachRow(_ bytes: [UInt8], path: String, _ body: (Int, CSVRow) throws(TrafficFileError) -> Void) throws(TrafficFileError) {
        var rows = 0, lineNumber = 0, lineStart = 0
        try bytes.withUnsafeBufferPointer { (buffer) throws(TrafficFileError) in
            var row = CSVRow(bytes: buffer)
            while lineStart <= buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                lineNumber += 1
                defer { lineStart = lineEnd + 1 }
                row.split(lineStart..<lineEnd)
                if row.isBlank { continue }
                rows += 1
                try body(lineNumber, row)
            }
        }
        if rows == 0 { throw .empty(path: path) }
    }

    static func contents(of path: String) throws(TrafficFileError) -> [UInt8] {
        do { return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    static func nodeId(_ row: CSVRow, _ i: Int, _ path: String, _ line: Int, _ name: String) throws(TrafficFileError) -> Int64 {
        guard let id = row.integer(i) else {
            throw .malformed(path: path, line: line, reason: "\(name) '\(row.text(i))' is not an OSM node id")
        }
        return id
    }

    static func number(_ row: CSVRow, _ i: Int, _ path: String, _ line: Int, _ name: String) throws(TrafficFileError) -> Double {
        guard let value = row.number(i), value.isFinite else {
            throw .malformed(path: path, line: line, reason: "\(name) '\(row.text(i))' is not a finite number")
        }
        return value
    }
}

/// One line of a traffic file as the byte ranges of its fields (reused from line to line).
struct CSVRow {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var fields: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var count: Int { fields.count }
    var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }

    /// Cuts `line` at its commas, each field trimmed.
    mutating func split(_ line: Range<Int>) {
        fields.removeAll(keepingCapacity: true)
        var end = line.upperBound
        if end > line.lowerBound && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var start = line.lowerBound
        for i in line.lowerBound...end where i == end || bytes[i] == UInt8(ascii: ",") {
            var (a, b) = (start, i)
            while a < b && (bytes[a] == 32 || bytes[a] == 9) { a += 1 }
            while b > a && (bytes[b - 1] == 32 || bytes[b - 1] == 9) { b -= 1 }
            fields.append(a..<b)
            start = i + 1
        }
    }

    func text(_ i: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[i]]), as: UTF8.self) }

    /// Field `i` as a non-negative decimal integer, nil if it is anything else or overflows.
    func integer(_ i: Int) -> Int64? {
        let range = fields[i]
        guard !range.isEmpty else { return nil }
        var value: Int64 = 0
        for k in range {
            let digit = bytes[k] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(digit))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    /// Field `i` as a number (`strtod`'s syntax, all of the field), nil otherwise.
    func number(_ i: Int) -> Double? {
        let range = fields[i]
        guard !range.isEmpty, range.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { text in
            for (k, at) in range.enumerated() { text[k] = CChar(bitPattern: bytes[at]) }
            text[range.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &end)
            return end == text.baseAddress! + range.count ? value : nil
        }
    }
}
