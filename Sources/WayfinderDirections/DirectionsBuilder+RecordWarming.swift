import WayfinderGraph
import WayfinderRouting

/// The graph records the directions will read, loaded ahead in tight loops so that their
/// cache misses overlap: before measuring, each piece's segment, its shape's ends and its
/// start node's list of roads; before finding maneuvers, the roads at each node passed.
///
/// `measure` and `findManeuvers` read these records piece by piece, and each load waits
/// behind decisions made on the one before: on a graph larger than the caches (the 10x10
/// tiling) they waited for one miss at a time (a third of `findManeuvers`' time went to
/// three loads). In these loops the loads of many pieces are in flight at once, and the
/// phases after find them in cache. Nothing read here is used: the sum only keeps the loads.
/// On a graph small enough to stay in cache (Andorra: 4 % more instructions for no gain the
/// timings could show) the loops are skipped.
extension DirectionsBuilder {
    /// Whether the graph's records are many enough to fall out of cache between routes:
    /// 2^18 segment records are 8 MiB, with their shapes, ways and lists of roads several
    /// times that.
    static func warmsRecords(_ graph: RoutingGraph) -> Bool { graph.segments.count >= 1 << 18 }

    /// What `measure` reads of each piece.
    func warmPieceRecords(_ route: Route) {
        let segments = graph.segments, points = graph.points, nodeFirst = graph.nodeFirst
        var sum: UInt32 = 0
        route.pieces.withUnsafeBufferPointer { pieces in
            for piece in pieces {
                let s = segments[Int(piece.segment)]
                sum &+= UInt32(bitPattern: points[Int(s.firstPoint)].lat &+ points[Int(s.lastPoint)].lat)
                sum &+= UInt32(bitPattern: nodeFirst[Int(piece.forward ? s.fromNode : s.toNode)])
            }
        }
        warmedRecords &+= sum
    }

    /// What `findManeuvers` reads at each node passed: the way taken, whether a ring passes
    /// the node, and at a node of more than two roads each road leaving it with its way and
    /// bearing (where two ways join, the loop reads only the way taken).
    func warmIntersectionRecords() {
        let segments = graph.segments, ways = graph.ways, bearings = graph.bearings.encoded
        let nodeFirst = graph.nodeFirst, nodeLeaving = graph.nodeLeaving
        var sum: UInt32 = 0
        for k in pieces.indices {
            sum &+= UInt32(ways[Int(pieceWay[k])].flags)
            let v = Int(startNode(directed(pieces[k])))
            if !graph.ringNodes.isEmpty { sum &+= UInt32(truncatingIfNeeded: graph.ringNodes[v >> 6]) }
            guard startDegree[k] > 2 else { continue }
            for i in Int(nodeFirst[v])..<Int(nodeFirst[v + 1]) {
                let x = Int(nodeLeaving[i])
                sum &+= UInt32(bitPattern: ways[Int(segments[x >> 1].way)].name)
                if !bearings.isEmpty { sum &+= UInt32(bearings[x]) }
            }
        }
        warmedRecords &+= sum
    }
}
