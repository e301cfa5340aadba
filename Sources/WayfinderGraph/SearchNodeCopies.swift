/// A turn-expanded mode's search nodes are its directed segments (`2 * segment + (backward ?
/// 1 : 0)`), then copies of some of them that via-way turn restrictions add (the importer's
/// `ViaWayRestrictions`). This is the table from a copy back to its directed segment; it is
/// absent (empty) when a file has no via-way restriction.
public enum SearchNodeCopies {
    /// The copies of `mode`'s file, empty when it has none.
    public static func read(file: GraphFile, mode: TravelMode) -> UnsafeBufferPointer<Int32> {
        file.section(kind: SectionKind.searchNodeCopies.rawValue, mode: mode.rawValue, as: Int32.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Adds the section, only when there are copies.
    public static func add(_ copies: [Int32], mode: TravelMode, to writer: inout GraphFileWriter) {
        guard !copies.isEmpty else { return }
        writer.add(kind: SectionKind.searchNodeCopies.rawValue, mode: mode.rawValue, copies)
    }
}
