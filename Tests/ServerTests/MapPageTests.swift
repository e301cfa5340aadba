import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Debian's chromium, when installed (scripts/setup installs it).
let chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The map page, its files and Leaflet's, the road layer, /category in a box, and a real browser drawing a route.
@Suite struct MapPageTests {
    /// Andorra la Vella (Plaça del Poble) to Escaldes-Engordany (Carrer de la Unió), across town.
    static let from = "42.50630,1.52180", to = "42.51000,1.53800"

    @Test func roadsAreGeoJSONByClass() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let (status, object) = try server.json("/roads?bbox=1.515,42.500,1.545,42.515&mode=driving")
        #expect(status == 200)
        #expect(object["type"] as? String == "FeatureCollection")
        #expect(object["truncated"] as? Bool == false)
        #expect(object["least_class"] as? String == "other")   // a view 2.5 km across shows every road
        let features = try #require(object["features"] as? [[String: Any]])
        let classes = features.compactMap { ($0["properties"] as? [String: Any])?["class"] as? String }
        #expect(classes.count == features.count)
        #expect(Set(classes).count == classes.count, "one feature per class")
        #expect(classes.contains("residential") && classes.contains("primary"))
        // Most important first, as RoadClass orders them.
        #expect(classes.map { MapEndpoints.classNames.firstIndex(of: $0)! } == classes.map { MapEndpoints.classNames.firstIndex(of: $0)! }.sorted())
        var lines = 0
        for feature in features {
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "MultiLineString")
            for line in try #require(geometry["coordinates"] as? [[[Double]]]) {
                lines += 1
                #expect(line.count >= 2)
                // Each line touches the box (padded by a segment's length: only one of its pieces must).
                #expect(line.contains { $0[0] > 1.50 && $0[0] < 1.56 && $0[1] > 42.49 && $0[1] < 42.525 })
            }
        }
        #expect(lines > 100)

        // Walking lists footways the driving network does not have.
        let (_, walking) = try server.json("/roads?bbox=1.515,42.500,1.525,42.508&mode=walking")
        let walkingClasses = (walking["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["class"] as? String }
        #expect(walkingClasses.contains("footway") || walkingClasses.contains("pedestrian") || walkingClasses.contains("steps"))

        // The whole country: minor classes left out, within the limit.
        let (_, country) = try server.json("/roads?bbox=1.40,42.42,1.80,42.66&limit=500")
        #expect(country["least_class"] as? String != "other")
        let countryLines = (country["features"] as? [[String: Any]] ?? [])
            .map { (($0["geometry"] as? [String: Any])?["coordinates"] as? [Any])?.count ?? 0 }.reduce(0, +)
        #expect(countryLines > 0 && countryLines <= 500)

        // The sea off Barcelona: nothing.
        let (_, sea) = try server.json("/roads?bbox=2.3,41.2,2.4,41.3")
        #expect((sea["features"] as? [Any])?.isEmpty == true)
    }

    @Test func roadsRejectBadInput() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let bad = ["/roads", "/roads?bbox=1,2,3", "/roads?bbox=1,2,3,x", "/roads?bbox=nan,1,2,3", "/roads?bbox=1,2,3,95",
                   "/roads?bbox=1.6,42.5,1.5,42.6", "/roads?bbox=1,2,3,4&mode=flying", "/roads?bbox=1,2,3,4&limit=0",
                   "/roads?bbox=1,2,3,4&limit=1e9", "/roads?bbox=,,,"]
        for target in bad {
            let (status, object) = try server.json(target)
            #expect(status == 400, "\(target)")
            #expect(["InvalidQuery", "InvalidValue"].contains(object["code"] as? String), "\(target): \(object)")
            #expect((object["message"] as? String)?.isEmpty == false)
        }
    }

    @Test func pageAndLeafletAreServedLocally() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["cache-control"] == "no-cache")
        #expect(page.text.contains("<script defer src=\"/leaflet/leaflet.js\"></script>"))
        #expect(!page.text.contains("http://") && !page.text.contains("https://"), "nothing from the internet")
        // The graph's extent, where the map opens: Andorra's roads lie around 42.5 N, 1.5 E;
        // the tiles' version is the graph's build id.
        #expect(page.text.contains("const WAYFINDER = {\"bounds\":[[42.4"))
        #expect(page.text.contains("\"tileVersion\":\"\(server.state.graph.buildId)\""))
        #expect(try server.get("/nowhere").status == 404)
        #expect(try server.get("/leaflet/../../../etc/passwd").status == 404)
        #expect(try server.get("/leaflet/no-such-file.js").status == 404)
        if LeafletFiles.shared.isInstalled {
            let script = try server.get("/leaflet/leaflet.js")
            #expect(script.status == 200)
            #expect(script.headers["content-type"]?.hasPrefix("application/javascript") == true)
            #expect(script.text.contains("Leaflet"))
            #expect(try server.get("/leaflet/leaflet.css").status == 200)
            #expect(try server.get("/leaflet/images/marker-icon.png").body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    /// The app's files: every one the shell names is served from the binary with its type,
    /// cached for good under the current version and revalidated under any other.
    @Test func appFilesAreEmbeddedAndVersioned() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let page = try server.get("/").text
        let version = MapAssets.version
        for name in MapAssets.files.keys {
            #expect(page.contains("/app/\(name)?v=\(version)"), "the shell does not load \(name)")
            let file = try server.get("/app/\(name)?v=\(version)")
            #expect(file.status == 200, "\(name)")
            #expect(file.headers["content-type"]?.hasPrefix(name.hasSuffix(".css") ? "text/css" : "application/javascript") == true)
            #expect(file.headers["cache-control"] == "public, max-age=31536000, immutable")
            #expect(file.headers["etag"] == "\"\(version)\"")
            #expect(!file.text.contains("http://") && !file.text.contains("https://"), "\(name) names another origin")
            #expect(file.text.split(separator: "\n").count <= 450, "\(name) is over 450 lines")
            #expect(try server.get("/app/\(name)?v=old").headers["cache-control"] == "no-cache")
        }
        #expect(MapAssets.files.count >= 10)
        #expect(try server.get("/app/index.html").status == 404)
        #expect(try server.get("/app/../MapPage.swift").status == 404)
        #expect(try server.get("/app/").status == 404)
    }

    /// Trace matching (traces.js): the shell has the panel's "Trace" section (a button for the
    /// keyboard, a file input for GPX and CSV, the figures' status), and the script asks the
    /// server's /match with the options the panel's figures need.
    @Test func traceSectionIsInTheShell() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let page = try server.get("/").text
        for id in ["trace", "trace-open", "trace-file", "trace-clear", "trace-summary", "trace-matchings"] {
            #expect(page.contains("id=\"\(id)\""), "no #\(id) in the shell")
        }
        #expect(page.contains("accept=\".gpx,.csv"))
        let script = try server.get("/app/traces.js?v=\(MapAssets.version)")
        #expect(script.status == 200)
        for part in ["\"/match/v1/\"", "overview: \"full\"", "geometries: \"geojson\"", "gaps: \"split\"", "timestamps", "radiuses", "DOMParser", "MAX_POINTS = 10000"] {
            #expect(script.text.contains(part), "traces.js has no \(part)")
        }
        // Loaded after the parts it uses and before main.js starts it all.
        let order = ["directions.js", "traces.js", "main.js"].map { page.range(of: "/app/\($0)")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
    }

    /// `/category?viewbox=`: the POIs of a category inside a box (a map's visible region).
    @Test func categoryInAViewbox() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let box = (west: 1.515, south: 42.500, east: 1.545, north: 42.515)
        let answer = try server.get("/category?q=restaurant&viewbox=\(box.west),\(box.north),\(box.east),\(box.south)&limit=100")
        #expect(answer.status == 200)
        let places = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]])
        #expect(places.count >= 5)
        for p in places {
            let lat = try #require(p["lat"] as? Double), lon = try #require(p["lon"] as? Double)
            #expect(lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east, "\(p["name"] ?? "")")
        }
        // A wider circle around the box's centre holds more: the box filtered them.
        let circle = try server.get("/category?q=restaurant&lat=42.5075&lon=1.53&radius=4000&limit=100")
        let around = try #require(try JSONSerialization.jsonObject(with: Data(circle.body)) as? [[String: Any]])
        #expect(around.count > places.count)
        #expect(try server.get("/category?q=restaurant&viewbox=1,2,3").status == 400)
        #expect(try server.get("/category?q=restaurant&viewbox=-10,30,10,60").status == 400)   // too large
    }

    /// Loads the page with a preset route in headless Chromium and checks that the route is
    /// drawn (pixels of its colour in a screenshot) and its steps are listed (the DOM).
    @Test(.enabled(if: chromiumPath != nil, "chromium is not installed (scripts/setup installs it); the map page is not checked in a browser"),
          .timeLimit(.minutes(3)))
    func browserDrawsARoute() throws {
        try #require(LeafletFiles.shared.isInstalled, "libjs-leaflet is not installed (scripts/setup installs it)")
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let b = try Browser(width: 1200, height: 800)
        defer { b.close() }
        try b.open("http://127.0.0.1:\(server.port)/?from=\(Self.from)&to=\(Self.to)&mode=driving")
        try b.waitFor("document.documentElement.dataset.routeState === 'ok' && document.documentElement.dataset.readyMs", timeout: 20)
        try b.evaluate("new Promise(r => setTimeout(r, 300))")
        let directory = TestGraphs.scratch("chromium")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let screenshot = directory + "/map.png"
        try b.screenshot(to: screenshot)
        let png = try PNGImage([UInt8](Data(contentsOf: URL(fileURLWithPath: screenshot))))
        #expect(png.width == 1200 && png.height == 800)
        // The route colour, in the map (right of the 340-pixel panel, whose buttons share it).
        let colour = MapPage.routeColour
        let routePixels = png.count(red: colour.red, green: colour.green, blue: colour.blue, tolerance: 8, fromColumn: 345)
        #expect(routePixels > 500, "route colour pixels in the map: \(routePixels)")
        #expect(try b.evaluate("document.querySelectorAll('path.wf-route').length") as? Int == 1)
        let steps = try b.evaluate("document.querySelectorAll('#steps li.step').length") as? Int ?? 0
        #expect(steps >= 3, "steps listed: \(steps)")
        #expect((try b.evaluate("WF.el('steps').textContent") as? String ?? "").contains("arrive"), "no arrival step")
        #expect((try b.evaluate("WF.el('summary').textContent") as? String ?? "").contains(" by car"), "no route summary")
    }

    /// The requests a Leaflet geocoder control (leaflet-control-geocoder's Nominatim) sends:
    /// search with `format=json&limit=5&addressdetails=1`, reverse with the map's zoom (up
    /// to 19 and beyond), and what it reads of the answers.
    @Test func geocoderControlRequestsAreAnswered() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let search = try server.get("/search?q=Avinguda%20Meritxell&limit=5&format=json&addressdetails=1")
        #expect(search.status == 200 && search.headers["access-control-allow-origin"] == "*")
        let places = try #require(try JSONSerialization.jsonObject(with: Data(search.body)) as? [[String: Any]])
        #expect(!places.isEmpty && places.count <= 5)
        for place in places {
            #expect(place["display_name"] is String && Double(place["lat"] as? String ?? "") != nil && Double(place["lon"] as? String ?? "") != nil)
            let box = try #require(place["boundingbox"] as? [String])
            #expect(box.count == 4 && box.allSatisfy { Double($0) != nil })
            #expect((place["address"] as? [String: String])?["road"] != nil)
        }
        for zoom in [19, 22, 18, 10] {
            let (status, place) = try server.json("/reverse?lat=42.5063&lon=1.5218&zoom=\(zoom)&addressdetails=1&format=json")
            #expect(status == 200 && place["display_name"] is String && place["address"] is [String: String], "zoom \(zoom)")
        }
    }

    /// The start box: Enter searches /search near the view and lists what it found.
    @Test(.enabled(if: chromiumPath != nil, "chromium is not installed (scripts/setup installs it); the map page is not checked in a browser"),
          .timeLimit(.minutes(3)))
    func browserSearchBoxFindsAPlace() throws {
        try #require(LeafletFiles.shared.isInstalled, "libjs-leaflet is not installed (scripts/setup installs it)")
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let b = try Browser(width: 1200, height: 800)
        defer { b.close() }
        try b.open("http://127.0.0.1:\(server.port)/")
        try b.waitFor("document.documentElement.dataset.appReady", timeout: 20)
        try b.evaluate("WF.el('from').focus()")
        try b.type("Avinguda Meritxell")
        try b.press("Enter")
        try b.waitFor("document.querySelector('ul.results li .t')")
        let first = try b.evaluate("document.querySelector('ul.results li').textContent") as? String ?? ""
        #expect(first.hasPrefix("Avinguda Meritxell"), "\(first)")
        #expect(server.log.contains { $0.contains(" /search ") && $0.contains(" 200 ") }, "the search was not requested")
        try b.click(selector: "ul.results li")
        #expect((try b.evaluate("WF.el('from').value") as? String ?? "").hasPrefix("Avinguda Meritxell"))
        #expect(try b.evaluate("document.querySelectorAll('.wf-from').length") as? Int == 1)
    }
}
