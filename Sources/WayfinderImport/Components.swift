import WayfinderGraph

/// Strongly connected components of a search graph (iterative Tarjan), numbered by
/// decreasing size so that component 0 is the main network.
func stronglyConnectedComponents(nodeCount n: Int, arcs: [WeightedArc]) -> (component: [Int32], sizes: [Int32]) {
    let graph = BaseGraph(nodeCount: n, arcs: arcs)
    var index = [Int32](repeating: -1, count: n)
    var low = [Int32](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n)
    var component = [Int32](repeating: -1, count: n)
    var stack: [Int32] = []
    var callStack: [(node: Int32, nextArc: Int32)] = []
    var counter: Int32 = 0
    var sizes: [Int32] = []

    for root in 0..<Int32(n) where index[Int(root)] < 0 {
        callStack.append((root, graph.first[Int(root)]))
        index[Int(root)] = counter; low[Int(root)] = counter; counter += 1
        stack.append(root); onStack[Int(root)] = true
        while let (v, arc) = callStack.last {
            if arc < graph.first[Int(v) + 1] {
                callStack[callStack.count - 1].nextArc += 1
                let w = graph.arcs[Int(arc)].head
                if index[Int(w)] < 0 {
                    index[Int(w)] = counter; low[Int(w)] = counter; counter += 1
                    stack.append(w); onStack[Int(w)] = true
                    callStack.append((w, graph.first[Int(w)]))
                } else if onStack[Int(w)] {
                    low[Int(v)] = min(low[Int(v)], index[Int(w)])
                }
                continue
            }
            callStack.removeLast()
            if let parent = callStack.last?.node { low[Int(parent)] = min(low[Int(parent)], low[Int(v)]) }
            if low[Int(v)] == index[Int(v)] {
                let id = Int32(sizes.count)
                var size: Int32 = 0
                while true {
                    let w = stack.removeLast()
                    onStack[Int(w)] = false
                    component[Int(w)] = id
                    size += 1
                    if w == v { break }
                }
                sizes.append(size)
            }
        }
    }
    // Renumber by size, largest first.
    let order = sizes.indices.sorted { sizes[$0] > sizes[$1] }
    var renumber = [Int32](repeating: 0, count: sizes.count)
    for (newId, old) in order.enumerated() { renumber[old] = Int32(newId) }
    return (component.map { renumber[Int($0)] }, order.map { sizes[$0] })
}

/// How much of a mode's road network the main network (the largest strongly connected
/// component) holds, counted in search nodes that can be used at all: those with at least one
/// arc (a one-way street's other direction, and a road closed to the mode, are not counted).
///
/// Every node of the search graph is counted (no sample). On the real extracts in `data/`
/// the share is 0.79 (Porto, walking) to 0.99: the cut-off rest is the ends of roads clipped at the extract's
/// edge (a one-way street that leaves the box cannot be returned from), private yards and
/// car parks. A build whose main network holds less than `warningShare` is warned about: most
/// routes between random points would fail, as in an extract of two unconnected areas or one
/// cut along a motorway.
public struct MainNetworkShare: Sendable, Equatable {
    /// Below this share of its usable nodes in the main network, a mode is warned about.
    public static let warningShare = 0.6

    public let mainNetwork: Int
    public let usableNodes: Int

    public init(mainNetwork: Int, usableNodes: Int) {
        (self.mainNetwork, self.usableNodes) = (mainNetwork, usableNodes)
    }

    /// From a search graph and its components' sizes (largest first).
    init(nodeCount: Int, arcs: [WeightedArc], componentSizes: [Int32]) {
        var used = [Bool](repeating: false, count: nodeCount)
        for arc in arcs {
            used[Int(arc.tail)] = true
            used[Int(arc.head)] = true
        }
        self.init(mainNetwork: Int(componentSizes.first ?? 0), usableNodes: used.count { $0 })
    }

    public var share: Double { usableNodes > 0 ? Double(mainNetwork) / Double(usableNodes) : 0 }
    public var isLow: Bool { share < Self.warningShare }
}
