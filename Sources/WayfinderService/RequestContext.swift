import Glibc
import Synchronization
import WayfinderDirections
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// Everything one request needs, made once and reused by request after request: the graph
/// it answers from, a `Router` and a `DirectionsBuilder` per mode (created on first use),
/// and a JSON buffer. A context serves one request at a time (the pool hands it out
/// exclusively), which is what makes the unchecked `Sendable` sound.
public final class RequestContext: @unchecked Sendable {
    public let graph: ServedGraph
    /// Limits every endpoint enforces.
    public let limits: ServerLimits
    /// The server's counters and graph slot, for `/health`, `/metrics` and reloads.
    public let server: ServerState
    private var routers: [Router?]
    private var builders: [DirectionsBuilder?]
    private var roadFinders: [RoadsInBox?]
    private var tables: [TableQuery?]
    private var tiles: TileMaker?
    private var buffer = JSONBuffer(capacity: 64 * 1024)
    /// Monotonic nanoseconds when the current request started.
    public var requestStart: UInt64 = 0

    init(graph: ServedGraph, server: ServerState) {
        self.graph = graph
        self.server = server
        limits = server.limits
        routers = Array(repeating: nil, count: TravelMode.allCases.count)
        builders = Array(repeating: nil, count: TravelMode.allCases.count)
        roadFinders = Array(repeating: nil, count: TravelMode.allCases.count)
        tables = Array(repeating: nil, count: TravelMode.allCases.count)
    }

    /// The per-mode query object in `cache`, made on first use; nil when the graph has no such mode.
    private func perMode<T>(_ cache: inout [T?], _ mode: TravelMode, _ make: (RoutingGraph) -> T) -> T? {
        if let made = cache[mode.index] { return made }
        guard let routingGraph = graph.graph(mode) else { return nil }
        let made = make(routingGraph)
        cache[mode.index] = made
        return made
    }

    /// The router of `mode`, for routes between the request's snaps.
    public func router(_ mode: TravelMode) -> Router? { perMode(&routers, mode) { Router(graph: $0) } }

    public func directionsBuilder(_ mode: TravelMode) -> DirectionsBuilder? { perMode(&builders, mode) { DirectionsBuilder(graph: $0) } }

    /// The many-to-many query of `mode`, for /table.
    public func tableQuery(_ mode: TravelMode) -> TableQuery? { perMode(&tables, mode, TableQuery.init) }

    /// The road finder of `mode` for the map's road layer.
    public func roadsInBox(_ mode: TravelMode) -> RoadsInBox? { perMode(&roadFinders, mode, RoadsInBox.init) }

    /// The tile writer for `/tiles` (both modes' road finders and the base map's scratch).
    public func tileMaker() -> TileMaker {
        if let tiles { return tiles }
        let made = TileMaker(graph: graph)
        tiles = made
        return made
    }

    public var geocoder: Geocoder? { graph.geocoder }

    /// The context's JSON buffer, emptied: write a response into it and return
    /// `HTTPResponse.json(buffer)`.
    public func json() -> JSONBuffer {
        buffer.reset()
        return buffer
    }

    /// Whether the current request has run longer than `limits.maxRequestTime`; long
    /// loops (legs of a route, rows of a table) check it between items.
    public var pastDeadline: Bool {
        monotonicNanoseconds() - requestStart > UInt64(limits.maxRequestTime * 1e9)
    }
}

/// Caps that keep the work of one request bounded.
public struct ServerLimits: Sendable {
    /// Waypoints of one /route request.
    public var maxWaypoints = 100
    /// Sources × destinations of one /table request (100 × 100).
    public var maxTableCells = 10_000
    /// Coordinates of one /table request.
    public var maxTableCoordinates = 200
    /// Results of /nearest (`number`), /search, /category, /places (`limit`).
    public var maxResults = 100
    /// Metres: the farthest a coordinate may be snapped (OSRM's `radiuses=unlimited` means this).
    public var maxSnapRadius = 5000.0
    /// Metres: the largest /category radius.
    public var maxSearchRadius = 50_000.0
    /// Bytes of path plus query; longer URLs get 414.
    public var maxURLBytes = 8192
    /// Seconds one request may compute before it is cut short (checked between legs).
    public var maxRequestTime = 5.0
    /// Seconds an idle connection is kept open.
    public var connectionTimeout = 30

    public init() {}
}

/// The contexts waiting for a request and the graph new ones are made for. Taking a context
/// and giving it back is a short critical section; a reload swaps the graph and drops the
/// idle contexts, so the old graph is released when the last busy context comes back.
final class ContextPool: Sendable {
    private struct State {
        var graph: ServedGraph
        var idle: [RequestContext] = []
    }

    private let state: Mutex<State>

    init(graph: ServedGraph) { state = Mutex(State(graph: graph)) }

    var graph: ServedGraph { state.withLock { $0.graph } }

    func take(server: ServerState) -> RequestContext {
        let (context, graph) = state.withLock { state -> (RequestContext?, ServedGraph) in
            (state.idle.popLast(), state.graph)
        }
        return context ?? RequestContext(graph: graph, server: server)
    }

    /// Keeps `context` for the next request unless it belongs to a graph no longer served.
    func giveBack(_ context: RequestContext) {
        state.withLock { state in
            if context.graph === state.graph { state.idle.append(context) }
        }
    }

    /// Puts `graph` in service; returns the one it replaces.
    func replace(with graph: ServedGraph) -> ServedGraph {
        let dropped = state.withLock { state -> (ServedGraph, [RequestContext]) in
            defer {
                state.graph = graph
                state.idle = []
            }
            return (state.graph, state.idle)
        }
        return dropped.0  // the dropped contexts are released here, outside the lock
    }
}
