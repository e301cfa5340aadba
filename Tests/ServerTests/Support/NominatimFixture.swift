import Foundation
import Synchronization
import WayfinderImport

/// A hand-written map for the Nominatim dialect: two places with a street of the same name
/// and the same house number (only the postcode and place tell them apart), a café with
/// an address, two identical kiosks a few metres apart (near-duplicates), a station, a
/// water tower, a peak, a country node and a name to escape. Built once per test run.
enum NominatimFixture {
    private static let built = Mutex<String?>(nil)

    static func path() throws -> String {
        try built.withLock { built in
            if let built { return built }
            let osm = TestGraphs.scratch("nominatim.osm"), output = TestGraphs.scratch("nominatim.wfg")
            try xml.write(toFile: osm, atomically: true, encoding: .utf8)
            _ = try GraphBuilder.build(input: osm, output: output)
            built = output
            return output
        }
    }

    static var xml: String {
        func tags(_ t: [String: String]) -> String {
            t.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
        }
        func node(_ id: Int, _ lat: Double, _ lon: Double, _ t: [String: String] = [:]) -> String {
            "<node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\">\(tags(t))</node>\n"
        }
        func way(_ id: Int, _ nodes: [Int], _ t: [String: String]) -> String {
            "<way id=\"\(id)\" version=\"1\">" + nodes.map { "<nd ref=\"\($0)\"/>" }.joined() + tags(t) + "</way>\n"
        }
        let street = ["highway": "residential", "name": "Koulukatu"]
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
            + node(1, 60.1000, 24.9000) + node(2, 60.1000, 24.9020) + node(3, 60.2000, 24.9000) + node(4, 60.2000, 24.9020)
            + node(5, 60.1010, 24.9000) + node(6, 60.1010, 24.9040)
            + node(1000, 60.1000, 24.8990, ["place": "town", "name": "Aurinkola"])
            + node(1001, 60.2000, 24.8990, ["place": "village", "name": "Kuuvaara"])
            + node(1002, 60.1500, 24.9500, ["place": "country", "name": "Testimaa"])
            + node(100, 60.10008, 24.9010, ["addr:street": "Koulukatu", "addr:housenumber": "5", "addr:postcode": "00100",
                                            "addr:city": "Aurinkola"])
            + node(101, 60.20008, 24.9010, ["addr:street": "Koulukatu", "addr:housenumber": "5", "addr:postcode": "00200",
                                            "addr:city": "Kuuvaara"])
            + node(102, 60.10015, 24.9005, ["amenity": "cafe", "name": "Kahvila Aurinko", "addr:street": "Koulukatu",
                                            "addr:housenumber": "3", "name:en": "Sun Cafe"])
            + node(103, 60.10030, 24.9015, ["shop": "kiosk", "name": "Kioski Kuu"])
            + node(104, 60.10033, 24.9016, ["shop": "kiosk", "name": "Kioski Kuu"])
            + node(105, 60.1012, 24.9030, ["railway": "station", "name": "Aurinkola asema"])
            + node(106, 60.1020, 24.9040, ["man_made": "tower", "name": "Aurinkola vesitorni"])
            + node(107, 60.1500, 24.9400, ["natural": "peak", "name": "Aurinkovuori"])
            + node(108, 60.1002, 24.9018, ["amenity": "restaurant", "name": "Fish &amp; &lt;Chips&gt; &quot;Aurinko&quot;"])
            + way(10, [1, 2], street) + way(11, [3, 4], street) + way(12, [5, 6], ["highway": "residential", "name": "Asematie"])
            + "</osm>\n"
    }
}
