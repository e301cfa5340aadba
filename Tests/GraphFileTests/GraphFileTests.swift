import Foundation
import Testing
import WayfinderGraph

@Suite struct RoundTripTests {
    @Test func sectionsOfSeveralTypesAndMetadata() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            let file = try GraphFile(path: path)

            #expect(file.path == path)
            #expect(file.fileSize == (try readBytes(path)).count)
            #expect(file.metadata == sampleMetadata)
            #expect(Array(try #require(file.section(kind: Kind.ints, as: Int32.self))) == sampleInts)
            #expect(Array(try file.require(kind: Kind.wide, as: UInt64.self, name: "wide")) == sampleWide)
            #expect(Array(try #require(file.section(kind: Kind.arcs, mode: 0, as: CHArc.self))) == forwardArcs)
            #expect(Array(try #require(file.section(kind: Kind.arcs, mode: 1, as: CHArc.self))) == backwardArcs)

            let listed = file.sections.map { "\($0.kind)/\($0.mode):\($0.length)" }
            #expect(listed.contains("\(Kind.ints)/0:20"))
            #expect(listed.contains("\(Kind.arcs)/1:12"))
            #expect(file.sections.first?.kind == GraphFile.metadataKind)
        }
    }

    @Test func sectionsAreAlignedForInPlaceViews() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            let bytes = try readBytes(path)
            for i in 0..<Int(bytes.u32(at: 28)) {
                #expect(bytes.u32(at: 32 + 32 * i + 8) % 64 == 0)
            }
            let file = try GraphFile(path: path)
            let views = [
                file.section(kind: Kind.wide, as: UInt64.self).map { UnsafeRawPointer($0.baseAddress) },
                file.section(kind: Kind.arcs, mode: 1, as: CHArc.self).map { UnsafeRawPointer($0.baseAddress) },
            ]
            for view in views {
                #expect(Int(bitPattern: try #require(view)) % 64 == 0)
            }
        }
    }

    @Test func emptySectionsAndEmptyMetadata() throws {
        try withTempDirectory { dir in
            let path = dir + "/empty.wfg"
            var writer = GraphFileWriter()
            writer.add(kind: 5, [Int32]())
            writer.add(kind: 6, [CHArc]())
            writer.add(kind: 7, [UInt8]())
            try writer.write(to: path)

            let file = try GraphFile(path: path)
            #expect(file.metadata.isEmpty)
            #expect(try #require(file.section(kind: 5, as: Int32.self)).isEmpty)
            #expect(try #require(file.section(kind: 6, as: CHArc.self)).isEmpty)
            #expect(try #require(file.section(kind: 7, as: UInt8.self)).isEmpty)

            try GraphFileWriter().write(to: path)  // nothing at all but the (empty) metadata
            #expect(try GraphFile(path: path).sections.map(\.kind) == [GraphFile.metadataKind])
        }
    }

    @Test func absentSectionsAndWrongElementTypes() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            let file = try GraphFile(path: path)
            #expect(file.section(kind: 999, as: Int32.self) == nil)
            #expect(file.section(kind: Kind.arcs, mode: 2, as: CHArc.self) == nil)
            #expect(file.section(kind: Kind.ints, as: UInt64.self) == nil)  // 4-byte elements
            #expect(throws: GraphFileError.missingSection(path: path, section: "node coordinates")) {
                try file.require(kind: 999, as: Int32.self, name: "node coordinates")
            }
            #expect(throws: GraphFileError.unreadable(path: path, reason: "section arcs holds 12-byte elements, expected 8")) {
                try file.require(kind: Kind.arcs, as: UInt64.self, name: "arcs")
            }
        }
    }

    @Test func viewsOutliveTheFileNameAndABufferOwnerKeepsThemAlive() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            var file: GraphFile? = try GraphFile(path: path)
            let ints = try #require(file?.section(kind: Kind.ints, as: Int32.self))
            let owner = try #require(file?.bufferOwner)
            file = nil
            try FileManager.default.removeItem(atPath: path)
            withExtendedLifetime(owner) { #expect(Array(ints) == sampleInts) }
        }
    }

    @Test func largeSection() throws {
        try withTempDirectory { dir in
            let path = dir + "/large.wfg"
            let values = (0..<Int32(10_000_000)).map { $0 &* 7919 }
            var writer = GraphFileWriter()
            writer.add(kind: 2, values)
            writer.metadata["count"] = String(values.count)
            try writer.write(to: path)

            let file = try GraphFile(path: path)
            let view = try file.require(kind: 2, as: Int32.self, name: "values")
            #expect(view.count == values.count)
            #expect(view.elementsEqual(values))
            #expect(file.metadata["count"] == "10000000")
        }
    }

    /// The section and header checksums are standard CRC-32 (zlib's), so other tools can
    /// check the file.
    @Test func checksumsAreStandardCRC32() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            try writeSample(to: path)
            var bytes = try readBytes(path)
            let header = bytes.u32(at: 24)
            bytes.fixHeaderCRC()
            #expect(bytes.u32(at: 24) == header)
            let count = Int(bytes.u32(at: 28))
            for i in 0..<count {
                let entry = 32 + 32 * i
                let offset = Int(bytes.u32(at: entry + 8)), length = Int(bytes.u32(at: entry + 16))
                #expect(referenceCRC32(bytes[offset..<offset + length]) == bytes.u32(at: entry + 28))
            }
        }
    }
}

@Suite struct StringTableTests {
    @Test func internsAndRoundTrips() throws {
        try withTempDirectory { dir in
            let path = dir + "/sample.wfg"
            let ids = try writeSample(to: path)
            #expect(ids[1] == 0)            // "" is always id 0
            #expect(ids[0] == ids[4])       // the same string, the same id
            #expect(Set(ids).count == 5)

            let table = try StringTable(file: GraphFile(path: path),
                                        offsetsKind: Kind.stringOffsets, bytesKind: Kind.stringBytes)
            #expect(table.count == 5)
            #expect(ids.map { table[$0] } == sampleStrings)
        }
    }

    @Test func builderCountsTheEmptyString() {
        var builder = StringTableBuilder()
        #expect(builder.count == 1)
        #expect(builder.intern("") == 0)
        #expect(builder.intern("a") == 1)
        #expect(builder.intern("b") == 2)
        #expect(builder.intern("a") == 1)
        #expect(builder.count == 3)
    }

    @Test func missingOrMalformedSections() throws {
        try withTempDirectory { dir in
            let path = dir + "/strings.wfg"
            var writer = GraphFileWriter()
            writer.add(kind: 1_000, [UInt32]([0, 5, 3]))  // decreasing, and ends past the bytes
            writer.add(kind: 1_001, Array("abc".utf8))
            try writer.write(to: path)
            let file = try GraphFile(path: path)
            #expect(throws: GraphFileError.unreadable(path: path, reason: "malformed string table")) {
                try StringTable(file: file, offsetsKind: 1_000, bytesKind: 1_001)
            }
            #expect(throws: GraphFileError.missingSection(path: path, section: "string offsets")) {
                try StringTable(file: file, offsetsKind: 2_000, bytesKind: 1_001)
            }
            #expect(throws: GraphFileError.missingSection(path: path, section: "string bytes")) {
                try StringTable(file: file, offsetsKind: 1_000, bytesKind: 2_001)
            }
        }
    }
}
