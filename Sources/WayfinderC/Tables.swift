import WayfinderGraph
import WayfinderRouting

/// `wf_table`: the server's /table numbers into caller arrays. The points are snapped all
/// together (sources, then destinations) as /table snaps its coordinates, so that a point on
/// a small island moves to the main network the same way; the pooled `TableQuery` of the
/// calling thread computes the cells; durations and distances are rounded to 0.1 as the
/// /table JSON writes them (`JSONBuffer.number(_:decimals: 1)`).
@_cdecl("wf_table")
public func wf_table(_ graph: OpaquePointer?, _ mode: Int32, _ sources: UnsafePointer<Double>?, _ n: Int,
                     _ destinations: UnsafePointer<Double>?, _ m: Int,
                     _ durations: UnsafeMutablePointer<Double>?, _ distances: UnsafeMutablePointer<Double>?) -> Int32 {
    call { () throws(CallError) in
        let opened = try OpenedGraph.from(graph)
        let mode = try travelMode(mode)
        guard n >= 0, m >= 0 else { throw CallError(.badInput, "n and m must not be negative") }
        guard n > 0, m > 0 else { return }
        guard let sources, let destinations else { throw CallError(.badInput, "sources and destinations must not be NULL") }
        guard durations != nil || distances != nil else { return }
        var points: [FixedCoordinate] = []
        points.reserveCapacity(n + m)
        for i in 0..<n { points.append(try coordinate(sources[2 * i], sources[2 * i + 1], "source \(i)")) }
        for j in 0..<m { points.append(try coordinate(destinations[2 * j], destinations[2 * j + 1], "destination \(j)")) }
        try opened.state.withContext { context throws(CallError) in
            guard let routing = context.graph.graph(mode), let query = context.tableQuery(mode) else { throw missingMode(mode) }
            let (snaps, kept) = snapTogether(points, Snapper(graph: routing), radius: context.limits.maxSnapRadius)
            // Rows and columns of the points that snapped, and where each lands in the output.
            let rows = kept.prefix { $0 < n }, columns = kept.drop { $0 < n }
            let table = query.compute(sources: Array(snaps.prefix(rows.count)), targets: Array(snaps.dropFirst(rows.count)),
                                      distances: distances != nil)
            if rows.count < n || columns.count < m {
                for k in 0..<(n * m) { durations?[k] = .nan; distances?[k] = .nan }
            }
            for (i, row) in rows.enumerated() {
                let base = row * m
                for (j, column) in columns.enumerated() {
                    let cell = base + column - n
                    if let durations {
                        durations[cell] = table.duration(source: i, target: j).map { rounded(Double($0) / 1000) } ?? .nan
                    }
                    if let distances {
                        distances[cell] = table.distance(source: i, target: j).map(rounded) ?? .nan
                    }
                }
            }
        }
    }
}

/// A value as the /table JSON writes it, one decimal.
@inline(__always) private func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

/// Snaps `points` together within `radius` metres as /table does (`Snapper.snapEach`: when a
/// point has no road in reach, where /table refuses the whole request, the others are snapped
/// as they would be without it). Returns the snaps and the indices of the points they belong to.
private func snapTogether(_ points: [FixedCoordinate], _ snapper: Snapper, radius: Double) -> ([Snap], [Int]) {
    var snaps: [Snap] = [], kept: [Int] = []
    snaps.reserveCapacity(points.count)
    kept.reserveCapacity(points.count)
    for (i, snap) in snapper.snapEach(points, maxDistance: radius).enumerated() {
        if let snap {
            snaps.append(snap)
            kept.append(i)
        }
    }
    return (snaps, kept)
}
