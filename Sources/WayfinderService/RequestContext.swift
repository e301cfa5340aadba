import WayfinderDirections
import WayfinderEngine
import WayfinderGeocoding
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM
import WayfinderRouting

/// What an endpoint answers a request with: the engine's query objects reserved for this
/// request, and the server whose counters and reloads `/health` and `/metrics` report.
public struct RequestContext {
    public let queries: EngineQueries
    /// The server's counters and graph slot, for `/health`, `/metrics` and reloads.
    public let server: ServiceState

    public var graph: ServedGraph { queries.graph }
    public var limits: EngineLimits { queries.limits }
    public var geocoder: Geocoder? { queries.geocoder }
    public var pastDeadline: Bool { queries.pastDeadline }
    public var requestStart: UInt64 { queries.requestStart }

    public func router(_ mode: TravelMode) -> Router? { queries.router(mode) }
    public func directionsBuilder(_ mode: TravelMode) -> DirectionsBuilder? { queries.directionsBuilder(mode) }
    public func tableQuery(_ mode: TravelMode) -> TableQuery? { queries.tableQuery(mode) }
    public func roadsInBox(_ mode: TravelMode) -> RoadsInBox? { queries.roadsInBox(mode) }

    /// The query objects' JSON buffer, emptied: write a response into it and return
    /// `HTTPResponse.json(buffer)`.
    public func json() -> JSONBuffer { queries.json() }

    /// The tile writer for `/tiles` (both modes' road finders and the base map's scratch),
    /// kept with the query objects so that each thread makes one.
    public func tileMaker() -> TileMaker {
        if let made = queries.frontEndScratch as? TileMaker { return made }
        let made = TileMaker(graph: graph)
        queries.frontEndScratch = made
        return made
    }
}

extension OSRMError {
    /// Runs an engine call of an OSRM request, its error in osrm-routed's codes and words (a
    /// coordinate's hint read from the graph in service).
    static func mapping<T>(_ osrm: OSRMRequest, _ context: RequestContext, service: Service = .other,
                           _ body: () throws(EngineError) -> T) throws(OSRMError) -> T {
        do throws(EngineError) {
            return try body()
        } catch {
            throw OSRMError(error, osrm, area: context.graph.area, grid: context.graph.graph(osrm.mode)?.snapGrid, service: service)
        }
    }

    /// osrm-routed's answer to an error: HTTP 400 with its code and message.
    var response: HTTPResponse { .error(code, message) }
}
