import Foundation
import Testing
import WayfinderC

/// Bad input gets a status and one readable message for the calling thread, never a trap.
@Suite struct BadInputTests {
    private func message() -> String { String(cString: wf_last_error()) }

    @Test func missingAndCorruptFilesAreFileErrors() throws {
        var graph: OpaquePointer?
        #expect(wf_open("/nonexistent/graph.wfg", 1, &graph) == 2)
        #expect(graph == nil)
        #expect(message().contains("/nonexistent/graph.wfg"))
        let corrupt = "\(AndorraGraph.directory)/corrupt.wfg"
        FileManager.default.createFile(atPath: corrupt, contents: Data(repeating: 7, count: 4096))
        #expect(wf_open(corrupt, 1, &graph) == 2)
        #expect(!message().isEmpty)
        #expect(wf_open(nil, 1, &graph) == 1)
        #expect(wf_open(corrupt, 1, nil) == 1)
    }

    @Test func badCallsOnAnOpenGraph() throws {
        var graph: OpaquePointer?
        #expect(wf_open(try AndorraGraph.path(), 0, &graph) == 0)
        #expect(message() == "")
        defer { wf_close(graph) }
        var codes = [Int32](repeating: 0, count: 2)
        var distances = [Double](repeating: 0, count: 2), durations = [Double](repeating: 0, count: 2)
        let good = [42.5078, 1.5211, 42.5436, 1.5133]
        #expect(wf_route_pairs(graph, 7, good, 1, 0, &codes, &distances, &durations) == 1)
        #expect(message().contains("unknown mode 7"))
        #expect(wf_route_pairs(nil, 0, good, 1, 0, &codes, &distances, &durations) == 1)
        #expect(wf_route_pairs(graph, 0, nil, 1, 0, &codes, &distances, &durations) == 1)
        #expect(wf_route_pairs(graph, 0, good, 0, 0, nil, nil, nil) == 0)
        let nan = good + [Double.nan, 1.5, 42.5, 1.5]
        #expect(wf_route_pairs(graph, 0, nan, 2, 0, &codes, &distances, &durations) == 1)
        #expect(message().contains("row 1 from"))
        let far = good + [42.5, 1.5, 91, 1.5]
        #expect(wf_route_pairs(graph, 0, far, 2, 0, &codes, &distances, &durations) == 1)
        #expect(message().contains("row 1 to"))
        #expect(wf_route_pairs(graph, 0, good, 1, .nan, &codes, &distances, &durations) == 1)
        // A good call afterwards succeeds and clears the message.
        #expect(wf_route_pairs(graph, 0, good, 1, 0, &codes, &distances, &durations) == 0)
        #expect(message() == "")
        var cells = [Double](repeating: 0, count: 4)
        #expect(wf_table(graph, 0, [42.5, 1.5], 1, [Double.infinity, 1.5], 1, &cells, nil) == 1)
        #expect(message().contains("destination 0"))
        #expect(wf_table(graph, 3, [42.5, 1.5], 1, [42.5, 1.5], 1, &cells, nil) == 1)
        #expect(wf_table(graph, 0, nil, 1, [42.5, 1.5], 1, &cells, nil) == 1)
        #expect(wf_table(graph, 0, nil, 0, nil, 0, nil, nil) == 0)
        var json: UnsafeMutablePointer<CChar>?
        #expect(wf_route_json(graph, 0, good, 2, "format=pbf", &json, nil) == 1)
        #expect(json == nil)
        #expect(wf_route_json(graph, 0, good, 2, nil, nil, nil) == 1)
        #expect(wf_route_json(graph, 1, [42.5, .nan], 1, nil, &json, nil) == 1)
        #expect(wf_geocode_json(graph, nil, 5, &json, nil) == 1)
        #expect(wf_geocode_json(graph, "Andorra", 0, &json, nil) == 1)
        #expect(wf_reverse_json(graph, .nan, 1.5, &json, nil) == 1)
        #expect(wf_reverse_json(nil, 42.5, 1.5, &json, nil) == 1)
        // wf_match_json: the trace's own checks are errors of the call, before anything is matched.
        let trace = [42.5078, 1.5211, 42.5100, 1.5190, 42.5436, 1.5133]
        #expect(wf_match_json(graph, 0, trace, 3, nil, nil, nil, nil, nil) == 1)
        #expect(wf_match_json(graph, 0, nil, 3, nil, nil, nil, &json, nil) == 1)
        #expect(wf_match_json(graph, 7, trace, 3, nil, nil, nil, &json, nil) == 1)
        #expect(wf_match_json(graph, 0, [42.5, .nan, 42.5, 1.5], 2, nil, nil, nil, &json, nil) == 1)
        #expect(String(cString: wf_last_error()).contains("point 0"))
        for stamps in [[10, 20, 15], [.nan, 20, 30], [-1, 20, 30], [10, .infinity, 30]] as [[Double]] {
            #expect(wf_match_json(graph, 0, trace, 3, stamps, nil, nil, &json, nil) == 1, "\(stamps)")
            #expect(String(cString: wf_last_error()).contains("timestamp"))
        }
        for radii in [[5, -1, 5], [5, .infinity, 5]] as [[Double]] {
            #expect(wf_match_json(graph, 0, trace, 3, nil, radii, nil, &json, nil) == 1, "\(radii)")
            #expect(String(cString: wf_last_error()).contains("radius 1"))
        }
        #expect(wf_match_json(graph, 0, trace, 3, [10, 20, 30], nil, "timestamps=1;2;3", &json, nil) == 1)
        #expect(wf_match_json(graph, 0, trace, 3, nil, [5, 5, 5], "gaps=split&radiuses=5;5;5", &json, nil) == 1)
        #expect(String(cString: wf_last_error()).contains("radiuses given twice"))
        let long = [Double](repeating: 42.5, count: 2 * 10_001)
        #expect(wf_match_json(graph, 0, long, 10_001, nil, nil, nil, &json, nil) == 1)
        #expect(String(cString: wf_last_error()).contains("10000"))
        #expect(json == nil)
        // An OSRM error answer is still an answer: one point, an unknown option, nothing near.
        var matchLength = 0
        for (points, options, code) in [(Array(trace.prefix(2)), "", "InvalidOptions"), (trace, "colour=red", "InvalidQuery"),
                                        ([42.9, 1.0, 42.9001, 1.0001], "", "NoSegment")] {
            #expect(wf_match_json(graph, 0, points, points.count / 2, nil, nil, options, &json, &matchLength) == 0)
            let answer = String(cString: json!)
            #expect(answer.contains("\"code\":\"\(code)\"") && answer.utf8.count == matchLength, "\(answer)")
            wf_free(json)
        }
        // An OSRM error answer is still an answer.
        var length = 0
        #expect(wf_route_json(graph, 0, good, 1, nil, &json, &length) == 0)
        let text = String(cString: json!)
        #expect(text.contains("\"code\":\"InvalidOptions\"") && text.utf8.count == length)
        wf_free(json)
    }

    @Test func versionNamesTheFormat() {
        #expect(String(cString: wf_version()).hasPrefix("wayfinder "))
        #expect(String(cString: wf_version()).contains("(graph format "))
    }
}
