import Foundation
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM
import WayfinderRouting

/// The map page (`/`), the Leaflet files it loads (`/leaflet/...`) and the road geometry of
/// a box (`/roads`). The app's own files are `MapAssets` (`/app/...`).
enum MapEndpoints {
    /// `GET /`: the page, opening on the graph's extent. Never cached without asking: its
    /// configuration follows the graph in service (a reload changes the tiles' version).
    @Sendable static func page(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let bounds = TravelMode.allCases.lazy.compactMap { context.graph.graph($0) }.first.map(extent)
            ?? CoordinateBox(minLat: 0, minLon: 0, maxLat: 0, maxLon: 0)
        let html = MapPage.html(bounds: bounds, tileVersion: context.graph.buildId, place: context.graph.area?.name)
        var response = HTTPResponse.text(html, contentType: "text/html; charset=utf-8")
        response.headers.append(("Cache-Control", "no-cache"))
        return response
    }

    /// The area the snapping grid of a graph covers.
    private static func extent(_ graph: RoutingGraph) -> CoordinateBox {
        let box = graph.snapGrid.coveredBox
        return CoordinateBox(minLat: box.minLat, minLon: box.minLon, maxLat: box.maxLat, maxLon: box.maxLon)
    }

    /// `GET /leaflet/NAME`: a file of Debian's libjs-leaflet.
    @Sendable static func leaflet(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let name = String(request.path.dropFirst(LeafletFiles.urlPrefix.count))
        guard let file = LeafletFiles.shared.file(name) else {
            let why = LeafletFiles.shared.isInstalled ? "no such Leaflet file: \(name)"
                : "Leaflet is not installed on the server (Debian package libjs-leaflet)"
            return .error("NotFound", why, status: 404)
        }
        return HTTPResponse(status: 200, contentType: file.contentType, body: .bytes(file.bytes),
                            headers: [("Cache-Control", "public, max-age=86400")])
    }

    /// Most roads one `/roads` answer lists, and the default.
    static let maxRoads = 20_000
    static let defaultRoads = 6_000

    /// `GET /roads?bbox=minLon,minLat,maxLon,maxLat[&mode=driving|walking|cycling][&limit=N]`: GeoJSON
    /// of the roads of `mode` touching the box, one MultiLineString feature per road class
    /// (most important first, `properties.class` named as OSM's `highway` values). Larger
    /// boxes leave out minor classes (`least_class` says which is the least shown); a box
    /// whose main roads alone pass the limit is cut short (`truncated`).
    @Sendable static func roads(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        guard let bboxText = request["bbox"] else {
            return .error("InvalidQuery", "bbox=minLon,minLat,maxLon,maxLat is required")
        }
        let numbers = bboxText.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 4, let minLon = numbers[0], let minLat = numbers[1], let maxLon = numbers[2], let maxLat = numbers[3],
              [minLon, maxLon].allSatisfy({ $0 >= -180 && $0 <= 180 }), [minLat, maxLat].allSatisfy({ $0 >= -90 && $0 <= 90 }) else {
            return .error("InvalidValue", "bbox must be four numbers minLon,minLat,maxLon,maxLat within -180...180 and -90...90")
        }
        guard minLon <= maxLon, minLat <= maxLat else {
            return .error("InvalidValue", "bbox corners are reversed: minLon,minLat come first")
        }
        let modeName = request["mode"] ?? "driving"
        guard let mode = TravelMode(name: modeName) else {
            return .error("InvalidValue", "unknown mode \"\(modeName)\": use driving, walking or cycling")
        }
        var limit = defaultRoads
        if let text = request["limit"] {
            guard let n = Int(text), n >= 1, n <= maxRoads else {
                return .error("InvalidValue", "limit must be a whole number from 1 to \(maxRoads)")
            }
            limit = n
        }
        guard let finder = context.roadsInBox(mode) else {
            return .error("InvalidValue", "this graph has no \(mode) network")
        }
        let low = FixedCoordinate(latitude: minLat, longitude: minLon), high = FixedCoordinate(latitude: maxLat, longitude: maxLon)
        let box = CoordinateBox(minLat: low.lat, minLon: low.lon, maxLat: high.lat, maxLon: high.lon)
        finder.find(in: box, limit: limit)
        let json = context.json()
        writeRoads(finder, box: box, into: json)
        return .json(json)
    }

    /// OSM `highway` value of each `RoadClass`, by raw value.
    static let classNames = ["motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential",
                             "living_street", "service", "track", "path", "footway", "cycleway", "pedestrian", "steps", "other"]

    private static func writeRoads(_ finder: RoadsInBox, box: CoordinateBox, into json: JSONBuffer) {
        let graph = finder.graph
        // Shape points closer than about a pixel of a 2000-pixel-wide view to the last one
        // drawn are left out: far fewer bytes for large boxes, no visible change.
        let tolerance = Int32(clamping: max(Int(box.maxLon) - Int(box.minLon), Int(box.maxLat) - Int(box.minLat)) / 2000)
        json.beginObject()
        json.key("type"); json.string("FeatureCollection")
        json.key("least_class"); json.string(classNames[Int(finder.leastClass.rawValue)])
        json.key("truncated"); json.bool(finder.truncated)
        json.key("features"); json.beginArray()
        // One feature per class, most important first; segments grouped in one pass, each
        // group in the finder's order.
        var byClass = [[Int32]](repeating: [], count: Int(finder.leastClass.rawValue) + 1)
        for s in finder.segments {
            let roadClass = Int(finder.roadClass(ofSegment: s).rawValue)
            if roadClass < byClass.count { byClass[roadClass].append(s) }
        }
        for (roadClass, group) in byClass.enumerated() where !group.isEmpty {
            json.beginObject()
            json.key("type"); json.string("Feature")
            json.key("properties"); json.beginObject()
            json.key("class"); json.string(classNames[roadClass])
            json.endObject()
            json.key("geometry"); json.beginObject()
            json.key("type"); json.string("MultiLineString")
            json.key("coordinates"); json.beginArray()
            for s in group {
                let segment = graph.segments[Int(s)]
                json.beginArray()
                var last = graph.points[Int(segment.firstPoint)]
                json.coordinate(last)
                for i in Int(segment.firstPoint + 1)...Int(segment.lastPoint) {
                    let p = graph.points[i]
                    if i < Int(segment.lastPoint) && abs(p.lat &- last.lat) <= tolerance && abs(p.lon &- last.lon) <= tolerance { continue }
                    json.coordinate(p)
                    last = p
                }
                json.endArray()
            }
            json.endArray()
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}

/// The files of Debian's libjs-leaflet, read once on first use and kept in memory (about
/// 200 kB). Only these files are served: names come from a listing of the package's
/// folder, never from joining a request path onto a file path.
final class LeafletFiles: Sendable {
    struct File: Sendable {
        let contentType: String
        let bytes: [UInt8]
    }

    static let urlPrefix = "/leaflet/"
    static let directory = "/usr/share/javascript/leaflet"
    static let shared = LeafletFiles(directory: directory)

    private let files: [String: File]

    var isInstalled: Bool { !files.isEmpty }

    init(directory: String) {
        var files: [String: File] = [:]
        let types = ["js": "application/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
                     "png": "image/png", "map": "application/json"]
        let manager = FileManager.default
        for name in (manager.subpaths(atPath: directory) ?? []) {
            let path = directory + "/" + name
            guard let type = types[(name as NSString).pathExtension],
                  let data = manager.contents(atPath: path) else { continue }
            files[name] = File(contentType: type, bytes: [UInt8](data))
        }
        self.files = files
    }

    func file(_ name: String) -> File? { files[name] }
}
