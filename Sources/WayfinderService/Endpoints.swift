import WayfinderOSRM
/// An endpoint: the path it answers, a name for logs and metrics, and its handler.
public struct Endpoint: Sendable {
    public typealias Handler = @Sendable (HTTPRequest, RequestContext) -> HTTPResponse

    /// Label in `/metrics` (`endpoint="route"`).
    public let name: String
    /// Matched exactly, or as a prefix when it ends in "/" ("/route/v1/" takes every
    /// path below it; "/" itself only the root). The longest match wins.
    public let path: String
    public let handler: Handler
    /// The most bytes the body of a POST to this endpoint may have, for an API whose requests
    /// are JSON documents (Valhalla's); nil: GET and HEAD only, and any body refused.
    public let bodyLimit: Int?

    public init(_ name: String, path: String, bodyLimit: Int? = nil, handler: @escaping Handler) {
        self.name = name
        self.path = path
        self.bodyLimit = bodyLimit
        self.handler = handler
    }

    func matches(_ requestPath: String) -> Bool {
        path.hasSuffix("/") && path != "/" ? requestPath.hasPrefix(path) : requestPath == path
    }
}

/// The endpoints the server answers, found by path.
///
/// ## Adding an endpoint
/// 1. Write its handler, `(HTTPRequest, RequestContext) -> HTTPResponse`, as a static
///    function in a file named after it (see `OperationsEndpoints.swift`). Read the graph
///    through the context (`context.router(.driving)`, `context.geocoder`, ...), write JSON
///    into `context.json()` and return `.json(buffer)`, or `.bytes` with a content type.
///    Bad input gets an error response (`HTTPResponse.error(code, message)`, HTTP 400),
///    never a trap; keep the work bounded by `context.limits`.
/// 2. Add one `Endpoint` line to `EndpointTable.standard` below. The name labels its
///    requests in `/metrics` and the log. Only GET (and HEAD) reach handlers, and POST
///    those given a `bodyLimit` (the server then collects the body into `HTTPRequest.body`).
/// 3. Test it over HTTP in `Tests/ServerTests` (`TestServer` starts a server).
public struct EndpointTable: Sendable {
    public let endpoints: [Endpoint]

    public init(_ endpoints: [Endpoint]) { self.endpoints = endpoints }

    public static let standard = EndpointTable([
        Endpoint("health", path: "/health", handler: OperationsEndpoints.health),
        Endpoint("metrics", path: "/metrics", handler: OperationsEndpoints.metrics),
        Endpoint("route", path: "/route/", handler: OSRMEndpoints.route),
        Endpoint("nearest", path: "/nearest/", handler: OSRMEndpoints.nearest),
        Endpoint("table", path: "/table/", handler: OSRMEndpoints.table),
        Endpoint("trip", path: "/trip/", handler: OSRMEndpoints.trip),
        Endpoint("match", path: "/match/", handler: OSRMEndpoints.match),
        // Isochrones: the Mapbox Isochrone API's URLs, and Valhalla's JSON (POST or ?json=).
        Endpoint("isochrone", path: "/isochrone/", handler: IsochroneEndpoints.mapbox),
        Endpoint("valhalla_isochrone", path: "/isochrone", bodyLimit: IsochroneEndpoints.valhallaBodyLimit,
                 handler: IsochroneEndpoints.valhalla),
        Endpoint("search", path: "/search", handler: NominatimEndpoints.search),
        Endpoint("reverse", path: "/reverse", handler: NominatimEndpoints.reverse),
        Endpoint("lookup", path: "/lookup", handler: NominatimEndpoints.lookup),
        Endpoint("details", path: "/details", handler: NominatimEndpoints.details),
        Endpoint("status", path: "/status", handler: NominatimEndpoints.status),
        // Nominatim's older paths, which clients written for Nominatim 3 still use.
        Endpoint("search.php", path: "/search.php", handler: NominatimEndpoints.search),
        Endpoint("reverse.php", path: "/reverse.php", handler: NominatimEndpoints.reverse),
        Endpoint("lookup.php", path: "/lookup.php", handler: NominatimEndpoints.lookup),
        Endpoint("details.php", path: "/details.php", handler: NominatimEndpoints.details),
        Endpoint("status.php", path: "/status.php", handler: NominatimEndpoints.status),
        Endpoint("category", path: "/category", handler: NominatimEndpoints.category),
        Endpoint("places", path: "/places", handler: NominatimEndpoints.places),
        Endpoint("map", path: "/", handler: MapEndpoints.page),
        Endpoint("leaflet", path: "/leaflet/", handler: MapEndpoints.leaflet),
        Endpoint("app", path: "/app/", handler: MapAssets.serve),
        Endpoint("roads", path: "/roads", handler: MapEndpoints.roads),
        Endpoint("tiles", path: "/tiles/", handler: TilesEndpoint.tile),
    ])

    /// Index of the endpoint for `path`: the exact match, else the longest matching prefix.
    public func endpoint(for path: String) -> Int? {
        var best: Int?
        for (i, endpoint) in endpoints.enumerated() where endpoint.matches(path) {
            if best == nil || endpoint.path.utf8.count > endpoints[best!].path.utf8.count { best = i }
        }
        return best
    }
}
