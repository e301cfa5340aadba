import WayfinderGraph

/// The turn costs of one turn-expanded mode under a set of turn penalty rows, in place of the
/// costs the import gave (so a row left out of the next update restores its turn).
///
/// A row names three OSM nodes: the last stretch of the road arriving at `via` (from `from`)
/// and the first stretch of the one leaving it (towards `to`). In the graph that is one arc of
/// the turn graph, from the directed segment ending at `via` into the one starting there, and
/// the row's penalty replaces the whole cost the import put on that turn: the angle's cost,
/// a signal's or a barrier's delay, a private road's entry, as OSRM's updater replaces its
/// turn penalty. A `via` inside a segment (no intersection) or a turn the graph forbids (a
/// restriction) names no arc: the row is reported. When several rows name one turn, the last
/// one read wins.
struct TurnPenaltyUpdate {
    private let rows: [TurnPenaltyRow]
    private var rowOfTurn: [TurnKey: Int] = [:]
    private var vias = Set<Int64>()
    private var used: [Bool]
    /// Turns (arcs, copies of a via-way restriction's roads counted once each) a row priced.
    private(set) var pricedTurns = 0

    init(rows: [TurnPenaltyRow]) {
        self.rows = rows
        used = [Bool](repeating: false, count: rows.count)
        rowOfTurn.reserveCapacity(rows.count)
        for (i, row) in rows.enumerated() {
            rowOfTurn[TurnKey(from: row.from, via: row.via, to: row.to)] = i  // the last one wins
            vias.insert(row.via)
        }
    }

    var isEmpty: Bool { rows.isEmpty }

    /// The milliseconds a row gives the turn from directed segment `incoming` (`2 * s` forward,
    /// `2 * s + 1` backward) into `outgoing`, nil if no row names it.
    mutating func milliseconds(from incoming: Int, into outgoing: Int, segments: UnsafeBufferPointer<RoadSegment>,
                               nodeIds: [Int64]) -> Double? {
        let a = segments[incoming >> 1], b = segments[outgoing >> 1]
        // The point `incoming` ends at, the one before it, and the one after it on `outgoing`.
        let (end, before) = incoming & 1 == 0 ? (a.lastPoint, a.lastPoint - 1) : (a.firstPoint, a.firstPoint + 1)
        let via = nodeIds[Int(end)]
        guard vias.contains(via) else { return nil }
        let after = outgoing & 1 == 0 ? b.firstPoint + 1 : b.lastPoint - 1
        guard let r = rowOfTurn[TurnKey(from: nodeIds[Int(before)], via: via, to: nodeIds[Int(after)])] else { return nil }
        used[r] = true
        pricedTurns += 1
        return (rows[r].seconds * 1000).rounded()
    }

    /// Rows that name a turn of this mode (one a later row overrides too), and the origins
    /// ("FILE:LINE") of those that do not. Call after every arc was asked about.
    func matched() -> (count: Int, unmatched: [String]) {
        var count = 0, unmatched: [String] = []
        for row in rows {
            if used[rowOfTurn[TurnKey(from: row.from, via: row.via, to: row.to)]!] { count += 1 } else { unmatched.append(row.origin) }
        }
        return (count, unmatched)
    }

    private struct TurnKey: Hashable {
        var from: Int64
        var via: Int64
        var to: Int64
    }
}
