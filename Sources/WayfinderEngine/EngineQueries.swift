import Glibc
import WayfinderDirections
import WayfinderGeocoding
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON
import WayfinderMatching
import WayfinderRouting

/// Everything one request needs, made once and reused by request after request (RoutingKit's
/// per-thread query objects over the immutable graph): the graph it answers from, a `Router`,
/// a `DirectionsBuilder` and a `TableQuery` per mode (created on first use), and a JSON buffer.
/// One request at a time holds it (the pool hands it out exclusively), which is what makes the
/// unchecked `Sendable` sound.
public final class EngineQueries: @unchecked Sendable {
    public let graph: ServedGraph
    /// Limits every request keeps to.
    public let limits: EngineLimits
    private var routers: [Router?]
    private var builders: [DirectionsBuilder?]
    private var roadFinders: [RoadsInBox?]
    private var tables: [TableQuery?]
    private var matchers: [MapMatcher?]
    private var reachQueries: [ReachQuery?]
    /// Isochrones: the contour builder (its grid and GEOS context) and the roads gathered.
    public let contourBuilder = ContourBuilder()
    public let reachedRoads = ReachedRoadsBuffer()
    private var buffer = JSONBuffer(capacity: 64 * 1024)
    /// Monotonic nanoseconds when the current request started.
    public var requestStart: UInt64 = 0
    /// A front end's own reusable scratch for this graph (the server's tile writer), kept with
    /// the query objects so that it is made once per thread too.
    public var frontEndScratch: AnyObject?

    init(graph: ServedGraph, limits: EngineLimits) {
        self.graph = graph
        self.limits = limits
        routers = Array(repeating: nil, count: TravelMode.allCases.count)
        builders = Array(repeating: nil, count: TravelMode.allCases.count)
        roadFinders = Array(repeating: nil, count: TravelMode.allCases.count)
        tables = Array(repeating: nil, count: TravelMode.allCases.count)
        matchers = Array(repeating: nil, count: TravelMode.allCases.count)
        reachQueries = Array(repeating: nil, count: TravelMode.allCases.count)
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

    /// The many-to-many query of `mode`, for tables and trips.
    public func tableQuery(_ mode: TravelMode) -> TableQuery? { perMode(&tables, mode, TableQuery.init) }

    /// The map matcher of `mode`, for traces (its own many-to-many query: a table request
    /// keeps its targets' buckets in the table query's).
    public func mapMatcher(_ mode: TravelMode) -> MapMatcher? { perMode(&matchers, mode) { MapMatcher(graph: $0) } }

    /// The bounded one-to-all search of `mode`, for isochrones (arriving ones get the served
    /// graph's transposed arcs when they first need them).
    public func reachQuery(_ mode: TravelMode) -> ReachQuery? { perMode(&reachQueries, mode) { ReachQuery(graph: $0) } }

    /// The road finder of `mode` for the map's road layer.
    public func roadsInBox(_ mode: TravelMode) -> RoadsInBox? { perMode(&roadFinders, mode, RoadsInBox.init) }

    /// The routing graph of `mode`, or the engine's error for a file without it.
    public func routingGraph(_ mode: TravelMode) throws(EngineError) -> RoutingGraph {
        guard let routing = graph.graph(mode) else { throw .noMode(mode) }
        return routing
    }

    public var geocoder: Geocoder? { graph.geocoder }

    /// The JSON buffer, emptied: write a response into it.
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

/// The roads an isochrone reached, kept per thread so that their arrays are reused.
public final class ReachedRoadsBuffer {
    public var value = ReachedRoads()
}
