import Foundation
import WayfinderGeocoding
import WayfinderGraph

/// `wayfinder geocode --batch` and `wayfinder reverse --batch`: one JSON value per line of
/// output, in input order, written as each is answered. Bad lines are `BatchReport`'s:
/// an error object in their place (or, with `--strict`, the file refused before any output).
///
/// A geocode file is one query per line and every line is a row, so output line N answers
/// input line N (a blank line is an empty query: bad input, as `geocode ""`). A reverse file
/// is a CSV of LAT,LON (`CoordinateCSV`: a header on line 1, blank lines skipped, as
/// `route --batch` and `wayfinder table` read theirs).
extension GeocodeCommands {
    static func geocodeBatch(_ args: Arguments, path: String, near: FixedCoordinate?, limit: Int,
                             console: Console) throws(CommandError) {
        try refuseSingleForms(args, command: "geocode")
        let report = BatchReport(path: path, strict: args.has("strict"), console: console)
        var queries: [Result<String, BadRow>] = []
        for (index, line) in try readLines(path).enumerated() {
            if line.allSatisfy(\.isWhitespace) {
                let bad = BadRow(line: index + 1, message: "\(path):\(index + 1): empty query (one query per line)")
                try report.badRow(bad)
                queries.append(.failure(bad))
            } else {
                report.good()
                queries.append(.success(line))
            }
        }
        let geocoder = try openGeocoder(graph: args["graph"], console: console)
        for query in queries {
            switch query {
            case .success(let text): console.write(json(geocoder.geocode(text, near: near, limit: limit)) + "\n")
            case .failure(let bad): console.write(bad.json + "\n")
            }
        }
        try report.finish()
    }

    static func reverseBatch(_ args: Arguments, path: String, console: Console) throws(CommandError) {
        try refuseSingleForms(args, command: "reverse")
        let report = BatchReport(path: path, strict: args.has("strict"), console: console)
        let rows = try CoordinateCSV.rows(path, what: "batch file", columns: "lat,lon", names: [""])
        try report.check(rows)
        let geocoder = try openGeocoder(graph: args["graph"], console: console)
        for row in rows {
            switch row {
            case .success(let row): console.write(json(geocoder.reverse(row.points[0])) + "\n")
            case .failure(let bad): console.write(bad.json + "\n")
            }
        }
        try report.finish()
    }

    /// A batch prints JSON lines: a text argument beside `--batch`, or `--format text`, would
    /// be silently ignored, so both are refused.
    private static func refuseSingleForms(_ args: Arguments, command: String) throws(CommandError) {
        guard args.positional.isEmpty else {
            throw .usage("give \(command == "geocode" ? "one TEXT" : "one LAT,LON") or --batch FILE, not both "
                         + "(got \"\(args.positional[0])\"); see wayfinder \(command) --help")
        }
        guard args["format"] != "text" else {
            throw .usage("--batch prints JSON lines: --format text does not apply (leave it out or give --format json)")
        }
    }
}
