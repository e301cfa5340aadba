import Foundation
import Synchronization
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The map app in headless Chromium over one shared Porto server: a browser opened on a
/// page of it, and the readings the browser tests and the bench (`MapBench`) take (the app
/// writes its state and timings as data attributes of `<html>`, see core.js).
enum MapApp {
    private static let server = Mutex<TestServer?>(nil)

    /// The one server of the suite (Porto), started on first use.
    static func shared() throws -> TestServer {
        try server.withLock { server in
            if let server { return server }
            let started = try TestServer(graph: TestGraphs.path("porto"), threads: 2)
            server = started
            return started
        }
    }

    static func origin(_ server: TestServer) -> String { "http://127.0.0.1:\(server.port)" }

    /// A browser of `width` × `height` on `path` of the shared server, once the app has started
    /// and the first tiles are drawn.
    static func open(_ path: String = "/", width: Int = 1200, height: Int = 800, scheme: String = "light",
                     before: ((Browser) throws -> Void)? = nil) throws -> (Browser, TestServer) {
        let server = try shared()
        let browser = try Browser(width: width, height: height)
        try browser.setColorScheme(scheme)
        try before?(browser)
        try browser.open(origin(server) + path)
        try browser.waitFor("document.documentElement.dataset.appReady && document.documentElement.dataset.readyMs", timeout: 20)
        return (browser, server)
    }

    /// `document.documentElement.dataset[name]`.
    static func data(_ browser: Browser, _ name: String) throws -> String? {
        try browser.evaluate("document.documentElement.dataset[\(quoted(name))]") as? String
    }

    /// A string as a JavaScript literal.
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// Where screenshots go: `.build/map-screenshots/` of the package.
    static let screenshots: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent(".build/map-screenshots").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// The map's centre and zoom: [lat, lon, zoom].
    static func camera(_ browser: Browser) throws -> [Double] {
        try browser.evaluate("(() => { const c = WF.map.getCenter(); return [c.lat, c.lng, WF.map.getZoom()]; })()") as? [Double] ?? []
    }

    /// Waits for the camera to come to rest and the centre label to name the view it rests
    /// on (a screenshot taken earlier shows a label of the view before).
    static func settle(_ browser: Browser) throws {
        try browser.waitFor("""
            (() => { const l = WF.el('centre-label'), c = WF.map.getCenter();
              return l.dataset.lat === c.lat.toFixed(5) && l.dataset.lon === c.lng.toFixed(5); })()
            """, timeout: 10)
    }

    /// The centre of the map's element in page coordinates.
    static func mapCentre(_ browser: Browser) throws -> (x: Double, y: Double) {
        let r = try browser.evaluate("(() => { const r = WF.el('map').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()") as? [Double] ?? [600, 400]
        return (r[0], r[1])
    }

    /// Requests that went anywhere but `origin` (data: and about: URLs are the page's own).
    static func foreignRequests(_ browser: Browser, _ server: TestServer) -> [String] {
        browser.requests.filter { !$0.hasPrefix(origin(server) + "/") && !$0.hasPrefix("data:") && !$0.hasPrefix("about:") }
    }
}
