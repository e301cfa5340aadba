import Testing
import WayfinderGraph

/// `ModeRoads.validationError` on damaged segments, as a graph file's mutated bytes give them
/// once its checksums are made to match: it must name the damage, so that opening the file
/// throws instead of the query core reading out of bounds.
@Suite struct RoadSectionValidationTests {
    /// Two ways, six points, three intersections.
    static func validate(_ segment: RoadSegment) -> String? {
        [segment].withUnsafeBufferPointer {
            ModeRoads.validationError(segments: $0, nodeCount: 3, wayCount: 2, pointCount: 6)
        }
    }

    static func segment(points: ClosedRange<Int32> = 0...2, from: Int32 = 0, to: Int32 = 1, way: Int32 = 1) -> RoadSegment {
        RoadSegment(firstPoint: points.lowerBound, lastPoint: points.upperBound, fromNode: from, toNode: to,
                    forwardWeight: 10, backwardWeight: -1, length: 12, way: way)
    }

    @Test func soundSegmentsPass() {
        #expect(Self.validate(Self.segment()) == nil)
        #expect(Self.validate(Self.segment(points: 5...5, from: 2, to: 2, way: 0)) == nil)
    }

    /// Found by `scripts/fuzz` (graph-file): a segment joining an intersection past the
    /// network's, which marking roundabout nodes at opening indexed out of bounds.
    @Test func anIntersectionPastTheNetworkIsDamage() {
        #expect(Self.validate(Self.segment(to: 3)) == "segment 0 joins intersections 0 and 3 of 3")
        #expect(Self.validate(Self.segment(from: -1)) == "segment 0 joins intersections -1 and 1 of 3")
    }

    @Test func aWayOrPointsPastTheirSectionsAreDamage() {
        #expect(Self.validate(Self.segment(way: 2)) == "segment 0 names way 2 of 2")
        #expect(Self.validate(Self.segment(points: 4...6)) == "segment 0 names points 4...6 of 6")
        #expect(Self.validate(RoadSegment(firstPoint: 3, lastPoint: 2, fromNode: 0, toNode: 1, forwardWeight: 1,
                                          backwardWeight: 1, length: 1, way: 0)) == "segment 0 names points 3...2 of 6")
    }
}
