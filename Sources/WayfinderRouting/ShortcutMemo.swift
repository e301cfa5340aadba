import Glibc

/// One value per shortcut of a hierarchy, worked out the first time it is asked for and
/// remembered (the graph never changes): what `ArcMetres` and `ArcCharges` keep. The memory
/// is zero-filled by `calloc`, so that only the pages of shortcuts actually asked for become
/// resident, and a value whose bits are all zero means "not known yet" (each user stores its
/// known values so that none is all zeros).
final class ShortcutMemo<Value: BitwiseCopyable> {
    let values: UnsafeMutablePointer<Value>

    init(count: Int, what: String) {
        let count = max(count, 1)
        guard let memory = calloc(count, MemoryLayout<Value>.stride) else {
            fatalError("out of memory for \(count) \(what)")
        }
        values = memory.bindMemory(to: Value.self, capacity: count)
    }

    deinit { free(values) }
}
