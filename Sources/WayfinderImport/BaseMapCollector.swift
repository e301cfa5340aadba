import WayfinderGraph

/// The base map's part of the one pass over the OSM file: areas libosmium assembles (water,
/// parks and land use, buildings: `BaseMapTags`), waterway lines, coastline ways (the sea:
/// `Coastline`) and named place nodes (labels), all in `WebMercator` world units, handed to
/// a `BaseMapWriter` at the end (`finish`).
public final class BaseMapCollector: OSMHandler {
    public typealias Point = BaseMapWriter.Point
    private var writer = BaseMapWriter()
    private var coastline = Coastline()
    /// The extent of every located way node: the bounds when the file's header has none.
    private var extent = (minLat: Int32.max, minLon: Int32.max, maxLat: Int32.min, maxLon: Int32.min)
    public private(set) var counts = Counts()

    public struct Counts: Sendable {
        public var areas = 0, buildings = 0, lines = 0, labels = 0, coastlineWays = 0
        /// Multipolygons the extract holds only part of (left out: no way to close them).
        public var clippedAreas = 0
        public var features = 0
    }

    public init() {}

    public func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {
        guard let place = tags["place"], let kind = BaseMapLabelKind(place: place), let name = tags["name"], !name.isEmpty else { return }
        let p = WebMercator.point(location)
        writer.addLabel(kind, osmId: id, at: (p.x, p.y), name: name, population: BaseMapTags.population(tags["population"]))
        counts.labels += 1
    }

    public func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {
        for i in 0..<nodes.count {
            guard let c = nodes.location(i) else { continue }
            extent = (min(extent.minLat, c.lat), min(extent.minLon, c.lon), max(extent.maxLat, c.lat), max(extent.maxLon, c.lon))
        }
        if tags.value("natural", is: "coastline") {
            coastline.add(nodes)
            counts.coastlineWays += 1
            return
        }
        guard let kind = BaseMapTags.lineKind(tags) else { return }
        var parts: [[Point]] = [[]]
        for i in 0..<nodes.count {
            guard let c = nodes.location(i) else { parts.append([]); continue }
            let p = WebMercator.point(c)
            parts[parts.count - 1].append((p.x, p.y))
        }
        writer.addLine(kind, parts: parts)
        counts.lines += 1
    }

    public func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing]) {
        guard !tags.value("natural", is: "coastline"), let kind = BaseMapTags.areaKind(tags) else { return }
        guard complete else { counts.clippedAreas += 1; return }
        let world = rings.map { ring in ring.points.map { c -> Point in let p = WebMercator.point(c); return (p.x, p.y) } }
        writer.addArea(kind, rings: world)
        if kind == .building { counts.buildings += 1 } else { counts.areas += 1 }
    }

    /// Closes the sea along `bounds` (the file header's box, else the extent of the ways)
    /// and adds the base map's sections.
    public func finish(bounds: (min: FixedCoordinate, max: FixedCoordinate)?, to fileWriter: inout GraphFileWriter) {
        let (low, high) = bounds ?? (FixedCoordinate(lat: extent.minLat, lon: extent.minLon),
                                     FixedCoordinate(lat: extent.maxLat, lon: extent.maxLon))
        var world = (minX: Int32(0), minY: Int32(0), maxX: Int32(0), maxY: Int32(0))
        if low.lat <= high.lat && low.lon <= high.lon {
            let a = WebMercator.point(low), b = WebMercator.point(high)
            world = (a.x, b.y, b.x, a.y)
        }
        var hasSea = false
        if !coastline.isEmpty, let sea = coastline.seaRings(bounds: world) {
            writer.addArea(.water, rings: sea, sea: true)
            hasSea = true
        }
        counts.features = writer.featureCount
        writer.add(to: &fileWriter, bounds: world, hasSea: hasSea)
    }
}
