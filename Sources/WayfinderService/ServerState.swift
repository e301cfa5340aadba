import Foundation
import Glibc
import Synchronization
import WayfinderGraph
import WayfinderRouting

/// What every request thread shares: the endpoint table, the limits, the counters, the
/// pool of request contexts with the graph in service, and the reload logic. Immutable
/// apart from atomics and mutex-guarded state.
public final class ServerState: Sendable {
    public let graphPath: String
    public let limits: ServerLimits
    public let endpoints: EndpointTable
    public let metrics: Metrics
    let pool: ContextPool
    let log: (@Sendable (String) -> Void)?
    /// Held while a reload maps and verifies a file, so reloads never overlap. Holds the
    /// identity of the last file that failed to load, so a broken file is reported once,
    /// not every second.
    private let reloading = Mutex<FileIdentity?>(nil)
    /// Requests whose answer is not yet sent (for a graceful stop).
    public let inFlight = Atomic<Int>(0)

    /// `verifyChecksums: false` skips the full checksum pass at open (the C library's
    /// `wf_open(path, verify: 0)`); the server always verifies.
    public init(graphPath: String, limits: ServerLimits, endpoints: EndpointTable,
                log: (@Sendable (String) -> Void)?, verifyChecksums: Bool = true) throws(GraphFileError) {
        self.graphPath = graphPath
        self.limits = limits
        self.endpoints = endpoints
        self.log = log
        metrics = Metrics(endpoints: endpoints.endpoints.map(\.name))
        pool = ContextPool(graph: try ServedGraph(path: graphPath, generation: 1, verifyChecksums: verifyChecksums))
    }

    /// The graph new requests are answered from.
    public var graph: ServedGraph { pool.graph }

    // MARK: Answering

    /// Answers one request: method and size checks, URL decoding, the endpoint's handler.
    /// `deliver` gets the response while the context that wrote it is still reserved (the
    /// body may live in the context's buffer); returns the endpoint index for the metrics.
    public func answer(method: String, rawPath: UnsafeRawBufferPointer,
                rawParameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)],
                hasBody: Bool, start: UInt64, acceptLanguage: String? = nil, deliver: (HTTPResponse) -> Void) -> Int {
        if method == "OPTIONS" {  // a browser's CORS preflight: anyone may GET
            deliver(.preflight)
            return metrics.unmatched
        }
        guard method == "GET" || method == "HEAD" else {
            var refused = HTTPResponse.error("MethodNotAllowed", "only GET and HEAD are served", status: 405)
            refused.headers = [("Allow", "GET, HEAD, OPTIONS")]
            deliver(refused)
            return metrics.unmatched
        }
        guard !hasBody else {
            deliver(.error("InvalidUrl", "requests carry no body here", status: 413))
            return metrics.unmatched
        }
        let length = rawPath.count + rawParameters.reduce(0) { $0 + $1.name.count + $1.value.count + 2 }
        guard length <= limits.maxURLBytes else {
            deliver(.error("InvalidUrl", "URL longer than \(limits.maxURLBytes) bytes", status: 414))
            return metrics.unmatched
        }
        var request: HTTPRequest
        do throws(MalformedURL) {
            request = try HTTPRequest(method: method, rawPath: rawPath, rawParameters: rawParameters)
            request.acceptLanguage = acceptLanguage
        } catch {
            deliver(.error("InvalidUrl", "URL string malformed: \(error.reason)"))
            return metrics.unmatched
        }
        guard let index = endpoints.endpoint(for: request.path) else {
            deliver(OSRMEndpoints.unknownService(request.path)
                    ?? .error("NotFound", "no endpoint at this path; see /health", status: 404))
            return metrics.unmatched
        }
        let context = pool.take(server: self)
        context.requestStart = start
        deliver(endpoints.endpoints[index].handler(request, context))
        pool.giveBack(context)
        return index
    }

    /// Counts the answer and writes its log line: method, path, status, microseconds.
    public func finish(endpoint: Int, method: String, rawPath: UnsafeRawBufferPointer, status: Int, start: UInt64) {
        let microseconds = Int((monotonicNanoseconds() - start) / 1000)
        metrics.record(endpoint: endpoint, status: status, microseconds: microseconds)
        guard let log else { return }
        var line = printable(method)
        line += " "
        line += printable(rawPath)
        line += " \(status) \(microseconds)us"
        log(line)
    }

    /// Runs `body` with a request context of the graph in service, reserved for this call
    /// (the C library's calls take one per call, as a request does).
    public func withContext<T, E: Error>(_ body: (RequestContext) throws(E) -> T) throws(E) -> T {
        let context = pool.take(server: self)
        context.requestStart = monotonicNanoseconds()
        defer { pool.giveBack(context) }
        return try body(context)
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
                metrics.reloads.wrappingAdd(1, ordering: .relaxed)
                log?("reloaded \(graphPath) (\(reason)): generation \(generation), version \(graph.version)")
                return true
            } catch {
                lastFailure = identity
                metrics.failedReloads.wrappingAdd(1, ordering: .relaxed)
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

/// Bytes as log text: printable ASCII kept, anything else as `?`, at most 512 bytes.
func printable(_ bytes: UnsafeRawBufferPointer) -> String {
    let kept = bytes.prefix(512)
    let text = kept.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) ? String(decoding: kept, as: UTF8.self)
        : String(decoding: kept.map { $0 >= 0x20 && $0 < 0x7f ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    return bytes.count > 512 ? text + "..." : text
}

func printable(_ text: String) -> String {
    var text = text
    return text.withUTF8 { printable(UnsafeRawBufferPointer($0)) }
}
