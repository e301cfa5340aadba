import Testing
import WayfinderGraph
import WayfinderImport

/// What the importer writes is pinned to `ImportRevision.current`, the number the default
/// graph's cache is keyed by: a change to the sections a build writes, left unnumbered, would
/// leave users answering from graphs an older importer built.
@Suite struct ImportRevisionTests {
    /// The digest of the sections a build of Monaco writes, at the revision it was recorded.
    /// When the importer's output changes on purpose, raise `ImportRevision.current` and
    /// record both here (the failure message gives the new digest).
    static let recorded = (revision: 11, digest: "14b6b490b5769623")

    @Test func theImporterWritesWhatItsRevisionSays() throws {
        let file = try GraphFile(path: ExtractGraphs.shared.path("monaco"))
        #expect(file.metadata["import_revision"] == "\(ImportRevision.current)")
        // Every section but the metadata (which holds the build's date): kind, mode, length
        // and checksum, folded with FNV-1a.
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for section in file.sections where section.kind != GraphFile.metadataKind {
            for value in [UInt64(section.kind), UInt64(section.mode), UInt64(section.length), UInt64(section.crc)] {
                digest = (digest ^ value) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(digest, radix: 16)
        #expect(ImportRevision.current == Self.recorded.revision && hex == Self.recorded.digest, """
            a build of Monaco now writes sections with digest \(hex) at import revision \
            \(ImportRevision.current); recorded: \(Self.recorded.digest) at revision \
            \(Self.recorded.revision). If the importer's output changed on purpose, raise \
            ImportRevision.current and record the new revision and digest in this test.
            """)
    }
}
