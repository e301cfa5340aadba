import WayfinderRouting

/// The map page served at `/`: the app's HTML shell (`MapApp/index.html`, see `MapAssets`)
/// with the page's configuration written in by the server, `const WAYFINDER = {...}`:
/// where the graph's data lies (`bounds`: the map opens there and the current-place flow
/// tells a point outside it), the route's colour and the version of the graph's base-map
/// tiles (`tileVersion`, part of every tile URL so a reloaded graph is not hidden by
/// caches). Everything the page loads comes from this server: Leaflet from Debian's
/// libjs-leaflet under `/leaflet/`, the app's files under `/app/`, tiles, routes and places.
///
/// URL parameters preset a route: `/?from=lat,lon&to=lat,lon&mode=driving|walking|cycling`;
/// `/?search=TEXT` searches the visible region; `#lat,lon,zoom` is the camera.
enum MapPage {
    /// The colour of the chosen route's line, which the screenshot test looks for.
    static let routeColour = (red: UInt8(0x6A), green: UInt8(0x1B), blue: UInt8(0xD8))

    /// The page for a graph whose roads lie in `bounds`, where the map opens, and whose
    /// tiles are of version `tileVersion`.
    static func html(bounds: CoordinateBox, tileVersion: String, place: String?) -> String {
        let b = bounds
        func degrees(_ v: Int32) -> String { String(Double(v) / 10_000_000) }
        let c = routeColour
        let hex = "#" + [c.red, c.green, c.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let config = "{\"bounds\":[[\(degrees(b.minLat)),\(degrees(b.minLon))],[\(degrees(b.maxLat)),\(degrees(b.maxLon))]],"
            + "\"routeColour\":\"\(hex)\",\"tileVersion\":\"\(safe(tileVersion))\",\"place\":\"\(safe(place ?? ""))\","
            + "\"assetVersion\":\"\(MapAssets.version)\"}"
        return MapAssets.shell.replacingOccurrences(of: "{{CONFIG}}", with: config)
            .replacingOccurrences(of: "{{VERSION}}", with: MapAssets.version)
    }

    /// Letters, digits and a few marks only: the text goes into a script as a JSON string.
    private static func safe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || " .,:-_()".unicodeScalars.contains($0) }
            .map(Character.init))
    }
}
