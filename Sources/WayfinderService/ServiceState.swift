import Foundation
import Glibc
import Synchronization
import WayfinderEngine
import WayfinderGraph
import WayfinderOSRM
import WayfinderRouting

/// What the HTTP server's request threads share: the engine (the graph in service, its query
/// objects and reloads), the endpoint table and the counters. Immutable apart from atomics.
public final class ServiceState: Sendable {
    public let engine: Engine
    public let endpoints: EndpointTable
    public let metrics: Metrics
    let log: (@Sendable (String) -> Void)?
    /// Requests whose answer is not yet sent (for a graceful stop).
    public let inFlight = Atomic<Int>(0)

    public init(graphPath: String, limits: EngineLimits, endpoints: EndpointTable,
                log: (@Sendable (String) -> Void)?, checksums: ChecksumTiming = .beforeService) throws(GraphFileError) {
        self.endpoints = endpoints
        self.log = log
        metrics = Metrics(endpoints: endpoints.endpoints.map(\.name))
        engine = try Engine(graphPath: graphPath, limits: limits, log: log, checksums: checksums)
    }

    public var graphPath: String { engine.graphPath }
    public var limits: EngineLimits { engine.limits }
    /// The graph new requests are answered from.
    public var graph: ServedGraph { engine.graph }

    // MARK: Answering

    /// Answers one request: method and size checks, URL decoding, the endpoint's handler.
    /// `deliver` gets the response while the context that wrote it is still reserved (the
    /// body may live in the context's buffer); returns the endpoint index for the metrics.
    ///
    /// `hasBody`: the request declared a body. `body`: the bytes of a POST to an endpoint that
    /// takes one (`Endpoint.bodyLimit`), as the server collected them; nil for every other
    /// request, and for such a POST whose declared length is past the limit (the server did
    /// not read it). GET and HEAD carry no body; POST reaches only the endpoints that take one.
    public func answer(method: String, rawPath: UnsafeRawBufferPointer,
                rawParameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)],
                hasBody: Bool, body: [UInt8]? = nil, start: UInt64, acceptLanguage: String? = nil,
                deliver: (HTTPResponse) -> Void) -> Int {
        let reads = method == "GET" || method == "HEAD"
        // Looked up only for the other methods: GETs find their endpoint once, below.
        let bodyLimit = reads ? nil : bodyLimit(rawPath: rawPath)
        if method == "OPTIONS" {  // a browser's CORS preflight: anyone may GET (and POST where a body is taken)
            deliver(.preflight(takesBody: bodyLimit != nil))
            return metrics.unmatched
        }
        guard reads || (method == "POST" && bodyLimit != nil) else {
            let allowed = bodyLimit == nil ? "GET, HEAD, OPTIONS" : "GET, HEAD, POST, OPTIONS"
            var refused = HTTPResponse.error("MethodNotAllowed", bodyLimit == nil ? "only GET and HEAD are served"
                                             : "only GET, HEAD and POST are served here", status: 405)
            refused.headers = [("Allow", allowed)]
            deliver(refused)
            return metrics.unmatched
        }
        if method == "POST", let bodyLimit {
            guard let body, body.count <= bodyLimit else {
                deliver(.error("InvalidUrl", "a request body may have at most \(bodyLimit) bytes", status: 413))
                return metrics.unmatched
            }
        } else if hasBody {
            deliver(.error("InvalidUrl", "requests carry no body here", status: 413))
            return metrics.unmatched
        }
        let length = rawPath.count + rawParameters.reduce(0) { $0 + $1.name.count + $1.value.count + 2 }
        let maxBytes = limits.maxURLBytes(path: rawPath)
        guard length <= maxBytes else {
            deliver(.error("InvalidUrl", "URL longer than \(maxBytes) bytes", status: 414))
            return metrics.unmatched
        }
        var request: HTTPRequest
        do throws(MalformedURL) {
            request = try HTTPRequest(method: method, rawPath: rawPath, rawParameters: rawParameters)
            request.acceptLanguage = acceptLanguage
            request.body = method == "POST" ? body : nil
        } catch {
            deliver(.error("InvalidUrl", "URL string malformed: \(error.reason)"))
            return metrics.unmatched
        }
        guard let index = endpoints.endpoint(for: request.path) else {
            deliver(OSRMEndpoints.unknownService(request.path)
                    ?? .error("NotFound", "no endpoint at this path; see /health", status: 404))
            return metrics.unmatched
        }
        engine.withQueries(start: start) { queries in
            // A graph whose checksums failed after it went into service answers nothing but
            // its metrics: a damaged section would give wrong routes, not errors.
            if let damage = queries.graph.integrity.damage, endpoints.endpoints[index].name != "metrics" {
                deliver(.error("GraphDamaged", "\(damage); a sound graph file must be put in its place", status: 503))
            } else {
                deliver(endpoints.endpoints[index].handler(request, RequestContext(queries: queries, server: self)))
            }
        }
        return index
    }

    /// The most bytes a POST to the endpoint at `rawPath` may carry; nil when that endpoint
    /// takes no body (or there is none). The raw path is compared as it came: the paths that
    /// take a body (`/isochrone`) need no escapes, and a client that escapes them anyway gets
    /// the 405 of a GET-only path.
    public func bodyLimit(rawPath: UnsafeRawBufferPointer) -> Int? {
        guard let index = endpoints.endpoint(for: String(decoding: rawPath, as: UTF8.self)) else { return nil }
        return endpoints.endpoints[index].bodyLimit
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

    // MARK: Reloading (the engine's)

    @discardableResult
    public func reload(reason: String) -> Bool { engine.reload(reason: reason) }

    public func reloadIfReplaced() { engine.reloadIfReplaced() }
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
