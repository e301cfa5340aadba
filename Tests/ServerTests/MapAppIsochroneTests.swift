import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// "Reachable in 5 / 10 / 15 min" on the map page (isochrones.js), in headless Chromium over
/// the Monaco graph: from a tapped point's info window (and a search result's), contours shaded
/// under the routes and markers, the largest first and lightest, a legend in the panel, drawn
/// again for another travel mode.
///
/// `serverDrawsTheContoursOfATappedPoint` goes through the server's /isochrone/v1, which
/// another branch adds: it runs once that endpoint is in `EndpointTable.standard` and is
/// skipped before. `drawingLegendModeAndErrors` answers /isochrone in the page (fetch
/// replaced), as MapAppTraceTests answers /match, so the drawing is checked either way.
@Suite(.serialized, .enabled(if: chromiumPath != nil && LeafletFiles.shared.isInstalled,
                             "chromium or libjs-leaflet is not installed (scripts/setup installs them)"),
       .timeLimit(.minutes(3)))
struct MapAppIsochroneTests {
    /// Whether this build's service answers /isochrone/v1 (the endpoint of the HTTP branch).
    static let serverHasIsochrones: Bool = {
        guard let index = EndpointTable.standard.endpoint(for: "/isochrone/v1/walking/7.4246,43.7384") else { return false }
        return EndpointTable.standard.endpoints[index].path.hasPrefix("/isochrone")
    }()

    /// A browser on `/` of a Monaco server around the Casino, once the app has drawn its tiles.
    static func open(_ path: String = "/?mode=walking#43.73840,7.42460,16") throws -> (Browser, TestServer) {
        let server = try TestServer(graph: TestGraphs.path("monaco"))
        let b = try Browser(width: 1200, height: 800)
        try b.open(MapApp.origin(server) + path)
        try b.waitFor("document.documentElement.dataset.appReady && document.documentElement.dataset.readyMs", timeout: 20)
        return (b, server)
    }

    static func texts(_ b: Browser, _ selector: String) throws -> [String] {
        try b.evaluate("Array.from(document.querySelectorAll(\(MapApp.quoted(selector)))).map(e => e.textContent)") as? [String] ?? []
    }

    static func count(_ b: Browser, _ selector: String) throws -> Int {
        try b.evaluate("document.querySelectorAll(\(MapApp.quoted(selector))).length") as? Int ?? -1
    }

    /// The stacking the page must keep: the contours' pane over the base map's tiles and under
    /// the place names, the routes (overlay pane) and the markers.
    static func expectPanesInOrder(_ b: Browser) throws {
        let z = try b.evaluate("""
            ['tilePane', 'wf-isochrones', 'wf-labels', 'overlayPane', 'markerPane']
              .map(p => Number(getComputedStyle(WF.map.getPane(p)).zIndex))
            """) as? [Int] ?? []
        #expect(z.count == 5 && z == z.sorted() && Set(z).count == 5, "pane z-indexes \(z)")
        #expect(try b.evaluate("document.querySelectorAll('.leaflet-overlay-pane path.wf-contour').length") as? Int == 0)
    }

    @Test(.enabled(if: serverHasIsochrones, "no /isochrone/v1 endpoint in this build (the HTTP branch adds it)"))
    func serverDrawsTheContoursOfATappedPoint() throws {
        let (b, server) = try Self.open()
        defer { b.close() }
        let c = try MapApp.mapCentre(b)
        try b.click(x: c.x, y: c.y)
        try b.waitFor("document.querySelector('.leaflet-popup') && document.querySelector('.leaflet-popup').dataset.ready === '1'")
        try b.click(selector: ".leaflet-popup .iw-reach")
        let state = try b.waitFor("['ok', 'error'].includes(document.documentElement.dataset.isochroneState) && document.documentElement.dataset.isochroneState", timeout: 20) as? String
        let said = try Self.texts(b, "#reach-summary")
        try #require(state == "ok", "no contours: \(said)")
        #expect(try MapApp.data(b, "isochroneContours") == "3")
        #expect(try Self.count(b, ".leaflet-pane path.wf-contour") >= 3)
        #expect(try Self.texts(b, "#reach-legend li") == ["Within 5 min", "Within 10 min", "Within 15 min"])
        let asked = try #require(b.requests.first { $0.contains("/isochrone/v1/walking/") })
        #expect(asked.contains("contours_minutes=5,10,15") && asked.contains("polygons=true"), "\(asked)")
        #expect(server.log.contains { $0.contains(" /isochrone/v1/walking/") && $0.contains(" 200 ") }, "no /isochrone in the log")
        try Self.expectPanesInOrder(b)
        try b.evaluate("new Promise(r => setTimeout(r, 600))")   // the fitted camera at rest
        try b.screenshot(to: MapApp.screenshots + "/isochrones-walking.png")
        // Driving: the same point asked again for the car's roads.
        try b.click(selector: ".modes button[data-mode=driving]")
        try b.waitFor("document.documentElement.dataset.isochroneMode === 'driving' && document.documentElement.dataset.isochroneState === 'ok'", timeout: 20)
        #expect(b.requests.contains { $0.contains("/isochrone/v1/driving/") })
        #expect(try Self.texts(b, "#reach-summary").first?.contains("by car") == true)
        // Cycling, the third tab: the bike's roads.
        try b.click(selector: ".modes button[data-mode=cycling]")
        try b.waitFor("document.documentElement.dataset.isochroneMode === 'cycling' && document.documentElement.dataset.isochroneState === 'ok'", timeout: 20)
        #expect(b.requests.contains { $0.contains("/isochrone/v1/cycling/") })
        #expect(try Self.texts(b, "#reach-summary").first?.contains("by bike") == true)
        #expect(b.pageErrors.isEmpty, "\(b.pageErrors)")
        #expect(MapApp.foreignRequests(b, server).isEmpty, "\(MapApp.foreignRequests(b, server))")
    }

    /// Three square contours around the Casino, the largest first as the server writes them.
    static let answer: String = {
        func square(_ half: Double) -> String {
            let (lat, lon) = (43.7384, 7.4246)
            let ring = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1), (-1, -1)].map { "[\(lon + $0.0 * half),\(lat + $0.1 * half * 0.7)]" }
            return "{\"type\":\"Polygon\",\"coordinates\":[[\(ring.joined(separator: ","))]]}"
        }
        let features = [(15, 0.006, "#bf4040"), (10, 0.004, "#bfbf40"), (5, 0.002, "#40bf40")].map { contour, half, colour in
            "{\"type\":\"Feature\",\"properties\":{\"contour\":\(contour),\"metric\":\"time\",\"color\":\"\(colour)\",\"fillColor\":\"\(colour)\",\"fill-opacity\":0.33},\"geometry\":\(square(half))}"
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}"
    }()

    @Test func drawingLegendModeAndErrors() throws {
        let (b, server) = try Self.open()
        defer { b.close() }
        try b.evaluate("""
            (() => { const real = window.fetch; window.isoURLs = []; window.isoAnswer = { status: 200, body: \(MapApp.quoted(Self.answer)) };
              window.fetch = (url, options) => {
                if (!String(url).startsWith('/isochrone/')) return real(url, options);
                isoURLs.push(String(url));
                return Promise.resolve(new Response(isoAnswer.body, { status: isoAnswer.status }));
              };
              return true; })()
            """)
        // From a search result's info window: the action is there too.
        try b.evaluate("WF.markers.put('result', { title: 'Casino', snippet: 'Place du Casino', latlng: L.latLng(43.7384, 7.4246) }).openPopup(); true")
        try b.click(selector: ".leaflet-popup .iw-reach")
        try b.waitFor("document.documentElement.dataset.isochroneState === 'ok'")
        #expect(try b.evaluate("isoURLs[0]") as? String == "/isochrone/v1/walking/7.424600,43.738400?contours_minutes=5,10,15&polygons=true")
        try b.waitFor("!document.querySelector('.leaflet-popup')")   // the window closes (after its fade)
        // Drawn in the contours' pane, the largest first (under the others) and lightest.
        #expect(try Self.count(b, ".leaflet-pane path.wf-contour") == 3)
        let fills = try b.evaluate("Array.from(document.querySelectorAll('path.wf-contour')).map(p => Number(p.getAttribute('fill-opacity')))") as? [Double] ?? []
        #expect(fills.count == 3 && fills == fills.sorted() && Set(fills).count == 3, "fill opacities in drawing order \(fills)")
        let colours = try b.evaluate("Array.from(document.querySelectorAll('path.wf-contour')).map(p => p.getAttribute('fill'))") as? [String] ?? []
        #expect(colours == ["#bf4040", "#bfbf40", "#40bf40"], "\(colours)")
        #expect(try Self.count(b, "path.wf-reach-origin") == 1)
        try Self.expectPanesInOrder(b)
        #expect(try Self.texts(b, "#reach-legend li") == ["Within 5 min", "Within 10 min", "Within 15 min"])
        let summary = try Self.texts(b, "#reach-summary").first ?? ""
        #expect(summary.contains("on foot") && summary.contains("Casino"), "\(summary)")
        // The map shows the contours: the largest one's box is in view.
        #expect(try b.evaluate("WF.map.getBounds().contains(L.latLngBounds([[43.7342, 7.4186], [43.7426, 7.4306]]))") as? Bool == true)
        try b.screenshot(to: MapApp.screenshots + "/isochrones-in-page.png")

        // Another travel mode asks again for the same point; a route drawn meanwhile stays on top.
        try b.click(selector: ".modes button[data-mode=driving]")
        try b.waitFor("isoURLs.length === 2 && document.documentElement.dataset.isochroneState === 'ok'")
        #expect(try b.evaluate("isoURLs[1]") as? String == "/isochrone/v1/driving/7.424600,43.738400?contours_minutes=5,10,15&polygons=true")
        #expect(try Self.texts(b, "#reach-summary").first?.contains("by car") == true)
        try b.evaluate("WF.directions.setEnd('from', L.latLng(43.7396, 7.4276)); WF.directions.setEnd('to', L.latLng(43.7316, 7.4180)); true")
        try b.waitFor("document.documentElement.dataset.routeState === 'ok'", timeout: 20)
        #expect(try Self.count(b, ".leaflet-overlay-pane path.wf-route") == 1)
        #expect(try Self.count(b, "path.wf-contour") == 3)

        // The server's refusals, in words; nothing drawn.
        for (status, body, words) in [(400, #"{"code":"NoSegment","message":"Could not find a matching segment for input coordinates"}"#, "outside the map's data"),
                                      (404, #"{"code":"NotFound","message":"no such endpoint"}"#, "does not draw isochrones"),
                                      (404, "<html>Not found</html>", "does not draw isochrones"),
                                      (400, #"{"code":"TooBig","message":"Contour 15 is higher than current maximum"}"#, "refused the request: Contour 15")] {
            try b.evaluate("isoAnswer = { status: \(status), body: \(MapApp.quoted(body)) }; WF.isochrones.from(L.latLng(43.7384, 7.4246)); true")
            try b.waitFor("document.documentElement.dataset.isochroneState === 'error'")
            let said = try Self.texts(b, "#reach-summary").first ?? ""
            #expect(said.contains(words), "\(status) \(body): \(said)")
            #expect(try Self.count(b, "path.wf-contour") == 0)
            #expect(try Self.count(b, "#reach-legend li") == 0)
        }
        // Clear: nothing left, the route untouched, no request on a mode change.
        try b.evaluate("isoAnswer = { status: 200, body: \(MapApp.quoted(Self.answer)) }; WF.isochrones.from(L.latLng(43.7384, 7.4246)); true")
        try b.waitFor("document.documentElement.dataset.isochroneState === 'ok'")
        try b.click(selector: "#reach-clear")
        #expect(try MapApp.data(b, "isochroneState") == "none")
        #expect(try Self.count(b, "path.wf-contour") == 0)
        #expect(try Self.count(b, "path.wf-reach-origin") == 0)
        let sent = try b.evaluate("isoURLs.length") as? Int
        try b.click(selector: ".modes button[data-mode=walking]")
        try b.waitFor("document.documentElement.dataset.routeState === 'ok'", timeout: 20)
        #expect(try b.evaluate("isoURLs.length") as? Int == sent)
        #expect(try Self.count(b, "path.wf-route") == 1)
        #expect(b.pageErrors.isEmpty, "\(b.pageErrors)")
        #expect(MapApp.foreignRequests(b, server).isEmpty)
    }
}
