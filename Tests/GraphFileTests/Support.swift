import Foundation
import WayfinderGraph

/// A fresh directory under the system temp directory, removed after `body`.
func withTempDirectory(_ body: (String) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("graphfile-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try body(dir)
}

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func directoryListing(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
}

/// Plain bitwise CRC-32 (ISO-HDLC, zlib's polynomial), independent of the code under
/// test: it proves the checksums are the standard ones and lets tests forge headers.
func referenceCRC32<S: Sequence<UInt8>>(_ bytes: S) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

extension [UInt8] {
    func u32(at offset: Int) -> UInt32 {
        self[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func setU32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { self[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }

    /// Recomputes the header crc (bytes [0, 24) ++ [28, header size)) after a forged edit.
    mutating func fixHeaderCRC() {
        let end = Int(u32(at: 12))
        setU32(referenceCRC32(self[0..<24] + self[28..<end]), at: 24)
    }
}

/// Section kinds used by the sample file.
enum Kind {
    static let ints: UInt32 = 10
    static let wide: UInt32 = 11
    static let arcs: UInt32 = 12
    static let emptyBytes: UInt32 = 13
    static let emptyInts: UInt32 = 14
    static let stringOffsets: UInt32 = 20
    static let stringBytes: UInt32 = 21
}

let sampleInts: [Int32] = [1, -2, 3, .max, .min]
let sampleWide: [UInt64] = [0, 1, .max, 0x0123_4567_89AB_CDEF]
let forwardArcs = [CHArc(head: 1, weight: 10, via: -1), CHArc(head: 2, weight: 25, via: 0)]
let backwardArcs = [CHArc(head: 0, weight: 7, via: ~42)]
let sampleStrings = ["Mannerheimintie", "", "Rue de Genève", "東京", "Mannerheimintie", "🚲 path"]
let sampleMetadata = [
    "tool-version": "0.1.0",
    "source": "helsinki.osm.pbf",
    "source-size": "12345678",
    "empty": "",
    "ünïcode kéy": "välue ✓",
]

/// Writes a small file with sections of several element types, two modes of one kind,
/// empty sections, a string table and metadata.
@discardableResult
func writeSample(to path: String) throws -> [Int32] {
    var writer = GraphFileWriter()
    writer.metadata = sampleMetadata
    writer.add(kind: Kind.ints, sampleInts)
    writer.add(kind: Kind.wide, sampleWide)
    writer.add(kind: Kind.arcs, mode: 0, forwardArcs)
    writer.add(kind: Kind.arcs, mode: 1, backwardArcs)
    writer.add(kind: Kind.emptyBytes, [UInt8]())
    writer.add(kind: Kind.emptyInts, [Int32]())
    var strings = StringTableBuilder()
    let ids = sampleStrings.map { strings.intern($0) }
    strings.add(to: &writer, offsetsKind: Kind.stringOffsets, bytesKind: Kind.stringBytes)
    try writer.write(to: path)
    return ids
}
