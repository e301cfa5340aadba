/// Byte searches for the tag parsers, which run once per way on the reader's busiest thread.
extension String {
    /// Whether `needle`'s bytes occur in this string's UTF-8 (`"50 mph".containsBytes("mph")`).
    ///
    /// A plain byte loop on purpose: the standard library's `utf8.contains("mph".utf8)` is the
    /// generic `Collection.contains(_:)` of _StringProcessing, which set up a searcher on every
    /// call, about 3.4 µs against 20 ns here. With the car's and the bicycle's maxspeed parsers
    /// calling it for every way with a speed limit, it was a tenth of the reader's way thread
    /// at 10x10 (perf).
    func containsBytes(_ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        if count == 0 { return true }
        let wanted = UnsafeBufferPointer(start: needle.utf8Start, count: count)
        var string = self
        return string.withUTF8 { bytes in
            guard bytes.count >= count else { return false }
            for start in 0...(bytes.count - count) where bytes[start] == wanted[0] {
                var k = 1
                while k < count && bytes[start + k] == wanted[k] { k += 1 }
                if k == count { return true }
            }
            return false
        }
    }
}
