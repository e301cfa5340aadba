/// The graph file: one versioned, checksummed file of typed sections, memory-mapped and
/// read in place.
///
/// ## Layout (format version 7, `GraphFile.formatVersion`; little-endian)
///
/// The container below has not changed since version 1 but for shared bytes (7); the version
/// is raised whenever what a section holds changes (2: shortcut table, map-ordered ranks,
/// compact snapping index; 3: core tables, sparse self-loops; 4: way transport, classes and
/// flags for underground, start-point and restricted ways, search-node copies for via-way
/// restrictions; 5: shortcut records without their middle node, which turn-expanded modes
/// name by the original arcs' heads and walking keeps in `chShortcutMiddles`; 6: hierarchy
/// arcs of 8 bytes, which are shortcuts in `ShortcutArcMap`s, their ids and payloads beside;
/// 7: sections with the same bytes stored once, ids in `PackedInts`). Which kinds the
/// routing data and the geocoder use: `SectionKinds.swift`.
///
/// ```
/// offset  size  field
///      0     8  magic "WAYFINDR"
///      8     4  format version (UInt32)                              ┐ frozen: every future
///     12     4  header size H = 32 + 32 × section count (UInt32)    │ version keeps these
///     16     8  total file size in bytes (UInt64)                   │ at these offsets
///     24     4  header crc32 over bytes [0, 24) ++ [28, H)           ┘
///     28     4  section count N (UInt32)
///     32  32×N  section table, one 32-byte entry per section:
///                 +0 kind UInt32, +4 mode UInt32, +8 offset UInt64, +16 length UInt64
///                 (bytes), +24 element size UInt32, +28 crc32 of the section's bytes
///      …        sections, each starting on a 64-byte boundary; the gaps are zero bytes
/// ```
///
/// Every section is 64-byte aligned and the mapping is page aligned, so a section can be
/// bound to `UnsafeBufferPointer<T>` in place for any `T` with alignment ≤ 64. The file
/// ends right after its last section. Two entries may name the same bytes (the same offset,
/// length and crc): the writer stores a section once when another has the same bytes
/// (format 7). Kinds are chosen by callers; `(kind, mode)` pairs
/// are unique; readers ignore kinds they do not know, so new sections need no new format
/// version. Kind `GraphFile.metadataKind` (1) is reserved for the key/value metadata:
/// element size 1, entries sorted by key, each `keyLength UInt32, key UTF-8,
/// valueLength UInt32, value UTF-8`.
///
/// ## Validation order
///
/// Shorter than 8 bytes or wrong magic: `notAGraphFile`. Magic but shorter than the
/// 32-byte header, or a table/section running past the end while the header's file size
/// says more bytes should be there: `truncated`. Header crc wrong: `checksumMismatch`
/// ("header"); it is checked before the version so a damaged version field reads as
/// damage, and the frozen fields above let an intact file of another version still be
/// told apart. Then the version, then the file size, then the table's bounds (always,
/// so no view can reach outside the mapping), then, when verifying, each section's crc
/// and that all gaps are zero, so a flipped byte anywhere in the file is detected.
import Glibc
import CZlib

#if _endian(big)
#error("The graph file is little-endian and read in place; big-endian hosts are not supported.")
#endif

/// Why a graph file could not be opened, read or written. Each description is one line
/// that names the file.
public enum GraphFileError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    /// Wrong magic, or too short to hold even the magic.
    case notAGraphFile(path: String)
    case unsupportedVersion(path: String, found: UInt32, expected: UInt32)
    /// The file is shorter than its header says.
    case truncated(path: String)
    case checksumMismatch(path: String, section: String)
    case missingSection(path: String, section: String)
    /// A section whose sizes are right but whose contents point outside the file's other
    /// sections (a damaged or crafted file whose checksums were made to match).
    case invalidSection(path: String, section: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "graph file not found: \(path)"
        case .unreadable(let path, let reason):
            "cannot read graph file \(path): \(reason)"
        case .notAGraphFile(let path):
            "\(path) is not a Wayfinder graph file"
        case .unsupportedVersion(let path, let found, let expected):
            "graph file \(path) was written by format version \(found); this Wayfinder reads version \(expected): rebuild it with `wayfinder build`"
        case .truncated(let path):
            "graph file \(path) is truncated (shorter than its header says): rebuild or copy it again"
        case .checksumMismatch(let path, let section):
            "graph file \(path) is corrupt: checksum mismatch in \(section): rebuild or copy it again"
        case .missingSection(let path, let section):
            "graph file \(path) has no \(section) section: rebuild it with `wayfinder build`"
        case .invalidSection(let path, let section, let reason):
            "graph file \(path) is corrupt: \(section) \(reason): rebuild or copy it again"
        case .writeFailed(let path, let reason):
            "cannot write graph file \(path): \(reason)"
        }
    }
}

/// A graph file mapped read-only. Section views point into the mapping and stay valid as
/// long as this object lives (hold it, e.g. through `bufferOwner`). The writer replaces
/// files by rename, so rewriting the path never disturbs an open mapping.
public final class GraphFile: @unchecked Sendable {  // immutable after init
    public static let formatVersion: UInt32 = 7
    /// Reserved section kind of the metadata; `GraphFileWriter.add` rejects it.
    public static let metadataKind: UInt32 = SectionKind.metadata.rawValue

    public let path: String
    /// The whole file; sections are slices of it.
    private let bytes: UnsafeRawBufferPointer
    private let mapping: Mapping
    private let entries: [Layout.Entry]
    public let metadata: [String: String]

    /// Opens, maps and validates `path`. The header and table are always checked (cheap,
    /// and they guard every view against reaching outside the file); `verifyChecksums`
    /// adds a crc32 pass over every section, which reads the whole file.
    public init(path: String, verifyChecksums: Bool = true) throws(GraphFileError) {
        self.path = path
        mapping = try Mapping(path: path)
        bytes = mapping.bytes
        entries = try Layout.parse(bytes, path: path, verify: verifyChecksums)
        metadata = try Layout.decodeMetadata(bytes, entries: entries, path: path)
    }

    public var fileSize: Int { bytes.count }

    /// Checks every section against its checksum, and the padding between them, as opening
    /// with `verifyChecksums` does: for a file opened without (verified later, elsewhere).
    public func verifyChecksums() throws(GraphFileError) {
        _ = try Layout.parse(bytes, path: path, verify: true)
    }

    /// Every section in table order, with its crc32, for statistics and comparing files.
    public var sections: [(kind: UInt32, mode: UInt32, length: Int, crc: UInt32)] {
        entries.map { ($0.kind, $0.mode, $0.length, $0.crc) }
    }

    /// The section `(kind, mode)` viewed as `T`, or nil if it is absent or its element
    /// size is not `MemoryLayout<T>.stride`.
    public func section<T: BitwiseCopyable>(
        kind: UInt32, mode: UInt32 = 0, as type: T.Type
    ) -> UnsafeBufferPointer<T>? {
        guard let entry = entry(kind, mode), entry.elementSize == MemoryLayout<T>.stride,
              MemoryLayout<T>.alignment <= Layout.alignment else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[entry.offset..<entry.offset + entry.length])
            .bindMemory(to: T.self)
    }

    /// Like `section`, but a missing section is `missingSection(name)` and an element
    /// size mismatch is `unreadable`.
    public func require<T: BitwiseCopyable>(
        kind: UInt32, mode: UInt32 = 0, as type: T.Type, name: String
    ) throws(GraphFileError) -> UnsafeBufferPointer<T> {
        guard let entry = entry(kind, mode) else {
            throw .missingSection(path: path, section: name)
        }
        guard let view = section(kind: kind, mode: mode, as: T.self) else {
            throw .unreadable(path: path, reason: "section \(name) holds \(entry.elementSize)-byte elements, expected \(MemoryLayout<T>.stride)")
        }
        return view
    }

    /// An owner that keeps this file (and so every view into it) alive.
    public var bufferOwner: BufferOwner {
        BufferOwner(release: { withExtendedLifetime(self) {} })
    }

    /// Section `(kind, mode)` as raw bytes and its element size, for copying it unchanged into
    /// another file (`GraphFileWriter.add(copyOf:kind:mode:)`); nil if absent.
    public func rawSection(kind: UInt32, mode: UInt32) -> (bytes: UnsafeRawBufferPointer, elementSize: Int)? {
        guard let entry = entry(kind, mode) else { return nil }
        return (UnsafeRawBufferPointer(rebasing: bytes[entry.offset..<entry.offset + entry.length]), entry.elementSize)
    }

    private func entry(_ kind: UInt32, _ mode: UInt32) -> Layout.Entry? {
        entries.first { $0.kind == kind && $0.mode == mode }
    }
}

/// A read-only private mapping of a whole regular file, unmapped on deinit. Kept apart
/// from `GraphFile` so a failing validation in `GraphFile.init` still unmaps.
private final class Mapping {
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(GraphFileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR
                ? .notFound(path: path) : .unreadable(path: path, reason: systemError(code))
        }
        defer { close(fd) }  // the mapping outlives the descriptor
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .unreadable(path: path, reason: systemError(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "is a directory")
        default: throw .unreadable(path: path, reason: "not a regular file")
        }
        // Also keeps 0-byte files away from mmap, which rejects them with EINVAL.
        guard info.st_size >= Layout.magic.count else { throw .notAGraphFile(path: path) }
        let size = Int(info.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw .unreadable(path: path, reason: "mmap: \(systemError(errno))")
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}

/// The byte layout shared by reader and writer.
enum Layout {
    static let magic = Array("WAYFINDR".utf8)
    static let headerSize = 32
    static let entrySize = 32
    static let alignment = 64
    static let crcOffset = 24

    struct Entry {
        var kind: UInt32
        var mode: UInt32
        var offset: Int
        var length: Int
        var elementSize: Int
        var crc: UInt32

        var name: String {
            kind == GraphFile.metadataKind && mode == 0 ? "metadata" : "section kind \(kind) mode \(mode)"
        }
    }

    static func aligned(_ offset: Int) -> Int { (offset + alignment - 1) & ~(alignment - 1) }

    /// crc32 of the header and table, skipping the crc field itself.
    static func headerCRC(_ header: UnsafeRawBufferPointer) -> UInt32 {
        crc32(UnsafeRawBufferPointer(rebasing: header[(crcOffset + 4)...]),
              continuing: crc32(UnsafeRawBufferPointer(rebasing: header[..<crcOffset])))
    }

    /// Validates header and table (see the file comment for the order) and returns the
    /// table. Every bound is compared in `UInt64` before any arithmetic, so a damaged
    /// offset or length cannot overflow into a view outside the file.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, path: String, verify: Bool
    ) throws(GraphFileError) -> [Entry] {
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        func malformed(_ reason: String) -> GraphFileError { .unreadable(path: path, reason: "malformed section table: \(reason)") }
        let size = bytes.count

        guard size >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
            throw .notAGraphFile(path: path)
        }
        guard size >= headerSize else { throw .truncated(path: path) }
        let tableEnd = Int(u32(12)), declaredSize = u64(16)
        guard tableEnd <= size else {
            // Cut inside the table, or a damaged header-size field: the (not yet
            // verifiable) declared file size tells which is the likelier story.
            throw declaredSize > UInt64(size) ? .truncated(path: path) : .checksumMismatch(path: path, section: "header")
        }
        guard tableEnd >= headerSize,
              headerCRC(UnsafeRawBufferPointer(rebasing: bytes[..<tableEnd])) == u32(crcOffset) else {
            throw .checksumMismatch(path: path, section: "header")
        }
        let version = u32(8)
        guard version == GraphFile.formatVersion else {
            throw .unsupportedVersion(path: path, found: version, expected: GraphFile.formatVersion)
        }
        guard declaredSize <= UInt64(size) else { throw .truncated(path: path) }
        guard declaredSize == UInt64(size) else {
            throw .unreadable(path: path, reason: "\(UInt64(size) - declaredSize) unexpected bytes after the end of the graph")
        }
        let count = Int(u32(28))
        guard tableEnd == headerSize + entrySize * count else { throw malformed("size does not match section count") }

        var entries: [Entry] = []
        var seen = Set<UInt64>()
        for i in 0..<count {
            let at = headerSize + entrySize * i
            let kind = u32(at), mode = u32(at + 4)
            let offset = u64(at + 8), length = u64(at + 16), elementSize = UInt64(u32(at + 24))
            let name = Entry(kind: kind, mode: mode, offset: 0, length: 0, elementSize: 0, crc: 0).name
            guard offset >= UInt64(tableEnd), offset <= UInt64(size), length <= UInt64(size) - offset,
                  offset % UInt64(alignment) == 0 else { throw malformed("\(name) lies outside the file or is misaligned") }
            guard elementSize > 0, length % elementSize == 0 else { throw malformed("\(name) has a bad element size") }
            guard seen.insert(UInt64(kind) << 32 | UInt64(mode)).inserted else { throw malformed("\(name) appears twice") }
            entries.append(Entry(kind: kind, mode: mode, offset: Int(offset), length: Int(length),
                                 elementSize: Int(elementSize), crc: u32(at + 28)))
        }

        // Sections in file order (empty ones first at a shared offset) must not overlap,
        // except that entries may name the same bytes (same offset, length and crc); when
        // verifying, the gaps between them must be zero and every crc must match.
        var cursor = tableEnd
        var previous: Entry?
        func gapIsZero(to end: Int) -> Bool { bytes[cursor..<end].allSatisfy { $0 == 0 } }
        for entry in entries.sorted(by: { ($0.offset, $0.length) < ($1.offset, $1.length) }) {
            defer { previous = entry }
            if let previous, entry.length > 0, entry.offset == previous.offset, entry.length == previous.length {
                guard entry.crc == previous.crc else { throw .checksumMismatch(path: path, section: entry.name) }
                continue
            }
            guard entry.offset >= cursor else { throw malformed("\(entry.name) overlaps another section") }
            if verify {
                guard gapIsZero(to: entry.offset) else {
                    throw .checksumMismatch(path: path, section: "padding before \(entry.name)")
                }
                let body = UnsafeRawBufferPointer(rebasing: bytes[entry.offset..<entry.offset + entry.length])
                guard crc32(body) == entry.crc else { throw .checksumMismatch(path: path, section: entry.name) }
            }
            cursor = entry.offset + entry.length
        }
        if verify, !gapIsZero(to: size) {
            throw .checksumMismatch(path: path, section: "padding at the end of the file")
        }
        return entries
    }

    /// Encodes metadata as sorted `(length, UTF-8)` key/value pairs.
    static func encodeMetadata(_ metadata: [String: String]) -> [UInt8] {
        var out: [UInt8] = []
        func append(_ s: String) {
            withUnsafeBytes(of: UInt32(s.utf8.count).littleEndian) { out.append(contentsOf: $0) }
            out.append(contentsOf: s.utf8)
        }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            append(key)
            append(value)
        }
        return out
    }

    /// Decodes the metadata section, bounds-checking every length: without checksum
    /// verification it may hold anything.
    static func decodeMetadata(
        _ bytes: UnsafeRawBufferPointer, entries: [Entry], path: String
    ) throws(GraphFileError) -> [String: String] {
        guard let entry = entries.first(where: { $0.kind == GraphFile.metadataKind && $0.mode == 0 }) else { return [:] }
        let body = UnsafeRawBufferPointer(rebasing: bytes[entry.offset..<entry.offset + entry.length])
        var at = 0
        func string() -> String? {
            guard body.count - at >= 4 else { return nil }
            let length = Int(UInt32(littleEndian: body.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            guard body.count - at - 4 >= length else { return nil }
            defer { at += 4 + length }
            return String(decoding: body[(at + 4)..<(at + 4 + length)], as: UTF8.self)
        }
        var metadata: [String: String] = [:]
        while at < body.count {
            guard let key = string(), let value = string() else {
                throw .unreadable(path: path, reason: "malformed metadata section")
            }
            metadata[key] = value
        }
        return metadata
    }
}

/// zlib crc32, continuing from `crc`. An empty buffer leaves `crc` as is (zlib would
/// treat a null pointer as a request for the initial value).
func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
    return UInt32(crc32_z(UInt(crc), base.assumingMemoryBound(to: Bytef.self), z_size_t(bytes.count)))
}

func systemError(_ code: Int32) -> String { String(cString: strerror(code)) }

/// The program's version: the `generator` metadata of files it builds, and the C library's
/// `wf_version()`. Here, beside the format version, so every front end sees one value.
public let wayfinderVersion = "0.1.0"
