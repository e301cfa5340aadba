import WayfinderGraph

/// The weights of one mode's directed segments under a set of segment speed rows, applied
/// to the weights the import gave them (so a row left out restores the imported speed).
///
/// A row names two consecutive OSM nodes of a way; in the graph that is one piece (two
/// consecutive points) of a segment, travelled in the row's direction. A segment's new weight
/// keeps the imported time of its pieces without a row (the imported weight spread by length:
/// a segment is cut from one way, at one speed) and gives each piece with a row its length at
/// the row's speed. A speed of 0 closes the direction, a closed area both; a direction the
/// import closed (a one-way street driven backwards) stays closed whatever its rows say. When
/// several rows name one piece, the last one read wins.
struct SegmentSpeedUpdate {
    /// Milliseconds per directed segment (`2 * s` forward, `2 * s + 1` backward); -1: closed.
    private(set) var weights: [Int32]
    /// Rows that name a piece of this mode's roads (one a later row overrides too), and the
    /// origins ("FILE:LINE") of those that do not (two nodes not consecutive on any of its
    /// roads, or unknown ids).
    private(set) var matchedRows = 0
    private(set) var unmatched: [String] = []
    /// The pieces (by their first point) no row leaves open either way: closed both ways, or
    /// closed one way where the import allows only that one. Snapping passes over them, as
    /// OSRM's passes over a stretch whose weights are all invalid. Ascending.
    private(set) var closedPieces: [Int32] = []
    /// The directed pieces whose row set their speed and left them open, ascending by key.
    private(set) var liveSpeeds: [LiveSpeed] = []
    /// Directed segments whose weight changed, and those of them now closed.
    private(set) var changedDirections = 0
    private(set) var closedDirections = 0

    /// `imported`: two weights per segment, forward then backward. `areaPieces`: pieces (by
    /// their first point) in a closed area, closed both ways whatever the rows say.
    init(rows: [SegmentSpeedRow], closing areaPieces: Set<Int32> = [], imported: [Int32],
         segments: UnsafeBufferPointer<RoadSegment>, points: UnsafeBufferPointer<FixedCoordinate>, nodeIds: [Int64]) {
        weights = imported
        guard !rows.isEmpty || !areaPieces.isEmpty else { return }
        var rowOfPiece: [PieceKey: Int] = [:]
        rowOfPiece.reserveCapacity(rows.count)
        var nodes = Set<Int64>()
        for (i, row) in rows.enumerated() {
            rowOfPiece[PieceKey(from: row.from, to: row.to)] = i  // the last one wins
            nodes.insert(row.from)
        }
        var used = [Bool](repeating: false, count: rows.count)
        // Per direction: metres and seconds of the pieces with a row, whether one closes it.
        var changed = [Change](repeating: Change(), count: 2)
        var live: [LiveSpeed] = []
        for (s, segment) in segments.enumerated() {
            live.removeAll(keepingCapacity: true)
            var total = 0.0
            changed[0] = Change()
            changed[1] = Change()
            for p in Int(segment.firstPoint)..<Int(segment.lastPoint) {
                let metres = Geo.rulerDistance(points[p], points[p + 1])
                total += metres
                let a = nodeIds[p], b = nodeIds[p + 1]
                var closedForward = imported[2 * s] < 0, closedBackward = imported[2 * s + 1] < 0, zero = false
                if nodes.contains(a), let r = rowOfPiece[PieceKey(from: a, to: b)] {
                    used[r] = true
                    changed[0].add(metres, kmh: rows[r].kmh)
                    if rows[r].kmh == 0 { (closedForward, zero) = (true, true) }
                    else { live.append(LiveSpeed(key: 2 * Int64(p), kmh: Float(rows[r].kmh), source: rows[r].source)) }
                }
                if nodes.contains(b), let r = rowOfPiece[PieceKey(from: b, to: a)] {
                    used[r] = true
                    changed[1].add(metres, kmh: rows[r].kmh)
                    if rows[r].kmh == 0 { (closedBackward, zero) = (true, true) }
                    else { live.append(LiveSpeed(key: 2 * Int64(p) + 1, kmh: Float(rows[r].kmh), source: rows[r].source)) }
                }
                if !areaPieces.isEmpty && areaPieces.contains(Int32(p)) {
                    changed[0].add(metres, kmh: 0)
                    changed[1].add(metres, kmh: 0)
                    (closedForward, closedBackward, zero) = (true, true, true)
                }
                if zero && closedForward && closedBackward { closedPieces.append(Int32(p)) }
            }
            for direction in 0...1 where changed[direction].any {
                let x = 2 * s + direction
                let old = imported[x]
                guard old >= 0 else { continue }
                let new: Int32
                if changed[direction].closed {
                    new = -1
                } else {
                    let kept = total > 0 ? Double(old) * max(0, total - changed[direction].metres) / total : 0
                    new = Int32(min(Double(infiniteWeight / 4), (kept + changed[direction].seconds * 1000).rounded()))
                }
                if new != old {
                    weights[x] = new
                    changedDirections += 1
                    if new < 0 { closedDirections += 1 }
                }
            }
            for speed in live where weights[2 * s + Int(speed.key & 1)] >= 0 { liveSpeeds.append(speed) }
        }
        closedPieces.sort()
        liveSpeeds.sort { $0.key < $1.key }
        // A row another one overrides still names a stretch of road: matched if its piece is.
        for row in rows {
            if used[rowOfPiece[PieceKey(from: row.from, to: row.to)]!] { matchedRows += 1 } else { unmatched.append(row.origin) }
        }
    }

    /// The pieces of one direction that rows name.
    private struct Change {
        var metres = 0.0, seconds = 0.0, closed = false, any = false
        mutating func add(_ length: Double, kmh: Double) {
            any = true
            metres += length
            if kmh == 0 { closed = true } else { seconds += length / (kmh / 3.6) }
        }
    }

    private struct PieceKey: Hashable {
        var from: Int64
        var to: Int64
    }
}
