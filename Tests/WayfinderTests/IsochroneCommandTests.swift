import Foundation
import Testing
import WayfinderCLI

/// `wayfinder isochrone` end to end on Monaco: the GeoJSON (nested contours, the largest
/// first, the origin inside the smallest), the text summary, both forms of the point, and
/// one exit code per kind of failure, each with one readable message before any graph opens.
@Suite struct IsochroneCommandTests {
    func isochrone(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["isochrone"] + words, console: console)
        return (code, console.output, console.errors)
    }

    var monaco: String { get throws { try ExtractGraphs.shared.path("monaco") } }
    /// Place du Casino, on Monaco's walking and driving roads.
    static let casino = "43.7384,7.4246"

    func features(_ text: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(300))")
        #expect(object["type"] as? String == "FeatureCollection")
        return try #require(object["features"] as? [[String: Any]])
    }

    /// Every [lon, lat] of a Polygon or MultiPolygon's outer rings.
    func outerRings(_ feature: [String: Any]) throws -> [[[Double]]] {
        let geometry = try #require(feature["geometry"] as? [String: Any])
        switch geometry["type"] as? String {
        case "Polygon": return [try #require((geometry["coordinates"] as? [[[Double]]])?.first)]
        case "MultiPolygon": return try #require(geometry["coordinates"] as? [[[[Double]]]]).compactMap(\.first)
        default: Issue.record("geometry \(geometry["type"] ?? "none")"); return []
        }
    }

    /// Even-odd ray casting: whether (lon, lat) lies inside `ring`.
    func contains(_ ring: [[Double]], lon: Double, lat: Double) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let (a, b) = (ring[i], ring[j])
            if (a[1] > lat) != (b[1] > lat), lon < (b[0] - a[0]) * (lat - a[1]) / (b[1] - a[1]) + a[0] { inside.toggle() }
            j = i
        }
        return inside
    }

    @Test func geoJSONHasNestedContoursAroundTheOrigin() throws {
        let r = isochrone(["--graph", try monaco, "--mode", "walking", "--at", Self.casino, "--minutes", "5,10,20"])
        #expect(r.code == 0 && r.err.isEmpty, "\(r.err)")
        let contours = try features(r.out)
        // The largest first, as Mapbox draws them; each limit as given, time.
        #expect(contours.compactMap { ($0["properties"] as? [String: Any])?["contour"] as? Double } == [20, 10, 5])
        for feature in contours {
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(properties["metric"] as? String == "time" && (properties["fillColor"] as? String)?.hasPrefix("#") == true)
        }
        // The origin lies in the 5-minute contour, and every point of a smaller contour's
        // outline in the next larger one's area (nested: a larger limit reaches farther).
        let smallest = try outerRings(contours[2])
        #expect(smallest.contains { contains($0, lon: 7.4246, lat: 43.7384) }, "the origin is outside the 5 min contour")
        for (larger, smaller) in [(contours[0], contours[1]), (contours[1], contours[2])] {
            let outer = try outerRings(larger), inner = try outerRings(smaller)
            let points = inner.flatMap { $0 }
            let inside = points.filter { p in outer.contains { contains($0, lon: p[0], lat: p[1]) } }.count
            // Points on the shared boundary may fall either way by rounding: nearly all inside.
            #expect(Double(inside) >= 0.95 * Double(points.count), "\(inside) of \(points.count) inside")
        }
        // Metres, arriving, lines: the same request's other forms.
        let lines = isochrone(["--graph", try monaco, Self.casino, "--meters", "500,1500", "--arrive", "--no-polygons"])
        #expect(lines.code == 0, "\(lines.err)")
        let lineFeatures = try self.features(lines.out)
        #expect(lineFeatures.count == 2)
        for feature in lineFeatures {
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(properties["metric"] as? String == "distance" && properties["fillColor"] == nil)
            let type = (feature["geometry"] as? [String: Any])?["type"] as? String
            #expect(type == "LineString" || type == "MultiLineString", "\(type ?? "none")")
        }
    }

    @Test func textSummarisesEachContour() throws {
        let r = isochrone(["--graph", try monaco, "--mode", "walking", "--at", Self.casino, "--minutes", "10,5", "--format", "text"])
        #expect(r.code == 0 && r.err.isEmpty, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.out)")
        #expect(lines[0].hasPrefix("origin: 43.73") && lines[0].contains("walking, departing from the road point") && lines[0].contains("from 43.738400,7.424600"), "\(lines[0])")
        // In the order asked: 10 then 5, each with polygons, holes, km² and a box.
        let pattern = #"^ ?(\d+) min: (\d+) polygons?, (\d+) holes?, (\d+\.\d{3}) km², box (-?\d+\.\d{6},){3}-?\d+\.\d{6}$"#
        #expect(lines[1].hasPrefix("10 min: ") && lines[2].hasPrefix(" 5 min: "), "\(r.out)")
        var areas: [Double] = []
        for line in lines.dropFirst() {
            #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(line)")
            if let range = line.range(of: #"\d+\.\d{3} km²"#, options: .regularExpression) { areas.append(Double(line[range].dropLast(4)) ?? 0) }
        }
        // Monaco on foot: 10 minutes cover more than 5, both well under the country's 2 km².
        #expect(areas.count == 2 && areas[0] > areas[1] && areas[1] > 0.05 && areas[0] < 2.1, "\(areas)")
        // With --no-polygons the lines and their box.
        let lines2 = isochrone(["--graph", try monaco, "--at", Self.casino, "--minutes", "3", "--format", "text", "--no-polygons"])
        #expect(lines2.code == 0 && lines2.out.contains("3 min: ") && lines2.out.contains(" line") && lines2.out.contains(", box 43."), "\(lines2.out)")
    }

    @Test func pointEitherWaySameAnswer() throws {
        let option = isochrone(["--graph", try monaco, "--at", Self.casino, "--minutes", "4"])
        let positional = isochrone([Self.casino, "--graph", try monaco, "--minutes", "4"])
        #expect(option.code == 0 && option.out == positional.out && !option.out.isEmpty)
        let both = isochrone([Self.casino, "--at", Self.casino, "--graph", try monaco, "--minutes", "4"])
        #expect(both.code == 2 && both.err.contains("not both"))
    }

    /// A failure case: the words after `isochrone`, the exit code, a part of the message.
    struct Failure: Sendable, CustomTestStringConvertible {
        let words: [String], code: Int32, message: String
        init(_ words: [String], _ code: Int32, _ message: String) { (self.words, self.code, self.message) = (words, code, message) }
        var testDescription: String { words.joined(separator: " ") }
    }

    static let failures: [Failure] = [
        Failure(["--minutes", "5"], 2, "the point"),
        Failure([IsochroneCommandTests.casino], 2, "--minutes LIST or --meters LIST"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--meters", "500"], 2, "not both"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5,x"], 2, "numbers separated by commas"),
        Failure([IsochroneCommandTests.casino, "--minutes", ""], 2, "numbers separated by commas"),
        Failure([IsochroneCommandTests.casino, "--minutes", "0"], 2, "must be a positive number of minutes"),
        Failure([IsochroneCommandTests.casino, "--minutes", "90"], 2, "higher than current maximum (60 minutes)"),
        Failure([IsochroneCommandTests.casino, "--meters", "200000"], 2, "higher than current maximum (100000 metres)"),
        Failure([IsochroneCommandTests.casino, "--minutes", "1,2,3,4,5"], 2, "Number of contours 5"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--denoise", "2"], 2, "denoise must be between 0 and 1"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--denoise", "x"], 2, "--denoise must be a number"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--generalize", "-1"], 2, "generalize must be a number of metres"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--mode", "flying"], 2, "--mode must be driving, walking or cycling"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--format", "json"], 2, "--format must be geojson or text"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--polygons"], 2, "unknown option --polygons"),
        Failure(["91,7.4", "--minutes", "5"], 2, "out of range"),
        Failure([IsochroneCommandTests.casino, "--minutes", "5", "--graph", "/nonexistent/g.wfg"], 3, "/nonexistent/g.wfg"),
    ]

    /// Each kind of failure: one line on stderr, nothing on stdout, its exit code; the
    /// arguments' checks come before the graph is opened (a missing graph is not reported).
    @Test(arguments: failures)
    func badInputHasItsCode(failure: Failure) throws {
        let words = failure.words
        let graph = words.contains("--graph") ? [] : ["--graph", "/nonexistent/g.wfg"]
        let r = isochrone(words + graph)
        #expect(r.code == failure.code, "\(words): \(r.err)")
        #expect(r.err.hasPrefix("error: ") && r.err.contains(failure.message) && r.err.filter { $0 == "\n" }.count == 1, "\(words): \(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func aPointOffTheRoadsIsNotFound() throws {
        // Out at sea off Monaco: no road within the snapping radius.
        let sea = isochrone(["--graph", try monaco, "--at", "43.60,7.55", "--minutes", "5"])
        #expect(sea.code == 4 && sea.err.contains("NoSegment") && sea.out.isEmpty, "\(sea.err)")
        // Swapped coordinates: the hint says so.
        let swapped = isochrone(["--graph", try monaco, "--at", "7.4246,43.7384", "--minutes", "5"])
        #expect(swapped.code == 4 && swapped.err.contains("43.7384,7.4246"), "\(swapped.err)")
    }
}
