import Testing
import WayfinderGraph
import WayfinderImport

/// The section kinds are one registry (`SectionKinds.swift`): a number used twice would make
/// one kind's reader read another's bytes, and a kind written without being registered is
/// one a newcomer cannot see when numbering the next.
@Suite struct SectionKindTests {
    @Test func numbersAndNamesAreUnique() {
        let numbers = SectionKind.all.map(\.rawValue)
        #expect(Set(numbers).count == numbers.count, "kinds numbered twice: \(repeated(numbers))")
        let names = SectionKind.all.map(\.name)
        #expect(Set(names).count == names.count, "kinds named twice: \(repeated(names))")
        #expect(SectionKind.all.map(\.rawValue) == numbers.sorted(), "the registry lists kinds by number")
    }

    @Test func aNumberFindsItsKind() {
        for kind in SectionKind.all { #expect(SectionKind(rawValue: kind.rawValue) == kind) }
        #expect(SectionKind(rawValue: 0) == nil)
        #expect(SectionKind(rawValue: 2) == nil)
        #expect(GraphFile.metadataKind == SectionKind.metadata.rawValue)
    }

    /// A build of Monaco with every mode, the geocoder and the base map writes only registered
    /// kinds, shared ones under mode 0 and per-mode ones under a travel mode's raw value, and
    /// writes a section of every group (so every writer took part).
    @Test func everySectionABuildWritesIsRegistered() throws {
        let file = try GraphFile(path: ExtractGraphs.shared.path("monaco"))
        var groups = Set<SectionKind.Group>()
        for section in file.sections {
            guard let kind = SectionKind(rawValue: section.kind) else {
                Issue.record("section kind \(section.kind) (mode \(section.mode)) is not in SectionKind.all")
                continue
            }
            groups.insert(kind.group)
            if kind.perMode {
                #expect(TravelMode(rawValue: section.mode) != nil, "\(kind) written under mode \(section.mode)")
            } else {
                #expect(section.mode == 0, "\(kind) is shared but written under mode \(section.mode)")
            }
        }
        #expect(groups == Set(SectionKind.Group.allCases), "no section of \(Set(SectionKind.Group.allCases).subtracting(groups))")
        // Both modes wrote their road network, hierarchy and snapping index.
        for mode in TravelMode.allCases {
            for kind in [SectionKind.segments, .chShortcuts, .snapGrid] {
                #expect(file.sections.contains { $0.kind == kind.rawValue && $0.mode == mode.rawValue }, "no \(mode) \(kind)")
            }
        }
    }

    private func repeated<T: Hashable>(_ values: [T]) -> [T] {
        Dictionary(grouping: values, by: { $0 }).filter { $0.value.count > 1 }.map(\.key)
    }
}
