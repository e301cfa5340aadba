import WayfinderGraph
import WayfinderRouting

/// The Viterbi decoding of one trace: per point and candidate, the log probability of the
/// likeliest path ending there, its parent, and the route metres of its last step. Points
/// with no transition from the last matched point are "broken"; the decoding recovers from a
/// run of them by splitting the trace (OSRM's breakage rule, so that answers agree with
/// osrm-routed where the model does).
struct ViterbiLattice {
    typealias Transitions = (_ sources: [MatchCandidate], _ targets: [MatchCandidate]) -> RouteTable

    let trace: MatchTrace
    let candidates: [[MatchCandidate]]
    /// Per point and candidate: the emission's log density.
    private var emissions: [[Double]]
    private var viterbi: [[Double]]
    /// The point and candidate the best path came from.
    private var parents: [[(point: Int, candidate: Int)]]
    /// Metres of route of the best path's last step.
    private var stepMetres: [[Double]]
    /// No path reaches this state.
    private var pruned: [[Bool]]
    /// No candidate of this point was reached.
    private var broken: [Bool]
    /// Where the trace was split: each matching ends before one of these.
    private var splits: [Int] = []
    private var firstMatched = 0

    init(trace: MatchTrace, candidates: [[MatchCandidate]]) {
        self.trace = trace
        self.candidates = candidates
        emissions = candidates.enumerated().map { i, list in
            list.map {
                MatchProbabilities.emission(distance: $0.distance, sigma: trace.accuracies[i])
                    - ($0.turnsBack ? MatchProbabilities.turnBackMetres / MatchProbabilities.transitionScale : 0)
            }
        }
        viterbi = candidates.map { Array(repeating: -.infinity, count: $0.count) }
        parents = candidates.map { Array(repeating: (0, 0), count: $0.count) }
        stepMetres = candidates.map { Array(repeating: 0, count: $0.count) }
        pruned = candidates.map { Array(repeating: true, count: $0.count) }
        broken = Array(repeating: true, count: candidates.count)
    }

    /// Forgets every point from `start` on.
    private mutating func clear(from start: Int) {
        for t in start..<candidates.count {
            for s in candidates[t].indices {
                viterbi[t][s] = -.infinity
                parents[t][s] = (0, 0)
                stepMetres[t][s] = 0
                pruned[t][s] = true
            }
            broken[t] = true
        }
    }

    /// Starts a path at the first point from `start` on that has candidates; nil when none has.
    private mutating func begin(at start: Int) -> Int? {
        var t = start
        while t < candidates.count {
            for s in candidates[t].indices {
                viterbi[t][s] = emissions[t][s]
                parents[t][s] = (t, s)
                pruned[t][s] = false
                broken[t] = false
            }
            if !broken[t] { return t }
            t += 1
        }
        return nil
    }

    /// Seconds between two samples, typically: the median step of the timestamps (at least
    /// a second when they repeat).
    private static func medianInterval(_ timestamps: [Double]) -> Double {
        var steps = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }
        guard !steps.isEmpty else { return 1 }
        let middle = steps.count / 2
        steps.sort()
        return steps[middle] > 0 ? steps[middle] : 1
    }

    /// Runs the forward pass over the whole trace with `transitions` (route durations and
    /// metres between two points' candidates). False when `stop` cut it short.
    mutating func decode(stop: () -> Bool, transitions: Transitions) -> Bool {
        let n = candidates.count
        clear(from: 0)
        guard let first = begin(at: 0) else {
            firstMatched = n
            return true
        }
        firstMatched = first
        let timestamps = trace.timestamps.flatMap { $0.count > 1 ? $0 : nil }
        let maxBrokenTime = timestamps.map { Self.medianInterval($0) * Double(MatchProbabilities.maxBrokenStates) } ?? 0
        var unbroken = [first]
        var breakageBegin: Int?
        var t = first + 1
        while t < n {
            if stop() { return false }
            let previous = unbroken.last!
            let stepTime = timestamps.map { $0[t] - $0[previous] } ?? 1
            let maxDelta = timestamps != nil ? stepTime * trace.maxSpeed : MatchProbabilities.maxDistanceDelta
            let gap = timestamps != nil && trace.splitsAtGaps ? stepTime > maxBrokenTime
                                                               : t - previous > MatchProbabilities.maxBrokenStates
            if !gap {
                step(from: previous, to: t, maxDelta: maxDelta, transitions)
                if broken[t] {
                    // The point before may be the stray one: it is dropped too, and the next
                    // point is tried from the one before it (osrm-routed's rule, also where
                    // this point has no road in reach at all).

                    if breakageBegin == nil || t < breakageBegin! { breakageBegin = t }
                    unbroken.removeLast()
                } else {
                    unbroken.append(t)
                }
            }
            if unbroken.isEmpty || gap {
                let split = breakageBegin ?? t
                breakageBegin = nil
                splits.append(split)
                clear(from: split)
                guard let restart = begin(at: split) else { return true }
                unbroken = [restart]
                t = restart
            }
            t += 1
        }
        if let last = unbroken.last { splits.append(last + 1) }
        return true
    }

    /// The transitions from point `p`'s live candidates to point `t`'s.
    private mutating func step(from p: Int, to t: Int, maxDelta: Double, _ transitions: Transitions) {
        let live = candidates[p].indices.filter { !pruned[p][$0] }
        guard !live.isEmpty, !candidates[t].isEmpty else { return }
        let table = transitions(live.map { candidates[p][$0] }, candidates[t])
        let straight = Geo.distance(trace.coordinates[p], trace.coordinates[t])
        // A route slower than the straight line plus the slack at a crawl is no transition.
        let slowest = (straight + maxDelta) / MatchProbabilities.minimumSpeed * 1000
        for (row, s) in live.enumerated() {
            for s2 in candidates[t].indices {
                guard let duration = table.duration(source: row, target: s2), Double(duration) <= slowest,
                      let metres = table.distance(source: row, target: s2) else { continue }
                let delta = abs(metres - straight)
                if delta >= maxDelta { continue }
                let value = viterbi[p][s] + emissions[t][s2] + MatchProbabilities.transition(delta: delta)
                if value > viterbi[t][s2] {
                    viterbi[t][s2] = value
                    parents[t][s2] = (p, s)
                    stepMetres[t][s2] = metres
                    pruned[t][s2] = false
                    broken[t] = false
                }
            }
        }
    }

    /// The matchings the decoding found, each its likeliest path traced back from its best
    /// last state; a stretch of fewer than two points is none.
    mutating func subMatchings() -> [SubMatching] {
        var reachable = candidates.map { Array(repeating: false, count: $0.count) }
        var result: [SubMatching] = []
        var begin = firstMatched
        for end in splits {
            defer { begin = end }
            var last = end - 1
            while last >= begin && broken[last] { last -= 1 }
            var start = begin
            while start < end && broken[start] { start += 1 }
            guard last >= start + 1, !viterbi[last].isEmpty else { continue }
            var best = 0
            for s in viterbi[last].indices where viterbi[last][s] > viterbi[last][best] { best = s }
            var path: [(point: Int, candidate: Int)] = []
            var at = (point: last, candidate: best)
            while at.point > start {
                path.append(at)
                reachable[at.point][at.candidate] = true
                let parent = parents[at.point][at.candidate]
                if parent.point == at.point { break }
                at = parent
            }
            path.append(at)
            reachable[at.point][at.candidate] = true
            guard path.count >= 2 else { continue }
            path.reverse()
            // Every other live end state's path, marked back to where it joins a marked one:
            // a point's alternatives are the candidates some such path passes through.
            for s in viterbi[last].indices {
                var state = (point: last, candidate: s)
                while state.point > start {
                    if reachable[state.point][state.candidate] || pruned[state.point][state.candidate] { break }
                    reachable[state.point][state.candidate] = true
                    state = parents[state.point][state.candidate]
                }
                reachable[state.point][state.candidate] = true
            }
            var matching = SubMatching(points: [], candidates: [], alternatives: [], confidence: 0,
                                       logProbability: viterbi[last][best])
            var matchedLength = 0.0, traceLength = 0.0
            for (k, state) in path.enumerated() {
                matching.points.append(state.point)
                matching.candidates.append(candidates[state.point][state.candidate])
                matching.alternatives.append(reachable[state.point].reduce(0) { $0 + ($1 ? 1 : 0) } - 1)
                matchedLength += stepMetres[state.point][state.candidate]
                if k > 0 { traceLength += Geo.distance(trace.coordinates[path[k - 1].point], trace.coordinates[state.point]) }
            }
            matching.confidence = MatchProbabilities.confidence(traceLength: traceLength, matchedLength: matchedLength)
            result.append(matching)
        }
        return result
    }
}
