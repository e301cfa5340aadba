import Foundation
import Testing
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// Whether Debian's python3 has geopy (scripts/setup installs python3-geopy).
let geopyAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", "import geopy"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// geopy's Nominatim geocoder against our server (`scripts/geopy-check`): free text and
/// structured geocode, reverse at the map's zoom 19, with every option geopy sends.
@Suite(.enabled(if: geopyAvailable, "python3-geopy is not installed (scripts/setup installs it)"))
struct GeopyTests {
    @Test func geopysNominatimGeocoderUnderstandsUs() throws {
        let server = try TestServer(graph: NominatimFixture.path())
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/geopy-check").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, "--port", "\(server.port)", "--query", "Kahvila Aurinko", "--point", "60.10015,24.9005",
                             "--structured", "street=Koulukatu 3;city=Aurinkola", "--expect-osm-id", "102"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix("geopy check: ok\n"), "\(text)")
    }
}
