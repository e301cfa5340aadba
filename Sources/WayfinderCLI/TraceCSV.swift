import WayfinderGraph

/// A trace as CSV: rows of `lat,lon[,timestamp[,radius]]`, or columns named by a header.
///
/// - Without a header (the first non-blank line starts with a number): the columns are
///   positional, 2 to 4 fields a row; the whole file is one trace.
/// - With a header: columns by name, in any order, unknown ones ignored: `lat` (`latitude`),
///   `lon` (`lng`, `longitude`), optional `timestamp` (`time`, `timestamp_s`) and `radius`
///   (`radius_m`, `accuracy`), and `trace_id`, which makes the file many traces, one per id,
///   in order of first appearance, each with its rows in file order.
///
/// A timestamp is seconds as a number (integer or decimal; small values or epoch seconds,
/// read as they are) or an ISO 8601 time (`ISOTime`); an empty field is none. A radius is
/// metres ≥ 0; an empty field takes the default. Blank lines are skipped; the last line needs
/// no newline. The first bad row of a trace is its error, `file:line: …`.
///
/// Fields are cut and numbers read from `Substring`s without Foundation: a batch file of
/// 10⁶ rows is read in well under a second.
enum TraceCSV {
    /// The columns of a row: indexes into its fields.
    struct Columns {
        var lat = 0, lon = 1
        var timestamp: Int?, radius: Int?
        var traceID: Int?
        /// Fields a row has: exactly (header), or at most (positional, at least 2).
        var count = 4
        var header = false
    }

    /// The traces of `text` (a file at `path`; `name` names a file of one trace).
    static func traces(_ text: String, path: String, name: String) -> TraceFile {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var columns = Columns()
        var start = 0
        // The header, if any: the first non-blank line, when its first field is not a number.
        if let first = lines.firstIndex(where: { !isBlank($0) }) {
            let fields = split(lines[first])
            if Double(trimmed(fields[0])) == nil {
                switch header(fields, line: first + 1, path: path) {
                case .success(let named): columns = named
                case .failure(let bad):
                    return TraceFile(entries: [TraceFile.Entry(id: name, trace: .failure(bad))], grouped: false)
                }
                start = first + 1
            }
        }
        // Traces by id in order of first appearance; a lone trace under the file's name.
        var order: [String] = [], builders: [String: Builder] = [:]
        for index in start..<lines.count where !isBlank(lines[index]) {
            let fields = split(lines[index]), number = index + 1
            var id = name
            if let column = columns.traceID { id = column < fields.count ? unquoted(fields[column]) : "" }
            if builders[id] == nil {
                order.append(id)
                builders[id] = Builder(id: id)
            }
            guard builders[id]!.failure == nil else { continue }
            if let bad = builders[id]!.add(fields, line: lines[index], number: number, columns: columns, path: path) {
                builders[id]!.failure = bad
            }
        }
        if order.isEmpty {   // no rows at all: one empty trace, which `TraceFile.check` refuses
            order.append(name)
            builders[name] = Builder(id: name)
        }
        return TraceFile(entries: order.map { builders[$0]!.entry(path: path) }, grouped: columns.traceID != nil)
    }

    /// The columns named by a header line (line `number`).
    static func header(_ fields: [Substring], line number: Int, path: String) -> Result<Columns, BadRow> {
        var columns = Columns(lat: -1, lon: -1, count: fields.count, header: true)
        for (i, field) in fields.enumerated() {
            let name = unquoted(field).lowercased()
            var slot: Int?   // the column's index so far; other columns (speed, elevation, …) are ignored
            switch name {
            case "lat", "latitude": (slot, columns.lat) = (columns.lat < 0 ? nil : columns.lat, i)
            case "lon", "lng", "longitude": (slot, columns.lon) = (columns.lon < 0 ? nil : columns.lon, i)
            case "timestamp", "time", "timestamp_s", "t": (slot, columns.timestamp) = (columns.timestamp, i)
            case "radius", "radius_m", "accuracy": (slot, columns.radius) = (columns.radius, i)
            case "trace_id", "traceid", "trace": (slot, columns.traceID) = (columns.traceID, i)
            default: continue
            }
            if slot != nil { return .failure(duplicate(name, number, path)) }
        }
        guard columns.lat >= 0, columns.lon >= 0 else {
            return .failure(BadRow(line: number, message: "\(path):\(number): the header names no "
                                   + "\(columns.lat < 0 ? "lat" : "lon") column (columns: trace_id, lat, lon, timestamp, radius)"))
        }
        return .success(columns)
    }

    private static func duplicate(_ name: String, _ number: Int, _ path: String) -> BadRow {
        BadRow(line: number, message: "\(path):\(number): the header names the \(name) column twice")
    }

    /// One trace's rows as they are read.
    struct Builder {
        var trace: Trace
        var times: [Double?] = []
        var failure: BadRow?

        init(id: String) { trace = Trace(id: id) }

        /// Adds a row; its error, if it has one.
        mutating func add(_ fields: [Substring], line: Substring, number: Int, columns: Columns, path: String) -> BadRow? {
            let shape = columns.header ? "\(columns.count) fields as the header has" : "lat,lon[,timestamp[,radius]]"
            guard columns.header ? fields.count == columns.count : (2...4).contains(fields.count) else {
                return BadRow(line: number, message: "\(path):\(number): expected \(shape), got \"\(line.prefix(200))\"")
            }
            let latText = trimmed(fields[columns.lat]), lonText = trimmed(fields[columns.lon])
            guard let lat = Double(latText), let lon = Double(lonText) else {
                return BadRow(line: number, message: "\(path):\(number): expected decimal degrees for lat and lon, "
                              + "got \"\(latText.prefix(40))\" and \"\(lonText.prefix(40))\"")
            }
            guard lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon) else {
                return BadRow(line: number, message: "\(path):\(number): coordinate out of range (latitude -90..90, "
                              + "longitude -180..180): \(latText.prefix(40)),\(lonText.prefix(40))")
            }
            var time: Double?
            let timeColumn = columns.header ? columns.timestamp : (fields.count > 2 ? 2 : nil)
            if let column = timeColumn, case let text = trimmed(fields[column]), !text.isEmpty {
                guard let seconds = Double(text) ?? ISOTime.epochSeconds(text), seconds.isFinite else {
                    return BadRow(line: number, message: "\(path):\(number): timestamp must be seconds (a number) or an "
                                  + "ISO 8601 time, got \"\(text.prefix(40))\"")
                }
                time = seconds
            }
            var radius: Double?
            let radiusColumn = columns.header ? columns.radius : (fields.count > 3 ? 3 : nil)
            if let column = radiusColumn, case let text = trimmed(fields[column]), !text.isEmpty {
                guard let metres = Double(text), metres.isFinite, metres >= 0 else {
                    return BadRow(line: number, message: "\(path):\(number): radius must be a number of metres, 0 or more, "
                                  + "got \"\(text.prefix(40))\"")
                }
                radius = metres
            }
            trace.points.append(FixedCoordinate(latitude: lat, longitude: lon))
            trace.radiuses.append(radius)
            trace.lines.append(number)
            times.append(time)
            return nil
        }

        func entry(path: String) -> TraceFile.Entry {
            if let failure { return TraceFile.Entry(id: trace.id, trace: .failure(failure)) }
            switch TraceFile.timestamps(times, lines: trace.lines, path: path) {
            case .failure(let bad): return TraceFile.Entry(id: trace.id, trace: .failure(bad))
            case .success(let timestamps):
                var trace = trace
                trace.timestamps = timestamps
                return TraceFile.Entry(id: trace.id, trace: .success(trace))
            }
        }
    }

    static func split(_ line: Substring) -> [Substring] { line.split(separator: ",", omittingEmptySubsequences: false) }

    static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }

    /// A field without the spaces and tabs around it (and a leading byte-order mark).
    static func trimmed(_ field: Substring) -> Substring {
        var field = field
        while let first = field.first, first == " " || first == "\t" || first == "\u{FEFF}" { field = field.dropFirst() }
        while let last = field.last, last == " " || last == "\t" { field = field.dropLast() }
        return field
    }

    /// A field without its spaces and one pair of double quotes around it (`"t 1"`).
    static func unquoted(_ field: Substring) -> String {
        let field = trimmed(field)
        guard field.count >= 2, field.first == "\"", field.last == "\"" else { return String(field) }
        return String(field.dropFirst().dropLast())
    }
}
