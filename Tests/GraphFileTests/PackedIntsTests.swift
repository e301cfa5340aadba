import Testing
import WayfinderGraph

/// `PackedInts`: every width from 1 to 31 bits reads back what was packed, including values
/// that straddle two words and the last value, and a header that does not fit its words is
/// damage.
@Suite struct PackedIntsTests {
    private func roundTrip(_ values: [Int32]) -> (PackedInts, [Int32], [UInt64]) {
        let words = PackedInts.words(values)
        let packed = words.withUnsafeBufferPointer { PackedInts(words: $0) }
        return (packed, (0..<packed.count).map { i in words.withUnsafeBufferPointer { PackedInts(words: $0)[i] } }, words)
    }

    @Test(arguments: 1...31)
    func everyWidthReadsBack(width: Int) {
        var rng = SplitMix64(seed: UInt64(width))
        let top = Int64(1) << Int64(width)
        // The largest value sets the width; the rest are random below it, some at the top.
        var values = (0..<517).map { _ in Int32(Int64(rng.next() % UInt64(top))) }
        values[0] = Int32(top - 1)
        values[516] = Int32(top - 1)
        let (packed, read, words) = roundTrip(values)
        #expect(packed.width == width && packed.count == values.count)
        #expect(read == values)
        #expect(words.count == PackedInts.wordCount(count: 517, width: width) && words.last == 0)
        #expect(packed.validationError == nil)
    }

    @Test func smallAndEmpty() {
        #expect(PackedInts.words([]).isEmpty)
        let empty = PackedInts(words: .init(start: nil, count: 0))
        #expect(empty.count == 0 && empty.validationError == nil)
        let (zeros, read, _) = roundTrip([0, 0, 0])
        #expect(zeros.width == 1 && read == [0, 0, 0])
        // 24 bits for a few million shortcuts, not 32.
        #expect(roundTrip([0, 5_000_000]).0.width == 23)
    }

    @Test func aHeaderThatDoesNotFitIsDamage() {
        var words = PackedInts.words((0..<100).map { Int32($0) })
        words[0] += 1  // one value more than the words hold
        #expect(words.withUnsafeBufferPointer { PackedInts(words: $0).validationError } != nil)
        words[0] = 100 | 40 << 32  // 40 bits a value
        #expect(words.withUnsafeBufferPointer { PackedInts(words: $0).validationError } != nil)
    }
}
