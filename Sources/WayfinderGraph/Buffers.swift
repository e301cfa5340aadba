/// Keeps the memory behind a set of `UnsafeBufferPointer` views alive: either a mapped
/// graph file or arrays built in memory (tests, or right after a build).
public final class BufferOwner: @unchecked Sendable {
    private var arrays: [Any] = []
    private let release: (() -> Void)?

    public init(release: (() -> Void)? = nil) { self.release = release }

    /// Copies `array` into storage owned by `self` and returns a stable view of it.
    public func keep<T: BitwiseCopyable>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(array.count, 1))
        _ = storage.initialize(from: array)
        arrays.append(Storage(storage))
        return UnsafeBufferPointer(rebasing: storage[0..<array.count])
    }

    /// `keep(_:)`, then empties `array`: when it held the only reference, its memory goes
    /// before the next array is copied, not when the caller's copy goes (a contraction's
    /// arcs at 20x20 are hundreds of MB each).
    public func keep<T: BitwiseCopyable>(taking array: inout [T]) -> UnsafeBufferPointer<T> {
        defer { array = [] }
        return keep(array)
    }

    deinit { release?() }

    private final class Storage<T> {
        let buffer: UnsafeMutableBufferPointer<T>
        init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
        deinit { buffer.deallocate() }
    }
}
