import CMicroHTTPD
import Foundation
import Glibc
import Synchronization
import WayfinderEngine
import WayfinderGraph
import WayfinderOSRM
import WayfinderRouting
import WayfinderService

/// How to run a server.
public struct ServerConfiguration: Sendable {
    /// IPv4 or IPv6 address to listen on; loopback unless told otherwise.
    public var bind = "127.0.0.1"
    /// 0 picks a free port (see `Server.port`).
    public var port: UInt16 = 5000
    /// Request threads (libmicrohttpd's thread pool, one epoll loop each).
    public var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var limits = EngineLimits()
    public var endpoints = EndpointTable.standard
    /// Seconds between checks whether the graph file was replaced; 0 turns watching off.
    public var watchInterval = 1.0
    /// Gets one line per request and per reload; nil logs nothing.
    public var log: (@Sendable (String) -> Void)? = Server.standardError
    /// When the first graph's checksums are verified: in the background by default, so that a
    /// large file is in service within milliseconds (`ChecksumTiming`). Reloads verify first.
    public var checksums = ChecksumTiming.inBackground

    public init() {}
}

public enum ServerError: Error, CustomStringConvertible, Equatable {
    case graph(GraphFileError)
    case listen(String)
    case start(String)

    public var description: String {
        switch self {
        case .graph(let error): error.description
        case .listen(let reason): "cannot listen: \(reason)"
        case .start(let reason): "cannot start the HTTP server: \(reason)"
        }
    }
}

/// The HTTP service: libmicrohttpd's thread pool calls `ServiceState.answer` for each
/// request; a watcher thread reloads the graph when its file is replaced.
public final class Server: Sendable {
    public let state: ServiceState
    public let configuration: ServerConfiguration
    /// The port actually listened on (the free one picked when asked for port 0).
    public let port: UInt16
    private let listenSocket: Int32
    /// The daemons answering requests (small pools, large pools); empty once stopped.
    private let daemons: Mutex<[OpaquePointer]>
    private let dispatch: ConnectionDispatch
    private let watcher: GraphWatcher?

    /// Maps the graph, binds the socket and starts answering.
    public init(graphPath: String, configuration: ServerConfiguration = ServerConfiguration()) throws(ServerError) {
        self.configuration = configuration
        do throws(GraphFileError) {
            state = try ServiceState(graphPath: graphPath, limits: configuration.limits,
                                    endpoints: configuration.endpoints, log: configuration.log,
                                    checksums: configuration.checksums)
        } catch {
            throw .graph(error)
        }
        (listenSocket, port) = try Self.listen(address: configuration.bind, port: configuration.port)
        let limits = configuration.limits
        // Two daemons, one for /match's long URLs (ConnectionDispatch says why). Each pool has
        // room for the request line and headers: URLs past the limits still arrive whole, so
        // that they get our 414 instead of a dropped connection.
        let small = Self.startDaemon(state, configuration, memory: 4 * limits.maxURLBytes + 16384)
        let large = Self.startDaemon(state, configuration, memory: 4 * max(limits.maxURLBytes, limits.maxMatchURLBytes) + 16384)
        guard let small, let large else {
            for started in [small, large] { if let started { MHD_stop_daemon(started) } }
            close(listenSocket)
            throw .start("MHD_start_daemon failed (threads \(configuration.threads))")
        }
        dispatch = ConnectionDispatch(listenSocket: listenSocket, small: small, large: large,
                                      timeout: Double(limits.connectionTimeout))
        daemons = Mutex([small, large])
        watcher = configuration.watchInterval > 0 ? GraphWatcher(state: state, interval: configuration.watchInterval) : nil
        configuration.log?("serving \(graphPath) (graph version \(state.graph.version)) on http://\(configuration.bind):\(port) with \(configuration.threads) threads")
    }

    /// Stops accepting connections, lets the requests in flight finish (up to `grace`
    /// seconds), then stops the threads. Safe to call twice.
    public func stop(grace: Double = 10) {
        let running = daemons.withLock { daemons -> [OpaquePointer] in defer { daemons = [] }; return daemons }
        guard !running.isEmpty else { return }
        watcher?.stop()
        dispatch.stop()
        for daemon in running { _ = MHD_quiesce_daemon(daemon) }
        let deadline = monotonicNanoseconds() + UInt64(grace * 1e9)
        while state.inFlight.load(ordering: .acquiring) > 0 && monotonicNanoseconds() < deadline {
            usleep(1000)
        }
        for daemon in running { MHD_stop_daemon(daemon) }
        close(listenSocket)
        for _ in running { Unmanaged.passUnretained(state).release() }  // each daemon's reference, taken at its start
        configuration.log?("stopped")
    }

    /// A libmicrohttpd daemon over `state` without a listening socket of its own (the
    /// dispatch hands it connections), its connections' pools `memory` bytes; nil if it
    /// would not start.
    private static func startDaemon(_ state: ServiceState, _ configuration: ServerConfiguration, memory: Int) -> OpaquePointer? {
        let flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_TURBO.rawValue
            | MHD_USE_NO_LISTEN_SOCKET.rawValue
        let context = Unmanaged.passRetained(state).toOpaque()
        let options: [CVarArg] = [
            MHD_OPTION.THREAD_POOL_SIZE.rawValue, UInt32(max(1, configuration.threads)),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(configuration.limits.connectionTimeout),
            MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue, memory,
            MHD_OPTION.UNESCAPE_CALLBACK.rawValue, unsafeBitCast(keepEscapes, to: OpaquePointer.self), OpaquePointer(context),
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, unsafeBitCast(requestCompleted, to: OpaquePointer.self), OpaquePointer(context),
            MHD_OPTION.END.rawValue,
        ]
        let started: OpaquePointer? = withVaList(options) { arguments in
            MHD_start_daemon_va(flags, 0, nil, nil, accessHandler, context, arguments)
        }
        if started == nil { Unmanaged<ServiceState>.fromOpaque(context).release() }
        return started
    }

    deinit { stop() }

    /// What SIGHUP does: map the file at the graph path again and switch to it.
    @discardableResult
    public func reload() -> Bool { state.reload(reason: "SIGHUP") }

    /// Writes a line to standard error in one `write`, so lines from threads never interleave.
    public static let standardError: @Sendable (String) -> Void = { line in
        var line = line + "\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }

    /// A listening TCP socket on `address:port` (port 0: a free one) and the port it got.
    private static func listen(address: String, port: UInt16) throws(ServerError) -> (Int32, UInt16) {
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let isV6: Bool
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            isV6 = false
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            isV6 = true
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        } else {
            throw .listen("--bind \(address) is not an IPv4 or IPv6 address")
        }
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .listen(String(cString: strerror(errno))) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = isV6
            ? withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            : withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, Glibc.listen(fd, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .listen("\(address):\(port): \(reason)")
        }
        var actual = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        // sin_port and sin6_port sit at the same offset.
        return (fd, UInt16(bigEndian: actual.sin6_port))
    }
}

// MARK: libmicrohttpd callbacks (C functions: they capture nothing; the state comes as `cls`)

/// Leaves escapes as they are: `HTTPRequest` decodes path and query itself, so that a
/// malformed escape is an error instead of being passed on silently.
private let keepEscapes: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
    text.map { strlen($0) } ?? 0
}

private let requestCompleted: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_RequestTerminationCode) -> Void = { cls, _, requestContext, _ in
    guard let cls, let requestContext, let seen = requestContext.pointee else { return }
    // A body being collected (answered, or the client gone mid-upload) is freed here.
    if seen != seenRequest { Unmanaged<UploadedBody>.fromOpaque(seen).release() }
    requestContext.pointee = nil
    Unmanaged<ServiceState>.fromOpaque(cls).takeUnretainedValue().inFlight.wrappingSubtract(1, ordering: .releasing)
}

/// Marks a request the access handler has seen, for `requestCompleted`.
private var seenRequest: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

/// The body of a POST to an endpoint that takes one (`Endpoint.bodyLimit`), collected over
/// libmicrohttpd's calls of the access handler (it hands the body over in pieces as they
/// arrive); the request's context pointer holds it until `requestCompleted` frees it.
private final class UploadedBody {
    let limit: Int
    /// At most `limit + 1` bytes: one byte past the limit is enough to refuse the body.
    private(set) var bytes: [UInt8] = []
    /// Bytes sent past that and dropped.
    private(set) var dropped = 0

    init(limit: Int) { self.limit = limit }

    /// Keeps what fits; false once a client has sent so far past the limit (16 times it, a
    /// chunked upload with no declared length) that its connection is better closed than read.
    func take(_ piece: UnsafeRawBufferPointer) -> Bool {
        let kept = min(piece.count, limit + 1 - bytes.count)
        bytes += piece.prefix(kept)
        dropped += piece.count - kept
        return dropped <= 16 * limit
    }
}

/// Collects the raw query parameters of a request.
private final class ParameterCollector {
    var parameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] = []
}

private let collectParameter: @convention(c) (UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> MHD_Result = { cls, _, key, value in
    let collector = Unmanaged<ParameterCollector>.fromOpaque(cls!).takeUnretainedValue()
    func bytes(_ text: UnsafePointer<CChar>?) -> UnsafeRawBufferPointer {
        text.map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }
    collector.parameters.append((bytes(key), bytes(value)))
    return MHD_Result.YES
}

/// Called once when a request's headers are in, and again when its (empty) body is: a
/// GET or HEAD is answered on the second call, since a response queued on the first makes
/// libmicrohttpd close the connection (it cannot know yet that no body follows).
///
/// A POST to an endpoint that takes a body (`ServiceState.bodyLimit`): the first call keeps an
/// `UploadedBody` as the request's context, each further call with upload data adds its piece
/// to it (all of it taken, `uploadSize` set to 0), and the last call, with none, answers with
/// the body. One whose declared `Content-Length` is past the limit is refused at once (413)
/// without reading it. Anything else is refused on the first call, and that connection is
/// closed.
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let cls, let connection, let url, let method, let requestContext else { return MHD_Result.NO }
    let start = monotonicNanoseconds()
    let state = Unmanaged<ServiceState>.fromOpaque(cls).takeUnretainedValue()
    let rawPath = UnsafeRawBufferPointer(start: url, count: strlen(url))
    let contentLength = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length")
    let hasBody = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Transfer-Encoding") != nil
        || (contentLength.map { strcmp($0, "0") != 0 } ?? false)
    var body: [UInt8]?
    if requestContext.pointee == nil {
        state.inFlight.wrappingAdd(1, ordering: .relaxed)
        if strcmp(method, "POST") == 0, let limit = state.bodyLimit(rawPath: rawPath),
           !(contentLength.flatMap { Int(String(cString: $0)) }.map { $0 > limit } ?? false) {
            requestContext.pointee = Unmanaged.passRetained(UploadedBody(limit: limit)).toOpaque()
            return MHD_Result.YES
        }
        requestContext.pointee = seenRequest
        if !hasBody && (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0) { return MHD_Result.YES }
    } else if requestContext.pointee != seenRequest {
        let upload = Unmanaged<UploadedBody>.fromOpaque(requestContext.pointee!).takeUnretainedValue()
        if let uploadSize, uploadSize.pointee != 0 {
            let piece = UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
            uploadSize.pointee = 0
            return upload.take(piece) ? MHD_Result.YES : MHD_Result.NO
        }
        body = upload.bytes
    } else if let uploadSize, uploadSize.pointee != 0 {
        uploadSize.pointee = 0  // a body we already refused: discard it
        return MHD_Result.YES
    }
    let collector = ParameterCollector()
    _ = MHD_get_connection_values(connection, MHD_ValueKind.GET_ARGUMENT_KIND, collectParameter,
                                  Unmanaged.passUnretained(collector).toOpaque())
    let methodText = String(cString: method)
    let acceptLanguage = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Accept-Language").map { String(cString: $0) }
    var status = 500
    var queued = MHD_Result.NO
    let endpoint = withExtendedLifetime(collector) {
        state.answer(method: methodText, rawPath: rawPath, rawParameters: collector.parameters,
                     hasBody: hasBody, body: body, start: start, acceptLanguage: acceptLanguage) { response in
            status = response.status
            queued = queue(response, on: connection)
        }
    }
    state.finish(endpoint: endpoint, method: methodText, rawPath: rawPath, status: status, start: start)
    return queued
}

/// Hands a response to libmicrohttpd (which copies the body) and queues it.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let created = response.body.withUnsafeBytes {
        MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
    }
    guard let created else { return MHD_Result.NO }
    defer { MHD_destroy_response(created) }
    _ = MHD_add_response_header(created, "Content-Type", response.contentType)
    _ = MHD_add_response_header(created, "Access-Control-Allow-Origin", "*")
    for header in response.headers { _ = MHD_add_response_header(created, header.name, header.value) }
    return MHD_queue_response(connection, UInt32(response.status), created)
}
