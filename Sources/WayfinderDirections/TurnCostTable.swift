import WayfinderGraph

/// `Turn.cost` for the directions, read from a table: the directions put the driving
/// search's turn cost back at every intersection a route passes (about sixty on an average
/// Andorran route), and the cost's sigmoid takes two or three `exp` calls each time.
///
/// The angles -180...180 are cut into buckets of 1/32°. Where the cost is one whole number
/// of milliseconds over a bucket, the table holds it; elsewhere (the steep middle of the
/// sigmoid) the cost is computed. The cost grows with the angle on each side of straight on,
/// so a bucket has one value where both its ends round to it with room to spare: the table
/// answers exactly what `Turn.cost` would.
///
/// Each `DirectionsBuilder` keeps one (the table is shared): read through a static at every
/// intersection, it cost a lazy-initialisation check each time (`swift_once`, 1% of a route).
struct TurnCostTable {
    static let bucketsPerDegree = 32.0
    /// The value of a bucket whose cost varies (or that straddles straight on).
    static let mixed: Int32 = -1

    /// Per bucket `Int((deviation + 180) * bucketsPerDegree)`: its cost, or `mixed`.
    let values = TurnCostTable.shared
    /// `Turn.uTurnCost` (or the bicycle's), milliseconds.
    func uTurn(_ mode: TravelMode) -> Double { Double(mode == .cycling ? Turn.cyclingUTurnCost : Turn.uTurnCost) }

    private static let shared: [Int32] = {
        let count = Int(360 * bucketsPerDegree) + 1
        return (0..<count).map { bucket in
            // A little wider than the bucket: `deviation + 180` rounds before the scaling.
            let low = Double(bucket) / bucketsPerDegree - 180 - 1e-9
            let high = Double(bucket + 1) / bucketsPerDegree - 180 + 1e-9
            // Each side of straight on has its own formula.
            guard (low >= 0) == (high >= 0) else { return mixed }
            let a = Turn.milliseconds(deviation: low), b = Turn.milliseconds(deviation: high)
            let value = a.rounded()
            // Both ends well inside one rounding interval: so is every cost between them.
            let margin = 1e-6
            guard b.rounded() == value, min(a, b) > value - 0.5 + margin, max(a, b) < value + 0.5 - margin else {
                return mixed
            }
            return Int32(value)
        }
    }()

    /// `Turn.cost` of a turn by `deviation` where traffic keeps to `side` (crossing oncoming
    /// traffic on a left turn where it keeps right, on a right turn where it keeps left).
    @inline(__always) func cost(deviation: Double, keepingTo side: DrivingSide) -> Int32 {
        cost(deviation: side.rightHandDeviation(deviation))
    }

    /// `Turn.cost(deviation: deviation)` (crossing oncoming traffic on a left turn).
    @inline(__always) func cost(deviation: Double) -> Int32 {
        if deviation >= -180 && deviation <= 180 {
            let value = values.withUnsafeBufferPointer { $0[Int((deviation + 180) * Self.bucketsPerDegree)] }
            if value != Self.mixed { return value }
        }
        return Turn.cost(deviation: deviation)
    }
}
