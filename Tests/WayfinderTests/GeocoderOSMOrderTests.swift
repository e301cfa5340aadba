import Testing
@testable import WayfinderCLI
@testable import WayfinderGeocoding
import WayfinderGraph

/// The geocoder's order by OSM object (`/lookup`, `/details`) is stored by the build and only
/// range-checked when a file opens; `wayfinder verify` checks it in full. A file without it
/// (built before it existed) still answers, its order sorted at open. Street lines (the
/// `polygon_geojson` of a street) are read from the pieces in place when they are in item
/// order, as every build writes them, and sorted at open otherwise.
@Suite struct GeocoderOSMOrderTests {
    func geocoder(_ path: String) throws -> Geocoder { try Geocoder(file: try GraphFile(path: path)) }

    /// Every item's object, found by a scan instead of an index.
    func scanned(_ geocoder: Geocoder) -> [UInt64: [Int]] {
        var items: [UInt64: [Int]] = [:]
        for (i, item) in geocoder.items.enumerated() {
            items[GeocoderOSMIndex.key(type: item.osmType, id: item.osmId), default: []].append(i)
        }
        return items
    }

    func expectLookupsMatchAScan(_ geocoder: Geocoder, _ label: String) {
        let index = GeocoderOSMIndex(geocoder)
        for (key, expected) in scanned(geocoder) {
            let type = OSMObjectType(rawValue: UInt8(key >> 56))!, id = Int64(key & (1 << 56 - 1))
            #expect(index.items(type, id) == expected, "\(label): \(type) \(id)")
        }
        #expect(index.items(.node, 1 << 40).isEmpty && index.items(.way, -3).isEmpty, "\(label)")
    }

    @Test func theStoredOrderAndTheOneSortedAtOpenFindTheSameItems() throws {
        for name in ["monaco", "andorra"] {
            let stored = try geocoder(try ExtractGraphs.shared.path(name))
            #expect(GeocoderOSMIndex.isStored(in: stored) && GeocoderOSMIndex.validationError(stored) == nil, "\(name)")
            #expect(stored.itemCount > 500, "\(name): \(stored.itemCount) items")
            expectLookupsMatchAScan(stored, name)
        }
        let older = try monacoWithSection("no-osm-order", kind: .geocoderOSMOrder, mode: 0) { _, _ in }
        let sortedAtOpen = try geocoder(older)
        #expect(!GeocoderOSMIndex.isStored(in: sortedAtOpen))
        expectLookupsMatchAScan(sortedAtOpen, "without the stored order")
        let r = verifyGraph(older)
        #expect(r.code == 0 && r.output.contains("no stored order by OSM object (an older build): sorted at open"), "\(r.output)")
    }

    /// Monaco with its stored order changed by `change`.
    func withOrder(_ name: String, _ change: (inout [Int32]) -> Void) throws -> String {
        try monacoWithSection(name, kind: .geocoderOSMOrder, mode: 0) { file, writer in
            let stored = try #require(file.section(kind: SectionKind.geocoderOSMOrder.rawValue, as: UInt64.self))
            let packed = PackedInts(words: stored)
            var order = (0..<packed.count).map { packed[$0] }
            change(&order)
            writer.add(kind: SectionKind.geocoderOSMOrder.rawValue, PackedInts.words(order))
        }
    }

    @Test func anOrderNamingNoItemIsRefusedAtOpen() throws {
        let count = try geocoder(try ExtractGraphs.shared.path("monaco")).itemCount
        let path = try withOrder("order-past-items") { $0[$0.count / 2] = Int32(count) }
        #expect(throws: GraphFileError.self) { try geocoder(path) }
        let r = verifyGraph(path)
        #expect(r.code == ExitCode.fileError.rawValue && r.output.contains("malformed geocoder index"), "\(r.output)")
        let short = try withOrder("order-short") { $0.removeLast() }
        #expect(throws: GraphFileError.self) { try geocoder(short) }
    }

    @Test func anUnsortedOrFoldedOrderFailsVerify() throws {
        let swapped = try withOrder("order-swapped") { $0.swapAt(10, 20) }
        let r = verifyGraph(swapped)
        #expect(r.code == ExitCode.verificationFailed.rawValue, "\(r.output)")
        #expect(r.output.contains("FAIL geocoder: the OSM order is not sorted at position 20")
                || r.output.contains("FAIL geocoder: the OSM order is not sorted at position 11"), "\(r.output)")
        #expect(r.output.contains("ok   driving: "), "\(r.output)")
        let twice = try withOrder("order-twice") { $0[7] = $0[3] }
        let t = verifyGraph(twice)
        #expect(t.code == ExitCode.verificationFailed.rawValue, "\(t.output)")
        #expect(t.output.contains("FAIL geocoder: item \(try withOrderValue(3)) listed twice in the OSM order"), "\(t.output)")
    }

    func withOrderValue(_ k: Int) throws -> Int32 {
        let g = try geocoder(try ExtractGraphs.shared.path("monaco"))
        return PackedInts(words: try #require(g.file.section(kind: SectionKind.geocoderOSMOrder.rawValue, as: UInt64.self)))[k]
    }

    /// Each street item's lines, found by a scan of every piece.
    func expectStreetLinesMatchAScan(_ geocoder: Geocoder, _ label: String) {
        let lines = GeocoderStreetLines(geocoder)
        let pieces = geocoder.streetPieces, points = geocoder.streetPoints
        var expected: [Int32: [[FixedCoordinate]]] = [:]
        for (p, piece) in pieces.enumerated() {
            let end = p + 1 < pieces.count ? Int(pieces[p + 1].firstPoint) : points.count
            expected[piece.item, default: []].append(Array(points[Int(piece.firstPoint)..<end]))
        }
        #expect(expected.count > 20, "\(label): \(expected.count) streets")
        for (item, want) in expected { #expect(lines.lines(item) == want, "\(label): item \(item)") }
        #expect(lines.lines(Int32(geocoder.itemCount)).isEmpty)
    }

    @Test func streetLinesAreReadInPlaceOrSortedAtOpen() throws {
        let path = try ExtractGraphs.shared.path("andorra")
        let built = try geocoder(path)
        #expect(zip(built.streetPieces, built.streetPieces.dropFirst()).allSatisfy { $0.item <= $1.item })
        expectStreetLinesMatchAScan(built, "as built")
        // Two pieces trade items: still a valid file, no longer in item order.
        let shuffled = try monacoWithSection("pieces-shuffled", kind: .streetPieces, mode: 0) { file, writer in
            var pieces = Array(try #require(file.section(kind: SectionKind.streetPieces.rawValue, as: StreetPiece.self)))
            let last = pieces.count - 1
            (pieces[1].item, pieces[last].item) = (pieces[last].item, pieces[1].item)
            writer.add(kind: SectionKind.streetPieces.rawValue, pieces)
        }
        let moved = try geocoder(shuffled)
        #expect(!zip(moved.streetPieces, moved.streetPieces.dropFirst()).allSatisfy { $0.item <= $1.item })
        expectStreetLinesMatchAScan(moved, "shuffled")
    }
}
