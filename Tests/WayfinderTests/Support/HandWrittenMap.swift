import Foundation
import WayfinderGeocoding
import WayfinderImport

/// OSM XML written by hand for test maps.
enum OSMXML {
    static func tags(_ t: [String: String]) -> String {
        t.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
    }

    static func node(_ id: Int, _ lat: Double, _ lon: Double, _ t: [String: String] = [:]) -> String {
        "<node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\">\(tags(t))</node>\n"
    }

    static func way(_ id: Int, _ nodes: [Int], _ t: [String: String]) -> String {
        "<way id=\"\(id)\" version=\"1\">" + nodes.map { "<nd ref=\"\($0)\"/>" }.joined() + tags(t) + "</way>\n"
    }

    /// The elements inside an `<osm>` document.
    static func document(_ elements: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n" + elements + "</osm>\n"
    }
}

/// The graph of a hand-written map, built on first use and shared by the tests of a run.
final class HandWrittenMap: @unchecked Sendable {  // `built` is guarded by `lock`
    private let name: String
    private let xml: @Sendable () -> String
    private let lock = NSLock()
    private var built: String?

    init(_ name: String, xml: @escaping @Sendable () -> String) {
        self.name = name
        self.xml = xml
    }

    func geocoder() throws -> Geocoder { try Geocoder(path: path()) }

    func path() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let dir = temporaryDirectory()
        try xml().write(toFile: "\(dir)/\(name).osm", atomically: true, encoding: .utf8)
        _ = try GraphBuilder.build(input: "\(dir)/\(name).osm", output: "\(dir)/\(name).wfg")
        built = "\(dir)/\(name).wfg"
        return built!
    }
}
