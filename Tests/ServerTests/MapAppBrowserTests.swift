import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The map app as a person uses it, in headless Chromium over the Porto graph (one server
/// for the suite, a fresh browser per test): base map, directions with alternatives,
/// addresses in the inputs, plain words for a point outside the data, tap → info window,
/// camera idle → centre label, camera in the hash, current place, search in the visible
/// region. The options (scheme, layout, keyboard, screenshots, origin) are in
/// MapAppOptionsTests.
@Suite(.serialized, .enabled(if: chromiumPath != nil && LeafletFiles.shared.isInstalled,
                             "chromium or libjs-leaflet is not installed (scripts/setup installs them)"),
       .timeLimit(.minutes(3)))
struct MapAppBrowserTests {
    /// The example: Praça da Liberdade to a point 670 m beyond the data's roads.
    static let preset = "/?from=41.1466,-8.6112&to=41.1579,-8.6291&mode=walking"

    @Test func baseMapDrawsTilesAndSwitchesMapType() throws {
        let (b, server) = try MapApp.open("/#41.14700,-8.61100,16")
        defer { b.close() }
        #expect(b.requests.contains { $0.contains("/tiles/16/") && $0.contains("v=") }, "no tile of zoom 16 asked for")
        #expect(try b.evaluate("document.querySelectorAll('canvas.wf-tile').length") as? Int ?? 0 >= 4)
        let tileRequests = { b.requests.filter { $0.contains("/tiles/") }.count }
        // The scheme switch redraws from the cached data: no tile is fetched again.
        let before = tileRequests()
        try b.evaluate("WF.setScheme('dark')")
        #expect(try MapApp.data(b, "theme") == "dark")
        try b.evaluate("new Promise(r => setTimeout(r, 300))")
        #expect(tileRequests() == before, "a scheme switch fetched tiles")
        // Roads + buildings asks for the buildings layer; none removes the base map.
        try b.click(selector: "input[name=map-type][value=buildings]")
        try b.waitFor("performance.getEntriesByType('resource').some(e => e.name.includes('buildings=1'))")
        #expect(try MapApp.data(b, "mapType") == "buildings")
        try b.click(selector: "input[name=map-type][value=none]")
        #expect(try b.evaluate("document.querySelectorAll('.wf-basemap').length") as? Int == 0)
        try b.click(selector: "input[name=map-type][value=roads]")
        try b.waitFor("document.querySelectorAll('.wf-basemap canvas.wf-tile').length >= 4")
        #expect(b.pageErrors.isEmpty, "\(b.pageErrors)")
        #expect(MapApp.foreignRequests(b, server).isEmpty, "\(MapApp.foreignRequests(b, server))")
    }

    @Test func presetRouteShowsAddressesAlternativesAndSteps() throws {
        let (b, _) = try MapApp.open(Self.preset)
        defer { b.close() }
        try b.waitFor("document.documentElement.dataset.routeState === 'ok'")
        try b.waitFor("WF.el('from').dataset.resolved === '1' && WF.el('to').dataset.resolved === '1'")
        let from = try b.evaluate("WF.el('from').value") as? String ?? "", to = try b.evaluate("WF.el('to').value") as? String ?? ""
        // The start's address, not raw coordinates; the destination lies beyond the data's
        // roads (no address there): its input says so.
        #expect(!from.contains("41.1") && from.contains("Praça da Liberdade"), "start input: \(from)")
        #expect(to.hasSuffix("(outside the map's data)"), "destination input: \(to)")
        // Every route drawn, the alternatives grey, each listed with its time and distance.
        let routes = try #require(Int(try MapApp.data(b, "routes") ?? ""))
        #expect(routes >= 2, "walking alternatives")
        #expect(try b.evaluate("document.querySelectorAll('path.wf-alt').length") as? Int == routes - 1)
        #expect(try b.evaluate("document.querySelectorAll('path.wf-route').length") as? Int == 1)
        let options = try b.evaluate("Array.from(document.querySelectorAll('#routes li')).map(li => li.textContent)") as? [String] ?? []
        #expect(options.count == routes && options.allSatisfy { $0.contains("min") && ($0.contains(" km") || $0.contains(" m")) }, "\(options)")
        let steps = try b.evaluate("document.querySelectorAll('#steps li.step').length") as? Int ?? 0
        #expect(steps >= 3)
        // The destination is 670 m from any road of the data: said in words.
        let summary = try b.evaluate("WF.el('summary').textContent") as? String ?? ""
        #expect(summary.contains("on foot") && summary.contains("The destination is") && summary.contains("nearest road"), "\(summary)")
        // Choosing the alternative: it becomes the route, its steps are listed.
        let firstSteps = try b.evaluate("WF.el('steps').textContent") as? String
        try b.click(selector: "#routes li:nth-child(2)")
        try b.waitFor("document.documentElement.dataset.chosenRoute === '1'")
        #expect(try b.evaluate("document.querySelector('#routes li:nth-child(2)').getAttribute('aria-selected')") as? String == "true")
        #expect(try b.evaluate("WF.el('steps').textContent") as? String != firstSteps)
        // Tapping the grey line of the other route selects it again.
        try b.evaluate("document.querySelector('path.wf-alt').dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        try b.waitFor("document.documentElement.dataset.chosenRoute === '0'")
        // Dragging the start pin moves the start and routes again.
        let pin = try b.evaluate("(() => { const r = document.querySelector('.wf-from').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()") as? [Double] ?? []
        try #require(pin.count == 2)
        try b.drag(fromX: pin[0], fromY: pin[1], toX: pin[0] - 40, toY: pin[1] - 30, steps: 8)
        try b.waitFor("WF.directions.state.from.lat > 41.1467 && document.documentElement.dataset.routeState === 'ok'")
        // The query keeps the route; the hash the camera.
        let url = try b.evaluate("location.href") as? String ?? ""
        #expect(url.contains("from=41.14") && !url.contains("from=41.1466,") && url.contains("mode=walking") && url.contains("#41."), "\(url)")
    }

    @Test func aPointOutsideTheDataGetsAPlainMessage() throws {
        let (b, _) = try MapApp.open("/?from=41.1466,-8.6112&to=41.3000,-8.5000&mode=driving")
        defer { b.close() }
        try b.waitFor("document.documentElement.dataset.routeState === 'error'")
        let summary = try b.evaluate("WF.el('summary').textContent") as? String ?? ""
        #expect(summary.hasPrefix("The destination is outside the map's data"), "\(summary)")
        #expect(try b.evaluate("document.querySelectorAll('path.wf-route').length") as? Int == 0, "no line drawn without a route")
    }

    @Test func tapOnTheMapShowsWhatIsThereWithDirections() throws {
        let (b, _) = try MapApp.open("/#41.14660,-8.61120,17")
        defer { b.close() }
        let c = try MapApp.mapCentre(b)
        try b.click(x: c.x, y: c.y)
        try b.waitFor("document.querySelector('.leaflet-popup') && document.querySelector('.leaflet-popup').dataset.ready === '1'")
        let title = try b.evaluate("document.querySelector('.leaflet-popup .iw-title').textContent") as? String ?? ""
        let snippet = try b.evaluate("document.querySelector('.leaflet-popup .iw-snippet').textContent") as? String ?? ""
        #expect(!title.isEmpty && title != "Dropped pin" && snippet.contains("Porto"), "\(title) / \(snippet)")
        try MapApp.settle(b)
        try b.screenshot(to: MapApp.screenshots + "/tap-info-window-light.png")
        // A tap sets no pin by itself; "Directions to here" does.
        #expect(try b.evaluate("WF.directions.state.to") == nil)
        try b.click(selector: ".leaflet-popup .iw-to")
        #expect(try b.evaluate("WF.el('to').value") as? String == title || (try b.evaluate("WF.el('to').value") as? String ?? "").hasPrefix(title))
        #expect(try b.evaluate("document.querySelectorAll('.wf-to').length") as? Int == 1)
        // A marker opens its window when tapped.
        try b.click(selector: ".wf-to")
        try b.waitFor("document.querySelector('.leaflet-popup .iw-title')")
        try b.press("Escape")
        try b.waitFor("!document.querySelector('.leaflet-popup')")
    }

    @Test func idleCameraLabelsTheCentreAndKeepsItInTheHash() throws {
        let (b, _) = try MapApp.open("/#41.14660,-8.61120,16")
        defer { b.close() }
        try b.waitFor("WF.el('centre-label').dataset.stops")
        let first = try b.evaluate("WF.el('centre-label').textContent") as? String ?? ""
        #expect(!first.isEmpty)
        let dragStart = try b.evaluate("performance.now()") as? Double ?? 0
        let c = try MapApp.mapCentre(b)
        try b.drag(fromX: c.x, fromY: c.y, toX: c.x - 300, toY: c.y - 200, steps: 20)
        try b.waitFor("Number(WF.el('centre-label').dataset.stops) >= 2 && WF.el('centre-label').dataset.lon !== '-8.61120'")
        let label = try b.evaluate("WF.el('centre-label').textContent") as? String ?? ""
        #expect(!label.isEmpty && label != "Outside the map's data")
        #expect(Double(try b.evaluate("WF.el('centre-label').dataset.idleMs") as? String ?? "") != nil)
        // One stop, one request: nothing asked while the map was moving.
        try b.evaluate("new Promise(r => setTimeout(r, 200))")
        let reverses = try b.evaluate("""
            performance.getEntriesByType('resource').filter(e => e.name.includes('/reverse?') && e.startTime > \(dragStart)).length
            """) as? Int ?? 99
        #expect(reverses == 1, "reverse requests for one pan: \(reverses)")
        // The hash follows the camera; a reload opens the same view, over the graph's bounds.
        let hash = try b.evaluate("location.hash") as? String ?? ""
        let moved = try MapApp.camera(b)
        #expect(hash.hasPrefix("#41.") && hash != "#41.14660,-8.61120,16", "\(hash)")
        try b.evaluate("window.beforeReload = true; location.reload()")
        try b.waitFor("!window.beforeReload && window.WF && WF.map && document.documentElement.dataset.appReady", timeout: 20)
        let restored = try MapApp.camera(b)
        #expect(abs(restored[0] - moved[0]) < 1e-4 && abs(restored[1] - moved[1]) < 1e-4 && restored[2] == moved[2], "\(restored) vs \(moved)")
    }

    @Test func currentPlaceWithTheLocationGranted() throws {
        let (b, _) = try MapApp.open(scheme: "dark", before: { try $0.setGeolocation(latitude: 41.14660, longitude: -8.61120, accuracy: 30) })
        defer { b.close() }
        try b.click(selector: "#where")
        try b.waitFor("document.documentElement.dataset.placeState === 'listed'")
        let items = try b.evaluate("Array.from(document.querySelectorAll('#place-list li')).map(li => li.textContent)") as? [String] ?? []
        #expect(!items.isEmpty && items.allSatisfy { $0.hasSuffix("%") }, "likelihoods: \(items)")
        try b.click(selector: "#place-list li")
        try b.waitFor("document.documentElement.dataset.placeState === 'chosen'")
        let title = try MapApp.data(b, "placeTitle") ?? ""
        #expect(try b.evaluate("document.querySelectorAll('.wf-place').length") as? Int == 1)
        #expect(try b.evaluate("document.querySelector('.leaflet-popup .iw-title').textContent") as? String == title)
        #expect(try b.evaluate("document.querySelector('.leaflet-popup .iw-snippet').textContent.length") as? Int ?? 0 > 0, "no address")
        try MapApp.settle(b)
        try b.screenshot(to: MapApp.screenshots + "/current-place-dark.png")
    }

    @Test func currentPlaceWithTheLocationDeniedOrElsewhere() throws {
        let (b, _) = try MapApp.open("/#41.14660,-8.61120,17", before: { try $0.denyGeolocation() })
        defer { b.close() }
        try b.click(selector: "#where")
        try b.waitFor("document.documentElement.dataset.placeState === 'picking'")
        #expect((try b.evaluate("WF.el('where-note').textContent") as? String ?? "").contains("denied"))
        // The user taps where they are instead.
        let c = try MapApp.mapCentre(b)
        try b.click(x: c.x, y: c.y)
        try b.waitFor("document.documentElement.dataset.placeState === 'listed'")
        #expect(try b.evaluate("document.querySelectorAll('#place-list li').length") as? Int ?? 0 > 0)
        // Located in Lisbon: outside the extract, said so.
        try b.setGeolocation(latitude: 38.7223, longitude: -9.1393)
        try b.click(selector: "#where")
        try b.waitFor("document.documentElement.dataset.placeState === 'picking'")
        #expect((try b.evaluate("WF.el('where-note').textContent") as? String ?? "").contains("outside the map's data"))
    }

    @Test func categorySearchFindsPOIsInTheVisibleRegion() throws {
        let (b, server) = try MapApp.open("/#41.14660,-8.61120,17")
        defer { b.close() }
        try b.click(selector: ".chips button[data-q=restaurant]")
        try b.waitFor("document.documentElement.dataset.searchKind === 'category' && document.documentElement.dataset.searchResults !== 'pending'")
        let count = Int(try MapApp.data(b, "searchResults") ?? "") ?? 0
        #expect(count >= 3, "restaurants around Praça da Liberdade")
        // Every marker within the map's bounds, one list item per marker.
        let inside = try b.evaluate("""
            WF.markers.all('result').every(m => WF.map.getBounds().contains(m.getLatLng()))
            """) as? Bool
        #expect(inside == true)
        #expect(try b.evaluate("WF.markers.all('result').length") as? Int == count)
        #expect(try b.evaluate("document.querySelectorAll('#search-results li').length") as? Int == count)
        #expect(server.log.contains { $0.contains(" /category ") && $0.contains(" 200 ") })
        // The list and the markers are linked: hovering an item highlights its marker,
        // clicking it opens the marker's window; a marker's tap marks its item.
        try b.evaluate("document.querySelector('#search-results li').dispatchEvent(new MouseEvent('mouseenter'))")
        #expect(try b.evaluate("document.querySelectorAll('.wf-result.highlight').length") as? Int == 1)
        try b.click(selector: "#search-results li:nth-child(2)")
        try b.waitFor("document.querySelector('.leaflet-popup .iw-title')")
        let title = try b.evaluate("document.querySelector('.leaflet-popup .iw-title').textContent") as? String
        #expect(title == (try b.evaluate("document.querySelector('#search-results li:nth-child(2) .t').textContent") as? String))
        try b.evaluate("void WF.markers.all('result')[2].fire('click')")
        #expect(try b.evaluate("document.querySelector('#search-results li:nth-child(3)').classList.contains('active')") as? Bool == true)
        // Free text goes to the geocoder, biased to the view.
        try b.evaluate("WF.search.run('Rua de Santa Catarina')")
        try b.waitFor("document.documentElement.dataset.searchKind === 'text' && document.documentElement.dataset.searchResults !== 'pending'")
        #expect(Int(try MapApp.data(b, "searchResults") ?? "") ?? 0 >= 1)
        #expect(b.requests.contains { $0.contains("/search?") && $0.contains("viewbox=") && !$0.contains("bounded") })
        #expect(MapApp.foreignRequests(b, server).isEmpty, "\(MapApp.foreignRequests(b, server))")
    }
}
