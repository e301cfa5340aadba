import CZlib
import Glibc

/// A 64-bit fingerprint of a file's bytes: zlib's crc32 in the high half, adler32 in the low
/// one (two unrelated checksums, one pass, no crypto library needed on Linux). It names the
/// default graph built from a data file (`DefaultGraph`): identical bytes give the same name
/// whatever the file's date, so a fresh checkout reuses the graph an older one built. Not a
/// defence against crafted collisions; only the cache's key. ~1 ms for the 1.6 MB default extract.
public enum ContentHash {
    /// nil when the file cannot be read.
    public static func ofFile(atPath path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var crc = crc32_z(0, nil, 0), adler = adler32_z(0, nil, 0)
        while true {
            let n = read(fd, buffer, chunk)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            let bytes = buffer.assumingMemoryBound(to: Bytef.self)
            crc = crc32_z(crc, bytes, z_size_t(n))
            adler = adler32_z(adler, bytes, z_size_t(n))
        }
        return UInt64(crc & 0xFFFF_FFFF) << 32 | UInt64(adler & 0xFFFF_FFFF)
    }
}
