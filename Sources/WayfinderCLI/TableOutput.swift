import Foundation

/// Where `wayfinder table` writes its CSV: stdout (the console's, captured in tests), or a
/// file. A file is written as `wayfinder build` writes a graph: into a temporary file beside
/// it, opened before any work (so an unwritable path fails at once, exit 8) and renamed over
/// the path only when complete, so a failed or interrupted run never leaves a partial table
/// under the name a job waits for.
final class TableOutput {
    private let console: Console
    /// The file's path and its temporary file's descriptor (nil: stdout).
    private let path: String?
    private let temporary: String?
    private var descriptor: Int32

    /// stdout.
    init(console: Console) {
        self.console = console
        path = nil
        temporary = nil
        descriptor = 1
    }

    /// The file `path`, checked now: its directory must exist and be writable, and it must
    /// not be a directory.
    init(console: Console, path: String) throws(CommandError) {
        self.console = console
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .writeFailed("cannot write the table to \(path): it is a directory")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .writeFailed("cannot write the table to \(path): \(String(cString: strerror(errno)))")
        }
        self.temporary = temporary
    }

    deinit { discard() }

    /// Appends bytes; a failed write (disk full…) is exit 8.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(CommandError) {
        guard path != nil || !console.capturesOutput else {
            console.write(String(decoding: bytes, as: UTF8.self))
            return
        }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw .writeFailed("cannot write the table to \(path ?? "stdout"): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    func write(_ text: String) throws(CommandError) {
        var failure: CommandError?
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            do throws(CommandError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Puts a complete file in place (nothing to do for stdout).
    func finish() throws(CommandError) {
        guard let path, let temporary else { return }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .writeFailed("cannot write the table to \(path): \(reason)")
        }
    }

    /// Removes an unfinished file's temporary file.
    private func discard() {
        guard let temporary, descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }
}
