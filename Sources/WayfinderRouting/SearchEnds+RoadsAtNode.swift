import WayfinderGraph

/// Driving search entries for a waypoint on an intersection whose approach narrows each road
/// there on its own (`NodeRoads`), as osrm-routed's candidates, one per road at the point.
///
/// A route from such a point leaves by a road allowed to leave, or arrives by a road allowed
/// to arrive and turns at the intersection (the search graph's turns there, their costs and
/// restrictions included); a route to it arrives by a road allowed to arrive, or turns into a
/// road allowed to leave and stops at once. A turn is entered as the turn arcs themselves
/// rather than as the road arrived by with nothing left of it, so that no pair of entries can
/// read a road backwards; that road is an empty piece of the route (`approachPiece`), so the
/// turn's cost lands on the step it belongs to. Turns into restricted roads from open ones are
/// left out (their charge is no travel time, and a table counts charges on its arcs only), and
/// so are via-way restrictions' copies of the roads turned from.
extension SearchEnds {
    func appendApproachSourceEntries(_ source: Snap, at v: Int32, to entries: inout [SearchEntry]) {
        let roads = source.roadsAtNode
        for (i, x) in leaving(v).enumerated() {
            if roads.leaves(i) && weight(x) >= 0 { entries.append(leavingEntry(source, x)) }
            if roads.arrives(i) && weight(x ^ 1) >= 0 {
                forEachTurn(from: x ^ 1, roads) { head, weight in entries.append(SearchEntry(node: head, weight: weight)) }
            }
        }
    }

    /// The entries of roads arriving at the intersection (`appendTargetEntries` adds their
    /// via-way copies, then `appendApproachTurnsIn`).
    func appendApproachTargetEntries(_ target: Snap, at v: Int32, shift: Int32, to entries: inout [SearchEntry]) {
        for (i, y) in leaving(v).enumerated() where target.roadsAtNode.arrives(i) && weight(y ^ 1) >= 0 {
            entries.append(arrivingEntry(target, y ^ 1, shift: shift))
        }
    }

    /// The entries of the turns into roads leaving the intersection.
    func appendApproachTurnsIn(_ target: Snap, at v: Int32, shift: Int32, to entries: inout [SearchEntry]) {
        for (i, y) in leaving(v).enumerated() where target.roadsAtNode.leaves(i) && weight(y) >= 0 {
            let rest = turnedIntoWeight(target, y, shift: shift)
            for w in leaving(v) where weight(w ^ 1) >= 0 {
                forEachTurn(from: w ^ 1, target.roadsAtNode) { head, weight in
                    if head == y { entries.append(SearchEntry(node: w ^ 1, weight: weight + rest)) }
                }
            }
        }
    }

    /// Puts the empty pieces of the roads turned from at the source and into at the target
    /// around a path's pieces (`first`, `last`: its first and last search nodes).
    func addApproachPieces(_ pieces: inout [RoutePiece], first: Int32, last: Int32, _ source: Snap, _ target: Snap) {
        if let before = approachPiece(before: first, source) { pieces.insert(before, at: 0) }
        if let after = approachPiece(after: last, target) { pieces.append(after) }
    }

    /// The empty piece of the road a route from `source` arrived at its intersection by
    /// before turning onto `first`, the path's first search node; nil when the route leaves
    /// by `first` itself (the direct entry wins a tie, as it is found first).
    func approachPiece(before first: Int32, _ source: Snap) -> RoutePiece? {
        guard turnExpanded, !source.roadsAtNode.isEmpty, let v = intersection(at: source) else { return nil }
        let roads = source.roadsAtNode
        var best = Int32.max, from: Int32 = -1
        for (i, x) in leaving(v).enumerated() where roads.leaves(i) && x == first && weight(x) >= 0 {
            best = min(best, leavingEntry(source, x).weight)
        }
        for (i, x) in leaving(v).enumerated() where roads.arrives(i) && weight(x ^ 1) >= 0 {
            forEachTurn(from: x ^ 1, roads) { head, weight in
                if head == first && weight < best { (best, from) = (weight, x ^ 1) }
            }
        }
        guard from >= 0 else { return nil }
        return RoutePiece(segment: from >> 1, forward: from & 1 == 0,
                          start: from >> 1 == source.segment ? travelled(source, from) : 1, end: 1)
    }

    /// The empty piece of the road a route to `target` turned into at its intersection after
    /// `last`, the path's last search node; nil when it arrives by `last` itself.
    func approachPiece(after last: Int32, _ target: Snap) -> RoutePiece? {
        guard turnExpanded, !target.roadsAtNode.isEmpty, let v = intersection(at: target) else { return nil }
        let roads = target.roadsAtNode, shift = shift(target)
        var best = Int32.max, into: Int32 = -1
        for (i, y) in leaving(v).enumerated() where roads.arrives(i) && y ^ 1 == last && weight(y ^ 1) >= 0 {
            best = min(best, arrivingEntry(target, y ^ 1, shift: shift).weight)
        }
        for (i, y) in leaving(v).enumerated() where roads.leaves(i) && weight(y) >= 0 {
            let rest = turnedIntoWeight(target, y, shift: shift)
            forEachTurn(from: last, roads) { head, weight in
                if head == y && weight + rest < best { (best, into) = (weight + rest, y) }
            }
        }
        guard into >= 0 else { return nil }
        return RoutePiece(segment: into >> 1, forward: into & 1 == 0,
                          start: 0, end: into >> 1 == target.segment ? travelled(target, into) : 0)
    }

    /// Leaving a source at the intersection along road end `x`: all of it, or the rest of
    /// the snapped segment.
    private func leavingEntry(_ source: Snap, _ x: Int32) -> SearchEntry {
        x >> 1 == source.segment ? sourceEntry(source, x) : SearchEntry(node: x, weight: weight(x))
    }

    /// Arriving at a target at the intersection along directed segment `y`: all of it, or the
    /// snapped segment up to the target.
    private func arrivingEntry(_ target: Snap, _ y: Int32, shift: Int32) -> SearchEntry {
        y >> 1 == target.segment ? targetEntry(target, y, shift: shift) : SearchEntry(node: y, weight: shift)
    }

    /// What a target entry takes back of road end `y` turned into and left at once (none of
    /// it travelled, or the snapped segment up to the target): to add to the turn's arc.
    private func turnedIntoWeight(_ target: Snap, _ y: Int32, shift: Int32) -> Int32 {
        y >> 1 == target.segment ? targetEntry(target, y, shift: shift).weight : shift - weight(y)
    }

    /// The search graph's turns from search node `w` (arriving at the intersection) that a
    /// waypoint's roads may take: the head and the arc's weight (the turn and all of the head).
    private func forEachTurn(from w: Int32, _ roads: NodeRoads, _ body: (Int32, Int32) -> Void) {
        guard graph.allowsDirected(w, excluding: roads.excluding) else { return }
        let base = graph.base, open = !graph.isRestricted(directed: Int(w))
        for arc in base.arcs[Int(base.first[Int(w)])..<Int(base.first[Int(w) + 1])] {
            let head = graph.directedSegment(ofSearchNode: arc.head)
            if !graph.allowsDirected(head, excluding: roads.excluding) { continue }
            if open && graph.isRestricted(directed: Int(head)) { continue }
            body(arc.head, arc.weight)
        }
    }
}
