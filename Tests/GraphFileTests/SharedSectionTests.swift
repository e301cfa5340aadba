import Foundation
import Testing
import WayfinderGraph

/// Format 7: a section whose bytes equal one already written is stored once, and both table
/// entries name those bytes. The reader accepts entries that share offset, length and crc,
/// and nothing else that overlaps.
@Suite struct SharedSectionTests {
    /// The table entries' (offset, length) by position, metadata first.
    private func ranges(_ bytes: [UInt8]) -> [(offset: UInt32, length: UInt32)] {
        (0..<Int(bytes.u32(at: 28))).map { (bytes.u32(at: 32 + 32 * $0 + 8), bytes.u32(at: 32 + 32 * $0 + 16)) }
    }

    @Test func identicalSectionsAreStoredOnceAndBothRead() throws {
        try withTempDirectory { dir in
            let path = dir + "/shared.wfg"
            let leaving: [Int32] = Array(0..<5000)
            var almost = leaving
            almost[4999] = 0  // the same length and all but one byte
            var writer = GraphFileWriter()
            writer.add(kind: 100, mode: 2, leaving)
            writer.add(kind: 101, mode: 2, almost)
            writer.add(kind: 102, mode: 2, leaving)
            writer.add(kind: 103, mode: 3, leaving.map { UInt16(truncatingIfNeeded: $0) })
            writer.add(kind: 104, mode: 3, leaving.map { UInt16(truncatingIfNeeded: $0) })
            writer.add(kind: 105, [Int32]())
            writer.add(kind: 106, [Int32]())
            try writer.write(to: path)

            let bytes = try readBytes(path)
            let table = ranges(bytes)  // metadata, 100…106
            #expect(table[3] == table[1] && table[5] == table[4])
            #expect(table[2].offset != table[1].offset)
            // 100, 101 and 103 hold 50,000 bytes; 102 and 104 share theirs (30,000 more if not).
            #expect(bytes.count < 60_000)

            let file = try GraphFile(path: path, verifyChecksums: true)
            #expect(Array(try #require(file.section(kind: 102, mode: 2, as: Int32.self))) == leaving)
            #expect(Array(try #require(file.section(kind: 101, mode: 2, as: Int32.self))) == almost)
            #expect(Array(try #require(file.section(kind: 104, mode: 3, as: UInt16.self))).count == 5000)
            #expect(try #require(file.section(kind: 106, as: Int32.self)).isEmpty)
        }
    }

    @Test func aLaterPartSharesAnEarlyPartsBytes() throws {
        try withTempDirectory { dir in
            let path = dir + "/streamed.wfg"
            let values = (0..<3000).map { UInt64($0 * 7) }
            let stream = try GraphFileStream(path: path, sections: 8)
            var part = GraphFileWriter()
            part.add(kind: 100, values)
            var writer = try stream.write(early: part)
            writer.add(kind: 101, values)
            try stream.finish(writer)
            let table = ranges(try readBytes(path))
            #expect(table[1] == table[2])
            let file = try GraphFile(path: path, verifyChecksums: true)
            #expect(Array(try #require(file.section(kind: 101, as: UInt64.self))) == values)
        }
    }

    @Test func sharedEntriesMustAgreeAndNothingElseMayOverlap() throws {
        try withTempDirectory { dir in
            let path = dir + "/forged.wfg"
            var writer = GraphFileWriter()
            writer.add(kind: 100, [Int32](repeating: 7, count: 100))
            writer.add(kind: 101, [Int32](repeating: 7, count: 100))
            try writer.write(to: path)
            let intact = try readBytes(path)
            #expect(ranges(intact)[1] == ranges(intact)[2])

            var otherCRC = intact
            otherCRC.setU32(intact.u32(at: 32 + 64 + 28) ^ 1, at: 32 + 64 + 28)
            otherCRC.fixHeaderCRC()
            try writeBytes(otherCRC, to: path)
            #expect(throws: GraphFileError.checksumMismatch(path: path, section: "section kind 101 mode 0")) { try GraphFile(path: path) }

            var shorter = intact
            shorter.setU32(200, at: 32 + 64 + 16)  // 101 now covers half of 100's bytes
            shorter.fixHeaderCRC()
            try writeBytes(shorter, to: path)
            #expect(throws: GraphFileError.self) { try GraphFile(path: path) }
        }
    }
}
