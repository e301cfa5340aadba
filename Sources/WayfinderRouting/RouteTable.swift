/// Shortest durations (and optionally distances) from every source to every target, as
/// OSRM's /table service returns them.
public struct RouteTable: Sendable {
    public let sourceCount: Int, targetCount: Int
    /// Row-major sourceCount x targetCount, milliseconds; -1 where there is no route.
    public let durations: [Int32]
    /// Metres, same layout, nil unless asked; -1 where there is no route.
    public let distances: [Double]?

    public init(sourceCount: Int, targetCount: Int, durations: [Int32], distances: [Double]?) {
        precondition(durations.count == sourceCount * targetCount && (distances?.count ?? durations.count) == durations.count,
                     "RouteTable: \(sourceCount) x \(targetCount) cells expected")
        self.sourceCount = sourceCount
        self.targetCount = targetCount
        self.durations = durations
        self.distances = distances
    }

    /// Milliseconds from a source to a target, nil where there is no route.
    public func duration(source: Int, target: Int) -> Int32? {
        let d = durations[source * targetCount + target]
        return d < 0 ? nil : d
    }

    /// Metres from a source to a target, nil where there is no route or distances were not asked.
    public func distance(source: Int, target: Int) -> Double? {
        guard let d = distances?[source * targetCount + target], d >= 0 else { return nil }
        return d
    }
}
