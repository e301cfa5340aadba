import WayfinderGraph

/// Tabulating the core (layout and why it is exact: `CoreTable`): one Dijkstra per core node
/// over the core's arcs, run when a hierarchy is finished.
extension CoreTable {
    /// The tables for the last `size` ranks. The caller guarantees upward closure (checked).
    static func build(size k: Int, forwardFirst: [Int32], forwardArcs: [CHArc],
                      backwardFirst: [Int32], backwardArcs: [CHArc]) -> (distances: [Int32], nextHop: [UInt16]) {
        guard k > 0 else { return ([], []) }
        let n = forwardFirst.count - 1
        let start = n - k
        precondition(k <= n && k <= Int(noHop), "core size \(k) out of range")
        // Arcs between core nodes, in the graph's direction, over local ids: forward arcs at
        // x lead up from x; backward arcs at y (head h) are arcs h -> y down to y.
        var arcs: [WeightedArc] = []
        for rank in start..<n {
            let x = Int32(rank - start)
            for arc in forwardArcs[Int(forwardFirst[rank])..<Int(forwardFirst[rank + 1])] {
                precondition(Int(arc.head) >= start, "core is not upward closed")
                arcs.append(WeightedArc(tail: x, head: arc.head - Int32(start), weight: arc.weight, payload: 0))
            }
            for arc in backwardArcs[Int(backwardFirst[rank])..<Int(backwardFirst[rank + 1])] {
                precondition(Int(arc.head) >= start, "core is not upward closed")
                arcs.append(WeightedArc(tail: arc.head - Int32(start), head: x, weight: arc.weight, payload: 0))
            }
        }
        let core = BaseGraph(nodeCount: k, arcs: arcs)

        var distances = [Int32](repeating: infiniteWeight, count: k * k)
        var nextHop = [UInt16](repeating: noHop, count: k * k)
        var hops = [Int32](repeating: .max, count: k)
        let heap = MinHeap()
        for a in 0..<k {
            let row = a * k
            for i in 0..<k { hops[i] = .max }
            distances[row + a] = 0
            hops[a] = 0
            heap.removeAll()
            heap.push(key: 0, id: Int32(a))
            // Dijkstra by (distance, arc count): a node whose count improves at an equal
            // distance is pushed again, so its successors' counts follow.
            while !heap.isEmpty {
                let (key, u) = heap.pop()
                if key > distances[row + Int(u)] { continue }
                for arc in core.arcs[Int(core.first[Int(u)])..<Int(core.first[Int(u) + 1])] {
                    let w = Int(arc.head)
                    let d = Int64(key) + Int64(arc.weight)
                    guard d < Int64(infiniteWeight) else { continue }
                    let old = distances[row + w]
                    if d < Int64(old) || (d == Int64(old) && hops[Int(u)] + 1 < hops[w]) {
                        distances[row + w] = Int32(d)
                        hops[w] = hops[Int(u)] + 1
                        nextHop[row + w] = Int(u) == a ? UInt16(w) : nextHop[row + Int(u)]
                        heap.push(key: Int32(d), id: Int32(w))
                    }
                }
            }
        }
        return (distances, nextHop)
    }
}
