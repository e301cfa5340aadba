import Foundation
import Testing
@testable import WayfinderCLI
import WayfinderGraph
import WayfinderImport

/// The default graph's cache: keyed by the extract's bytes, the format version and the import
/// revision, so a copy with another date (a fresh checkout) reuses it, an upgraded importer
/// builds anew, and older entries go after a build.
@Suite struct DefaultGraphCacheTests {
    @Test func aTouchedCopyReusesTheGraphAndOldEntriesGo() throws {
        let fm = FileManager.default
        let checkout = temporaryDirectory(), cache = temporaryDirectory()
        try fm.copyItem(atPath: "\(dataDirectory)/\(DefaultGraph.extract)", toPath: "\(checkout)/\(DefaultGraph.extract)")
        // What an older program and older data left in the cache, and files that are not its to remove.
        let stale = ["andorra-v\(GraphFile.formatVersion - 1)-1664907-1764680000.wfg", "andorra-v\(GraphFile.formatVersion)-00000000deadbeef.wfg",
                     "andorra-v\(GraphFile.formatVersion)-r\(ImportRevision.current - 1)-00000000deadbeef.wfg",
                     "andorra-v\(GraphFile.formatVersion)-1664907-1764680000.wfg"]
        let kept = ["monaco-v\(GraphFile.formatVersion)-00000000deadbeef.wfg", "notes.txt"]
        for name in stale + kept { try Data("old".utf8).write(to: URL(fileURLWithPath: "\(cache)/\(name)")) }

        let first = Console(capturing: true)
        let path = try DefaultGraph.path(console: first, data: checkout, cache: cache)
        #expect(first.errors.hasPrefix("building the default graph"))
        let hash = try #require(ContentHash.ofFile(atPath: "\(checkout)/\(DefaultGraph.extract)"))
        #expect((path as NSString).lastPathComponent == DefaultGraph.fileName(hash: hash))
        #expect(Set(try fm.contentsOfDirectory(atPath: cache)) == Set(kept + [(path as NSString).lastPathComponent]))

        // Another checkout of the same bytes, dated now: no build, the same graph.
        let fresh = temporaryDirectory()
        try fm.copyItem(atPath: "\(checkout)/\(DefaultGraph.extract)", toPath: "\(fresh)/\(DefaultGraph.extract)")
        try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: "\(fresh)/\(DefaultGraph.extract)")
        let again = Console(capturing: true)
        #expect(try DefaultGraph.path(console: again, data: fresh, cache: cache) == path)
        #expect(again.errors.isEmpty)

        // Other bytes (here the extract with its last byte changed) get another name.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: "\(fresh)/\(DefaultGraph.extract)"))
        bytes[bytes.count - 1] ^= 1
        let changed = temporaryDirectory() + "/" + DefaultGraph.extract
        try bytes.write(to: URL(fileURLWithPath: changed))
        #expect(ContentHash.ofFile(atPath: changed) != hash)
        #expect(ContentHash.ofFile(atPath: "\(fresh)/\(DefaultGraph.extract)") == hash)
        #expect(ContentHash.ofFile(atPath: "\(fresh)/missing") == nil)
    }

    /// Hashing the default extract on every call is cheap enough not to cache the hash.
    @Test func hashingTheDefaultExtractIsFast() throws {
        let path = "\(dataDirectory)/\(DefaultGraph.extract)"
        _ = ContentHash.ofFile(atPath: path)
        let clock = ContinuousClock()
        let elapsed = clock.measure { for _ in 0..<20 { _ = ContentHash.ofFile(atPath: path) } }
        #expect(elapsed / 20 < .milliseconds(20), "\(elapsed / 20) per hash")
    }
}
