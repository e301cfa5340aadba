import Foundation
import WayfinderGraph

/// What a mode's sections need besides its hierarchy: the components of its search graph,
/// its snapping index and its bearings. None of it reads the hierarchy, so `ModeBuild` has
/// it made beside the contraction's single-threaded last steps, on a core those leave idle
/// (`ContractionOptions.besideTheArrays`). Its fields are set by `make` and read only after
/// the contraction has returned, which waits for it.
final class ModeExtras: @unchecked Sendable {
    private let mode: TravelMode
    private let network: RoadNetwork
    private let search: SearchGraph
    private let points: [FixedCoordinate]
    private let ways: [WayInfo]

    private(set) var segmentComponent: [Int32] = []
    private(set) var componentSizes: [Int32] = []
    private(set) var mainNetwork = MainNetworkShare(mainNetwork: 0, usableNodes: 0)
    private(set) var snap: SnapIndexBuilder?
    private(set) var leaving: (first: [Int32], leaving: [Int32]) = ([], [])
    private(set) var bearings: [UInt16] = []
    /// Wall time of `make`'s two steps, as the summary names them.
    private(set) var timings: [(String, Double)] = []

    init(mode: TravelMode, network: RoadNetwork, search: SearchGraph, points: [FixedCoordinate], ways: [WayInfo]) {
        (self.mode, self.network, self.search, self.points, self.ways) = (mode, network, search, points, ways)
    }

    func make() {
        var laps = Laps()
        let (component, sizes) = stronglyConnectedComponents(nodeCount: search.nodeCount, arcs: search.arcs)
        componentSizes = sizes
        mainNetwork = MainNetworkShare(nodeCount: search.nodeCount, arcs: search.arcs, componentSizes: sizes)
        let segments = network.segments, turnExpanded = mode.isTurnExpanded
        segmentComponent = segments.indices.map { s in
            let segment = segments[s]
            // A segment belongs to the component of the search node one enters it from.
            if turnExpanded { return component[2 * s + (segment.forwardWeight >= 0 ? 0 : 1)] }
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
