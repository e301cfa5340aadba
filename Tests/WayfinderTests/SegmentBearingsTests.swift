import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// The roads' bearings measured at import (`SegmentBearings`): each is the measure the
/// directions would take per query (`PerceivedBearing`), and a section that does not fit is
/// not read.
@Suite struct SegmentBearingsTests {
    @Test(arguments: [("andorra", TravelMode.driving), ("helsinki", .walking), ("sydney", .driving)])
    func storedBearingsAreTheMeasure(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        #expect(graph.bearings.encoded.count == 2 * graph.segments.count)
        var largest = 0.0
        // Measured per query as OSRM perceives each road, on the projection around its start.
        let perceived = PerceivedBearing(segments: graph.segments, points: graph.points, ways: graph.ways,
                                         nodeFirst: graph.nodeFirst, nodeLeaving: graph.nodeLeaving)
        for x in 0..<Int32(2 * graph.segments.count) {
            largest = max(largest, Turn.deviation(perceived.bearing(x), graph.bearings.bearing(x)).magnitude)
        }
        // Quantization (0.003°).
        #expect(largest < 0.01, "largest difference \(largest)°")
    }

    @Test func aSectionOfTheWrongSizeIsNotRead() throws {
        let graph = try ExtractGraphs.shared.graph("monaco", .driving)
        #expect(!graph.bearings.encoded.isEmpty)
        let misfit = SegmentBearings(file: graph.file, mode: .driving, segmentCount: graph.segments.count + 1)
        #expect(misfit.encoded.isEmpty)
    }
}
