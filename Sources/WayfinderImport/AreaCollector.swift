import WayfinderGeocoding
import WayfinderGraph

/// The geocoder's areas from the pass over the OSM file: the areas libosmium assembles
/// (`OSMHandler.area`), and what it takes to use a boundary the extract holds only part
/// of: the settlement nodes and the `label`, `admin_centre` and `subarea` members of the
/// boundary relations, resolved into inside points once the whole file is read
/// (see `SourceArea` for the rule).
public final class AreaCollector: OSMHandler {
    private struct PlaceNode {
        var location: FixedCoordinate
        var name: String?
        var place: String
    }

    private struct Links {
        var label: Int64?, adminCentre: Int64?
        var subareas: [Int64] = []
    }

    private var placeNodes: [Int64: PlaceNode] = [:]
    /// Place nodes by name: a clipped boundary's only same-name place node is its label
    /// when it has none tagged (Nominatim links boundaries and place nodes by name too).
    private var placeNames: [String: [Int64]] = [:]
    private var links: [Int64: Links] = [:]
    private var collected: [SourceArea] = []

    public init() {}

    public func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        guard let place = tags["place"] else { return }
        let name = tags["name"]
        placeNodes[id] = PlaceNode(location: location, name: name, place: place)
        if let name { placeNames[name, default: []].append(id) }
    }

    public func relation(id: Int64, members: [OSMMember], tags: OSMTags) {
        guard tags.has("boundary") || tags.has("place") else { return }
        var l = Links()
        for m in members {
            switch (m.type, m.role) {
            case (.node, "label"): l.label = l.label ?? m.ref
            case (.node, "admin_centre"): l.adminCentre = l.adminCentre ?? m.ref
            case (.relation, "subarea"): l.subareas.append(m.ref)
            default: break
            }
        }
        links[id] = l
    }

    /// The `place` values whose areas the geocoder keeps (`wf_osm.h`'s filter).
    private static let settlements = ["city", "town", "village", "borough", "suburb", "quarter", "neighbourhood", "hamlet"]

    public func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing]) {
        // The same pass assembles the base map's areas: only boundaries and settlements are the geocoder's.
        guard tags.value("boundary", isAnyOf: ["administrative", "postal_code"]) || tags.value("place", isAnyOf: Self.settlements) else { return }
        let kind: SourceArea.Kind = tags.value("boundary", is: "administrative") ? .administrative
            : tags.value("boundary", is: "postal_code") ? .postalCode : .place
        var area = SourceArea(osmType: type == .way ? .way : .relation, osmId: id, kind: kind)
        area.name = tags["name"]
        area.adminLevel = kind == .administrative ? Int(tags["admin_level"] ?? "") ?? 0 : 0
        if kind == .administrative && !(1...12).contains(area.adminLevel) { return }
        area.place = tags["place"]
        area.countryCode = SourceArea.countryCode { tags[$0] }
        area.postcode = tags["postal_code"] ?? tags["addr:postcode"]
        area.isClipped = !complete
        area.rings = rings.map(\.points)
        area.outer = rings.map { $0.role == .outer }
        collected.append(area)
    }

    /// The areas, each with its inside point and linked settlement node; clipped ones
    /// without an inside point are left out by the index. The inside point: the `label`
    /// node, else the `admin_centre`, else the only place node of the same name, else that
    /// of a sub-area.
    public func areas() -> [SourceArea] {
        var memo: [Int64: FixedCoordinate?] = [:]
        var names: [Int64: String] = [:]
        for area in collected where area.osmType == .relation { names[area.osmId] = area.name }
        func inside(_ relation: Int64, depth: Int) -> FixedCoordinate? {
            if let known = memo[relation] { return known }
            guard depth < 8, let l = links[relation] else { return nil }
            memo[relation] = .some(nil)  // cycles end here
            var found = [l.label, l.adminCentre].lazy.compactMap { $0.flatMap { self.placeNodes[$0]?.location } }.first
            if found == nil, let name = names[relation], let same = placeNames[name], same.count == 1 {
                found = placeNodes[same[0]]?.location
            }
            if found == nil {
                found = l.subareas.lazy.compactMap { inside($0, depth: depth + 1) }.first
            }
            memo[relation] = found
            return found
        }
        return collected.map { source in
            var area = source
            guard area.osmType == .relation, let l = links[area.osmId] else { return area }
            area.inside = inside(area.osmId, depth: 0)
            for node in [l.label, l.adminCentre].compactMap({ $0 }) {
                guard let place = placeNodes[node], ["city", "town", "village", "hamlet"].contains(place.place),
                      let name = place.name, name == area.name else { continue }
                area.linkedNode = node
                area.place = area.place ?? place.place
                break
            }
            return area
        }
    }
}
