import Foundation
import Testing
import WayfinderC
import WayfinderCLI

/// `wf_isochrone_json`: the bytes `wayfinder isochrone --format geojson` prints for the same
/// point and options (one request type, one writer), and each failure a status with the
/// thread's message: NoSegment apart from bad input, so a caller looping over origins can tell
/// a point off the roads from a bad call.
@Suite(.serialized) struct IsochroneCABITests {
    typealias Opened = AnswerEqualityTests.Opened

    /// One call's status and text (nil unless WF_OK).
    static func isochrone(_ opened: Opened, mode: Int32 = 1, _ lat: Double, _ lon: Double, _ contours: [Double]?, count: Int? = nil,
                          metric: Int32 = 0, arrive: Int32 = 0, polygons: Int32 = 1, denoise: Double = -1,
                          generalize: Double = -1) -> (status: Int32, json: String?) {
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = wf_isochrone_json(opened.handle, mode, lat, lon, contours, count ?? contours?.count ?? 0, metric, arrive,
                                       polygons, denoise, generalize, &json, &length)
        defer { wf_free(json) }
        guard let json else { return (status, nil) }
        #expect(strlen(json) == length)
        return (status, String(cString: json))
    }

    /// Andorra la Vella's centre, Escaldes, and a road up the valley.
    static let points = [(42.5078, 1.5211), (42.5096, 1.5387), (42.5436, 1.5133)]

    @Test func answersAreTheCLIsBytes() throws {
        let opened = try Opened()
        // (C arguments, the same request's CLI words)
        let cases: [(mode: Int32, contours: [Double], metric: Int32, arrive: Int32, polygons: Int32, denoise: Double, generalize: Double, words: [String])] = [
            (1, [5, 10], 0, 0, 1, -1, -1, ["--mode", "walking", "--minutes", "5,10"]),
            (0, [1000, 3000], 1, 0, 1, -1, -1, ["--mode", "driving", "--meters", "1000,3000"]),
            (0, [3], 0, 1, 1, 0, 20, ["--mode", "driving", "--minutes", "3", "--arrive", "--denoise", "0", "--generalize", "20"]),
            (1, [4, 8], 0, 0, 0, -1, -1, ["--mode", "walking", "--minutes", "4,8", "--no-polygons"]),
        ]
        for (lat, lon) in Self.points {
            for c in cases {
                let answer = Self.isochrone(opened, mode: c.mode, lat, lon, c.contours, metric: c.metric, arrive: c.arrive,
                                            polygons: c.polygons, denoise: c.denoise, generalize: c.generalize)
                let console = Console(capturing: true)
                let code = IsochroneCommand.run(["--graph", opened.path, "--at", "\(lat),\(lon)"] + c.words, console: console)
                #expect(answer.status == 0 && code == 0, "\(lat),\(lon) \(c.words): \(String(cString: wf_last_error())) \(console.errors)")
                #expect(answer.json.map { $0 + "\n" } == console.output, "\(lat),\(lon) \(c.words)")
                #expect(String(cString: wf_last_error()) == "")
            }
        }
        // The answer's shape: the largest contour first, each limit as given.
        let json = try #require(Self.isochrone(opened, 42.5078, 1.5211, [5, 15, 10]).json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.compactMap { ($0["properties"] as? [String: Any])?["contour"] as? Double } == [15, 10, 5])
    }

    @Test func failuresAreStatusesWithMessages() throws {
        let opened = try Opened()
        func message() -> String { String(cString: wf_last_error()) }
        let (lat, lon) = Self.points[0]
        // No road near the point: its own status, not bad input.
        #expect(Self.isochrone(opened, 42.0, 1.0, [5]).status == 5)
        #expect(message().contains("NoSegment"), "\(message())")
        // Bad calls: WF_ERR_BAD_INPUT, with the engine's words where it checks the request.
        let bad: [((status: Int32, json: String?), String)] = [
            (Self.isochrone(opened, .nan, lon, [5]), "coordinate out of range"),
            (Self.isochrone(opened, lat, 181, [5]), "coordinate out of range"),
            (Self.isochrone(opened, mode: 7, lat, lon, [5]), "unknown mode 7"),
            (Self.isochrone(opened, lat, lon, nil, count: 2), "contours is NULL"),
            (Self.isochrone(opened, lat, lon, []), "At least one contour is required"),
            (Self.isochrone(opened, lat, lon, [1, 2, 3, 4, 5]), "Number of contours 5"),
            (Self.isochrone(opened, lat, lon, [61]), "higher than current maximum (60 minutes)"),
            (Self.isochrone(opened, lat, lon, [100_001], metric: 1), "higher than current maximum (100000 metres)"),
            (Self.isochrone(opened, lat, lon, [0]), "positive number of minutes"),
            (Self.isochrone(opened, lat, lon, [.nan]), "positive number of minutes"),
            (Self.isochrone(opened, lat, lon, [5], metric: 2), "unknown metric 2"),
            (Self.isochrone(opened, lat, lon, [5], denoise: 1.5), "denoise must be between 0 and 1"),
            (Self.isochrone(opened, lat, lon, [5], denoise: .nan), "denoise must be between 0 and 1"),
            (Self.isochrone(opened, lat, lon, [5], generalize: .infinity), "generalize must be a number of metres"),
        ]
        for (answer, words) in bad {
            #expect(answer.status == 1 && answer.json == nil, "\(words)")
        }
        // Each message checked right after its call (the last error is the thread's last call's).
        for (call, words) in [({ Self.isochrone(opened, lat, lon, [61]) }, "60 minutes"),
                              ({ Self.isochrone(opened, lat, lon, [5], metric: 2) }, "WF_CONTOUR_METRES")] as [(() -> (status: Int32, json: String?), String)] {
            _ = call()
            #expect(message().contains(words), "\(message())")
        }
        var json: UnsafeMutablePointer<CChar>?
        #expect(wf_isochrone_json(nil, 1, lat, lon, [5], 1, 0, 0, 1, -1, -1, &json, nil) == 1)
        #expect(wf_isochrone_json(opened.handle, 1, lat, lon, [5], 1, 0, 0, 1, -1, -1, nil, nil) == 1)
        #expect(json == nil)
        // A good call afterwards succeeds and clears the message.
        #expect(Self.isochrone(opened, lat, lon, [5]).status == 0)
        #expect(message() == "")
    }
}
