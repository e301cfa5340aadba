extension WayInfo {
    /// Car: no route starts or ends on this way (OSRM's `is_startpoint` false: a private
    /// service road). It stays in the snapping index (the map lists it); `Snapper` passes it over.
    public static let carNoStart: UInt8 = 4

    @inlinable public var isCarStartpoint: Bool { flags & Self.carNoStart == 0 }
}
