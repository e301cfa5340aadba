import Foundation
import WayfinderGraph

/// An item before it is flattened: its texts as strings, and for a street its pieces.
struct Draft {
    var kind: GeocoderKind
    var osmType: OSMObjectType
    var osmId: Int64
    var location: FixedCoordinate
    var name: String?, street: String?, housenumber: String?, postcode: String?, city: String?
    var type: String?, phone: String?, website: String?, openingHours: String?
    var category: UInt8 = 0
    var importance = 0.0
    var otherNames: [OSMTag] = []
    /// For an address, its street's other names ("Mannerheimvägen" for an address on
    /// Mannerheimintie): searched, not shown.
    var streetAliases: [String] = []
    var extraTags: [(key: UInt8, value: String)] = []
    var footprint: PoiBox?
    /// Ranges of `GeocoderSource.streetPoints`, for a street.
    var pieces: [ClosedRange<Int>] = []

    init(_ kind: GeocoderKind, _ o: SourceObject) {
        self.kind = kind
        (osmType, osmId, location) = (o.osmType, o.osmId, o.location)
        (name, street, housenumber, postcode, city) = (o.name, o.street, o.housenumber, o.postcode, o.city)
        (type, phone, website, openingHours) = (o.type, o.phone, o.website, o.openingHours)
        (category, importance, otherNames) = (o.category, o.importance, o.otherNames)
        (extraTags, footprint) = (o.extraTags, o.footprint)
    }
}

/// Turns collected objects into items: places (a boundary only when no place node of its
/// name is near), POIs, addresses (from POIs too, unless the same address is already near),
/// streets (same-name pieces close together merged), and a city for everything that has
/// none tagged: the nearest city, town or village.
struct DraftBuilder {
    private(set) var drafts: [Draft] = []
    private let projection: LocalProjection
    private var keys = NameKeys()

    /// Same-name street pieces whose boxes are this close belong to one street.
    static let streetGap = 100.0
    /// A second object with the same address within this distance is the same address.
    static let sameAddress = 30.0

    init(_ source: GeocoderSource) {
        let reference = source.objects.first?.location ?? source.streetPoints.first ?? FixedCoordinate(lat: 0, lon: 0)
        projection = LocalProjection(latitude: reference.latitude)
        let objects = source.objects
        var nodePlaces: [Int32: [FixedCoordinate]] = [:]
        for o in objects where o.isPlace && o.osmType == .node { nodePlaces[keys.id(o.name!), default: []].append(o.location) }
        for o in objects where o.isPlace {
            if o.osmType != .node, let near = nodePlaces[keys.id(o.name!)],
               near.contains(where: { distance($0, o.location) < 20_000 }) { continue }
            drafts.append(Draft(.place, o))
        }
        let towns = NearestTown(drafts.filter { ["place=city", "place=town", "place=village"].contains($0.type) }, projection)

        // Plain addresses first, so a POI's copy of an address it shares is the one dropped.
        var addresses: [Int64: [FixedCoordinate]] = [:]
        for o in objects where !o.isPlace && o.type == nil { addAddress(o, &addresses) }
        for o in objects where !o.isPlace && o.type != nil {
            drafts.append(Draft(.poi, o))
            addAddress(o, &addresses)
        }
        for i in drafts.indices where drafts[i].city == nil && drafts[i].kind != .place {
            drafts[i].city = towns.name(near: drafts[i].location)
        }
        for i in drafts.indices where drafts[i].kind == .place && !["place=city", "place=town", "place=village"].contains(drafts[i].type)
            && drafts[i].type != "boundary=administrative" {
            let town = towns.name(near: drafts[i].location)
            if let town, keys.id(town) != keys.id(drafts[i].name!) { drafts[i].city = town }
        }
        addStreets(source, towns: towns)
        addStreetAliases()
    }

    /// Gives each address the other names of the street of its name.
    private mutating func addStreetAliases() {
        var aliases: [Int32: [String]] = [:]
        for d in drafts where d.kind == .street && !d.otherNames.isEmpty {
            let key = keys.id(d.name!)
            for other in d.otherNames where !(aliases[key]?.contains(other.value) ?? false) { aliases[key, default: []].append(other.value) }
        }
        guard !aliases.isEmpty else { return }
        for i in drafts.indices where drafts[i].kind == .address {
            drafts[i].streetAliases = aliases[keys.id(drafts[i].street!)] ?? []
        }
    }

    private mutating func addAddress(_ o: SourceObject, _ seen: inout [Int64: [FixedCoordinate]]) {
        guard let street = o.street, let number = o.housenumber else { return }
        let key = Int64(keys.id(street)) << 32 | Int64(keys.id(number))
        if let near = seen[key], near.contains(where: { distance($0, o.location) < Self.sameAddress }) { return }
        seen[key, default: []].append(o.location)
        var draft = Draft(.address, o)
        (draft.name, draft.type, draft.category, draft.importance) = (nil, nil, 0, 0.5)
        (draft.phone, draft.website, draft.openingHours, draft.otherNames) = (nil, nil, nil, [])
        (draft.extraTags, draft.footprint) = ([], nil)
        drafts.append(draft)
    }

    /// Merges same-name pieces whose boxes lie within `streetGap` (union-find per name).
    ///
    /// A name repeats in every town (and in every tile of the scaling tilings), so nothing
    /// here compares all pieces or all addresses of a name with one another: a sweep along
    /// x finds the close pairs, and a band of latitudes the addresses near a street. Over
    /// all pairs, the 20x20 tiling's streets took 13 times the 10x10's for 4 times the data.
    private mutating func addStreets(_ source: GeocoderSource, towns: NearestTown) {
        let points = source.streetPoints
        var groups: [Int32: [Int]] = [:]
        for (i, s) in source.streets.enumerated() { groups[keys.id(s.name), default: []].append(i) }
        var addressLists: [Int32: [(location: FixedCoordinate, draft: Int)]] = [:]
        for (i, d) in drafts.enumerated() where d.kind == .address { addressLists[keys.id(d.street!), default: []].append((d.location, i)) }
        let addressesByStreet = addressLists.mapValues(NearestAddress.init)
        for (key, pieces) in groups.sorted(by: { $0.key < $1.key }) {
            let boxes = pieces.map { p in
                points[Int(source.streets[p].firstPoint)...Int(source.streets[p].lastPoint)].reduce(
                    (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)) { b, point in
                    let (x, y) = projection.offset(point, from: FixedCoordinate(lat: 0, lon: 0))
                    return (min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y))
                }
            }
            var parent = Array(pieces.indices)
            func root(_ i: Int) -> Int { parent[i] == i ? i : root(parent[i]) }
            // Every close pair, each seen from its piece further west: the pieces after it
            // in x order, until one starts more than the gap east of its end.
            let byX = pieces.indices.sorted { boxes[$0].x0 < boxes[$1].x0 }
            for (i, a) in byX.enumerated() {
                for b in byX[(i + 1)...] {
                    if boxes[b].x0 - boxes[a].x1 > Self.streetGap { break }
                    let gap = max(boxes[a].x0 - boxes[b].x1, boxes[b].x0 - boxes[a].x1, boxes[a].y0 - boxes[b].y1, boxes[b].y0 - boxes[a].y1)
                    if gap <= Self.streetGap { parent[root(a)] = root(b) }
                }
            }
            var clusters: [Int: [Int]] = [:]
            for i in pieces.indices { clusters[root(i), default: []].append(pieces[i]) }
            for members in clusters.values.sorted(by: { $0[0] < $1[0] }) {
                var draft = street(members.map { source.streets[$0] }, points)
                // The street's postcode and city are those of its nearest address, within 1 km.
                if let nearest = addressesByStreet[key]?.nearest(to: draft.location, within: 1000, projection) {
                    (draft.postcode, draft.city) = (drafts[nearest].postcode, drafts[nearest].city)
                } else {
                    draft.city = towns.name(near: draft.location)
                }
                drafts.append(draft)
            }
        }
    }

    /// One street from its pieces: named and identified after its longest piece, located at
    /// the vertex nearest the mean of all vertices.
    private func street(_ pieces: [SourceStreet], _ points: [FixedCoordinate]) -> Draft {
        let longest = pieces.max { ($0.lastPoint - $0.firstPoint, $1.osmId) < ($1.lastPoint - $1.firstPoint, $0.osmId) }!
        let main = pieces.max { $0.importance < $1.importance }!
        let ranges = pieces.map { Int($0.firstPoint)...Int($0.lastPoint) }
        var lat = 0.0, lon = 0.0, n = 0.0
        for r in ranges { for p in points[r] { lat += Double(p.lat); lon += Double(p.lon); n += 1 } }
        let mean = FixedCoordinate(lat: Int32(lat / n), lon: Int32(lon / n))
        let location = ranges.flatMap { points[$0] }.min { distance($0, mean) < distance($1, mean) }!
        var object = SourceObject(osmType: .way, osmId: longest.osmId, location: location)
        (object.name, object.type, object.importance) = (longest.name, main.type, main.importance)
        object.otherNames = longest.otherNames
        var draft = Draft(.street, object)
        draft.pieces = ranges
        return draft
    }

    private func distance(_ a: FixedCoordinate, _ b: FixedCoordinate) -> Double { projection.distance(a, from: b) }
}

/// The addresses of one street name, by latitude: the nearest to a point within a distance
/// is among those in a band of latitudes around it.
struct NearestAddress {
    /// Sorted by latitude, then draft index.
    private let entries: [(location: FixedCoordinate, draft: Int)]

    init(_ addresses: [(location: FixedCoordinate, draft: Int)]) {
        entries = addresses.sorted { ($0.location.lat, $0.draft) < ($1.location.lat, $1.draft) }
    }

    /// The draft nearest `p` if nearer than `limit` metres; of equally near ones, the first
    /// added (the lowest index), as a scan of all of them in order would pick.
    func nearest(to p: FixedCoordinate, within limit: Double, _ projection: LocalProjection) -> Int? {
        // A point `limit` away is at most that many metres north or south: one unit more
        // each way covers the rounding.
        let span = Int64((limit / projection.metresPerLatUnit).rounded(.up)) + 1
        let low = Int64(p.lat) - span, high = Int64(p.lat) + span
        var first = 0, last = entries.count
        while first < last {
            let middle = (first + last) / 2
            if Int64(entries[middle].location.lat) < low { first = middle + 1 } else { last = middle }
        }
        var best: (distance: Double, draft: Int)?
        for entry in entries[first...] {
            if Int64(entry.location.lat) > high { break }
            let d = projection.distance(entry.location, from: p)
            if d < limit, best.map({ (d, entry.draft) < ($0.distance, $0.draft) }) ?? true { best = (d, entry.draft) }
        }
        return best?.draft
    }
}

/// Ids of folded names: two texts get the same id when they fold to the same words
/// ("Rua de São João" and "RUA DE SAO JOAO"). Raw texts are interned first, so each
/// distinct spelling is folded once.
struct NameKeys {
    private var raw = ByteInterner(), folded = ByteInterner()
    private var keyOfRaw: [Int32] = []

    mutating func id(_ text: String) -> Int32 {
        let (r, isNew) = raw.intern(text)
        if isNew { keyOfRaw.append(folded.intern(TextFolding.keyBytes(text)).id) }
        return keyOfRaw[Int(r)]
    }
}

/// The nearest city, town or village to a point, within 30 km, through a grid of ~5 km cells.
struct NearestTown {
    private var cells: [Int64: [(FixedCoordinate, String)]] = [:]
    private let projection: LocalProjection
    static let cellSize: Int32 = 500_000
    static let maxDistance = 30_000.0

    init(_ towns: [Draft], _ projection: LocalProjection) {
        self.projection = projection
        for town in towns { cells[Self.key(town.location.lat / Self.cellSize, town.location.lon / Self.cellSize), default: []].append((town.location, town.name!)) }
    }

    private static func key(_ row: Int32, _ column: Int32) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: column)) }

    func name(near p: FixedCoordinate) -> String? {
        guard !cells.isEmpty else { return nil }
        let row = p.lat / Self.cellSize, column = p.lon / Self.cellSize
        var best: (Double, String)?
        // A point in ring k lies at least (k - 1) cell widths away.
        let width = Double(Self.cellSize) * min(projection.metresPerLatUnit, projection.metresPerLonUnit)
        for ring in Int32(0)...Int32(min(40, (Self.maxDistance / width).rounded(.up) + 1)) {
            if let best, Double(ring - 1) * width > best.0 { break }
            for r in (row - ring)...(row + ring) {
                for c in (column - ring)...(column + ring) where max(abs(r - row), abs(c - column)) == ring {
                    for (location, name) in cells[Self.key(r, c)] ?? [] {
                        let d = projection.distance(location, from: p)
                        if d < Self.maxDistance, best.map({ d < $0.0 }) ?? true { best = (d, name) }
                    }
                }
            }
        }
        return best?.1
    }
}
