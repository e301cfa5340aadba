import Foundation
import Testing
import WayfinderGraph
import WayfinderImport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

private func read(_ path: String, everyBlob: Bool) -> Result<(AreaRecorder, OSMReadStats), OSMReadError> {
    let recorder = AreaRecorder()
    do throws(OSMReadError) {
        let stats = try OSMReader.read(path: path, into: recorder, kinds: OSMEntityKinds.all.union([.areas, .baseMapAreas]),
                               relationsFromEveryBlob: everyBlob)
        return .success((recorder, stats))
    } catch {
        return .failure(error)
    }
}

@Suite struct OSMReaderRelationBlobsTests {
    /// Baltimore's header declares the file sorted: the relations pass reads only the blobs
    /// from the first that holds a relation. Every area (from ways and from relations) comes
    /// out the same, in the same order, as when it reads every blob.
    @Test func aSortedFilesTailGivesTheAreasEveryBlobGives() throws {
        let path = root.appendingPathComponent("data/baltimore.osm.pbf").path
        let (tail, tailStats) = try read(path, everyBlob: false).get(), (whole, wholeStats) = try read(path, everyBlob: true).get()
        #expect(tailStats.relationsFromTail && !wholeStats.relationsFromTail)
        #expect(tail.areas.contains { $0.type == .relation && $0.complete })
        #expect(tail.areas.contains { $0.type == .way })
        #expect(!tail.relations.isEmpty)
        #expect(tail.areas == whole.areas)
        #expect(tail.relations == whole.relations)
        // Monaco's header does not declare it sorted: every blob is read.
        let monaco = root.appendingPathComponent("data/monaco.osm.pbf").path
        #expect(try !read(monaco, everyBlob: false).get().1.relationsFromTail)
    }

    /// Damaged copies of a small sorted file (bytes overwritten in the blob headers, which the
    /// tail's binary search reads, and anywhere): the read never crashes, and it fails or
    /// succeeds, with the same areas, whichever way the relations pass reads.
    @Test func damagedSortedFilesReadAsEveryBlobReadsThem() throws {
        let original = try Data(contentsOf: root.appendingPathComponent("Tests/Fuzz/sydney-block.osm.pbf"))
        #expect(try read(root.appendingPathComponent("Tests/Fuzz/sydney-block.osm.pbf").path, everyBlob: false).get().1.relationsFromTail)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wf-blobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var random = SplitMix64(seed: 40)
        var failures = 0
        for copy in 0..<40 {
            var bytes = [UInt8](original)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                // Half the damage lands in the first 64 bytes of some blob: its length prefix or header.
                let near = copy % 2 == 0 ? Int(random.next() % 64) : Int(random.next() % UInt64(bytes.count))
                let at = copy % 2 == 0 ? (Int(random.next() % UInt64(bytes.count)) / 4096 * 4096 + near) % bytes.count : near
                bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
            let path = dir.appendingPathComponent("damaged-\(copy).osm.pbf").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            switch (read(path, everyBlob: false), read(path, everyBlob: true)) {
            case (.success(let tail), .success(let whole)):
                #expect(tail.0.areas == whole.0.areas, "copy \(copy)")
            case (.failure, .failure):
                failures += 1
            case (let tail, let whole):
                Issue.record("copy \(copy): \(tail) against \(whole)")
            }
        }
        #expect(failures > 0)
    }
}
