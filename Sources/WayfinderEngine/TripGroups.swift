import WayfinderRouting

/// The places of a trip split into groups that can all reach each other (strongly connected
/// components of "has a route to" in the table), each visited by a trip of its own.
public struct TripGroups {
    /// The places of each group, increasing.
    public var members: [[Int]]

    public init(_ table: RouteTable) {
        let n = table.sourceCount
        // Tarjan's algorithm over the table's reachability (n is at most a few hundred).
        var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n), stack: [Int] = [], next = 0
        var groups: [[Int]] = []
        func visit(_ v: Int) {
            index[v] = next; low[v] = next; next += 1
            stack.append(v); onStack[v] = true
            for w in 0..<n where w != v && table.duration(source: v, target: w) != nil {
                if index[w] < 0 { visit(w); low[v] = min(low[v], low[w]) } else if onStack[w] { low[v] = min(low[v], index[w]) }
            }
            if low[v] == index[v] {
                var group: [Int] = []
                while true {
                    let w = stack.removeLast()
                    onStack[w] = false
                    group.append(w)
                    if w == v { break }
                }
                groups.append(group.sorted())
            }
        }
        for v in 0..<n where index[v] < 0 { visit(v) }
        members = groups.sorted { $0[0] < $1[0] }
    }

    /// The visiting order of one group's places (input indices), its first place first.
    public func tour(_ places: [Int], _ table: RouteTable, roundTrip: Bool, fromFirst: Bool, toLast: Bool, last: Int) -> [Int] {
        let k = places.count
        var durations = [Int32](repeating: 0, count: k * k)
        for a in 0..<k { for b in 0..<k where a != b { durations[a * k + b] = table.duration(source: places[a], target: places[b])! } }
        // The group is the whole trip whenever an end is fixed: place 0 and `last` are its first and last.
        let order = TripTour(durations: durations, count: k, roundTrip: roundTrip,
                             startsAtFirst: fromFirst, endsAtLast: toLast && places.last == last).solve()
        return order.map { places[$0] }
    }
}
