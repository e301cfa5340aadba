import Foundation
import WayfinderGraph

/// What a mode's sections need besides its hierarchy: the components of its search graph,
/// its snapping index and its bearings. None of it reads the hierarchy, so `ModeBuild` has
/// it made beside the contraction's single-threaded last steps, on a core those leave idle
/// (`ContractionOptions.besideTheArrays`).
struct ModeExtras {
    let segmentComponent: [Int32]
    let componentSizes: [Int32]
    let mainNetwork: MainNetworkShare
    let snap: SnapIndexBuilder
    /// The directed segments leaving each intersection (`ModeRoads`' `nodeFirst`, `nodeLeaving`).
    let leaving: (first: [Int32], leaving: [Int32])
    /// The bearing each directed segment leaves its intersection with (`SegmentBearings`).
    let bearings: [UInt16]
    /// Wall time of the two steps, as the summary names them.
    let timings: [(String, Double)]

    init(mode: TravelMode, network: RoadNetwork, search: SearchGraph, points: [FixedCoordinate], ways: [WayInfo]) {
        var laps = Laps()
        let (component, sizes) = stronglyConnectedComponents(nodeCount: search.nodeCount, arcs: search.arcs)
        componentSizes = sizes
        mainNetwork = MainNetworkShare(nodeCount: search.nodeCount, arcs: search.arcs, componentSizes: sizes)
        let segments = network.segments
        segmentComponent = segments.indices.map { s in
            let segment = segments[s]
            // A segment belongs to the component of the search node one enters it from.
            if mode.isTurnExpanded { return component[2 * s + (segment.forwardWeight >= 0 ? 0 : 1)] }
            return component[Int(segment.forwardWeight >= 0 ? segment.fromNode : segment.toNode)]
        }
        snap = SnapIndexBuilder(segments: segments, points: points, ways: ways)
        laps.lap("components+snap index")
        leaving = network.leavingSegments()
        bearings = SegmentBearings.measureAll(segments: segments, points: points, ways: ways,
                                              nodeFirst: leaving.first, nodeLeaving: leaving.leaving)
        laps.lap("bearings")
        timings = laps.steps.map { ($0.name, $0.seconds) }
    }
}
