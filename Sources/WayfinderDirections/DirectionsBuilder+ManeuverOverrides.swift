import WayfinderGraph
import WayfinderRouting

/// Mappers' corrections (`type=maneuver` relations, `ManeuverOverrideTable`), applied last,
/// as OSRM's maneuver overrides: where the route follows a relation's ways (from, via, to)
/// through its via node, the step there says the relation's maneuver and direction, even
/// where nothing was said before; `suppress` removes the step, its road told by the one before
/// (but for the departure).
/// Driving only (car.lua's relations).
extension DirectionsBuilder {
    /// Applies the overrides along the route; `line` is the route's line (`measure`).
    func applyManeuverOverrides(_ line: [FixedCoordinate]) {
        let table = graph.maneuverOverrides
        let n = pieces.count
        guard !table.isEmpty, graph.mode == .driving, n >= 2 else { return }
        var runs: [(osm: Int64, last: Int)] = []   // the route's OSM ways in order, and their last piece
        for k in 1..<n where startDegree[k] > 2 {
            // (Only at an intersection: elsewhere OSRM has no turn to override.)
            let candidates = table.at(line[lineIndex[k]])
            guard !candidates.isEmpty else { continue }
            if runs.isEmpty { runs = wayRuns() }
            for o in candidates where follows(o.wayChain, runs, at: k) {
                apply(o, at: k)
                break
            }
        }
    }

    /// The route's pieces grouped by OSM way: each way travelled, with its last piece.
    private func wayRuns() -> [(osm: Int64, last: Int)] {
        var runs: [(osm: Int64, last: Int)] = []
        for k in 0..<pieces.count {
            let osm = info(pieceWay[k]).osmId
            if let last = runs.last, last.osm == osm { runs[runs.count - 1].last = k } else { runs.append((osm, k)) }
        }
        return runs
    }

    /// Whether the route follows `chain` over boundary `k` (between pieces `k - 1` and `k`).
    private func follows(_ chain: [Int64], _ runs: [(osm: Int64, last: Int)], at k: Int) -> Bool {
        guard let after = runs.firstIndex(where: { $0.last >= k }) else { return false }
        let before = after > 0 && runs[after - 1].last == k - 1 ? after - 1 : after
        // The chain's first run lies at or before the one ending at the boundary, its last at
        // or after the one starting there.
        for start in max(0, after - chain.count + 1)...before where start + chain.count <= runs.count {
            if chain.indices.allSatisfy({ runs[start + $0].osm == chain[$0] }) { return true }
        }
        return false
    }

    /// The override's maneuver at boundary `k`.
    private func apply(_ o: ManeuverOverride, at k: Int) {
        guard let kind = ManeuverOverride.Kind(rawValue: o.kind) else { return }
        let found = raw.firstIndex { $0.boundary == k && $0.type != .arrive && $0.type != .depart }
        if kind == .suppress {
            if let i = found {
                // The step before now leads onto the road (the departure keeps its own).
                if raw[i - 1].type != .depart { raw[i - 1].way = raw[i].way }
                raw.remove(at: i)
            }
            return
        }
        let i = found ?? insertStep(at: k)
        raw[i].type = Self.type(of: kind)
        if kind == .uturn {
            raw[i].modifier = .uturn
        } else if o.direction > 0, let modifier = ManeuverModifier(rawValue: o.direction - 1) {
            raw[i].modifier = modifier
        }
    }

    /// A new raw step at boundary `k` (where nothing was said), in boundary order; its index.
    private func insertStep(at k: Int) -> Int {
        let step = makeStep(at: k, arriving: directed(pieces[k - 1]), leaving: directed(pieces[k]))
        let i = raw.firstIndex { $0.boundary > k } ?? raw.count - 1
        raw.insert(step, at: i)
        return i
    }

    private static func type(of kind: ManeuverOverride.Kind) -> ManeuverType {
        switch kind {
        case .turn, .uturn, .suppress: return .turn
        case .newName: return .newName
        case .continue: return .continue
        case .endOfRoad: return .endOfRoad
        case .fork: return .fork
        case .merge: return .merge
        case .onRamp: return .onRamp
        case .offRamp: return .offRamp
        case .notification: return .notification
        }
    }
}
