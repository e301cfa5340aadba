import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
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
        try opened.engine.withQueries { context throws(CallError) in
            guard let routing = context.graph.graph(mode), let query = context.tableQuery(mode) else { throw missingMode(mode) }
            let (snaps, kept) = snapTogether(points, Snapper(graph: routing), radius: context.limits.maxSnapRadius)
            // Rows and columns of the points that snapped, and where each lands in the output.
            let rows = kept.prefix { $0 < n }, columns = kept.drop { $0 < n }
            let table = query.compute(sources: Array(snaps.prefix(rows.count)), targets: Array(snaps.dropFirst(rows.count)),
                                      distances: distances != nil)
            if rows.count < n || columns.count < m {
                durations?.update(repeating: .nan, count: n * m)
                distances?.update(repeating: .nan, count: n * m)
            }
            let width = columns.count, full = rows.count == n && width == m
            if let durations {
                table.durations.withUnsafeBufferPointer { cells in
                    copyCells(cells, into: durations, full ? nil : (rows, columns, n, m)) { ms in ms < 0 ? .nan : rounded(Double(ms) / 1000) }
                }
            }
            if let distances {
                table.distances?.withUnsafeBufferPointer { cells in
                    copyCells(cells, into: distances, full ? nil : (rows, columns, n, m)) { metres in metres < 0 ? .nan : rounded(metres) }
                }
            }
        }
    }
}

/// The table's cells converted into the caller's n x m array: one straight pass when every
/// point snapped (`places` nil), else each row and column to where its point belongs.
@inline(__always)
private func copyCells<Cell>(_ cells: UnsafeBufferPointer<Cell>, into out: UnsafeMutablePointer<Double>,
                             _ places: (rows: ArraySlice<Int>, columns: ArraySlice<Int>, n: Int, m: Int)?,
                             _ convert: (Cell) -> Double) {
    guard let places else {
        for k in cells.indices { out[k] = convert(cells[k]) }
        return
    }
    let width = places.columns.count
    for (i, row) in places.rows.enumerated() {
        let base = row * places.m - places.n
        for (j, column) in places.columns.enumerated() { out[base + column] = convert(cells[i * width + j]) }
    }
}

/// A value as the /table JSON writes it, one decimal (`JSONBuffer.number(_:decimals: 1)`).
@inline(__always) private func rounded(_ value: Double) -> Double { roundedHalfAway(value * 10) / 10 }

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
