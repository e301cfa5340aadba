/// The order in which to visit places, given the travel time between every two of them: the
/// tour behind OSRM's /trip service (a travelling salesman problem, asymmetric: one-way
/// streets make A→B differ from B→A).
///
/// Up to `exactLimit` places every order is tried. Beyond, two starting tours — nearest
/// neighbour, and farthest insertion (osrm-routed's heuristic) — are each improved by local
/// moves (2-opt: reverse a stretch; or-opt: move a run of up to three places elsewhere), each
/// move taken only when it shortens the tour, and the shorter result is kept. So the answer is
/// never longer than the plain nearest-neighbour tour.
public struct TripTour {
    /// Milliseconds from place `i` to place `j`, row-major `count x count`; every pair must
    /// have a route (split places into strongly connected groups first).
    public let durations: [Int32]
    public let count: Int
    /// Whether the tour returns to its first place.
    public let roundTrip: Bool
    /// Place 0 must come first, and the last place (`count - 1`) last.
    public let startsAtFirst: Bool
    public let endsAtLast: Bool

    /// Every order of up to this many places is tried (8! orders of the places after the first).
    public static let exactLimit = 9

    public init(durations: [Int32], count: Int, roundTrip: Bool, startsAtFirst: Bool, endsAtLast: Bool) {
        precondition(durations.count == count * count && count >= 1)
        self.durations = durations
        self.count = count
        self.roundTrip = roundTrip
        // A round trip has no first place of its own: starting it at place 0 costs nothing.
        self.startsAtFirst = startsAtFirst || roundTrip
        self.endsAtLast = endsAtLast && count > 1
    }

    @inline(__always) func cost(_ i: Int, _ j: Int) -> Int64 { Int64(durations[i * count + j]) }

    /// The total duration of visiting places in `order` (and back to the first, for a round trip).
    public func length(_ order: [Int]) -> Int64 {
        var total: Int64 = 0
        for (a, b) in zip(order, order.dropFirst()) { total += cost(a, b) }
        if roundTrip, let first = order.first, let last = order.last, order.count > 1 { total += cost(last, first) }
        return total
    }

    /// The best order found: a permutation of `0..<count` with the fixed ends in place.
    public func solve() -> [Int] {
        if count <= 2 { return Array(0..<count) }
        if count <= Self.exactLimit { return exact() }
        let candidates = [improved(nearestNeighbour()), improved(farthestInsertion())]
        return candidates.min { length($0) < length($1) }!
    }

    // MARK: Starting tours

    /// From the first place (place 0 when it is fixed or a round trip, else the best of every
    /// start), always on to the nearest place not yet visited; a fixed last place waits for the end.
    public func nearestNeighbour() -> [Int] {
        let starts = startsAtFirst ? [0] : Array(0..<(endsAtLast ? count - 1 : count))
        var best: [Int]?
        for start in starts {
            var order = [start], visited = [Bool](repeating: false, count: count)
            visited[start] = true
            if endsAtLast { visited[count - 1] = true }
            while order.count < (endsAtLast ? count - 1 : count) {
                let here = order.last!
                var next = -1
                for j in 0..<count where !visited[j] && (next < 0 || cost(here, j) < cost(here, next)) { next = j }
                visited[next] = true
                order.append(next)
            }
            if endsAtLast { order.append(count - 1) }
            if best == nil || length(order) < length(best!) { best = order }
        }
        return best!
    }

    /// Start from the fixed ends (or the two places farthest apart) and insert, one after the
    /// other, the place farthest from the tour so far where it lengthens it least.
    public func farthestInsertion() -> [Int] {
        var order: [Int]
        if startsAtFirst && endsAtLast {
            order = [0, count - 1]
        } else {
            var pair = (0, 1)
            for i in 0..<count { for j in 0..<count where i != j && cost(i, j) + cost(j, i) > cost(pair.0, pair.1) + cost(pair.1, pair.0) {
                pair = (i, j)
            } }
            order = startsAtFirst ? [0, pair.0 == 0 ? pair.1 : pair.0] : endsAtLast ? [pair.0 == count - 1 ? pair.1 : pair.0, count - 1] : [pair.0, pair.1]
        }
        var inTour = [Bool](repeating: false, count: count)
        for i in order { inTour[i] = true }
        // Distance of each place from the tour: the least cost either way to any place on it.
        var nearest = (0..<count).map { j in order.map { min(cost($0, j), cost(j, $0)) }.min()! }
        while order.count < count {
            var far = -1
            for j in 0..<count where !inTour[j] && (far < 0 || nearest[j] > nearest[far]) { far = j }
            // Between two places of the tour, never before a fixed first or after a fixed last.
            let lowest = startsAtFirst ? 1 : 0, highest = endsAtLast ? order.count - 1 : order.count
            var bestAt = lowest, bestAdded = Int64.max
            for at in lowest...highest {
                let before = at > 0 ? order[at - 1] : nil
                let after = at < order.count ? order[at] : (roundTrip ? order[0] : nil)
                var added: Int64 = 0
                if let before { added += cost(before, far) }
                if let after { added += cost(far, after) }
                if let before, let after { added -= cost(before, after) }
                if added < bestAdded { (bestAt, bestAdded) = (at, added) }
            }
            order.insert(far, at: bestAt)
            inTour[far] = true
            for j in 0..<count where !inTour[j] { nearest[j] = min(nearest[j], cost(far, j), cost(j, far)) }
        }
        return order
    }

    // MARK: Improving

    /// Applies shortening 2-opt and or-opt moves until none is left (or a generous bound).
    public func improved(_ start: [Int]) -> [Int] {
        var order = start, best = length(order)
        let lowest = startsAtFirst ? 1 : 0, highest = endsAtLast ? count - 2 : count - 1   // movable positions
        guard highest > lowest else { return order }
        var improving = true, rounds = 0
        while improving && rounds < 50 {
            improving = false
            rounds += 1
            // 2-opt: reverse positions i...j.
            for i in lowest..<highest {
                for j in (i + 1)...highest {
                    var candidate = order
                    candidate[i...j].reverse()
                    let l = length(candidate)
                    if l < best { (order, best, improving) = (candidate, l, true) }
                }
            }
            // Or-opt: move a run of 1–3 places to another gap.
            for run in 1...3 {
                for i in lowest...max(lowest, highest - run + 1) where i + run - 1 <= highest {
                    let moved = Array(order[i..<(i + run)])
                    var rest = order
                    rest.removeSubrange(i..<(i + run))
                    let restHighest = endsAtLast ? rest.count - 1 : rest.count
                    for at in lowest...restHighest where at != i {
                        var candidate = rest
                        candidate.insert(contentsOf: moved, at: at)
                        let l = length(candidate)
                        if l < best { (order, best, improving) = (candidate, l, true); break }
                    }
                }
            }
        }
        return order
    }

    /// Every order of the movable places (Heap's algorithm), the shortest kept.
    func exact() -> [Int] {
        var fixedFirst: [Int] = startsAtFirst ? [0] : [], fixedLast: [Int] = endsAtLast ? [count - 1] : []
        if startsAtFirst && endsAtLast && count == 1 { fixedLast = [] }
        var middle = (0..<count).filter { !(startsAtFirst && $0 == 0) && !(endsAtLast && $0 == count - 1) }
        if middle.isEmpty { fixedFirst = Array(0..<count); fixedLast = [] }
        var best = fixedFirst + middle + fixedLast, bestLength = length(best)
        var c = [Int](repeating: 0, count: middle.count), i = 0
        while i < middle.count {
            if c[i] < i {
                middle.swapAt(i % 2 == 0 ? 0 : c[i], i)
                let order = fixedFirst + middle + fixedLast
                let l = length(order)
                if l < bestLength { (best, bestLength) = (order, l) }
                c[i] += 1
                i = 0
            } else {
                c[i] = 0
                i += 1
            }
        }
        return best
    }
}
