import CMicroHTTPD
import Glibc
import WayfinderEngine
import WayfinderRouting

/// Accepts connections on the listening socket and gives each to one of two libmicrohttpd
/// daemons by the first bytes of its first request: a `GET`/`HEAD /match/…` to the daemon
/// whose connections can hold a trace's URL (`EngineLimits.maxMatchURLBytes`), every other
/// to the daemon sized for the other services' URLs (`maxURLBytes`).
///
/// Why two: a connection's memory pool must hold the request line, and libmicrohttpd 0.9.75
/// zeroes the whole pool after every request of a kept-alive connection (`MHD_pool_reset`).
/// One daemon sized for /match's several hundred kilobytes cost every /route a memset of
/// megabytes (measured: a sixth of /match's CPU; /route's CPU per request up by half).
/// A connection opened for another service keeps its small pool: a trace URL longer than that
/// pool holds, sent on it, is refused with 414 (`ServiceState`'s limit, or libmicrohttpd's own
/// answer past its pool); sent on a new connection, it is served.
final class ConnectionDispatch: @unchecked Sendable {
    private let listenSocket: Int32
    private let small: OpaquePointer
    private let large: OpaquePointer
    /// A pipe whose write end stops the thread.
    private let wake: (read: Int32, write: Int32)
    /// Seconds a connection may stay silent before its first request (the daemons' timeout).
    private let timeout: Double
    private var thread = pthread_t()

    /// A connection accepted but not yet given to a daemon: its first bytes have not come.
    private struct Waiting {
        var socket: Int32
        var address: sockaddr_storage
        var length: socklen_t
        var since: UInt64
    }

    init(listenSocket: Int32, small: OpaquePointer, large: OpaquePointer, timeout: Double) {
        self.listenSocket = listenSocket
        self.small = small
        self.large = large
        self.timeout = timeout
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        wake = (ends[0], ends[1])
        _ = fcntl(listenSocket, F_SETFL, fcntl(listenSocket, F_GETFL) | O_NONBLOCK)
        let me = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let dispatch = Unmanaged<ConnectionDispatch>.fromOpaque(context!).takeRetainedValue()
            dispatch.run()
            return nil
        }, me)
    }

    /// Stops accepting; connections already given to a daemon are the daemons' to finish.
    func stop() {
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
        pthread_join(thread, nil)
        close(wake.read)
        close(wake.write)
    }

    /// The daemon for a connection whose first bytes are `bytes`: the large one for /match,
    /// nil while the bytes so far could still begin either.
    static func wantsLargePool(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        for prefix in ["GET /match/", "HEAD /match/"] {
            let pattern = Array(prefix.utf8)
            if bytes.count >= pattern.count {
                if bytes.prefix(pattern.count).elementsEqual(pattern) { return true }
            } else if !bytes.isEmpty && pattern.starts(with: bytes) {
                return nil
            }
        }
        return bytes.isEmpty ? nil : false
    }

    private func run() {
        var waiting: [Waiting] = []
        var peeked = [UInt8](repeating: 0, count: 16)
        var napping = false
        while true {
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listenSocket, events: Int16(POLLIN), revents: 0)]
            fds += waiting.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 500)
            if fds[0].revents != 0 {
                for w in waiting { close(w.socket) }
                return
            }
            // First the connections that have spoken (indices shift as they leave).
            let now = monotonicNanoseconds()
            var still: [Waiting] = []
            for (k, var w) in waiting.enumerated() {
                let ready = fds[k + 2].revents != 0
                if !ready {
                    if Double(now - w.since) / 1e9 > timeout { close(w.socket) } else { still.append(w) }
                    continue
                }
                let n = peeked.withUnsafeMutableBytes { recv(w.socket, $0.baseAddress, 16, Int32(MSG_PEEK | MSG_DONTWAIT)) }
                if n <= 0 && !(n < 0 && (errno == EAGAIN || errno == EINTR)) {
                    close(w.socket)  // closed before a request, or broken
                    continue
                }
                var decided = n > 0 ? peeked.withUnsafeBytes { Self.wantsLargePool(UnsafeRawBufferPointer(rebasing: $0[0..<n])) } : nil
                // A request line trickling in byte by byte goes to the small pool after a
                // second (libmicrohttpd's timeout then deals with it); until then, a short
                // nap instead of polling a socket that stays readable.
                if decided == nil && n > 0 {
                    if Double(now - w.since) / 1e9 > 1 { decided = false } else { napping = true }
                }
                guard let large = decided else { still.append(w); continue }
                // libmicrohttpd closes the socket itself if it cannot take it.
                _ = withUnsafePointer(to: &w.address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(large ? self.large : self.small, w.socket, $0, w.length) }
                }
            }
            waiting = still
            if napping {
                napping = false
                usleep(1000)
            }
            if fds[1].revents != 0 {
                while true {
                    var address = sockaddr_storage(), length = socklen_t(MemoryLayout<sockaddr_storage>.size)
                    let socket = withUnsafeMutablePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenSocket, $0, &length) }
                    }
                    if socket < 0 { break }
                    _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
                    waiting.append(Waiting(socket: socket, address: address, length: length, since: now))
                }
            }
        }
    }
}
