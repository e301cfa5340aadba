import WayfinderGraph

/// The small objects of OSRM's v5 API that several responses share: the waypoint (of
/// /route, /nearest and /table) and the error that every endpoint and the CLI answer with.
extension JSONBuffer {
    /// An OSRM waypoint object: `hint` (when asked for; empty, as the server's requests
    /// allow), metres from the input, name of the road, snapped location.
    public func osrmWaypoint(location: FixedCoordinate, distance: Double, name: String, hint: Bool) {
        osrmWaypoint(location: location, distance: distance, name: name, hint: hint) {}
    }

    /// The same with a service's own members after the shared ones (/trip's `waypoint_index`).
    @inlinable
    public func osrmWaypoint(location: FixedCoordinate, distance: Double, name: String, hint: Bool, extra: () -> Void) {
        beginObject()
        if hint { key("hint"); string("") }
        key("distance"); number(distance, decimals: 3)
        key("name"); string(name)
        key("location"); coordinate(location)
        extra()
        endObject()
    }

    /// {"code": code, "message": message}
    public func osrmError(code: String, message: String) {
        beginObject()
        key("code"); string(code)
        key("message"); string(message)
        endObject()
    }
}
