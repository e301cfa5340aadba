import Testing
import WayfinderGraph
@testable import WayfinderDirections

/// The directions' table of turn costs answers exactly what `Turn.cost` computes: at every
/// bucket's edges (where rounding decides the bucket), just beside them, and at random angles.
@Suite struct TurnCostTableTests {
    let table = TurnCostTable()

    @Test func sameAsTheFormulaAtBucketEdges() {
        var checked = 0
        for bucket in 0...Int(360 * TurnCostTable.bucketsPerDegree) {
            let edge = Double(bucket) / TurnCostTable.bucketsPerDegree - 180
            for d in [edge.nextDown.nextDown, edge.nextDown, edge, edge.nextUp, edge.nextUp.nextUp,
                      edge + 0.5 / TurnCostTable.bucketsPerDegree] where d >= -180 && d <= 180 {
                #expect(table.cost(deviation: d) == Turn.cost(deviation: d), "deviation \(d)")
                checked += 1
            }
        }
        #expect(checked > 60_000)
    }

    @Test func sameAsTheFormulaAtRandomAngles() {
        var random = SplitMix64(seed: 14)
        for _ in 0..<1_000_000 {
            let d = Double(random.next() >> 11) / Double(1 << 53) * 360 - 180
            if table.cost(deviation: d) != Turn.cost(deviation: d) {
                Issue.record("deviation \(d): \(table.cost(deviation: d)) against \(Turn.cost(deviation: d))")
                return
            }
        }
    }

    /// The flat ends of the sigmoid (near straight on, where most intersections are passed,
    /// and the sharpest turns) hold their cost; its steep middle is computed.
    @Test func flatBucketsHoldTheirCost() {
        let held = table.values.filter { $0 != TurnCostTable.mixed }.count
        #expect(held > table.values.count / 4)
        #expect(table.values[Int(185 * TurnCostTable.bucketsPerDegree)] == Turn.cost(deviation: 5))
        #expect(held < table.values.count)
    }
}
