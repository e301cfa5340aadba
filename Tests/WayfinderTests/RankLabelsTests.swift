import Testing
import WayfinderGraph
@testable import WayfinderRouting

/// The upward searches' hashed labels (`RankLabels`): a label belongs to one search only, a
/// longer distance never replaces a shorter one, and a search that reaches more ranks than
/// the table holds grows it without losing a label, for that search and the ones after it.
@Suite struct RankLabelsTests {
    @Test func aLabelBelongsToOneSearch() {
        let labels = RankLabels()
        labels.nextRound()
        #expect(labels.improve(5, to: 10, parent: -1, parentArc: -1))
        #expect(!labels.improve(5, to: 12, parent: 3, parentArc: 4))
        #expect(labels.improve(5, to: 7, parent: 3, parentArc: 4))
        #expect(labels[5].dist == 7 && labels[5].parent == 3 && labels[5].parentArc == 4)
        #expect(labels.reached(5) && !labels.reached(6) && labels.isSet(5))
        #expect(labels.reaches(5, plus: 2, below: 10) && !labels.reaches(5, plus: 3, below: 10))
        #expect(!labels.reaches(6, plus: 0, below: 100) && labels[6].stamp != labels.current)
        labels.nextRound()
        #expect(!labels.reached(5) && labels[5].stamp != labels.current)
        #expect(labels.improve(5, to: 50, parent: -1, parentArc: -1) && labels[5].dist == 50)
    }

    @Test func aSearchLargerThanTheTableGrowsIt() {
        let labels = RankLabels()
        var rng = SplitMix64(seed: 3)
        // Random ranks, then consecutive ones, then few: the table grows in the second search.
        for (round, size) in [300, 3 * RankLabels.initialCapacity, 1000].enumerated() {
            labels.nextRound()
            var expected: [Int32: Int32] = [:]
            for k in 0..<size {
                let rank = round == 1 && k % 2 == 0 ? Int32(k) : Int32.random(in: 0..<50_000_000, using: &rng)
                let dist = Int32.random(in: 0..<1000, using: &rng)
                let shorter = dist < expected[rank] ?? .max
                #expect(labels.improve(Int(rank), to: dist, parent: Int32(k), parentArc: 0) == shorter, "round \(round)")
                if shorter { expected[rank] = dist }
            }
            for (rank, dist) in expected { #expect(labels.reached(rank) && labels[Int(rank)].dist == dist, "round \(round)") }
            for _ in 0..<1000 {
                let rank = Int32.random(in: 50_000_000..<60_000_000, using: &rng)
                #expect(!labels.reached(rank))
            }
        }
    }
}
