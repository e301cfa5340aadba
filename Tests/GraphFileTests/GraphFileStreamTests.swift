import Foundation
import Testing
import WayfinderGraph

/// `GraphFileStream`: parts written early, from several threads and in any order, end up in
/// the table in the order of the final writer, every checksum right; a stream dropped before
/// `finish` leaves neither the file nor its temporary file.
@Suite struct GraphFileStreamTests {
    @Test func partsWrittenEarlyTakeTheirPlaceInTheTable() throws {
        try withTempDirectory { dir in
            let path = dir + "/streamed.wfg"
            let stream = try GraphFileStream(path: path, sections: 64)
            // Eight parts of two sections each, written by concurrent tasks.
            let parts = (0..<8).map { k in
                var part = GraphFileWriter()
                part.add(kind: 100 + UInt32(k), (0..<(k * 1000 + 1)).map { Int32($0 * k) })
                part.add(kind: 100 + UInt32(k), mode: 1, [UInt64(k)])
                part.metadata["part \(k)"] = "\(k)"
                return part
            }
            let placed = UnsafeMutableBufferPointer<GraphFileWriter>.allocate(capacity: parts.count)
            defer { placed.deallocate() }
            nonisolated(unsafe) let slots = placed, given = parts
            DispatchQueue.concurrentPerform(iterations: given.count) { k in
                (slots.baseAddress! + k).initialize(to: try! stream.write(early: given[given.count - 1 - k]))
            }
            var writer = GraphFileWriter()
            writer.metadata["whole"] = "yes"
            writer.add(kind: 90, [Int32(7)])
            for k in (0..<parts.count).reversed() { writer.append(contentsOf: placed[k]) }  // parts 0...7
            writer.add(kind: 91, [Int32(8)])
            try stream.finish(writer)

            let file = try GraphFile(path: path, verifyChecksums: true)
            var kinds: [UInt32] = [GraphFile.metadataKind, 90]
            for k in UInt32(0)..<8 { kinds += [100 + k, 100 + k] }
            kinds.append(91)
            #expect(file.sections.map(\.kind) == kinds)
            for k in 0..<8 {
                let expected: [Int32] = (0..<(k * 1000 + 1)).map { Int32($0 * k) }
                #expect(Array(try #require(file.section(kind: 100 + UInt32(k), as: Int32.self))) == expected)
                #expect(Array(try #require(file.section(kind: 100 + UInt32(k), mode: 1, as: UInt64.self))) == [UInt64(k)])
                #expect(file.metadata["part \(k)"] == "\(k)")
            }
            #expect(file.metadata["whole"] == "yes")
            #expect(try directoryListing(dir) == ["streamed.wfg"])
        }
    }

    @Test func aStreamDroppedBeforeFinishLeavesNothing() throws {
        try withTempDirectory { dir in
            let path = dir + "/dropped.wfg"
            do {
                let stream = try GraphFileStream(path: path, sections: 8)
                var part = GraphFileWriter()
                part.add(kind: 100, [Int32](repeating: 1, count: 10_000))
                _ = try stream.write(early: part)
                #expect(try directoryListing(dir).count == 1)  // the temporary file
            }
            #expect(try directoryListing(dir).isEmpty)
        }
    }

    @Test func moreSectionsThanTheTableHoldsFailAndLeaveNothing() throws {
        try withTempDirectory { dir in
            let path = dir + "/full.wfg"
            let stream = try GraphFileStream(path: path, sections: 3)
            var writer = GraphFileWriter()
            for kind in UInt32(100)..<103 { writer.add(kind: kind, [Int32(1)]) }
            #expect(throws: GraphFileError.self) { try stream.finish(writer) }
            #expect(try directoryListing(dir).isEmpty)
        }
    }
}
