import Glibc

/// Files of this fuzzing process in /dev/shm, for targets whose code under test reads paths
/// (graph files, OSM extracts): one name each, rewritten for every input.
public enum FuzzFiles {
    /// The path of this process's file `name`.
    public static func path(_ name: String) -> String { "/dev/shm/wayfinder-fuzz-\(getpid())-\(name)" }

    /// Writes `bytes` to this process's file `name` and returns its path.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> String {
        let path = path(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        defer { close(fd) }
        let written = bytes.isEmpty ? 0 : Glibc.write(fd, bytes.baseAddress, bytes.count)
        guard written == bytes.count else { fatalError("short write to \(path)") }
        return path
    }

    /// As `write(_:_:)`, for an array.
    public static func write(_ bytes: [UInt8], _ name: String) -> String {
        bytes.withUnsafeBufferPointer { write($0, name) }
    }
}
