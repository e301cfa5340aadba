import WayfinderGraph
import WayfinderOSRM

/// `GET /tiles/{z}/{x}/{y}[?buildings=1]`: one base-map tile as JSON (docs/TILES.md;
/// written by `TileMaker`). Tiles change only when the graph does, so they may be cached
/// for an hour, versioned by the graph's `buildId` (the `ETag`, and the page's `?v=`).
enum TilesEndpoint {
    static let prefix = "/tiles/"

    @Sendable static func tile(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        var path = Substring(request.path.dropFirst(prefix.count))
        if path.hasSuffix(".json") { path = path.dropLast(5) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .error("InvalidValue", "a tile is /tiles/{z}/{x}/{y}: three whole numbers")
        }
        var numbers: [Int] = []
        for (part, name) in zip(parts, ["z", "x", "y"]) {
            guard !part.isEmpty, part.count <= 10, part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(part) else {
                return .error("InvalidValue", "tile \(name) must be a whole number, got \"\(part)\"")
            }
            numbers.append(n)
        }
        let (z, x, y) = (numbers[0], numbers[1], numbers[2])
        guard z <= WebMercator.maxZoom else {
            return .error("InvalidValue", "tile z must be 0…\(WebMercator.maxZoom), got \(z)")
        }
        guard let frame = TileFrame(z: z, x: x, y: y) else {
            return .error("InvalidValue", "tile x and y must be 0…\((1 << z) - 1) at zoom \(z), got \(x)/\(y)")
        }
        var buildings = false
        if let value = request["buildings"] {
            switch value {
            case "1", "true": buildings = true
            case "0", "false": buildings = false
            default: return .error("InvalidValue", "buildings must be 1 or 0, got \"\(value)\"")
            }
        }
        let json = context.json()
        context.tileMaker().write(frame, buildings: buildings, into: json)
        var response = HTTPResponse.json(json)
        response.headers = [("Cache-Control", "public, max-age=3600"),
                            ("ETag", "\"\(context.graph.buildId)-\(z)-\(x)-\(y)\(buildings ? "-b" : "")\"")]
        return response
    }
}
