/// A stretch of one segment on a route, `start` to `end` as fractions of its length in
/// the direction of travel.
public struct RoutePiece: Sendable, Equatable {
    public var segment: Int32
    public var forward: Bool
    public var start: Double
    public var end: Double
}

/// The fastest way from `source` to `target`, the snaps it was searched between: its exact
/// weight and the stretches of segments it follows, in order.
public struct Route: Sendable {
    /// Travel time in milliseconds: the search's exact integer weight, less what it charged
    /// for entering restricted roads (`RestrictedRoads`), which is no travel time.
    public var weight: Int32
    public var source: Snap
    public var target: Snap
    public var pieces: [RoutePiece]
    public var duration: Double { Double(weight) / 1000 }
}
