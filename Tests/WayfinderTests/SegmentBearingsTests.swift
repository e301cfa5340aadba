import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// The roads' bearings measured at import (`SegmentBearings`): each is the measure the
/// directions would take per query, and a section that does not fit is not read.
@Suite struct SegmentBearingsTests {
    @Test(arguments: [("andorra", TravelMode.driving), ("helsinki", .walking), ("sydney", .driving)])
    func storedBearingsAreTheMeasure(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        #expect(graph.bearings.encoded.count == 2 * graph.segments.count)
        var largest = 0.0
        for x in 0..<Int32(2 * graph.segments.count) {
            let start = graph.points[Int(x & 1 == 0 ? graph.segments[Int(x >> 1)].firstPoint : graph.segments[Int(x >> 1)].lastPoint)]
            // Measured on the projection around the segment's own start, as at import; the
            // import projects at the segment's first point, a metre or a kilometre away.
            let measured = SegmentBearings.measure(x, segments: graph.segments, points: graph.points,
                                                   projection: LocalProjection(latitude: start.latitude))
            let stored = graph.bearings.bearing(x)
            largest = max(largest, Turn.deviation(measured, stored).magnitude)
        }
        // Quantization (0.003°) plus the latitude of the projection across one segment.
        #expect(largest < 0.05, "largest difference \(largest)°")
    }

    @Test func aSectionOfTheWrongSizeIsNotRead() throws {
        let graph = try ExtractGraphs.shared.graph("monaco", .driving)
        #expect(!graph.bearings.encoded.isEmpty)
        let misfit = SegmentBearings(file: graph.file, mode: .driving, segmentCount: graph.segments.count + 1)
        #expect(misfit.encoded.isEmpty)
    }
}
