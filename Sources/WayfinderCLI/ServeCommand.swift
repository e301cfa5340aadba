import Foundation
import Glibc
import WayfinderEngine
import WayfinderHTTPServer
import WayfinderService

/// `wayfinder serve --graph GRAPH`: the HTTP service until SIGTERM or SIGINT.
public enum ServeCommand {
    public static let help = HelpPage(
        usage: ["wayfinder serve GRAPH [--bind 127.0.0.1] [--port 5000] [--threads N] [--max-matching-size 10000] [--verify-before-serving]",
                "wayfinder serve --graph GRAPH [options]"],
        summary: """
        Answers HTTP requests from one graph file: OSRM v5 (/route/v1, /nearest/v1, /table/v1,
        /trip/v1, /match/v1), isochrones (/isochrone/v1 as the Mapbox Isochrone API; /isochrone
        as Valhalla's, its JSON POSTed or in ?json=),
        Nominatim (/search, /reverse, /lookup, /details, /status; formats json, jsonv2, geojson,
        geocodejson, xml), /category, /places, /health and /metrics (Prometheus);
        a map page at / (Leaflet from Debian's libjs-leaflet, roads of the view from /roads).
        Logs one line per request on stderr: method, path, status, microseconds.

        The graph is reloaded without dropping a request on SIGHUP and whenever another file
        is renamed over GRAPH (checked every second); a file that fails to load is logged and
        the old graph kept. SIGTERM or SIGINT: stop accepting, finish the requests in flight,
        exit 0.

        The graph is in service as soon as it is mapped and its header and table are checked;
        every section's checksum is verified in the background (a second or two for a
        country). Should one fail, that is logged, /health says "damaged" and every request
        but /metrics gets 503 until a sound file replaces it. Reloads verify before serving.
        """,
        options: """
          GRAPH, --graph GRAPH   graph file made by `wayfinder build` (required)
          --bind ADDRESS     IPv4 or IPv6 address to listen on (default 127.0.0.1: this machine only;
                             0.0.0.0 or :: every interface); a name such as localhost is not an address
          --port PORT        TCP port, 0 for any free one (default 5000)
          --threads N        request threads (default: one per core)
          --max-matching-size N
                             most points of one /match trace (default 10000, as osrm-routed's flag;
                             1...1000000); its URLs may be 100 bytes a point
          --verify-before-serving
                             verify every checksum before answering anything (reads the whole file)
        """,
        exitCodes: [(.ok, "stopped by SIGTERM or SIGINT"), HelpPage.internalError,
                    (.badInput, "bad arguments, --bind not an IPv4 or IPv6 address (checked before the graph is loaded)"),
                    (.fileError, "missing or corrupt graph file"),
                    (.cannotListen, "cannot listen on the address and port (in use, or not an address of this machine)")],
        examples: ["wayfinder serve monaco.wfg --port 5000",
                   "wayfinder serve --graph helsinki.wfg --bind 0.0.0.0 --port 8080 --threads 4"])

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: ["graph", "bind", "port", "threads", "max-matching-size"])
            try args.allowOnly(flags: ["verify-before-serving"])
            guard let graph = try GraphArgument.named(args, command: "serve") else {
                throw .usage("give the GRAPH to serve; see wayfinder serve --help")
            }
            var configuration = ServerConfiguration()
            if args.has("verify-before-serving") { configuration.checksums = .beforeService }
            configuration.bind = args["bind"] ?? configuration.bind
            guard isAddress(configuration.bind) else {
                throw .usage("--bind \(configuration.bind) is not an IPv4 or IPv6 address (e.g. 127.0.0.1, 0.0.0.0, ::1)")
            }
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
            if let text = args["max-matching-size"] {
                guard let points = Int(text), (1...1_000_000).contains(points) else {
                    throw .usage("--max-matching-size must be 1...1000000 points, got \"\(text)\"")
                }
                configuration.limits.maxMatchingSize = points
                configuration.limits.maxMatchURLBytes = max(configuration.limits.maxURLBytes, EngineLimits.matchURLBytes(points: points))
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

    /// Whether `text` is an IPv4 or IPv6 address, as the server binds it (no names).
    static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
