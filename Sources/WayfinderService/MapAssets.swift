import WayfinderOSRM
/// The map app's files (`Sources/WayfinderService/MapApp/`: the HTML shell, the style sheet
/// and one script per concern), compiled into the binary by SwiftPM (`.embedInCode` in
/// Package.swift: `PackageResources.NAME_EXT` byte arrays), so `wayfinder serve` needs no
/// files beside it. Served under `/app/NAME`; the page asks for `/app/NAME?v=VERSION`, a
/// hash of every file, so a new build is never hidden by a browser's cache while an
/// unchanged one is cached for good.
enum MapAssets {
    struct Asset: Sendable {
        let contentType: String
        let bytes: [UInt8]
    }

    static let urlPrefix = "/app/"

    private static let javascript = "application/javascript; charset=utf-8"

    /// Every file a request may name (names from this table only, never joined onto a path).
    static let files: [String: Asset] = [
        "map.css": Asset(contentType: "text/css; charset=utf-8", bytes: PackageResources.map_css),
        "core.js": Asset(contentType: javascript, bytes: PackageResources.core_js),
        "theme.js": Asset(contentType: javascript, bytes: PackageResources.theme_js),
        "basemap.js": Asset(contentType: javascript, bytes: PackageResources.basemap_js),
        "basemapstyle.js": Asset(contentType: javascript, bytes: PackageResources.basemapstyle_js),
        "labels.js": Asset(contentType: javascript, bytes: PackageResources.labels_js),
        "markers.js": Asset(contentType: javascript, bytes: PackageResources.markers_js),
        "camera.js": Asset(contentType: javascript, bytes: PackageResources.camera_js),
        "directions.js": Asset(contentType: javascript, bytes: PackageResources.directions_js),
        "routes.js": Asset(contentType: javascript, bytes: PackageResources.routes_js),
        "search.js": Asset(contentType: javascript, bytes: PackageResources.search_js),
        "place.js": Asset(contentType: javascript, bytes: PackageResources.place_js),
        "traces.js": Asset(contentType: javascript, bytes: PackageResources.traces_js),
        "isochrones.js": Asset(contentType: javascript, bytes: PackageResources.isochrones_js),
        "controls.js": Asset(contentType: javascript, bytes: PackageResources.controls_js),
        "main.js": Asset(contentType: javascript, bytes: PackageResources.main_js),
    ]

    /// The HTML shell (`index.html`), with `{{CONFIG}}` and `{{VERSION}}` to fill in.
    static let shell = String(decoding: PackageResources.index_html, as: UTF8.self)

    /// FNV-1a over every file (and the shell), in hex: changes whenever any file does.
    static let version: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for bytes in [PackageResources.index_html] + files.keys.sorted().map({ files[$0]!.bytes }) {
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }()

    /// `GET /app/NAME[?v=VERSION]`: the file, cached for a year when the version is the
    /// current one (the URL changes with the files), else revalidated on every load.
    @Sendable static func serve(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let name = String(request.path.dropFirst(urlPrefix.count))
        guard let asset = files[name] else { return .error("NotFound", "no such file of the map app: \(name)", status: 404) }
        let caching = request["v"] == version ? "public, max-age=31536000, immutable" : "no-cache"
        return HTTPResponse(status: 200, contentType: asset.contentType, body: .bytes(asset.bytes),
                            headers: [("Cache-Control", caching), ("ETag", "\"\(version)\"")])
    }
}
