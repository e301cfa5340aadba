import WayfinderGraph

/// Finds where a via-way restriction lies on the road network: the directed segments that
/// arrive by the from-way, the chain of directed segments along the via ways, and the one
/// leaving by the to-way. OSRM ignores a restriction whose ways are not connected in order;
/// so does this, and also one whose path is ambiguous or cannot be driven.
struct TurnPaths {
    let network: RoadNetwork
    let ways: [WayInfo]
    private let first: [Int32]
    private let leaving: [Int32]
    /// Segments of each way named in a restriction, by OSM way id.
    private var segmentsOf: [Int64: [Int32]] = [:]

    init(network: RoadNetwork, ways: [WayInfo], restrictions: [TurnRestriction]) {
        self.network = network
        self.ways = ways
        (first, leaving) = network.leavingSegments()
        var wanted = Set<Int64>()
        for r in restrictions { wanted.insert(r.fromWay); wanted.insert(r.toWay); wanted.formUnion(r.viaWays) }
        for (s, segment) in network.segments.enumerated() where wanted.contains(ways[Int(segment.way)].osmId) {
            segmentsOf[ways[Int(segment.way)].osmId, default: []].append(Int32(s))
        }
    }

    private func weight(_ x: Int32) -> Int32 { network.segments[Int(x >> 1)].weight(forward: x & 1 == 0) }
    private func way(_ x: Int32) -> Int64 { ways[Int(network.segments[Int(x >> 1)].way)].osmId }
    private func endNode(_ x: Int32) -> Int32 {
        let s = network.segments[Int(x >> 1)]
        return x & 1 == 0 ? s.toNode : s.fromNode
    }
    private func leavingAt(_ v: Int32) -> ArraySlice<Int32> { leaving[Int(first[Int(v)])..<Int(first[Int(v) + 1])] }
    private func touches(_ way: Int64, _ v: Int32) -> Bool { leavingAt(v).contains { self.way($0) == way } }
    /// Whether `v` is an end of `way` (one segment end of it there, not two: passing through).
    private func ends(_ way: Int64, at v: Int32) -> Bool { leavingAt(v).lazy.filter { self.way($0) == way }.count == 1 }

    /// Every (from-segment, via path, to-segment) the restriction means: one per drivable
    /// from-segment arriving where the via path starts (usually one); empty if it does not resolve.
    func resolve(_ r: TurnRestriction) -> [(from: Int32, via: [Int32], to: Int32)] {
        guard let fromSegments = segmentsOf[r.fromWay], segmentsOf[r.toWay] != nil,
              r.viaWays.allSatisfy({ segmentsOf[$0] != nil }) else { return [] }
        var out: [(Int32, [Int32], Int32)] = []
        for s in fromSegments {
            // Each way of the chain must end where the next begins: a from-way (via way) that
            // passes through the junction leaves open which way it is left (OSRM ignores those).
            for from in [2 * s, 2 * s + 1] where weight(from) >= 0 && touches(r.viaWays[0], endNode(from))
                && ends(r.fromWay, at: endNode(from)) {
                guard let (via, end) = walk(from: endNode(from), along: r.viaWays, then: r.toWay) else { continue }
                // The to-way must leave the via path's end exactly once (as for via nodes).
                let to = leavingAt(end).filter { way($0) == r.toWay && weight($0) >= 0 }
                guard to.count == 1, let first = via.first, first != from ^ 1 else { continue }
                out.append((from, via, to[0]))
            }
        }
        return out
    }

    /// The directed segments from `start` along each via way in turn, each followed to the
    /// first node the next way (or the to-way, after the last) touches. Nil when a way cannot
    /// be followed there in one drivable way.
    private func walk(from start: Int32, along viaWays: [Int64], then toWay: Int64) -> (path: [Int32], end: Int32)? {
        var path: [Int32] = [], node = start
        for (i, w) in viaWays.enumerated() {
            let next = i + 1 < viaWays.count ? viaWays[i + 1] : toWay
            guard ends(w, at: node) else { return nil }
            var found: [Int32]?
            for x in leavingAt(node) where way(x) == w && weight(x) >= 0 && x != path.last.map({ $0 ^ 1 }) {
                var leg = [x], at = endNode(x)
                while !touches(next, at) && leg.count <= (segmentsOf[w]?.count ?? 0) {
                    let onward = leavingAt(at).filter { way($0) == w && $0 != leg.last! ^ 1 }
                    guard onward.count == 1, weight(onward[0]) >= 0 else { leg = []; break }
                    leg.append(onward[0])
                    at = endNode(onward[0])
                }
                guard !leg.isEmpty, touches(next, at), ends(w, at: at) else { continue }
                if found != nil { return nil }   // both ways along the via way reach the next: ambiguous
                found = leg
            }
            guard let leg = found else { return nil }
            path += leg
            node = endNode(leg.last!)
        }
        return (path, node)
    }
}
