/// How an interface words the failures of its routes: the message for a point with no road
/// near it (by its index in the route, 0 the start) and the one for points no route joins.
/// The server answers in osrm-routed's words (`osrm`); the `route` command in its own, which
/// name its options. Only the words differ: the codes come from `RouteError.osrm(_:)`.
public struct RouteFailureWording: Sendable {
    public var noSegment: @Sendable (_ point: Int) -> String
    public var noRoute: String

    public init(noSegment: @escaping @Sendable (_ point: Int) -> String, noRoute: String) {
        self.noSegment = noSegment
        self.noRoute = noRoute
    }

    /// osrm-routed's messages, in which a point is "coordinate i" of the request.
    public static let osrm = RouteFailureWording(noSegment: { "Could not find a matching segment for coordinate \($0)" },
                                                 noRoute: "Impossible route between points")

    /// osrm-routed's nearest plugin, which names no coordinate (it has one) and says "segments".
    public static let osrmNearest = RouteFailureWording(noSegment: { _ in "Could not find a matching segments for coordinate" },
                                                        noRoute: osrm.noRoute)
}

/// An OSRM v5 error: its code (`InvalidUrl`, `InvalidOptions`, `NoSegment`, `NoRoute`, …)
/// and a message for people. The one such type: a failed route (`RouteError.osrm(_:)`), a
/// request the OSRM grammar refuses and an engine error (WayfinderOSRM's
/// `OSRMError+Engine.swift`) are all answered with it, by the server with HTTP 400 as
/// osrm-routed does and by the command line in its JSON.
public struct OSRMError: Error, Sendable, Equatable {
    public var code: String
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func badQuery(_ message: String) -> OSRMError { OSRMError("InvalidQuery", "Query string malformed: \(message)") }
}

extension RouteError {
    /// The one mapping from a failed route to OSRM's error, for the server and the command
    /// line alike: `NoSegment` for a point with no road in reach, `NoRoute` for points no
    /// route joins, the message in the interface's `wording`.
    public func osrm(_ wording: RouteFailureWording) -> OSRMError {
        switch self {
        case .noSegment(let point): return OSRMError("NoSegment", wording.noSegment(point))
        case .noRoute: return OSRMError("NoRoute", wording.noRoute)
        }
    }
}
