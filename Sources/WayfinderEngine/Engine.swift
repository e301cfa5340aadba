import Glibc
import Synchronization
import WayfinderGraph
import WayfinderRouting

/// One graph file in service and everything that answers from it: the limits every request
/// keeps to, the pool of per-thread query objects, and hot reload (a new file renamed over the
/// path is put in service while requests already running finish on the old one). The HTTP
/// server, the C library and anything else that keeps a graph open for many requests hold one.
/// Immutable apart from mutex-guarded state.
public final class Engine: Sendable {
    public let graphPath: String
    public let limits: EngineLimits
    let pool: QueryPool
    let log: (@Sendable (String) -> Void)?
    /// Held while a reload maps and verifies a file, so reloads never overlap. Holds the
    /// identity of the last file that failed to load, so a broken file is reported once,
    /// not every second.
    private let reloading = Mutex<FileIdentity?>(nil)
    /// Counts reloads that put a new file in service, and those that failed.
    public let reloads = Atomic<Int>(0)
    public let failedReloads = Atomic<Int>(0)

    /// Maps and opens `graphPath`, verifying its checksums as `checksums` says: the server in
    /// the background, the C library's `wf_open(path, verify)` before or never. A damaged
    /// section found in the background is logged.
    public init(graphPath: String, limits: EngineLimits = EngineLimits(), log: (@Sendable (String) -> Void)? = nil,
                checksums: ChecksumTiming = .beforeService) throws(GraphFileError) {
        self.graphPath = graphPath
        self.limits = limits
        self.log = log
        pool = QueryPool(graph: try ServedGraph(path: graphPath, generation: 1, checksums: checksums) { error in
            log?("\(error); every request is refused until a sound file is renamed over \(graphPath) or SIGHUP reloads it")
        })
    }

    /// The graph new requests are answered from.
    public var graph: ServedGraph { pool.graph }

    /// Runs `body` with query objects of the graph in service, reserved for this call (a
    /// request, or one call of the C library); `start` is when the request began, for its
    /// time limit.
    public func withQueries<T, E: Error>(start: UInt64 = monotonicNanoseconds(),
                                         _ body: (EngineQueries) throws(E) -> T) throws(E) -> T {
        let queries = pool.take(limits: limits)
        queries.requestStart = start
        defer { pool.giveBack(queries) }
        return try body(queries)
    }

    // MARK: Reloading

    /// Maps and verifies the file at `graphPath` and puts it in service. Requests already
    /// running finish on the old graph; it is unmapped when the last of them is done. A
    /// file that fails to open is logged and the old graph stays.
    @discardableResult
    public func reload(reason: String) -> Bool {
        reloading.withLock { lastFailure in
            let identity = FileIdentity(path: graphPath)
            let generation = pool.graph.generation + 1
            do throws(GraphFileError) {
                let graph = try ServedGraph(path: graphPath, generation: generation)
                _ = pool.replace(with: graph)
                lastFailure = nil
                reloads.wrappingAdd(1, ordering: .relaxed)
                log?("reloaded \(graphPath) (\(reason)): generation \(generation), version \(graph.version)")
                return true
            } catch {
                lastFailure = identity
                failedReloads.wrappingAdd(1, ordering: .relaxed)
                log?("reload of \(graphPath) (\(reason)) failed, still serving generation \(generation - 1): \(error)")
                return false
            }
        }
    }

    /// Reloads when another file now stands at the path (the nightly job renames a new one
    /// over it) and it is not one that already failed.
    public func reloadIfReplaced() {
        guard let now = FileIdentity(path: graphPath), now != pool.graph.identity else { return }
        guard reloading.withLock({ $0 != now }) else { return }
        reload(reason: "file replaced")
    }
}

/// The query objects waiting for a request and the graph new ones are made for. Taking one
/// and giving it back is a short critical section; a reload swaps the graph and drops the
/// idle ones, so the old graph is released when the last busy one comes back.
final class QueryPool: Sendable {
    private struct State {
        var graph: ServedGraph
        var idle: [EngineQueries] = []
    }

    private let state: Mutex<State>

    init(graph: ServedGraph) { state = Mutex(State(graph: graph)) }

    var graph: ServedGraph { state.withLock { $0.graph } }

    func take(limits: EngineLimits) -> EngineQueries {
        let (queries, graph) = state.withLock { state -> (EngineQueries?, ServedGraph) in
            (state.idle.popLast(), state.graph)
        }
        return queries ?? EngineQueries(graph: graph, limits: limits)
    }

    /// Keeps `queries` for the next request unless they belong to a graph no longer served.
    func giveBack(_ queries: EngineQueries) {
        state.withLock { state in
            if queries.graph === state.graph { state.idle.append(queries) }
        }
    }

    /// Puts `graph` in service; returns the one it replaces.
    func replace(with graph: ServedGraph) -> ServedGraph {
        let dropped = state.withLock { state -> (ServedGraph, [EngineQueries]) in
            defer {
                state.graph = graph
                state.idle = []
            }
            return (state.graph, state.idle)
        }
        return dropped.0  // the dropped query objects are released here, outside the lock
    }
}
