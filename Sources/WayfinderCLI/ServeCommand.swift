import Foundation
import Glibc
import WayfinderServer
import WayfinderService

/// `wayfinder serve --graph GRAPH`: the HTTP service until SIGTERM or SIGINT.
public enum ServeCommand {
    public static let help = """
    usage: wayfinder serve --graph GRAPH [--bind 127.0.0.1] [--port 5000] [--threads N]

    Answers HTTP requests from one graph file: OSRM v5 (/route/v1, /nearest/v1, /table/v1),
    Nominatim (/search, /reverse, /lookup, /details, /status; formats json, jsonv2, geojson,
    geocodejson, xml), /category, /places, /health and /metrics (Prometheus);
    a map page at / (Leaflet from Debian's libjs-leaflet, roads of the view from /roads).
    Logs one line per request on stderr: method, path, status, microseconds.

    The graph is reloaded without dropping a request on SIGHUP and whenever another file
    is renamed over GRAPH (checked every second); a file that fails to load is logged and
    the old graph kept. SIGTERM or SIGINT: stop accepting, finish the requests in flight,
    exit 0.

      --graph GRAPH      graph file made by `wayfinder build` (required)
      --bind ADDRESS     IPv4 or IPv6 address to listen on (default 127.0.0.1: this machine only)
      --port PORT        TCP port, 0 for any free one (default 5000)
      --threads N        request threads (default: one per core)

    exit codes: 0 stopped by a signal, 2 bad arguments, 3 missing or corrupt graph file,
    9 cannot listen on the address and port.

    """

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["graph", "bind", "port", "threads"])
            try args.allowOnly(flags: [])
            if args.has("help") {
                console.write(help)
                return
            }
            guard let graph = args["graph"], args.positional.isEmpty else {
                throw .usage("--graph GRAPH is required; see wayfinder serve --help")
            }
            var configuration = ServerConfiguration()
            configuration.bind = args["bind"] ?? configuration.bind
            if let text = args["port"] {
                guard let port = UInt16(text) else { throw .usage("--port must be 0...65535, got \"\(text)\"") }
                configuration.port = port
            }
            if let text = args["threads"] {
                guard let threads = Int(text), (1...256).contains(threads) else {
                    throw .usage("--threads must be 1...256, got \"\(text)\"")
                }
                configuration.threads = threads
            }
            // Signals go to the sigwait loop below, not to handlers: the request threads
            // libmicrohttpd starts inherit this mask.
            var signals = sigset_t()
            sigemptyset(&signals)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &signals, &previous)
            let server: Server
            do throws(ServerError) {
                server = try Server(graphPath: graph, configuration: configuration)
            } catch {
                pthread_sigmask(SIG_SETMASK, &previous, nil)
                if case .graph(let graphError) = error { throw CommandError(graphError) }
                throw .cannotListen(error.description)
            }
            while true {
                var received: Int32 = 0
                guard sigwait(&signals, &received) == 0 else { continue }
                if received == SIGHUP {
                    server.reload()
                } else {
                    server.stop()
                    return
                }
            }
        }
    }
}
