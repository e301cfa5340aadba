import Foundation
import WayfinderDirections
import WayfinderEngine
import WayfinderJSON
import WayfinderRouting

/// `wayfinder match --batch DIR`, or `--trace FILE` with a trace_id column: many traces
/// matched on every core, one line per trace in input order (`MatchOutput.csvLine`, or with
/// `--format json` the trace's id and its OSRM response as one object).
///
/// As every batch of the command line (`BatchReport`): every trace is read and checked
/// before the graph is opened; a bad one is answered with a BadInput line in its place (its
/// message on stderr) and the run ends with exit 10, or `--strict` refuses the input at the
/// first (exit 2). NoMatch is an answer, not an error: its line says so and the exit is 0.
///
/// The threads each hold one `EngineQueries` (a map matcher, a router and a directions
/// builder of their own, `Engine.withQueries`) for a round of traces, a contiguous slice
/// each, and each round's text is written before the next starts (`RouteBatch`'s scheme):
/// a trace takes milliseconds, so a round of a few per thread keeps the cores busy.
enum MatchBatch {
    /// Traces per thread in a round.
    static let tracesPerThread = 4

    /// One trace to answer: its request, or why it cannot be matched.
    struct Job {
        var id: String
        var request: Result<MatchRequest, BadRow>
    }

    /// Every `*.csv` and `*.gpx` file of `folder` (not its subfolders), sorted by name, each
    /// read as `--trace` reads a file: one trace named after the file, or its trace_ids.
    static func read(folder: String, maxPoints: Int) throws(CommandError) -> [TraceFile.Entry] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw .file("trace folder not found: \(folder)")
        }
        guard isFolder.boolValue else { throw .usage("--batch takes a folder of traces: for one file, --trace \(folder)") }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .file("cannot read the trace folder \(folder)")
        }
        let files = names.filter { $0.lowercased().hasSuffix(".csv") || $0.lowercased().hasSuffix(".gpx") }.sorted()
        guard !files.isEmpty else { throw .file("no *.csv or *.gpx file in \(folder)") }
        var entries: [TraceFile.Entry] = []
        for name in files {
            entries += try TraceFile.read(folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)", maxPoints: maxPoints).entries
        }
        return entries
    }

    static func run(_ entries: [TraceFile.Entry], path: String, args: Arguments, settings: MatchArguments, limits: EngineLimits,
                    console: Console) throws(CommandError) {
        guard settings.format != .geojson else {
            throw .usage("--format geojson is for one trace; a batch answers text (CSV, the default) or json (one object per trace)")
        }
        guard settings.legEnds == nil else { throw .usage("--waypoints is for one trace: a batch's traces have points of their own") }
        // Every trace read and checked before the graph is opened.
        let report = BatchReport(path: path, strict: args.has("strict"), console: console, items: "traces")
        var jobs: [Job] = []
        for entry in entries {
            var job = Job(id: entry.id, request: .failure(BadRow(line: 0, message: "")))
            switch entry.trace {
            case .failure(let bad): job.request = .failure(bad)
            case .success(let trace):
                let request = try settings.request(trace, path: path)
                do throws(EngineError) {
                    try request.validate(limits: limits)
                    job.request = .success(request)
                } catch {
                    job.request = .failure(BadRow(line: trace.lines.first ?? 0, message: "\(path) trace \(entry.id): \(error)"))
                }
            }
            switch job.request {
            case .success: report.good()
            case .failure(let bad): try report.badRow(bad)
            }
            jobs.append(job)
        }
        let engine = try MatchCommand.openEngine(args, limits: limits, console: console)
        let options = try engine.withQueries { (queries) throws(CommandError) -> ResponseOptions in
            let graph: RoutingGraph
            do throws(EngineError) { graph = try queries.routingGraph(settings.mode) } catch { throw MatchCommand.failure(error, path: path) }
            try ExcludeArgument.check(settings.excluding, graph)
            return try settings.options(for: graph)
        }
        if settings.format == .text { console.write(MatchOutput.batchHeader) }
        let work = Work(jobs: jobs, engine: engine, settings: settings, options: options)
        while let text = work.nextRound() { console.write(text) }
        try report.finish()
    }

    /// The jobs and the round being answered, shared with the threads of
    /// `concurrentPerform`: each reads the jobs and writes only its own slot of `parts`.
    private final class Work: @unchecked Sendable {
        let jobs: [Job]
        let engine: Engine
        let settings: MatchArguments
        let options: ResponseOptions
        let threads: Int
        private var parts: [String]
        private var next = 0

        init(jobs: [Job], engine: Engine, settings: MatchArguments, options: ResponseOptions) {
            self.jobs = jobs
            self.engine = engine
            self.settings = settings
            self.options = options
            threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, (jobs.count + tracesPerThread - 1) / tracesPerThread))
            parts = Array(repeating: "", count: threads)
        }

        /// The text of the next round of traces, in input order; nil after the last.
        func nextRound() -> String? {
            guard next < jobs.count else { return nil }
            let start = next, end = min(jobs.count, next + threads * tracesPerThread)
            next = end
            parts.withUnsafeMutableBufferPointer { parts in
                let slots = UncheckedSlots(parts)
                DispatchQueue.concurrentPerform(iterations: threads) { t in
                    let lo = min(end, start + t * tracesPerThread), hi = min(end, lo + tracesPerThread)
                    slots.base[t] = engine.withQueries { queries in
                        var text = ""
                        for i in lo..<hi { text += answer(jobs[i], queries) }
                        return text
                    }
                }
            }
            return parts.joined()
        }

        /// One trace's line.
        private func answer(_ job: Job, _ queries: EngineQueries) -> String {
            let json = settings.format == .json
            let request: MatchRequest
            switch job.request {
            case .failure(let bad):
                return json ? MatchOutput.jsonLine(id: job.id, response: bad.json) : MatchOutput.csvLine(id: job.id, code: "BadInput")
            case .success(let valid): request = valid
            }
            do throws(EngineError) {
                let answer = try request.answer(queries)
                guard !answer.matchings.isEmpty else { throw .noMatch(MatchOutput.noMatch.message) }
                let graph = try queries.routingGraph(settings.mode)
                guard json else { return MatchOutput.csvLine(id: job.id, answer, graph: graph, options: options) }
                let builder = queries.directionsBuilder(settings.mode) ?? DirectionsBuilder(graph: graph)
                return MatchOutput.jsonLine(id: job.id, response: MatchOutput.json(answer, builder: builder, options: options,
                                                                                   graph: graph))
            } catch {
                let osrm = MatchOutput.osrm(error) ?? OSRMError("InvalidValue", error.description)
                return json ? MatchOutput.jsonLine(id: job.id, response: MatchOutput.error(osrm))
                    : MatchOutput.csvLine(id: job.id, code: osrm.code)
            }
        }
    }

    /// A round's result slots, one per thread, crossing into `concurrentPerform`.
    private struct UncheckedSlots: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<String>
        init(_ base: UnsafeMutableBufferPointer<String>) { self.base = base }
    }
}
