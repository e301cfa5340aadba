import WayfinderGraph

/// The roads an isochrone's search reached: stretches of road (polylines), each vertex with the value at which it is
/// reached: seconds from the origin (or to it, for direction=arrive), or metres. Stretches end where the search stopped
/// (the last vertex at the exact cut, valued at the largest limit) or at the road's end.
///
/// Flat arrays, stretch after stretch, so that one value per thread serves query after query
/// (`removeAll` keeps the memory) and the search appends without an allocation per road:
/// `beginStretch`, `appendVertex`… `endStretch` in its hot loop, `appendStretch` elsewhere.
/// Between two vertices of a stretch the value is taken as linear in the distance along it
/// (`TimeGrid` interpolates so), which is how a road's time grows at its one speed.
public struct ReachedRoads: Sendable {
    /// Every stretch's vertices, stretch after stretch.
    public var coordinates: [FixedCoordinate] = []
    /// Per vertex, the same count as `coordinates`: seconds or metres.
    public var values: [Float] = []
    /// Per stretch: one past its last vertex in `coordinates`.
    public var stretchEnds: [Int32] = []

    public init() {}

    /// The number of stretches.
    @inlinable public var stretchCount: Int { stretchEnds.count }

    /// The vertices of stretch `i` (indexes into `coordinates` and `values`).
    @inlinable public func stretch(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(stretchEnds[i - 1]))..<Int(stretchEnds[i])
    }

    /// Empties every array and keeps its capacity.
    public mutating func removeAll() {
        coordinates.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        stretchEnds.removeAll(keepingCapacity: true)
    }

    /// One whole stretch: `points` and their `values`, as many of each.
    public mutating func appendStretch(_ points: some Collection<FixedCoordinate>, _ values: some Collection<Float>) {
        precondition(points.count == values.count, "a stretch needs one value per vertex")
        guard !points.isEmpty else { return }
        beginStretch()
        coordinates.append(contentsOf: points)
        self.values.append(contentsOf: values)
        endStretch()
    }

    /// Starts a stretch; its vertices follow with `appendVertex`, and `endStretch` closes it.
    /// Checks that the previous stretch was closed (a vertex appended between two stretches
    /// would join them silently).
    @inlinable public mutating func beginStretch() {
        precondition(coordinates.count == Int(stretchEnds.last ?? 0), "beginStretch: the previous stretch was not ended")
    }

    /// The next vertex of the open stretch.
    @inlinable public mutating func appendVertex(_ point: FixedCoordinate, _ value: Float) {
        coordinates.append(point)
        values.append(value)
    }

    /// Closes the open stretch; a stretch without a vertex is dropped.
    @inlinable public mutating func endStretch() {
        if coordinates.count > Int(stretchEnds.last ?? 0) {
            stretchEnds.append(Int32(coordinates.count))
        }
    }
}
