import Foundation
import WayfinderGraph
import WayfinderRouting

/// `route --batch IN.csv`: code, distance and duration for each row of from_lat,from_lon,
/// to_lat,to_lon, in input order, as CSV (`code,distance_m,duration_s`, the default) or JSON
/// lines (`--format json`: one object a row, the same numbers as the CSV's text).
///
/// A bad row is answered with an error row in its place (`BatchReport`); `--strict` refuses
/// the file instead. Rows are routed a round at a time on every core (one `Router` per
/// thread, each thread a contiguous slice of the round) and each round's text is written
/// before the next starts, so 10⁶ rows hold the input and one round of output, not all of it.
enum RouteBatch {
    /// Rows per thread in a round: enough to keep the threads busy between the rounds'
    /// joins (a route takes well under a millisecond), few enough to write as it goes.
    static let rowsPerThread = 512

    /// The options that shape one route's output or name its ends: refused with `--batch`,
    /// which answers code, distance and duration only, rather than silently ignored.
    static let singleRouteOptions = ["from", "to", "via", "geometry", "overview", "alternatives", "voice-units",
                                     "roundabout-exits", "continue-straight", "no-continue-straight",
                                     "voice-instructions", "banner-instructions"]

    static func run(_ args: Arguments, path: String, mode: TravelMode, format: String, maxSnap: Double,
                    excluding: WayClasses, console: Console) throws(CommandError) {
        if let option = singleRouteOptions.first(where: { args[$0] != nil || args.has($0) }) {
            throw .usage("--\(option) does not apply to --batch, which answers code, distance and duration per row "
                         + "(with --batch: --graph, --mode, --format text|json, --exclude, --max-snap-distance, --strict)")
        }
        guard args.positional.isEmpty else { throw .usage("unexpected argument \"\(args.positional[0])\" with --batch") }
        guard format != "geojson" else {
            throw .usage("--format geojson does not apply to --batch: text (CSV, the default) or json (one object per row)")
        }
        // Every row is read and checked before a graph is opened (or built).
        let report = BatchReport(path: path, strict: args.has("strict"), console: console)
        let rows = try CoordinateCSV.rows(path, what: "batch file", columns: "from_lat,from_lon,to_lat,to_lon", names: ["from", "to"])
        try report.check(rows)
        let router = try RouteCommand.makeRouter(args, mode: mode, console: console, unpackCoreHops: true)
        try ExcludeArgument.check(excluding, router.graph)
        let json = format == "json"
        if !json { console.write("code,distance_m,duration_s\n") }
        let work = Work(rows: rows, router: router, maxSnap: maxSnap, excluding: excluding, json: json)
        while let text = work.nextRound() { console.write(text) }
        try report.finish()
    }

    /// The rows, one router per thread and the round being answered, shared with the threads
    /// of `concurrentPerform`: each reads the rows and writes only its own slot of `parts`.
    private final class Work: @unchecked Sendable {
        let rows: [Result<CoordinateCSV.Row, BadRow>]
        let routers: [Router]
        let maxSnap: Double
        let excluding: WayClasses
        let json: Bool
        private var parts: [String]
        private var next = 0

        init(rows: [Result<CoordinateCSV.Row, BadRow>], router: Router, maxSnap: Double, excluding: WayClasses, json: Bool) {
            self.rows = rows
            let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, (rows.count + rowsPerThread - 1) / rowsPerThread))
            routers = [router] + (1..<threads).map { _ in Router(graph: router.graph) }
            self.maxSnap = maxSnap
            self.excluding = excluding
            self.json = json
            parts = Array(repeating: "", count: threads)
        }

        /// The text of the next round of rows, in input order; nil after the last.
        func nextRound() -> String? {
            guard next < rows.count else { return nil }
            let start = next, end = min(rows.count, next + routers.count * rowsPerThread)
            next = end
            parts.withUnsafeMutableBufferPointer { parts in
                let slots = UncheckedSlots(parts)
                DispatchQueue.concurrentPerform(iterations: routers.count) { t in
                    let lo = min(end, start + t * rowsPerThread), hi = min(end, lo + rowsPerThread)
                    var text = ""
                    for i in lo..<hi { text += answer(rows[i], router: routers[t]) }
                    slots.base[t] = text
                }
            }
            return parts.joined()
        }

        /// One row's line: `Ok,1234.5,98.765`, `NoRoute,,`, `BadInput,,` (CSV) or its object
        /// (JSON: `{"code":"Ok","distance_m":1234.5,"duration_s":98.765}`, null for the
        /// empty fields, `BadRow.json` for a bad row). The numbers are the CSV's text.
        private func answer(_ row: Result<CoordinateCSV.Row, BadRow>, router: Router) -> String {
            let code: String, distance: String?, duration: String?
            switch row {
            case .failure(let bad):
                if json { return bad.json + "\n" }
                (code, distance, duration) = ("BadInput", nil, nil)
            case .success(let row):
                do throws(RouteError) {
                    let route = try router.route(from: row.points[0], to: row.points[1],
                                                 maxSnap: maxSnap, excluding: excluding)
                    (code, distance, duration) = ("Ok", format1(router.graph.distance(of: route)), format3(route.duration))
                } catch {
                    (code, distance, duration) = (error.osrm(RouteCommand.failureWording).code, nil, nil)
                }
            }
            guard json else { return "\(code),\(distance ?? ""),\(duration ?? "")\n" }
            return "{\"code\":\"\(code)\",\"distance_m\":\(distance ?? "null"),\"duration_s\":\(duration ?? "null")}\n"
        }
    }

    /// A round's result slots, one per thread, crossing into `concurrentPerform`.
    private struct UncheckedSlots: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<String>
        init(_ base: UnsafeMutableBufferPointer<String>) { self.base = base }
    }
}
