import WayfinderGraph


/// A test graph; every arc's payload is its index in `arcs`, so paths can be checked arc by arc.
struct TestGraph {
    var nodeCount: Int
    var arcs: [WeightedArc] = []

    mutating func add(_ tail: Int, _ head: Int, _ weight: Int32) {
        arcs.append(WeightedArc(tail: Int32(tail), head: Int32(head), weight: weight, payload: Int32(arcs.count)))
    }
}

enum TestGraphs {
    /// Uniformly random arcs: with `density` arcs per node, parallel arcs and self-loops happen
    /// by chance; a share of zero weights; weights up to `maxWeight`.
    static func random(nodes: Int, density: Double, maxWeight: Int32, zeroShare: Double,
                       rng: inout SplitMix64) -> TestGraph {
        var g = TestGraph(nodeCount: nodes)
        for _ in 0..<Int(Double(nodes) * density) {
            let u = Int.random(in: 0..<nodes, using: &rng)
            // Mostly local arcs, so that there are real detours and witnesses.
            let v = Double.random(in: 0..<1, using: &rng) < 0.7
                ? ((u + Int.random(in: -3...3, using: &rng)) % nodes + nodes) % nodes
                : Int.random(in: 0..<nodes, using: &rng)
            let w = Double.random(in: 0..<1, using: &rng) < zeroShare ? 0 : Int32.random(in: 1...maxWeight, using: &rng)
            g.add(u, v, w)
        }
        return g
    }

    /// A road-like grid of intersections: each grid edge is missing with some probability, a
    /// road in both directions (independent weights) or one-way; some parallel roads and
    /// self-loops (roundabout-like) added.
    /// With `hierarchical`, every 8th row and column is an arterial road (3x faster) and every
    /// 32nd a highway (10x faster), as real networks have; without, all roads are alike (the
    /// hardest case for contraction).
    static func roadGrid(width: Int, height: Int, hierarchical: Bool = false, rng: inout SplitMix64) -> TestGraph {
        var g = TestGraph(nodeCount: width * height)
        func road(_ u: Int, _ v: Int) {
            let r = Double.random(in: 0..<1, using: &rng)
            if r < 0.15 { return }
            var w = Int32.random(in: 1000...9000, using: &rng)
            if hierarchical {
                // The road's row (horizontal) or column (vertical) decides its class.
                let line = v == u + 1 ? u / width : u % width
                w /= line % 32 == 0 ? 10 : line % 8 == 0 ? 3 : 1
            }
            if r < 0.25 {
                if Bool.random(using: &rng) { g.add(u, v, w) } else { g.add(v, u, w) }
            } else {
                g.add(u, v, w)
                g.add(v, u, w + Int32.random(in: 0...500, using: &rng))
            }
            if r > 0.98 { g.add(u, v, w / 2) }  // parallel, cheaper
        }
        for y in 0..<height {
            for x in 0..<width {
                let u = y * width + x
                if x + 1 < width { road(u, u + 1) }
                if y + 1 < height { road(u, u + width) }
                if Double.random(in: 0..<1, using: &rng) < 0.01 { g.add(u, u, Int32.random(in: 0...3000, using: &rng)) }
            }
        }
        return g
    }

    /// The turn-expanded graph of `roads`: one node per road arc, one arc per allowed turn
    /// (no U-turns unless it is the only way on), weight = next road + turn cost.
    static func turnExpanded(_ roads: TestGraph, rng: inout SplitMix64) -> TestGraph {
        var outArcs = [[Int]](repeating: [], count: roads.nodeCount)
        for (i, arc) in roads.arcs.enumerated() where arc.tail != arc.head { outArcs[Int(arc.tail)].append(i) }
        var g = TestGraph(nodeCount: roads.arcs.count)
        for (i, arc) in roads.arcs.enumerated() where arc.tail != arc.head {
            let next = outArcs[Int(arc.head)]
            let noUTurn = next.filter { roads.arcs[$0].head != arc.tail }
            for j in (noUTurn.isEmpty ? next : noUTurn) {
                g.add(i, j, roads.arcs[j].weight + Int32.random(in: 0...3, using: &rng) * 1000)
            }
        }
        return g
    }
}
