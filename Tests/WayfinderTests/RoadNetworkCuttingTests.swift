import Testing
import WayfinderGraph
@testable import WayfinderImport

/// The network phase's flat-array steps against the plain versions they replaced: the node
/// numbering against a dictionary, the overlapping-segment removal against one keyed by hash.
@Suite struct RoadNetworkCuttingTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func pointNodesNumberNodesInIdOrder() {
        var random = Random(state: 7)
        for size in [0, 1, 2, 50, 5000] {
            let ids = (0..<size).map { _ in Int64(random.next(size / 3 + 1)) * 1_000_003 + 17 }
            let nodes = PointNodes(ids: ids)
            let distinct = Array(Set(ids)).sorted()
            let number = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, Int32($0)) })
            #expect(nodes.denseCount == distinct.count)
            #expect(nodes.dense == ids.map { number[$0]! })
            #expect(nodes.ids == ids)
        }
    }

    /// What `keepLaterOfOverlappingSegments` did with a dictionary of keys before it bucketed
    /// the segments by their lower node.
    static func reference(_ segments: [RoadSegment], pointNodeIds: [Int64]) -> [RoadSegment] {
        struct Key: Hashable { var low, high, points: Int32; var nextToLow: Int64 }
        func key(_ s: RoadSegment) -> Key {
            let forward = s.fromNode <= s.toNode
            return Key(low: min(s.fromNode, s.toNode), high: max(s.fromNode, s.toNode), points: s.lastPoint - s.firstPoint,
                       nextToLow: forward ? pointNodeIds[Int(s.firstPoint) + 1] : pointNodeIds[Int(s.lastPoint) - 1])
        }
        func directions(_ s: RoadSegment) -> Int {
            let (up, down) = s.fromNode <= s.toNode ? (s.forwardWeight, s.backwardWeight) : (s.backwardWeight, s.forwardWeight)
            return (up >= 0 ? 1 : 0) | (down >= 0 ? 2 : 0)
        }
        var latest: [Key: Int] = [:]
        var dropped = [Bool](repeating: false, count: segments.count)
        for (i, s) in segments.enumerated() where s.fromNode != s.toNode {
            if let earlier = latest[key(s)], directions(segments[earlier]) & ~directions(s) == 0 { dropped[earlier] = true }
            latest[key(s)] = i
        }
        return segments.indices.filter { !dropped[$0] }.map { segments[$0] }
    }

    @Test func overlappingSegmentsAsWithADictionary() {
        var random = Random(state: 11)
        var droppedAny = 0
        for round in 0..<200 {
            // Few nodes and short point runs, so that many segments share their key.
            let nodeCount = 2 + random.next(6)
            let pointNodeIds = (0..<400).map { _ in Int64(random.next(4)) }
            var network = RoadNetwork(segments: [], nodeCount: nodeCount)
            for _ in 0..<(1 + random.next(40)) {
                let first = random.next(390)
                let weight = { (r: inout Random) -> Int32 in r.next(3) == 0 ? -1 : Int32(1 + r.next(9)) }
                network.segments.append(RoadSegment(
                    firstPoint: Int32(first), lastPoint: Int32(first + 1 + random.next(2)),
                    fromNode: Int32(random.next(nodeCount)), toNode: Int32(random.next(nodeCount)),
                    forwardWeight: weight(&random), backwardWeight: weight(&random), length: 1, way: Int32(round)))
            }
            let expected = Self.reference(network.segments, pointNodeIds: pointNodeIds)
            let before = network.segments.count
            network.keepLaterOfOverlappingSegments(pointNodeIds: pointNodeIds)
            #expect(network.segments.map(\.firstPoint) == expected.map(\.firstPoint))
            #expect(network.segments.map(\.fromNode) == expected.map(\.fromNode))
            #expect(network.segments.map(\.forwardWeight) == expected.map(\.forwardWeight))
            droppedAny += before - network.segments.count
        }
        #expect(droppedAny > 100)
    }
}

extension RoadNetworkCuttingTests {
    /// Negative ids, one id only, ids far apart (the comparison sort's path) and the radix
    /// sort's skipped passes all number as a plain sort does.
    @Test func pointNodesAcrossIdRanges() {
        var random = Random(state: 3)
        let cases: [[Int64]] = [
            [42], [5, 5, 5], [-3, 7, -3, 0, Int64.max, Int64.min, 7],
            (0..<3000).map { _ in Int64(random.next(100)) - 50 },
            (0..<3000).map { _ in Int64(random.next(1 << 20)) << 40 },
            (0..<3000).map { _ in 13_000_000_000 + Int64(random.next(4000)) * 4096 },
        ]
        for ids in cases {
            let distinct = Array(Set(ids)).sorted()
            let number = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, Int32($0)) })
            let nodes = PointNodes(ids: ids)
            #expect(nodes.denseCount == distinct.count)
            #expect(nodes.dense == ids.map { number[$0]! })
        }
        var keys = (0..<5000).map { _ in UInt64(random.next(1 << 30)) << 20 | UInt64(random.next(1 << 20)) }
        let sorted = keys.sorted()
        PointNodes.radixSort(&keys, bits: 50)
        #expect(keys == sorted)
    }
}
