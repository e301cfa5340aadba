/// One value per shortcut of a hierarchy, worked out the first time it is asked for and
/// remembered (the graph never changes): what `ArcMetres` and `ArcCharges` keep. The values
/// are a `PagedArray`, so that only the pages of shortcuts actually asked for take memory,
/// and a thread keeps no more than `PagedArray.keptBetweenRequests` of them from one table
/// to the next. A value whose bits are all zero means "not known yet" (each user stores its
/// known values so that none is all zeros).
final class ShortcutMemo<Value: BitwiseCopyable> {
    let values: PagedArray<Value>

    init(count: Int) {
        values = PagedArray(count: count)
    }

    deinit { values.deallocate() }

    /// Forgets every value if they take more than a request thread keeps.
    func releaseBetweenRequests() { values.release(keepingAtMost: PagedArray<Value>.keptBetweenRequests) }
}
