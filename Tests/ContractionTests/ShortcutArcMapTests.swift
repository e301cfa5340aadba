import Testing
import WayfinderGraph

/// `ShortcutArcMap`: an arc's shortcut bit and its rank among the shortcut arcs, which is its
/// shortcut id (see `ContractionHierarchy`), must agree with counting them one by one.
@Suite struct ShortcutArcMapTests {
    @Test("ranks count the shortcut arcs before each arc", arguments: [0, 1, 63, 64, 65, 1000])
    func ranksCountShortcutsBefore(arcCount: Int) {
        var rng = SplitMix64(seed: UInt64(arcCount) + 3)
        let flags = (0..<arcCount).map { _ in rng.next() % 3 == 0 }
        let (bits, before) = ShortcutArcMap.arrays(arcCount: arcCount) { flags[$0] }
        let owner = BufferOwner()
        let map = ShortcutArcMap(bits: owner.keep(bits), before: owner.keep(before))
        #expect(bits.count == ShortcutArcMap.wordCount(arcCount: arcCount))
        #expect(map.validationError(arcCount: arcCount) == nil)
        var seen = 0
        for i in 0..<arcCount {
            #expect(map.isShortcut(i) == flags[i])
            #expect(map.rank(i) == seen)
            if flags[i] { seen += 1 }
        }
        #expect(map.count == seen)
    }
}
