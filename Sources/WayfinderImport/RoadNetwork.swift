import WayfinderGraph

/// One mode's road network: segments between intersections, cut from the collected ways.
struct RoadNetwork {
    var segments: [RoadSegment] = []
    /// Number of intersections (graph nodes); a node of a barrier that blocks this mode is
    /// split into one node per segment end, so nothing passes through it.
    var nodeCount = 0
    /// OSM node id of every graph node (for restrictions and traffic signals).
    var nodeOsmIds: [Int64] = []
    /// Driving only, per segment: bit 1 forward, bit 2 backward restricted (`RestrictedAccess`).
    var restrictedSegments: [UInt8] = []
    /// Cycling only, per segment: each direction's transport (`SegmentTransports.byte`).
    var segmentTransports: [UInt8] = []

    /// A network given segment by segment (tests).
    init(segments: [RoadSegment], nodeCount: Int) {
        (self.segments, self.nodeCount) = (segments, nodeCount)
    }

    /// Cuts the usable ways of `mode` at every node shared by two usable ways (or met twice),
    /// at way ends and at blocking barriers (driving: also at obstacles).
    init(collector c: OSMCollector, nodes: PointNodes, mode: TravelMode) {
        let (denseNode, denseCount, pointNodeIds) = (nodes.dense, nodes.denseCount, nodes.ids)
        let m = Int(mode.rawValue - 1)
        let access = c.access[m]
        let blocked = c.blockedNodes[m]
        // Driving also cuts at nodes with obstacles (signals, signs, gates): their cost is a
        // turn's (`TurnCosts`), and a route starting or ending beside one pays it only if it passes.
        let obstacles = mode.isTurnExpanded ? c.obstacles : [:]
        var useCount = [UInt8](repeating: 0, count: denseCount)
        for w in 0..<c.ways.count where access[w].isUsable {
            for p in Int(c.wayFirstPoint[w])...Int(c.wayLastPoint[w]) {
                let d = Int(denseNode[p])
                if useCount[d] < 2 { useCount[d] += 1 }
            }
        }
        var graphNode = [Int32](repeating: -1, count: denseCount)
        func node(atPoint p: Int) -> Int32 {
            let d = Int(denseNode[p])
            let osmId = pointNodeIds[p]
            if !blocked.isEmpty && blocked.contains(osmId) {
                nodeOsmIds.append(osmId)
                nodeCount += 1
                return Int32(nodeCount - 1)
            }
            if graphNode[d] < 0 {
                graphNode[d] = Int32(nodeCount)
                nodeOsmIds.append(osmId)
                nodeCount += 1
            }
            return graphNode[d]
        }
        for w in 0..<c.ways.count where access[w].isUsable {
            let first = Int(c.wayFirstPoint[w]), last = Int(c.wayLastPoint[w])
            let speeds = access[w]
            // A `duration` is spread over the way's segments by length (OSRM shares it by its
            // count of node-to-node pieces, which its own code notes should be by length).
            var secondsPerMetre = 0.0
            if speeds.duration > 0 {
                var wayLength = 0.0
                for p in (first + 1)...last { wayLength += TravelTimes.metres(c.points[p - 1], c.points[p]) }
                secondsPerMetre = wayLength > 0 ? speeds.duration / wayLength : 0
            }
            func weight(_ metres: Double, deciseconds: Int, _ kmh: Double) -> Int32 {
                guard kmh > 0, secondsPerMetre > 0 else { return Self.weight(deciseconds: deciseconds, kmh) }
                return Int32((metres * secondsPerMetre * 1000).rounded())
            }
            var start = first
            var length = 0.0
            var forwardTime = 0, backwardTime = 0   // deciseconds, summed per stretch as OSRM
            for p in (first + 1)...last {
                let metres = TravelTimes.metres(c.points[p - 1], c.points[p])
                length += metres
                if speeds.forwardSpeed > 0 { forwardTime += TravelTimes.deciseconds(metres, speeds.forwardSpeed) }
                if speeds.backwardSpeed > 0 { backwardTime += TravelTimes.deciseconds(metres, speeds.backwardSpeed) }
                let isBreak = p == last || useCount[Int(denseNode[p])] >= 2
                    || (!blocked.isEmpty && blocked.contains(pointNodeIds[p]))
                    || (!obstacles.isEmpty && obstacles[pointNodeIds[p]] != nil)
                guard isBreak else { continue }
                if denseNode[p] != denseNode[start] || p - start > 1 {
                    segments.append(RoadSegment(
                        firstPoint: Int32(start), lastPoint: Int32(p),
                        fromNode: node(atPoint: start), toNode: node(atPoint: p),
                        forwardWeight: weight(length, deciseconds: forwardTime, speeds.forwardSpeed),
                        backwardWeight: weight(length, deciseconds: backwardTime, speeds.backwardSpeed),
                        length: Float(length), way: Int32(w)))
                    if mode == .driving {
                        restrictedSegments.append((speeds.forwardRestricted ? 1 : 0) | (speeds.backwardRestricted ? 2 : 0))
                    }
                    if mode == .cycling {
                        segmentTransports.append(SegmentTransports.byte(forward: speeds.forwardTransport,
                                                                         backward: speeds.backwardTransport))
                    }
                }
                start = p
                length = 0
                forwardTime = 0
                backwardTime = 0
            }
        }
        keepLaterOfOverlappingSegments(pointNodeIds: pointNodeIds)
    }

    /// The directed segments (`2 * segment + (backward ? 1 : 0)`) leaving each node, in CSR
    /// form: those of node `v` are `leaving[first[v] ..< first[v + 1]]`. The opposite
    /// direction of each arrives at `v`, so this lists every segment end at the node.
    func leavingSegments() -> (first: [Int32], leaving: [Int32]) {
        var first = [Int32](repeating: 0, count: nodeCount + 1)
        for s in segments {
            first[Int(s.fromNode) + 1] += 1
            first[Int(s.toNode) + 1] += 1
        }
        for v in 0..<nodeCount { first[v + 1] += first[v] }
        var fill = first
        var leaving = [Int32](repeating: 0, count: Int(first[nodeCount]))
        for (i, s) in segments.enumerated() {
            leaving[Int(fill[Int(s.fromNode)])] = Int32(2 * i); fill[Int(s.fromNode)] += 1
            leaving[Int(fill[Int(s.toNode)])] = Int32(2 * i + 1); fill[Int(s.toNode)] += 1
        }
        return (first, leaving)
    }

    /// Milliseconds of a stretch OSRM times at `deciseconds` (`TravelTimes`); -1 when `kmh`
    /// says the direction is not allowed.
    static func weight(deciseconds: Int, _ kmh: Double) -> Int32 {
        kmh > 0 ? Int32(clamping: deciseconds * 100) : -1
    }
}
