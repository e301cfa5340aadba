import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The map app's options in headless Chromium (Porto): the colour scheme (following the
/// system, switchable), the phone-sized layout, keyboard use, the my-location button,
/// screenshots in both schemes for a reviewer (`.build/map-screenshots/`, with the phone's,
/// the tap's info window and the current place's from the other tests), and that no
/// request leaves the server's origin.
@Suite(.serialized, .enabled(if: chromiumPath != nil && LeafletFiles.shared.isInstalled,
                             "chromium or libjs-leaflet is not installed (scripts/setup installs them)"),
       .timeLimit(.minutes(3)))
struct MapAppOptionsTests {
    /// The panel's background colour as the page computes it.
    func panelColour(_ b: Browser) throws -> String {
        try b.evaluate("getComputedStyle(WF.el('panel')).backgroundColor") as? String ?? ""
    }

    @Test func darkSchemeFollowsTheSystemAndCanBeChosen() throws {
        let (b, _) = try MapApp.open("/#41.14660,-8.61120,16", scheme: "dark")
        defer { b.close() }
        #expect(try MapApp.data(b, "theme") == "dark")
        #expect(try panelColour(b) == "rgb(27, 30, 36)")
        // The map's background (a tile's first pixel: land) is dark too.
        let land = try b.evaluate("""
            (() => { const c = document.querySelector('canvas.wf-tile'); const d = c.getContext('2d').getImageData(1, 1, 1, 1).data;
              return d[0] + d[1] + d[2]; })()
            """) as? Int ?? 999
        #expect(land < 200, "a dark map: \(land)")
        // Chosen in the panel: light, kept over the system's dark.
        try b.evaluate("WF.el('theme').value = 'light'; WF.el('theme').dispatchEvent(new Event('change'))")
        #expect(try MapApp.data(b, "theme") == "light")
        #expect(try panelColour(b) == "rgb(255, 255, 255)")
        // Auto follows the system as it changes.
        try b.evaluate("WF.setScheme('auto')")
        try b.setColorScheme("light")
        try b.waitFor("document.documentElement.dataset.theme === 'light'")
        try b.setColorScheme("dark")
        try b.waitFor("document.documentElement.dataset.theme === 'dark'")
    }

    @Test func phoneSizedLayoutKeepsTheMapUsable() throws {
        let (b, _) = try MapApp.open(MapAppBrowserTests.preset, width: 390, height: 800,
                                     before: { try $0.setViewport(width: 390, height: 800, mobile: true) })
        defer { b.close() }
        try b.waitFor("document.documentElement.dataset.routeState === 'ok'")
        #expect(try MapApp.data(b, "layout") == "phone")
        let map = try b.evaluate("(() => { const r = WF.el('map').getBoundingClientRect(); return [r.width, r.height]; })()") as? [Double] ?? []
        #expect(map == [390, 800], "the map fills the screen: \(map)")
        let panel = try b.evaluate("(() => { const r = WF.el('panel').getBoundingClientRect(); return [r.top, r.height, r.width]; })()") as? [Double] ?? []
        #expect(panel.count == 3 && panel[1] <= 800 * 0.5 && panel[0] + panel[1] >= 799 && panel[2] == 390, "a bottom sheet: \(panel)")
        // The route was fitted above the sheet (padding).
        let routeBottom = try b.evaluate("document.querySelector('path.wf-route').getBoundingClientRect().bottom") as? Double ?? 9999
        #expect(routeBottom <= panel[0] + 1, "route bottom \(routeBottom) under the sheet at \(panel[0])")
        try b.screenshot(to: MapApp.screenshots + "/phone-route-light.png")
        // The sheet folds to its header.
        try b.click(selector: "#sheet-toggle")
        #expect(try b.evaluate("WF.el('panel').getBoundingClientRect().height") as? Double ?? 999 < 80)
        #expect(try b.evaluate("WF.el('sheet-toggle').getAttribute('aria-expanded')") as? String == "false")
        try b.screenshot(to: MapApp.screenshots + "/phone-folded-light.png")
    }

    @Test func keyboardSearchesWalksResultsAndCloses() throws {
        let (b, _) = try MapApp.open("/#41.14660,-8.61120,17")
        defer { b.close() }
        // Tab order: the scheme select, then the search box.
        try b.evaluate("WF.el('theme').focus()")
        try b.press("Tab")
        #expect(try b.evaluate("document.activeElement.id") as? String == "search")
        try b.type("cafe")
        try b.press("Enter")
        try b.waitFor("document.documentElement.dataset.searchResults > 0")
        try b.press("ArrowDown")
        #expect(try b.evaluate("document.activeElement === document.querySelector('#search-results li')") as? Bool == true)
        try b.press("ArrowDown")
        #expect(try b.evaluate("document.activeElement === document.querySelector('#search-results li:nth-child(2)')") as? Bool == true)
        // Visible focus on the item, its marker highlighted.
        #expect(try b.evaluate("getComputedStyle(document.activeElement).backgroundColor !== 'rgba(0, 0, 0, 0)'") as? Bool == true)
        #expect(try b.evaluate("document.querySelectorAll('.wf-result.highlight').length") as? Int == 1)
        try b.press("Enter")
        try b.waitFor("document.querySelector('.leaflet-popup')")
        try b.press("Escape")
        try b.waitFor("!document.querySelector('.leaflet-popup')")
        // Escape in the list closes it, back in the box.
        try b.press("Escape")
        #expect(try b.evaluate("document.querySelectorAll('#search-results li').length") as? Int == 0)
        #expect(try b.evaluate("document.activeElement.id") as? String == "search")
        // Enter in the start box lists places; Escape closes the list.
        try b.evaluate("WF.el('from').focus()")
        try b.type("Avenida dos Aliados")
        try b.press("Enter")
        try b.waitFor("document.querySelector('ul.results li')")
        try b.press("Escape")
        #expect(try b.evaluate("document.querySelectorAll('ul.results').length") as? Int == 0)
    }

    @Test func myLocationButtonCentresTheMap() throws {
        let (b, _) = try MapApp.open(before: { try $0.setGeolocation(latitude: 41.1500, longitude: -8.6100) })
        defer { b.close() }
        try b.click(selector: "#my-location")
        try b.waitFor("document.documentElement.dataset.myLocation === 'shown'")
        try b.waitFor("Math.abs(WF.map.getCenter().lat - 41.15) < 1e-3 && WF.map.getZoom() >= 16")
        let camera = try MapApp.camera(b)
        #expect(abs(camera[0] - 41.15) < 1e-3 && abs(camera[1] + 8.61) < 1e-3 && camera[2] >= 16, "\(camera)")
        #expect(try b.evaluate("document.querySelectorAll('.wf-me').length") as? Int == 1)
    }

    /// Screenshots of a route with its alternative, in light and in dark, plus the base map
    /// with buildings and a search: for a reviewer's eyes. Also: every request of all this
    /// went to the server's own origin.
    @Test func screenshotsInBothSchemesAndNothingLeavesTheOrigin() throws {
        var paths: [String] = []
        for scheme in ["light", "dark"] {
            let (b, server) = try MapApp.open(MapAppBrowserTests.preset, scheme: scheme)
            defer { b.close() }
            try b.waitFor("document.documentElement.dataset.routeState === 'ok'")
            try b.waitFor("WF.el('to').dataset.resolved === '1'")
            try MapApp.settle(b)
            let route = MapApp.screenshots + "/route-\(scheme).png"
            try b.screenshot(to: route)
            paths.append(route)
            // Buildings, a category search and an info window over the city centre.
            try b.evaluate("location.hash = '#41.14750,-8.61050,17'")
            try b.waitFor("WF.map.getZoom() === 17 && location.hash === '#41.14750,-8.61050,17'")
            try b.click(selector: "input[name=map-type][value=buildings]")
            try b.click(selector: ".chips button[data-q=cafe]")
            try b.waitFor("document.documentElement.dataset.searchResults > 0")
            try b.click(selector: "#search-results li")
            try b.waitFor("document.querySelector('.leaflet-popup')")
            try b.waitFor("!document.querySelector('.leaflet-tile-loading') && document.querySelectorAll('.wf-basemap canvas').length > 0")
            try MapApp.settle(b)
            let search = MapApp.screenshots + "/search-buildings-\(scheme).png"
            try b.screenshot(to: search)
            paths.append(search)
            let png = try PNGImage([UInt8](Data(contentsOf: URL(fileURLWithPath: route))))
            #expect(png.width == 1200 && png.height == 800)
            let c = MapPage.routeColour
            #expect(png.count(red: c.red, green: c.green, blue: c.blue, tolerance: 8, fromColumn: 345) > 300, "the route is drawn")
            let foreign = MapApp.foreignRequests(b, server)
            #expect(foreign.isEmpty, "requests that left the origin: \(foreign)")
            #expect(b.requests.contains { $0.contains("/app/main.js?v=") } && b.requests.contains { $0.contains("/tiles/") })
            #expect(b.pageErrors.isEmpty, "\(b.pageErrors)")
        }
        print("map screenshots: \(MapApp.screenshots) (\(paths.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")))")
    }
}
