import COsmium
import Foundation
import WayfinderGraph

/// What `GraphBuilder.build` checks before any work, so that a mistyped path fails in a
/// millisecond instead of after the whole build: the output can be written
/// (`GraphFileWriter.checkDestination`), the input exists, is a readable file and starts as
/// its suffix says (`OSMReader.checkHeader`), the two are not the same file, and a scratch
/// directory, when given, takes a file.
enum BuildPreconditions {
    static func check(input: String, output: String, scratch: String? = nil) throws(BuildError) {
        do { try OSMReader.checkHeader(path: input) } catch { throw .input(error) }
        do { try GraphFileWriter.checkDestination(output) } catch { throw .output(error) }
        var a = stat(), b = stat()
        if stat(input, &a) == 0, stat(output, &b) == 0, a.st_dev == b.st_dev, a.st_ino == b.st_ino {
            throw .outputIsInput(path: output)
        }
        if let scratch, wf_osm_check_scratch(scratch) != 0 {
            throw .scratch(directory: scratch, reason: String(cString: strerror(errno)))
        }
    }
}

extension OSMReader {
    /// Looks at the first bytes of `path` as libosmium will read it (format by suffix):
    /// `.pbf` must start with a PBF block header naming `OSMHeader`, `.osm` with `<` (after
    /// an optional byte-order mark and blanks), `.gz` and `.bz2` with their magic numbers;
    /// other suffixes are left to libosmium. Missing, unreadable, directory: as `read` says.
    public static func checkHeader(path: String) throws(OSMReadError) {
        guard !path.isEmpty else { throw .notFound(path: "(empty path)") }
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard st.st_mode & S_IFMT != S_IFDIR else { throw .unreadable(path: path, reason: "is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: access(path, R_OK) != 0 ? String(cString: strerror(errno)) : "cannot open")
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        guard !head.isEmpty else { throw .malformed(path: path, reason: "the file is empty") }
        let name = path.lowercased()
        if name.hasSuffix(".pbf") {
            guard isPBFStart(head) else {
                throw .malformed(path: path, reason: "not an OSM PBF file (it does not start with an OSMHeader block)")
            }
        } else if name.hasSuffix(".osm") {
            var rest = head[...]
            if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
            guard rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") else {
                throw .malformed(path: path, reason: "not an OSM XML file (it does not start with <)")
            }
        } else if name.hasSuffix(".gz") {
            guard head.starts(with: [0x1F, 0x8B]) else { throw .malformed(path: path, reason: "not a gzip file") }
        } else if name.hasSuffix(".bz2") {
            guard head.starts(with: Array("BZh".utf8)) else { throw .malformed(path: path, reason: "not a bzip2 file") }
        }
    }

    /// A PBF file is a sequence of (4-byte big-endian header length, BlobHeader); the first
    /// BlobHeader's field 1 (`type`, a string) is `OSMHeader`.
    static func isPBFStart(_ head: [UInt8]) -> Bool {
        let type = Array("OSMHeader".utf8)
        guard head.count >= 6 + type.count else { return false }
        let length = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        return length > 0 && length <= 64 * 1024 && head[4] == 0x0A && Int(head[5]) == type.count
            && Array(head[6..<6 + type.count]) == type
    }
}
