import Foundation
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// Writes one base-map tile (`/tiles/{z}/{x}/{y}`, docs/TILES.md) as JSON: the roads of
/// both modes (each way drawn once, the classes a zoom can show), where to write street
/// names, place labels, and the base map's areas, lines and buildings (`TileAreas.swift`).
/// A per-thread object (held by `RequestContext`): its road finders, stamps and point
/// buffers are reused tile after tile.
public final class TileMaker {
    let served: ServedGraph
    /// The road finders of the modes the file holds, driving first.
    private let finders: [RoadsInBox]
    let baseMap: BaseMap?
    let clipper = TileClipper()
    /// `wayStamp[w] == generation`: way `w` was already drawn in this tile (by the car network).
    private var wayStamp: [UInt32]
    private var generation: UInt32 = 0
    /// Segments to draw, by road class: (finder index, segment).
    private var byClass: [[(Int, Int32)]] = Array(repeating: [], count: 16)
    /// Named pieces for `streets`: name id, way, finder, segment.
    private var named: [(name: Int32, way: Int32, finder: Int, segment: Int32)] = []
    /// Base-map features under the tile (`TileAreas.swift`).
    var featureStamp: [UInt32]
    var featureGeneration: UInt32 = 0
    var found: [Int32] = []
    /// The tile being written and its projection of degrees.
    var frame = TileFrame(z: 0, x: 0, y: 0)!
    private var projection = (scale: 0.0, x0: 0.0, y0: 0.0)

    public init(graph: ServedGraph) {
        served = graph
        finders = TravelMode.allCases.compactMap { graph.graph($0).map(RoadsInBox.init) }
        baseMap = graph.baseMap
        wayStamp = Array(repeating: 0, count: finders.first?.graph.ways.count ?? 0)
        featureStamp = Array(repeating: 0, count: graph.baseMap?.features.count ?? 0)
    }

    /// The least important road class drawn at zoom `z`: main roads for a country, every
    /// path close up.
    public static func leastClass(zoom z: Int) -> RoadClass {
        switch z {
        case ...8: .primary
        case 9...10: .secondary
        case 11: .tertiary
        case 12: .unclassified
        case 13: .livingStreet
        case 14: .track
        default: .other
        }
    }

    /// Writes tile `frame` into `json`; `buildings` adds the buildings layer (from z 14).
    public func write(_ frame: TileFrame, buildings: Bool, into json: JSONBuffer) {
        self.frame = frame
        clipper.setBuffer(frame.buffer)
        let n = Double(Int64(1) << (frame.z + WebMercator.tileExtentBits))
        projection = (n, Double(frame.x * WebMercator.tileExtent), Double(frame.y * WebMercator.tileExtent))
        json.beginObject()
        json.key("z"); json.integer(frame.z)
        json.key("x"); json.integer(frame.x)
        json.key("y"); json.integer(frame.y)
        json.key("extent"); json.integer(WebMercator.tileExtent)
        let land = writeBaseMap(buildings: buildings && frame.z >= 14, into: json)
        json.key("land"); json.bool(land)
        writeRoads(into: json)
        writeLabels(into: json)
        json.endObject()
    }

    /// Tile-local position of a graph point (Web Mercator, as `WebMercator.y` but unrounded).
    @inline(__always) func local(_ c: FixedCoordinate) -> (Double, Double) {
        let phi = max(-WebMercator.maxLatitude, min(WebMercator.maxLatitude, c.latitude)) * .pi / 180
        let x = (c.longitude + 180) / 360 * projection.scale - projection.x0
        // ln(tan φ + sec φ) = ½ ln((1 + sin φ) / (1 − sin φ)): two library calls, not three.
        let s = sin(phi)
        let y = (1 - 0.5 * log((1 + s) / (1 - s)) / .pi) / 2 * projection.scale - projection.y0
        return (x, y)
    }

    // MARK: - Roads and street names

    private func writeRoads(into json: JSONBuffer) {
        for i in byClass.indices { byClass[i].removeAll(keepingCapacity: true) }
        named.removeAll(keepingCapacity: true)
        generation &+= 1
        if generation == 0 {
            for i in wayStamp.indices { wayStamp[i] = 0 }
            generation = 1
        }
        let least = Self.leastClass(zoom: frame.z)
        let d = frame.degreeBox
        let low = FixedCoordinate(latitude: max(-90, d.minLat), longitude: max(-180, d.minLon))
        let high = FixedCoordinate(latitude: min(90, d.maxLat), longitude: min(180, d.maxLon))
        let box = CoordinateBox(minLat: low.lat, minLon: low.lon, maxLat: high.lat, maxLon: high.lon)
        let streetsFrom = 13
        for (f, finder) in finders.enumerated() {
            finder.find(in: box, limit: 200_000, leastClass: least)
            let graph = finder.graph
            for s in finder.segments {
                let way = graph.segments[Int(s)].way
                // Each way once: the car network's segments first, then the walkers' other ways.
                if f == 0 { wayStamp[Int(way)] = generation } else if wayStamp[Int(way)] == generation { continue }
                let roadClass = Int(finder.roadClass(ofSegment: s).rawValue)
                byClass[roadClass].append((f, s))
                let name = graph.ways[Int(way)].name
                if frame.z >= streetsFrom && name != 0 { named.append((name, way, f, s)) }
            }
        }
        json.key("roads"); json.beginArray()
        clipper.tolerance = 4
        for roadClass in byClass.indices.reversed() where !byClass[roadClass].isEmpty {
            clipper.resetOutput()
            // By way and position, so that a way's consecutive segments make one line.
            byClass[roadClass].sort { a, b in
                let sa = finders[a.0].graph.segments[Int(a.1)], sb = finders[b.0].graph.segments[Int(b.1)]
                return (sa.way, sa.firstPoint, a.0) < (sb.way, sb.firstPoint, b.0)
            }
            var last: (way: Int32, point: FixedCoordinate)?
            for (f, s) in byClass[roadClass] {
                let graph = finders[f].graph
                let segment = graph.segments[Int(s)]
                var first = Int(segment.firstPoint)
                if let last, last.way == segment.way, last.point == graph.points[first] {
                    first += 1
                } else {
                    if last != nil { clipper.finishLine() }
                    clipper.begin()
                }
                if first <= Int(segment.lastPoint) {
                    for p in first...Int(segment.lastPoint) {
                        let (x, y) = local(graph.points[p])
                        clipper.add(x, y)
                    }
                }
                last = (segment.way, graph.points[Int(segment.lastPoint)])
            }
            clipper.finishLine()
            guard clipper.pieceCount > 0 else { continue }
            json.beginObject()
            json.key("class"); json.string(MapEndpoints.classNames[roadClass])
            json.key("lines"); json.beginArray(); clipper.writePieces(json); json.endArray()
            json.endObject()
        }
        json.endArray()
        writeStreets(into: json)
    }

    /// Street names: the named segments of each way joined where one ends at the next's
    /// start, cut to the tile, every piece at least an eighth of the tile long.
    private func writeStreets(into json: JSONBuffer) {
        json.key("streets"); json.beginArray()
        named.sort { ($0.name, $0.way, $0.finder, $0.segment) < ($1.name, $1.way, $1.finder, $1.segment) }
        let minLength = Double(WebMercator.tileExtent) / 8
        clipper.tolerance = 16
        var i = 0
        while i < named.count {
            let first = named[i]
            let graph = finders[first.finder].graph
            clipper.begin()
            var j = i
            var last: FixedCoordinate?
            while j < named.count, named[j].name == first.name, named[j].way == first.way, named[j].finder == first.finder {
                let segment = graph.segments[Int(named[j].segment)]
                if let last, last != graph.points[Int(segment.firstPoint)] { break }
                let start = last == nil ? Int(segment.firstPoint) : Int(segment.firstPoint) + 1
                if start <= Int(segment.lastPoint) {
                    for p in start...Int(segment.lastPoint) {
                        let (x, y) = local(graph.points[p])
                        clipper.add(x, y)
                    }
                }
                last = graph.points[Int(segment.lastPoint)]
                j += 1
            }
            i = j
            clipper.resetOutput()
            clipper.finishLine()
            var nameText: String?
            for k in 0..<clipper.pieceCount {
                let piece = clipper.piece(k)
                var length = 0.0
                var idx = piece.startIndex + 2
                while idx < piece.endIndex {
                    let dx = Double(piece[idx] - piece[idx - 2]), dy = Double(piece[idx + 1] - piece[idx - 1])
                    length += (dx * dx + dy * dy).squareRoot()
                    idx += 2
                }
                guard length >= minLength else { continue }
                let text = nameText ?? graph.names[first.name]
                nameText = text
                json.beginObject()
                json.key("name"); json.string(text)
                json.key("class"); json.string(MapEndpoints.classNames[Int(graph.ways[Int(first.way)].roadClass)])
                json.key("line"); json.beginArray()
                for v in piece { json.integer(Int(v)) }
                json.endArray()
                json.endObject()
            }
        }
        json.endArray()
    }

    // MARK: - Labels

    private func writeLabels(into json: JSONBuffer) {
        json.key("labels"); json.beginArray()
        let low = -Double(frame.buffer), high = Double(WebMercator.tileExtent + frame.buffer)
        let scale = frame.shift >= 0 ? Double(Int64(1) << frame.shift) : 1 / Double(Int64(1) << -frame.shift)
        let places = served.placeLabels
        for position in places.candidates(for: frame) {
            let point = places.point(at: position)
            let x = Double(Int64(point.x) - frame.originX) * scale, y = Double(Int64(point.y) - frame.originY) * scale
            guard x >= low, x <= high, y >= low, y <= high else { continue }
            let label = places.label(at: position)
            json.beginObject()
            json.key("name"); json.string(label.name)
            json.key("kind"); json.string(label.kind.name)
            json.key("rank"); json.integer(label.kind.rank)
            json.key("x"); json.integer(Int(x.rounded()))
            json.key("y"); json.integer(Int(y.rounded()))
            json.key("id"); json.string(label.id)
            json.endObject()
        }
        json.endArray()
    }
}
