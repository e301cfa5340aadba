import Foundation
import Testing
import WayfinderGraph

/// Opening must answer every kind of bad input with the matching error, never a crash.
@Suite struct OpenErrorTests {
    @Test func missingFile() throws {
        try withTempDirectory { dir in
            #expect(throws: GraphFileError.notFound(path: dir + "/nope.wfg")) {
                try GraphFile(path: dir + "/nope.wfg")
            }
            #expect(throws: GraphFileError.notFound(path: dir + "/nope/graph.wfg")) {
                try GraphFile(path: dir + "/nope/graph.wfg")
            }
        }
    }

    @Test func directory() throws {
        try withTempDirectory { dir in
            #expect(throws: GraphFileError.unreadable(path: dir, reason: "is a directory")) {
                try GraphFile(path: dir)
            }
        }
    }

    @Test(arguments: [
        [],                                          // 0 bytes: cannot even be mapped
        Array("WAYF".utf8),                          // shorter than the magic
        Array("WAYFINDER is a router\n".utf8),       // text
        [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3],  // gzip
        [UInt8](repeating: 0, count: 40),
    ] as [[UInt8]])
    func otherFormats(bytes: [UInt8]) throws {
        try withTempDirectory { dir in
            let path = dir + "/other"
            try writeBytes(bytes, to: path)
            #expect(throws: GraphFileError.notAGraphFile(path: path)) { try GraphFile(path: path) }
        }
    }

    /// Every prefix of a valid file: too short for the magic is "not a graph file",
    /// anything longer is "truncated", with or without checksum verification.
    @Test func truncatedAnywhere() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg", cut = dir + "/cut.wfg"
            try writeSample(to: path)
            let bytes = try readBytes(path)
            for length in 0..<bytes.count {
                try writeBytes(Array(bytes[..<length]), to: cut)
                let expected: GraphFileError = length < 8 ? .notAGraphFile(path: cut) : .truncated(path: cut)
                for verify in [true, false] {
                    #expect(throws: expected, "length \(length)") { try GraphFile(path: cut, verifyChecksums: verify) }
                }
            }
        }
    }

    @Test func trailingBytes() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            try writeBytes(try readBytes(path) + [0, 0, 0, 0], to: path)
            #expect(throws: GraphFileError.unreadable(path: path, reason: "4 unexpected bytes after the end of the graph")) {
                try GraphFile(path: path)
            }
        }
    }

    /// A single flipped bit anywhere: wrong magic, a header/table checksum mismatch, or a
    /// section (or padding) checksum mismatch. Without verification, header and table
    /// damage is still caught and section damage never leads outside the file.
    @Test func flippedByteAnywhere() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg", bad = dir + "/bad.wfg"
            try writeSample(to: path)
            let bytes = try readBytes(path)
            let tableEnd = Int(bytes.u32(at: 12))
            for index in bytes.indices {
                for mask: UInt8 in [0x01, 0x80] {
                    var flipped = bytes
                    flipped[index] ^= mask
                    try writeBytes(flipped, to: bad)
                    let context: Comment = "byte \(index) ^ \(mask)"
                    let error = #expect(throws: GraphFileError.self, context) { try GraphFile(path: bad) }
                    switch error {
                    case .notAGraphFile?: #expect(index < 8, context)
                    case .checksumMismatch(_, let section)?:
                        #expect(index >= 8, context)
                        #expect((section == "header") == (index < tableEnd), context)
                    default: Issue.record("\(context): \(String(describing: error))")
                    }
                    if index >= tableEnd { try readEverything(bad) }
                }
            }
        }
    }

    /// Opens without verification and touches every view: must not crash on damage.
    private func readEverything(_ path: String) throws {
        guard let file = try? GraphFile(path: path, verifyChecksums: false) else { return }
        _ = file.metadata.count
        for (kind, mode, _, _) in file.sections {
            _ = file.section(kind: kind, mode: mode, as: UInt8.self)?.reduce(0, &+)
        }
        if let table = try? StringTable(file: file, offsetsKind: Kind.stringOffsets, bytesKind: Kind.stringBytes) {
            for id in 0..<Int32(table.count) { _ = table[id] }
        }
    }

    @Test func sectionDamageIsOnlyFoundWhenVerifying() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            var bytes = try readBytes(path)
            let entry = 32 + 32 * 1  // the table entry after the metadata: Kind.ints
            #expect(bytes.u32(at: entry) == Kind.ints)
            bytes[Int(bytes.u32(at: entry + 8))] ^= 0xFF
            try writeBytes(bytes, to: path)
            #expect(throws: GraphFileError.checksumMismatch(path: path, section: "section kind 10 mode 0")) {
                try GraphFile(path: path)
            }
            let file = try GraphFile(path: path, verifyChecksums: false)
            #expect(file.section(kind: Kind.ints, as: Int32.self)?.first == 0xFE)  // 1 ^ 0xFF
        }
    }

    @Test func unsupportedVersion() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            var bytes = try readBytes(path)
            #expect(bytes.u32(at: 8) == GraphFile.formatVersion)
            let other = GraphFile.formatVersion + 1
            bytes.setU32(other, at: 8)
            try writeBytes(bytes, to: path)
            #expect(throws: GraphFileError.checksumMismatch(path: path, section: "header")) {
                try GraphFile(path: path)
            }
            bytes.fixHeaderCRC()  // now the file is intact, just of another version
            try writeBytes(bytes, to: path)
            let expected = GraphFileError.unsupportedVersion(path: path, found: other, expected: GraphFile.formatVersion)
            #expect(throws: expected) { try GraphFile(path: path) }
            #expect(expected.description == "graph file \(path) was written by format version \(other); this Wayfinder reads version \(GraphFile.formatVersion): rebuild it with `wayfinder build`")
        }
    }

    @Test func descriptionsAreOneLineNamingTheFile() {
        let path = "/data/helsinki.wfg"
        let errors: [GraphFileError] = [
            .notFound(path: path), .unreadable(path: path, reason: "Permission denied"),
            .notAGraphFile(path: path), .unsupportedVersion(path: path, found: 7, expected: 1),
            .truncated(path: path), .checksumMismatch(path: path, section: "header"),
            .missingSection(path: path, section: "arcs"), .writeFailed(path: path, reason: "No space left on device"),
            .invalidSection(path: path, section: "driving segments", reason: "segment 3 names way 9 of 2"),
        ]
        for error in errors {
            #expect(error.description.contains(path))
            #expect(!error.description.contains("\n"))
        }
        #expect(GraphFileError.notFound(path: path).description == "graph file not found: /data/helsinki.wfg")
    }
}

/// The writer replaces files atomically and leaves nothing behind when it fails.
/// (Tests run as root, so permissions cannot make a write fail; paths do instead.)
@Suite struct AtomicWriteTests {
    private func writer(tag: String) -> GraphFileWriter {
        var writer = GraphFileWriter()
        writer.metadata["tag"] = tag
        writer.add(kind: 3, Array(repeating: Int32(tag.count), count: 1_000))
        return writer
    }

    @Test func replaceKeepsOpenMappingsIntactAndLeavesNoTempFile() throws {
        try withTempDirectory { dir in
            let path = dir + "/graph.wfg"
            try writer(tag: "old").write(to: path)
            let old = try GraphFile(path: path)
            try writer(tag: "newer").write(to: path)

            #expect(old.metadata["tag"] == "old")  // a reader's mapping still sees its file
            #expect(old.section(kind: 3, as: Int32.self)?.allSatisfy { $0 == 3 } == true)
            #expect(try GraphFile(path: path).metadata["tag"] == "newer")
            #expect(try directoryListing(dir) == ["graph.wfg"])
        }
    }

    @Test func parentIsARegularFile() throws {
        try withTempDirectory { dir in
            try writeBytes([1, 2, 3], to: dir + "/file")
            let path = dir + "/file/graph.wfg"
            let error = #expect(throws: GraphFileError.self) { try writer(tag: "x").write(to: path) }
            guard case .writeFailed(let failed, let reason)? = error else { return }
            #expect(failed == path)
            #expect(reason.contains("Not a directory"))
            #expect(try directoryListing(dir) == ["file"])
            #expect(try readBytes(dir + "/file") == [1, 2, 3])
        }
    }

    @Test func missingDirectory() throws {
        try withTempDirectory { dir in
            let path = dir + "/missing/graph.wfg"
            let error = #expect(throws: GraphFileError.self) { try writer(tag: "x").write(to: path) }
            #expect(error?.description.hasPrefix("cannot write graph file \(path): cannot create") == true)
            let listing = try directoryListing(dir)
            #expect(listing.isEmpty)
        }
    }

    /// Rename fails after the whole temp file was written: the temp file is removed and
    /// the target (here a directory with content) is untouched.
    @Test func failedRenameRemovesTheTempFile() throws {
        try withTempDirectory { dir in
            let path = dir + "/graph.wfg"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try writeBytes([42], to: path + "/keep")
            #expect(throws: GraphFileError.self) { try writer(tag: "x").write(to: path) }
            #expect(try directoryListing(dir) == ["graph.wfg"])
            #expect(try readBytes(path + "/keep") == [42])
        }
    }

    /// The temp file cannot be created (its name is taken by a directory): an existing
    /// graph file stays as it was.
    @Test func failedCreateLeavesTheOldFile() throws {
        try withTempDirectory { dir in
            let path = dir + "/graph.wfg"
            try writer(tag: "old").write(to: path)
            let before = try readBytes(path)
            let temp = "\(path).tmp-\(ProcessInfo.processInfo.processIdentifier)"
            try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: false)
            #expect(throws: GraphFileError.self) { try writer(tag: "new").write(to: path) }
            #expect(try readBytes(path) == before)
            #expect(try GraphFile(path: path).metadata["tag"] == "old")
        }
    }
}
