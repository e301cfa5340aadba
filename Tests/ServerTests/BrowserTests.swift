import Foundation
import Testing

/// The test browser itself (Support/Browser.swift): each thing the map page's tests rely on
/// does what it says, on the plain page at `/`.
@Suite(.enabled(if: chromiumPath != nil, "chromium is not installed (scripts/setup installs it)"), .timeLimit(.minutes(2)))
struct BrowserTests {
    @Test func drivesAPage() throws {
        let server = try TestServer(graph: TestGraphs.path("andorra"))
        let origin = "http://127.0.0.1:\(server.port)"
        let browser = try Browser(width: 900, height: 600)
        defer { browser.close() }
        try browser.open(origin + "/")
        #expect(try browser.evaluate("document.title") as? String == "Wayfinder")
        #expect(try browser.evaluate("innerWidth") as? Int == 900)
        #expect(try browser.evaluate("Promise.resolve(6 * 7)") as? Int == 42)
        #expect(throws: Browser.Failure.self) { try browser.evaluate("no_such_name.x") }
        #expect(browser.requests.first == origin + "/")
        #expect(browser.requests.contains(origin + "/leaflet/leaflet.js"))

        // Typing and keys reach the focused element; clicks reach what is under the pointer.
        try browser.evaluate("""
            window.seen = []; const i = document.createElement('input'); i.id = 'probe';
            i.style = 'position:fixed;left:0;top:0;width:200px;height:30px;z-index:99999';
            i.addEventListener('keydown', e => seen.push(e.key)); i.addEventListener('click', () => seen.push('click'));
            document.body.appendChild(i); true
            """)
        try browser.click(selector: "#probe")
        try browser.type("Porto")
        try browser.press("Enter")
        #expect(try browser.evaluate("document.getElementById('probe').value") as? String == "Porto")
        #expect(try browser.waitFor("seen.join(',')") as? String == "click,Enter")

        // Colour scheme, location granted and denied.
        #expect(try browser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") as? Bool == false)
        try browser.setColorScheme("dark")
        #expect(try browser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") as? Bool == true)
        let locate = "new Promise(ok => navigator.geolocation.getCurrentPosition(p => ok([p.coords.latitude, p.coords.longitude]), e => ok(e.code)))"
        try browser.setGeolocation(latitude: 42.5063, longitude: 1.5218)
        #expect(try browser.evaluate(locate) as? [Double] == [42.5063, 1.5218])
        try browser.denyGeolocation()
        #expect(try browser.evaluate(locate) as? Int == 1)   // PERMISSION_DENIED

        // A phone-sized viewport, and a screenshot of it.
        try browser.setViewport(width: 390, height: 700, mobile: true)
        #expect(try browser.evaluate("innerWidth") as? Int == 390)
        let png = TestGraphs.scratch("browser.png")
        try browser.screenshot(to: png)
        let image = try PNGImage([UInt8](Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == 390 && image.height == 700)
        #expect(browser.pageErrors.isEmpty, "\(browser.pageErrors)")
    }
}
