import Foundation
import WayfinderGraph

/// The geocoder index built from what the importer collected: flat arrays that
/// `Geocoder` reads in place from the graph file (layout in `SectionKinds.swift`, the geocoder group).
public struct GeocoderIndex {
    public private(set) var grid: SnapGrid
    public private(set) var items: [GeocoderItem] = []
    private var texts = TextTable()
    private var itemCells: [UInt32] = []
    private var tokenOffsets: [UInt32] = [0]
    private var tokenBytes: [UInt8] = []
    private var tokenMasks: [UInt32] = []
    private var postingOffsets: [UInt32] = [0]
    private var postings: [UInt32] = []
    private var streetPoints: [FixedCoordinate] = []
    private var streetPieces: [StreetPiece] = []
    private var streetCellKeys: [UInt32] = []
    /// Each listed segment's first point, while pieces are added; `PackedInts` words after.
    private var streetSegments: [Int32] = []
    private var packedStreetSegments: [UInt64] = []
    private var areaIndex: AreaIndex?
    /// Areas in the index (countries, municipalities, postal code areas…).
    public var areaCount: Int { (areaIndex?.areas.count ?? 1) - 1 }
    /// Other names: item `i`'s (key, value) string-id pairs are
    /// `otherNames[2 * otherNameOffsets[i] ..< 2 * otherNameOffsets[i + 1]]`.
    private var otherNameOffsets: [UInt32] = [0]
    private var otherNames: [Int32] = []
    /// `PackedInts` words: item indices by OSM object (`GeocoderOSMIndex`).
    private var osmOrder: [UInt64] = []
    private var poi: PoiIndexBuilder?

    /// Items per kind.
    public private(set) var counts: [GeocoderKind: Int] = [:]
    public var tokenCount: Int { tokenMasks.count }

    /// About 220 m north-south; grown for huge areas so that keys fit in 32 bits.
    static let preferredCellSize: Int32 = 20_000
    /// Street vertices within this many metres of the simplified line are dropped.
    static let streetTolerance = 2.0

    public init(_ source: GeocoderSource) {
        let source = AreaIndex.withAreaObjects(source)
        var drafts = DraftBuilder(source).drafts
        PoiIndexBuilder.describeUnnamed(&drafts)
        // The grid covers every item and street point.
        var box = (minLat: Int32.max, minLon: Int32.max, maxLat: Int32.min, maxLon: Int32.min)
        for p in drafts.map(\.location) + source.streetPoints {
            box = (min(box.minLat, p.lat), min(box.minLon, p.lon), max(box.maxLat, p.lat), max(box.maxLon, p.lon))
        }
        if box.minLat > box.maxLat { box = (0, 0, 0, 0) }
        grid = SnapGrid.covering(minLat: box.minLat, minLon: box.minLon, maxLat: box.maxLat, maxLon: box.maxLon,
                                 preferredCellSize: Self.preferredCellSize)

        // Items in cell order, so a cell's items are one contiguous range.
        let keys = drafts.map { grid.key($0.location) }
        let order = drafts.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        itemCells = order.map { keys[$0] }
        var tokens = TokenTable()
        let projection = LocalProjection(latitude: (Double(box.minLat) + Double(box.maxLat)) / 2 / FixedCoordinate.scale)
        for (index, d) in order.enumerated() {
            items.append(item(drafts[d], tokens: &tokens, index: Int32(index)))
            counts[drafts[d].kind, default: 0] += 1
            for piece in drafts[d].pieces {
                addStreetPiece(Self.simplified(source.streetPoints[piece], projection), item: Int32(index))
            }
        }
        let sortedSegments = streetSegmentKeys.indices.sorted { (streetSegmentKeys[$0], $0) < (streetSegmentKeys[$1], $1) }
        streetCellKeys = sortedSegments.map { streetSegmentKeys[$0] }
        packedStreetSegments = PackedInts.words(sortedSegments.map { streetSegments[$0] })
        streetSegments = []
        streetSegmentKeys = []
        tokens.flatten(into: &self)
        osmOrder = PackedInts.words(GeocoderOSMIndex.order(of: items))
        areaIndex = AreaIndex(source.areas, items: items, names: { [texts] in texts.text($0) }, itemGrid: grid)
        poi = PoiIndexBuilder(drafts, order: order, source)
    }

    /// What a build's summary says of an index, without holding the index.
    public struct Summary: Sendable {
        public var counts: [GeocoderKind: Int]
        public var itemCount, tokenCount, areaCount, byteCount: Int
    }

    public var summary: Summary {
        Summary(counts: counts, itemCount: items.count, tokenCount: tokenCount, areaCount: areaCount, byteCount: byteCount)
    }

    /// Bytes the index adds to the graph file (section padding aside).
    public var byteCount: Int {
        func size<T>(_ array: [T]) -> Int { array.count * MemoryLayout<T>.stride }
        return MemoryLayout<SnapGrid>.stride + size(items) + size(itemCells) + size(tokenOffsets) + size(tokenBytes)
            + size(tokenMasks) + size(postingOffsets) + size(postings) + size(streetPoints) + size(streetPieces) + size(streetCellKeys)
            + size(packedStreetSegments) + size(osmOrder) + size(texts.offsets) + size(texts.bytes) + size(otherNameOffsets) + size(otherNames)
            + (areaIndex?.byteCount ?? 0)
            + (poi?.byteCount ?? 0)
    }

    public func add(to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.geocoderGrid.rawValue, [grid])
        writer.add(kind: SectionKind.geocoderStringOffsets.rawValue, texts.offsets)
        writer.add(kind: SectionKind.geocoderStringBytes.rawValue, texts.bytes)
        writer.add(kind: SectionKind.geocoderItems.rawValue, items)
        writer.add(kind: SectionKind.geocoderItemCells.rawValue, itemCells)
        writer.add(kind: SectionKind.tokenOffsets.rawValue, tokenOffsets)
        writer.add(kind: SectionKind.tokenBytes.rawValue, tokenBytes)
        writer.add(kind: SectionKind.tokenMasks.rawValue, tokenMasks)
        writer.add(kind: SectionKind.postingOffsets.rawValue, postingOffsets)
        writer.add(kind: SectionKind.postings.rawValue, postings)
        writer.add(kind: SectionKind.streetPoints.rawValue, streetPoints)
        writer.add(kind: SectionKind.streetPieces.rawValue, streetPieces)
        writer.add(kind: SectionKind.streetCellKeys.rawValue, streetCellKeys)
        writer.add(kind: SectionKind.streetSegments.rawValue, packedStreetSegments)
        areaIndex?.add(to: &writer)
        writer.add(kind: SectionKind.otherNameOffsets.rawValue, otherNameOffsets)
        writer.add(kind: SectionKind.otherNames.rawValue, otherNames)
        writer.add(kind: SectionKind.geocoderOSMOrder.rawValue, osmOrder)
        poi?.add(to: &writer)
    }

    private mutating func item(_ draft: Draft, tokens: inout TokenTable, index: Int32) -> GeocoderItem {
        var item = GeocoderItem(location: draft.location, osmId: draft.osmId, kind: draft.kind, osmType: draft.osmType)
        func id(_ text: String?) -> Int32 { text.map { texts.id($0) } ?? 0 }
        (item.name, item.street, item.housenumber, item.postcode, item.city) =
            (id(draft.name), id(draft.street), id(draft.housenumber), id(draft.postcode), id(draft.city))
        (item.type, item.phone, item.website, item.openingHours) =
            (id(draft.type), id(draft.phone), id(draft.website), id(draft.openingHours))
        item.category = draft.category
        item.importance = UInt8((min(1, max(0, draft.importance)) * 255).rounded())
        for other in draft.otherNames { otherNames += [id(other.key), id(other.value)] }
        otherNameOffsets.append(UInt32(otherNames.count / 2))
        // Name words identify the item; context words (where it is) only support a match.
        // Other names are name words too, but the share of the name a query covers is
        // measured against the main name. An unnamed POI has neither: category search and
        // reverse find it, never its address.
        if draft.kind == .poi && draft.name == nil { return item }
        let names = draft.kind == .address ? [item.street, item.housenumber] : [item.name]
        let context = draft.kind == .poi ? [item.street, item.postcode, item.city] : [item.postcode, item.city]
        let others = (draft.otherNames.map(\.value) + draft.streetAliases).map { texts.tokens(texts.id($0), &tokens) }
        let nameTokens = tokens.add(item: index, names: names.map { texts.tokens($0, &tokens) }, others: others,
                                    context: context.map { texts.tokens($0, &tokens) })
        item.nameTokens = UInt8(min(255, nameTokens))
        return item
    }

    private var streetSegmentKeys: [UInt32] = []

    /// Appends a street piece's points, listing each segment under every cell its box touches
    /// (along the line for one tens of cells long: `SnapGrid.forEachCell(touchedBy:_:_:)`).
    private mutating func addStreetPiece(_ points: [FixedCoordinate], item: Int32) {
        let first = streetPoints.count
        streetPieces.append(StreetPiece(firstPoint: Int32(first), item: item))
        streetPoints.append(contentsOf: points)
        for p in first..<(streetPoints.count - 1) {
            grid.forEachCell(touchedBy: streetPoints[p], streetPoints[p + 1]) { r, c in
                streetSegmentKeys.append(UInt32(r) * UInt32(grid.columns) + UInt32(c))
                streetSegments.append(Int32(p))
            }
        }
    }

    /// The piece without the vertices that lie within `streetTolerance` of the line through
    /// the others (Douglas-Peucker): reverse geocoding needs the street's course, not every
    /// vertex of its curves, and this about halves the street geometry of mountain roads.
    static func simplified(_ piece: ArraySlice<FixedCoordinate>, _ projection: LocalProjection,
                           tolerance: Double = streetTolerance) -> [FixedCoordinate] {
        let points = Array(piece)
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var spans = [(0, points.count - 1)]
        while let (a, b) = spans.popLast() {
            guard b > a + 1 else { continue }  // (a `while let …, b > a + 1` would stop at the first short span)
            var worst = (index: -1, distance: tolerance)
            for i in (a + 1)..<b {
                let x = projection.offset(points[a], from: points[i]), y = projection.offset(points[b], from: points[i])
                let d = Geocoder.distanceToSegment(x, y)
                if d > worst.distance { worst = (i, d) }
            }
            guard worst.index >= 0 else { continue }
            keep[worst.index] = true
            spans += [(a, worst.index), (worst.index, b)]
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// Interned words and their postings as (token, posting) pairs, flattened into sorted
    /// sections at the end.
    fileprivate struct TokenTable {
        private var words = ByteInterner()
        private var pairTokens: [Int32] = []
        private var pairPostings: [UInt32] = []
        /// The item being added: its tokens, and whether each is in a name field.
        private var itemTokens: [(token: Int32, isName: Bool)] = []

        /// The token ids of `text`'s words.
        mutating func ids(_ text: String) -> [Int32] {
            var ids: [Int32] = []
            TextFolding.forEachToken(text) { ids.append(words.intern($0).id) }
            return ids
        }

        /// Adds the item's postings (a word in both kinds of field counts as a name word);
        /// returns the number of distinct name words. Items must come in ascending order.
        mutating func add(item: Int32, names: [[Int32]], others: [[Int32]], context: [[Int32]]) -> Int {
            itemTokens.removeAll(keepingCapacity: true)
            for (fields, isName) in [(names, true), (others, true), (context, false)] {
                for token in fields.joined() where !itemTokens.contains(where: { $0.token == token }) {
                    itemTokens.append((token, isName))
                }
            }
            for (token, isName) in itemTokens {
                pairTokens.append(token)
                pairPostings.append(UInt32(item) << 1 | (isName ? 0 : 1))
            }
            return Set(names.joined()).count
        }

        /// Tokens in byte order, each with its postings in item order (a stable counting sort).
        func flatten(into index: inout GeocoderIndex) {
            let order = (0..<Int32(words.count)).sorted { words[$0].lexicographicallyPrecedes(words[$1]) }
            var rank = [Int](repeating: 0, count: words.count)
            for (r, t) in order.enumerated() { rank[Int(t)] = r }
            var start = [Int](repeating: 0, count: words.count + 1)
            for t in pairTokens { start[rank[Int(t)] + 1] += 1 }
            for r in 0..<words.count { start[r + 1] += start[r] }
            var next = start
            index.postings = [UInt32](repeating: 0, count: pairPostings.count)
            for (t, posting) in zip(pairTokens, pairPostings) {
                index.postings[next[rank[Int(t)]]] = posting
                next[rank[Int(t)]] += 1
            }
            index.postingOffsets = start.map { UInt32($0) }
            for t in order {
                index.tokenBytes.append(contentsOf: words[t])
                index.tokenOffsets.append(UInt32(index.tokenBytes.count))
                index.tokenMasks.append(TextFolding.letterMask(words[t]))
            }
        }
    }
}

/// The item texts in `StringTable` layout, each stored once, with the token ids of the
/// words of those that are searched (phone numbers and opening hours are not).
private struct TextTable {
    private var strings = ByteInterner()
    private var words: [[Int32]?] = [[]]

    init() { _ = strings.intern([UInt8]()) }  // id 0 is ""

    var offsets: [UInt32] { [0] + strings.ends.map { UInt32($0) } }
    var bytes: [UInt8] { strings.bytes }

    func text(_ id: Int32) -> String { String(decoding: strings[id], as: UTF8.self) }

    mutating func id(_ text: String) -> Int32 {
        let (id, isNew) = strings.intern(text)
        if isNew { words.append(nil) }
        return id
    }

    /// Token ids of the words of string `id`, found once.
    mutating func tokens(_ id: Int32, _ table: inout GeocoderIndex.TokenTable) -> [Int32] {
        if let known = words[Int(id)] { return known }
        let ids = table.ids(String(decoding: strings[id], as: UTF8.self))
        words[Int(id)] = ids
        return ids
    }
}
