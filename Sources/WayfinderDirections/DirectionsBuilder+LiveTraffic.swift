import WayfinderGraph
import WayfinderRouting

/// Live traffic in a route's times.
///
/// Turn penalties: where a feed priced turns (`RoutingGraph.hasTurnPenalties`), each turn of
/// the route costs what the search paid for it, read from the base graph's arc (the turn plus
/// the road after it), not the profile's cost of its angle: the step that makes the turn
/// carries its penalty, and no other step a share of it.
///
/// Live speeds in a leg's annotation: where a traffic feed set the speed of some stretches of
/// a segment (`LiveSpeedTable`), the segment's time is not spread by length. Each such
/// stretch takes its length at the feed's speed, and the rest of the segment's time (the
/// imported time of the stretches no row named, as `wayfinder customize` computed the weight)
/// is spread over the others by length. `datasources` names the feed's file on those stretches.
extension DirectionsBuilder {
    /// Replaces each boundary's turn cost by the search's own, where the base graph has the
    /// turn (a boundary between two pieces of the route that are joined by an arc).
    func takeSearchTurnCosts() {
        guard graph.hasTurnPenalties, graph.mode.isTurnExpanded, pieces.count > 1 else { return }
        let base = graph.base
        for k in 1..<pieces.count {
            let x = Int(directed(pieces[k - 1])), y = directed(pieces[k])
            guard x + 1 < base.first.count else { continue }
            for i in Int(base.first[x])..<Int(base.first[x + 1]) where base.arcs[i].head == y {
                let road = graph.segments[Int(y >> 1)].weight(forward: y & 1 == 0)
                turnCost[k] = Double(max(0, Int(base.arcs[i].weight) - Int(max(0, road))))
                break
            }
        }
    }

    /// For piece `k`, drawn as `line[from...to]`: the running share of its time at each point
    /// (0 at `from`, 1 at `to`), nil when its segment runs wholly on the profile's speeds.
    /// Sets `sources[j]` for each stretch `j` on a live piece.
    func liveShares(_ k: Int, line: [FixedCoordinate], from: Int, to: Int, sources: inout [UInt8]) -> [Double]? {
        let piece = pieces[k], s = graph.segments[Int(piece.segment)], table = graph.liveSpeeds
        let first = Int(s.firstPoint), count = Int(s.lastPoint - s.firstPoint) + 1, backward = !piece.forward
        // The stored piece under travel-order piece `c` (from the c-th point travelled to the next).
        @inline(__always) func storedPiece(_ c: Int) -> Int { backward ? first + count - 2 - c : first + c }
        @inline(__always) func point(_ c: Int) -> FixedCoordinate { graph.points[first + (backward ? count - 1 - c : c)] }

        // The whole direction: live seconds and metres, to find the rest's seconds per metre.
        var liveSeconds = 0.0, liveMetres = 0.0, total = 0.0, any = false
        for c in 0..<(count - 1) {
            let metres = Geo.rulerDistance(point(c), point(c + 1))
            total += metres
            if let speed = table.speed(piece: storedPiece(c), backward: backward) {
                any = true
                liveMetres += metres
                liveSeconds += metres / (Double(speed.kmh) / 3.6)
            }
        }
        guard any else { return nil }
        let segmentSeconds = Double(max(0, s.weight(forward: piece.forward))) / 1000
        let restPerMetre = total > liveMetres ? max(0, segmentSeconds - liveSeconds) / (total - liveMetres) : 0

        // Each stretch of the line: the travel-order piece it lies on, and its time.
        var times = [Double](repeating: 0, count: to - from + 1)
        var cursor = 0
        for j in from..<to {
            var c = cursor
            while c + 1 < count && point(c + 1) != line[j + 1] { c += 1 }
            let on = c + 1 < count ? c : min(cursor, count - 2)
            if c + 1 < count { cursor = c + 1 }
            let metres = Geo.distance(line[j], line[j + 1])
            if let speed = table.speed(piece: storedPiece(on), backward: backward) {
                times[j - from + 1] = metres / (Double(speed.kmh) / 3.6)
                if j < sources.count { sources[j] = UInt8(clamping: speed.source) }
            } else {
                times[j - from + 1] = metres * restPerMetre
            }
        }
        for i in 1..<times.count { times[i] += times[i - 1] }
        guard let sum = times.last, sum > 0 else { return nil }
        return times.map { $0 / sum }
    }
}
