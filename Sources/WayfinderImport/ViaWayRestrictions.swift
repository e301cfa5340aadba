import WayfinderGraph

/// Via-way turn restrictions ("from this way, along these ways, not (only) into that one") in
/// the driving search graph, as OSRM does them: the search nodes along the via path are
/// duplicated, a car arriving from the from-way enters the copies, and only the last copy
/// lacks (or alone keeps) the restricted turn. A copy is a new search node `2 * segments + i`
/// standing for directed segment `copies[i]`; everywhere else it behaves like the original.
///
/// Several restrictions form one automaton (Aho-Corasick over directed segments): a trie of
/// their paths, each trie node a copy, with failure links so that a restriction whose path
/// starts inside another's still applies on the copies (OSRM's restriction graph does the
/// same). A route cannot start or end on a copy, as in OSRM: one ending on a via way of a
/// restriction it came in by has to reach the original segment some other way.
struct ViaWayRestrictions {
    /// The directed segment each extra search node copies.
    private(set) var copies: [Int32] = []
    /// Restrictions that took at least one turn away; and those that do not resolve to one
    /// drivable path on the network (ways missing, not connected in order, ambiguous).
    private(set) var applied = 0
    private(set) var unresolved = 0

    private let segmentCount: Int
    /// Trie edges: `key(state, next directed segment) -> child state`.
    private var children: [Int64: Int32] = [:]
    private var fail: [Int32] = []
    /// Per copy: the restrictions whose path ends there, (to-segment, mandatory, restriction).
    private var ends: [[(to: Int32, mandatory: Bool, rule: Int)]] = []

    private func key(_ state: Int32, _ next: Int32) -> Int64 { Int64(state) << 32 | Int64(UInt32(bitPattern: next)) }

    /// Resolves the via-way ones of `restrictions` and rewrites `arcs` (the driving graph's,
    /// every tail's arcs contiguous) with the copies. Nothing changes without any.
    init(_ restrictions: [TurnRestriction], network: RoadNetwork, ways: [WayInfo], arcs: inout [WeightedArc]) {
        segmentCount = network.segments.count
        let viaWay = restrictions.indices.filter { restrictions[$0].isViaWay }
        guard !viaWay.isEmpty else { return }
        let paths = TurnPaths(network: network, ways: ways, restrictions: viaWay.map { restrictions[$0] })
        var resolvedAny = false
        for (k, r) in viaWay.enumerated() {
            let found = paths.resolve(restrictions[r])
            if found.isEmpty { unresolved += 1; continue }
            resolvedAny = true
            for (from, via, to) in found { insert(from: from, via: via, to: to, mandatory: restrictions[r].isMandatory, rule: k) }
        }
        guard resolvedAny else { return }
        computeFailLinks()

        // The original arcs of every copied segment (a tail's arcs are contiguous).
        var range: [Int32: Range<Int>] = [:]
        let copied = Set(copies)
        var i = 0
        while i < arcs.count {
            var j = i + 1
            while j < arcs.count && arcs[j].tail == arcs[i].tail { j += 1 }
            if copied.contains(arcs[i].tail) { range[arcs[i].tail] = i..<j }
            i = j
        }
        var ruleApplied = [Bool](repeating: false, count: viaWay.count)
        // Arriving from a from-way's segment onto the first via segment enters the copies.
        for a in arcs.indices where children[key(arcs[a].tail, arcs[a].head)] != nil {
            arcs[a].head = children[key(arcs[a].tail, arcs[a].head)]!
        }
        for c in copies.indices {
            let state = Int32(segmentCount * 2 + c)
            // The rules in force on this copy: its own and those of its failure chain.
            var rules: [(to: Int32, mandatory: Bool, rule: Int)] = []
            var s = state
            while Int(s) >= 2 * segmentCount { rules += ends[Int(s) - 2 * segmentCount]; s = fail[Int(s) - 2 * segmentCount] }
            for a in range[copies[c]] ?? 0..<0 {
                let arc = arcs[a], next = arc.head
                let original = Int(next) >= 2 * segmentCount ? copies[Int(next) - 2 * segmentCount] : next
                if let rule = rules.first(where: { $0.mandatory ? $0.to != original : $0.to == original }) {
                    ruleApplied[rule.rule] = true
                    continue
                }
                arcs.append(WeightedArc(tail: state, head: transition(state, original), weight: arc.weight, payload: arc.payload))
            }
        }
        applied = ruleApplied.lazy.filter { $0 }.count
    }

    /// Adds the path `from, via...` to the trie and the rule at its end.
    private mutating func insert(from: Int32, via: [Int32], to: Int32, mandatory: Bool, rule: Int) {
        var state = from
        for x in via {
            if let child = children[key(state, x)] {
                state = child
            } else {
                let child = Int32(2 * segmentCount + copies.count)
                copies.append(x)
                fail.append(x)
                ends.append([])
                children[key(state, x)] = child
                state = child
            }
        }
        ends[Int(state) - 2 * segmentCount].append((to, mandatory, rule))
    }

    /// The state after turning from `state` into original directed segment `next`.
    private func transition(_ state: Int32, _ next: Int32) -> Int32 {
        var s = state
        while true {
            if let child = children[key(s, next)] { return child }
            if Int(s) < 2 * segmentCount { return next }
            s = fail[Int(s) - 2 * segmentCount]
        }
    }

    /// Failure links, shallow copies first: a copy's link is the state of the longest proper
    /// suffix of its path that the automaton knows (at least its own original segment).
    private mutating func computeFailLinks() {
        var depth = [Int](repeating: 0, count: copies.count)
        var parentOf = [(parent: Int32, via: Int32)](repeating: (0, 0), count: copies.count)
        for (k, child) in children {
            let parent = Int32(truncatingIfNeeded: k >> 32)
            parentOf[Int(child) - 2 * segmentCount] = (parent, copies[Int(child) - 2 * segmentCount])
        }
        func depthOf(_ c: Int) -> Int {
            if depth[c] > 0 { return depth[c] }
            let p = parentOf[c].parent
            depth[c] = Int(p) < 2 * segmentCount ? 1 : depthOf(Int(p) - 2 * segmentCount) + 1
            return depth[c]
        }
        let order = copies.indices.sorted { depthOf($0) < depthOf($1) }
        for c in order {
            let (parent, x) = parentOf[c]
            fail[c] = Int(parent) < 2 * segmentCount ? x : transition(fail[Int(parent) - 2 * segmentCount], x)
        }
    }
}
