import WayfinderGraph

/// OSRM's `tidy`: drops the points of a dense trace that add nothing, so that a trace sampled
/// every second while crawling through traffic, or standing at a light, matches as a clean
/// one does. Walking the trace, a point is kept once the points dropped before it span at
/// least `minimumMetres` (and, with timestamps, `minimumSeconds` too); the first and the last
/// point are always kept.
public enum TraceTidying {
    public static let minimumMetres = 15.0
    public static let minimumSeconds = 5.0

    /// The indices of the points kept, increasing.
    public static func kept(_ coordinates: [FixedCoordinate], timestamps: [Double]?) -> [Int] {
        let n = coordinates.count
        guard n > 2 else { return Array(0..<n) }
        var kept = [0]
        var metres = 0.0, seconds = 0.0
        for next in 1..<(n - 1) {
            metres += Geo.distance(coordinates[next - 1], coordinates[next])
            var enough = metres >= minimumMetres
            if let timestamps {
                seconds += timestamps[next] - timestamps[next - 1]
                enough = enough && seconds >= minimumSeconds
            }
            if enough {
                kept.append(next)
                (metres, seconds) = (0, 0)
            }
        }
        kept.append(n - 1)
        return kept
    }
}
