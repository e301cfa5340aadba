import Glibc
import Synchronization

/// Collects typed sections and metadata, then writes them as one graph file (layout in
/// `GraphFile.swift`). Sections keep a reference to the caller's arrays (copy-on-write),
/// so adding a large array costs no copy.
public struct GraphFileWriter {
    /// Free-form key/value strings: build time, source file, tool version, counts…
    public var metadata: [String: String] = [:]
    fileprivate var sections: [PendingSection] = []

    public init() {}

    /// Adds `values` as section `(kind, mode)`. Each `(kind, mode)` pair may be added
    /// once; kind `GraphFile.metadataKind` is reserved. `T` may not end in padding (spell
    /// it out as a zeroed field): padding bytes are undefined, and the same input must
    /// always give the same file.
    public mutating func add<T: BitwiseCopyable>(kind: UInt32, mode: UInt32 = 0, _ values: [T]) {
        precondition(kind != GraphFile.metadataKind, "section kind \(kind) is reserved for metadata")
        precondition(MemoryLayout<T>.size == MemoryLayout<T>.stride, "\(T.self) ends in padding; write it out as a zeroed field")
        append(PendingSection(kind: kind, mode: mode, elementSize: MemoryLayout<T>.stride,
                              byteCount: values.count * MemoryLayout<T>.stride) { body in
            values.withUnsafeBytes { body($0) }
        })
    }

    /// Adds section `(kind, mode)` of `file` byte for byte (none if `file` lacks it). The
    /// writer keeps `file`, and so its mapping, until it is gone.
    public mutating func add(copyOf file: GraphFile, kind: UInt32, mode: UInt32) {
        guard let (bytes, elementSize) = file.rawSection(kind: kind, mode: mode) else { return }
        precondition(kind != GraphFile.metadataKind, "section kind \(kind) is reserved for metadata")
        append(PendingSection(kind: kind, mode: mode, elementSize: elementSize, byteCount: bytes.count) { body in
            withExtendedLifetime(file) { body(bytes) }
        })
    }

    /// Adds `other`'s sections after these, in its order, and its metadata (a part of the
    /// file built on another thread: the base map).
    public mutating func append(contentsOf other: GraphFileWriter) {
        for section in other.sections { append(section) }
        metadata.merge(other.metadata) { _, theirs in theirs }
    }

    private mutating func append(_ section: PendingSection) {
        precondition(!sections.contains { $0.kind == section.kind && $0.mode == section.mode },
                     "section kind \(section.kind) mode \(section.mode) added twice")
        sections.append(section)
    }

    /// Writes PATH.tmp-<pid> in the same directory, fsyncs, renames over PATH, fsyncs the
    /// directory. On any failure (ENOSPC, EACCES, missing directory…) the temp file is
    /// removed and an existing PATH is left untouched (except if only the final directory
    /// fsync fails: PATH then already holds the new file).
    ///
    /// The data is streamed once: sections are written (and their crcs computed) first,
    /// then the metadata, then the header and table, which hold the crcs, go to offset 0.
    public func write(to path: String) throws(GraphFileError) {
        try GraphFileStream(path: path, sections: sections.count + 1).finish(self)
    }
}

/// A graph file written while it is being built: a part handed to `write(early:)` goes to the
/// temporary file at once, so its arrays can be dropped long before the rest is ready (the
/// geocoder's index and the base map, while the modes contract). `finish` writes the rest,
/// then the metadata, then the table, in the order of the writer it is given, where each
/// early part stands at the place the caller appended it. The layout is `GraphFile.swift`'s;
/// sections lie in the order they were written, and the table may leave zeros before them.
public final class GraphFileStream: @unchecked Sendable {  // the temp file is only used under `written`'s lock
    private let temp: TempFile
    private let tableCapacity: Int
    /// Where the next section goes, where each section's bytes went, and whether the file
    /// is done with (renamed or removed).
    private struct Written {
        var position: Int
        var offsets: [WrittenBytes: [Int]] = [:]
        var finished = false
    }
    /// A written section's crc and length: the bytes of a later one with both are compared.
    private struct WrittenBytes: Hashable {
        var crc: UInt32
        var count: Int
    }
    private let written: Mutex<Written>

    /// Creates PATH.tmp-<pid> with room for a table of at most `sections` entries (the
    /// metadata counts as one).
    public init(path: String, sections: Int) throws(GraphFileError) {
        temp = TempFile(target: path)
        tableCapacity = sections
        let tableEnd = Layout.headerSize + Layout.entrySize * sections
        written = Mutex(Written(position: tableEnd))
        do throws(GraphFileError) {
            try temp.create(reserving: tableEnd)
        } catch {
            temp.discard()
            throw error
        }
    }

    /// A stream dropped without `finish` (a build that failed) leaves no temporary file.
    deinit {
        if !written.withLock({ $0.finished }) { temp.discard() }
    }

    /// Writes `part`'s sections now, from any thread, and returns what stands for them (and
    /// carries `part`'s metadata) for the final writer: append it where they belong.
    public func write(early part: GraphFileWriter) throws(GraphFileError) -> GraphFileWriter {
        var placed = GraphFileWriter()
        placed.metadata = part.metadata
        try written.withLock { (at) throws(GraphFileError) in
            for section in part.sections { placed.sections.append(try place(section, at: &at)) }
        }
        return placed
    }

    /// Writes one section at the next aligned offset, or names the bytes of one already
    /// written when they are the same (a walking network's arcs leaving each intersection
    /// are its segments leaving it: two sections, one copy); the caller holds the lock.
    private func place(_ section: PendingSection, at written: inout Written) throws(GraphFileError) -> PendingSection {
        if section.written != nil { return section }
        var placed = section
        placed.withBytes = { _ in }
        var earlier: Int?
        var crc: UInt32 = 0
        section.withBytes { bytes in
            crc = crc32(bytes)
            guard bytes.count > 0 else { return }
            earlier = written.offsets[WrittenBytes(crc: crc, count: bytes.count), default: []].first { temp.holds(bytes, at: $0) }
        }
        try temp.check()
        if let earlier {
            placed.written = (earlier, crc)
            return placed
        }
        let offset = Layout.aligned(written.position)
        temp.writeZeros(offset - written.position)
        section.withBytes { temp.write($0) }
        try temp.check()
        written.position = offset + section.byteCount
        if section.byteCount > 0 { written.offsets[WrittenBytes(crc: crc, count: section.byteCount), default: []].append(offset) }
        placed.written = (offset, crc)
        return placed
    }

    /// Writes `writer`'s sections not yet written and its metadata, then the header and the
    /// table in `writer`'s order (metadata first), and renames the file over the path. On a
    /// failure the temporary file is removed.
    public func finish(_ writer: GraphFileWriter) throws(GraphFileError) {
        try written.withLock { (at) throws(GraphFileError) in
            defer { at.finished = true }
            do throws(GraphFileError) {
                guard writer.sections.count + 1 <= tableCapacity else {
                    throw .writeFailed(path: temp.target, reason: "\(writer.sections.count + 1) sections, room for \(tableCapacity)")
                }
                let metadataBytes = Layout.encodeMetadata(writer.metadata)
                var placed: [PendingSection] = []
                for section in writer.sections { placed.append(try place(section, at: &at)) }
                let metadata = try place(PendingSection(kind: GraphFile.metadataKind, mode: 0, elementSize: 1,
                                                        byteCount: metadataBytes.count) { body in
                    metadataBytes.withUnsafeBytes { body($0) }
                }, at: &at)
                var table: [UInt8] = []
                for section in [metadata] + placed {
                    let (offset, crc) = section.written!
                    table.appendLittleEndian(section.kind, section.mode, UInt64(offset), UInt64(section.byteCount),
                                             UInt32(section.elementSize), crc)
                }
                var header = Layout.magic
                header.appendLittleEndian(GraphFile.formatVersion, UInt32(Layout.headerSize + Layout.entrySize * (placed.count + 1)),
                                          UInt64(at.position), UInt32(0), UInt32(placed.count + 1))
                header += table
                let crc = header.withUnsafeBytes { Layout.headerCRC($0) }
                withUnsafeBytes(of: crc.littleEndian) { header.replaceSubrange(Layout.crcOffset..<Layout.crcOffset + 4, with: $0) }
                try temp.finish(header: header)
            } catch {
                temp.discard()
                throw error
            }
        }
    }
}

extension GraphFileWriter {
    /// Whether `write(to: path)` can work, checked before a long build rather than after it:
    /// `path` is not a directory, its directory exists, and a file can be created there (one is,
    /// beside where the temp file will go, and removed at once). Disk space is not foreseen.
    public static func checkDestination(_ path: String) throws(GraphFileError) {
        func fail(_ reason: String) -> GraphFileError { .writeFailed(path: path, reason: reason) }
        guard !path.isEmpty else { throw fail("empty output path") }
        var st = stat()
        if path.hasSuffix("/") || (stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR) {
            throw fail("is a directory (give the graph file's path)")
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let shown = directory.isEmpty ? "/" : directory
        guard stat(shown, &st) == 0 else { throw fail("directory \(shown): \(systemError(errno))") }
        guard st.st_mode & S_IFMT == S_IFDIR else { throw fail("\(shown) is not a directory") }
        let probe = "\(path).tmp-\(getpid())-check"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            close(fd)
            unlink(probe)
        } else if errno != EEXIST {
            throw fail("cannot create a file in \(shown): \(systemError(errno))")
        }
    }
}

private struct PendingSection {
    var kind: UInt32
    var mode: UInt32
    var elementSize: Int
    var byteCount: Int
    /// Lends the section's bytes to `body`.
    var withBytes: ((UnsafeRawBufferPointer) -> Void) -> Void
    /// Where a `GraphFileStream` already wrote it, and its crc; nil until then.
    var written: (offset: Int, crc: UInt32)? = nil
}

/// The temporary file behind an atomic replace of `target`.
private final class TempFile {
    let target: String
    let path: String
    private var fd: Int32 = -1
    private var created = false

    init(target: String) {
        self.target = target
        path = "\(target).tmp-\(getpid())"
    }

    private func failure(_ what: String, _ code: Int32 = errno) -> GraphFileError {
        .writeFailed(path: target, reason: "\(what): \(systemError(code))")
    }

    /// Creates the file and skips `headerSize` bytes, written last by `finish`.
    func create(reserving headerSize: Int) throws(GraphFileError) {
        fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create \(path)") }
        created = true
        guard lseek(fd, off_t(headerSize), SEEK_SET) >= 0 else { throw failure("lseek") }
    }

    /// The first write error; later writes are skipped, `check` reports it.
    private var error: GraphFileError?

    func check() throws(GraphFileError) {
        if let error { throw error }
    }

    /// Writes all of `bytes` at the current position, or at `offset` with pwrite; loops
    /// because a write may be partial or interrupted.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) {
        var done = 0
        while error == nil && done < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[done...])
            let n = offset.map { pwrite(fd, rest.baseAddress, rest.count, off_t($0 + done)) }
                ?? Glibc.write(fd, rest.baseAddress, rest.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { error = failure("write", n == 0 ? EIO : errno) }
            done += max(n, 0)
        }
    }

    /// Whether the file holds `bytes` at `offset` (read back in pieces; a read error sets
    /// `error` and answers no).
    func holds(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var piece = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20))
        var done = 0
        while error == nil && done < bytes.count {
            let count = min(piece.count, bytes.count - done)
            let n = piece.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { error = failure("read back", n == 0 ? EIO : errno); return false }
            guard piece.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + done, n) == 0 }) else { return false }
            done += n
        }
        return error == nil
    }

    private static let zeros = [UInt8](repeating: 0, count: Layout.alignment)

    func writeZeros(_ count: Int) {
        Self.zeros.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Writes the header at offset 0, makes the file durable and renames it over the
    /// target, then fsyncs the directory so the rename itself survives a crash.
    func finish(header: [UInt8]) throws(GraphFileError) {
        header.withUnsafeBytes { write($0, at: 0) }
        try check()
        guard fsync(fd) == 0 else { throw failure("fsync") }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw failure("close") }
        guard rename(path, target) == 0 else { throw failure("cannot rename \(path) to \(target)") }
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let dirFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return }  // the new file is in place; only durability is best effort
        defer { close(dirFD) }
        // Some file systems cannot fsync a directory (EINVAL); anything else is an I/O error.
        guard fsync(dirFD) == 0 || errno == EINVAL else { throw failure("fsync \(directory)") }
    }

    /// Closes and removes the temporary file after a failure (only if this writer
    /// created it: the name may belong to someone else).
    func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        if created { unlink(path) }
    }
}

extension [UInt8] {
    /// Appends fixed-width integers in little-endian byte order.
    fileprivate mutating func appendLittleEndian<each T: FixedWidthInteger>(_ values: repeat each T) {
        for value in repeat each values {
            Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
        }
    }
}
