import WayfinderGraph

/// How snapped points become search entries, and how the ends of a found path become route
/// pieces. One definition for `Router` (one pair) and `TableQuery` (many pairs), so that both
/// answer every pair alike.
///
/// Driving searches the turn-expanded graph: node `x` is the directed segment `x` (`2 * segment`
/// forward, `+ 1` backward), reached at its *end*, and an arc `x -> y` costs the turn plus all
/// of `y`. Walking searches the intersection graph; its arcs carry their directed segment as
/// payload.
struct SearchEnds {
    let graph: RoutingGraph
    let turnExpanded: Bool

    init(graph: RoutingGraph) {
        self.graph = graph
        turnExpanded = graph.mode.isTurnExpanded
    }

    /// Stops on a snap that no `Snapper` of this graph made, before it is read out of bounds
    /// (release builds are unchecked): a programming error, not bad user input.
    func check(_ snap: Snap) {
        if snap.segment < 0 || Int(snap.segment) >= graph.segments.count || !(0...1).contains(snap.fraction) {
            fatalError("snap \(snap) is not on this graph (segments 0..<\(graph.segments.count), fraction 0...1)")
        }
    }

    // MARK: Segments

    @inline(__always) func weight(_ directed: Int32) -> Int32 {
        graph.segments[Int(directed >> 1)].weight(forward: directed & 1 == 0)
    }

    /// Milliseconds from where `directed` starts to `fraction` of it (fractions in the direction of travel).
    @inline(__always) func partial(_ directed: Int32, _ fraction: Double) -> Int32 {
        Int32((Double(weight(directed)) * fraction).rounded())
    }

    /// Fraction of a snap along a directed segment, in its direction of travel.
    @inline(__always) func travelled(_ snap: Snap, _ directed: Int32) -> Double {
        directed & 1 == 0 ? snap.fraction : 1 - snap.fraction
    }

    /// The directed segments a snap can be travelled along (one or two; no allocation).
    /// Only those the snap allows (`Snap.directions`).
    func directions(_ snap: Snap) -> Directions {
        Directions(forward: snap.directions.contains(.forward) && weight(2 * snap.segment) >= 0 ? 2 * snap.segment : -1,
                   backward: snap.directions.contains(.backward) && weight(2 * snap.segment + 1) >= 0 ? 2 * snap.segment + 1 : -1)
    }

    func startNode(_ x: Int32) -> Int32 { let s = graph.segments[Int(x >> 1)]; return x & 1 == 0 ? s.fromNode : s.toNode }
    func endNode(_ x: Int32) -> Int32 { let s = graph.segments[Int(x >> 1)]; return x & 1 == 0 ? s.toNode : s.fromNode }

    // MARK: Entries

    /// Added to every driving target entry: the search counts the whole last segment, so the
    /// offsets to the target are negative until shifted (walking: 0). Subtract it from totals.
    /// (At least 0: a segment closed both ways by `wayfinder customize` still takes snaps,
    /// and the other roads at its ends get entries with this weight.)
    func shift(_ target: Snap) -> Int32 {
        guard turnExpanded else { return 0 }
        let t = graph.segments[Int(target.segment)]
        return max(0, t.forwardWeight, t.backwardWeight)
    }

    /// Leaving the source along `x`: the rest of `x` is still to travel. Driving starts at the
    /// node `x` (its end), walking at the intersection where `x` ends.
    func sourceEntry(_ source: Snap, _ x: Int32) -> SearchEntry {
        SearchEntry(node: turnExpanded ? x : endNode(x), weight: weight(x) - partial(x, travelled(source, x)))
    }

    /// Arriving at the target along `x`: driving ends at the node `x` (its end) and takes back
    /// what lies beyond the target, walking ends at the intersection where `x` starts.
    func targetEntry(_ target: Snap, _ x: Int32, shift: Int32) -> SearchEntry {
        let reached = partial(x, travelled(target, x))
        return turnExpanded ? SearchEntry(node: x, weight: reached - weight(x) + shift)
                            : SearchEntry(node: startNode(x), weight: reached)
    }

    /// Every entry of a source on a different segment than the target (the same segment is
    /// a special case of `Router`): one per direction, and for driving, when the source lies
    /// on an intersection, every other road leaving it.
    func appendSourceEntries(_ source: Snap, to entries: inout [SearchEntry]) {
        // An end exactly at an intersection may leave (or arrive) by any of its roads,
        // not only the one it was snapped to, and no turn rule applies there.
        let v = turnExpanded ? intersection(at: source) : nil
        if let v, !source.roadsAtNode.isEmpty { return appendApproachSourceEntries(source, at: v, to: &entries) }
        let before = entries.count
        if let v {
            for x in leaving(v) where weight(x) >= 0 && x >> 1 != source.segment {
                entries.append(SearchEntry(node: x, weight: weight(x)))
            }
        }
        // The snapped segment's direction that ends at that intersection has nothing left to
        // travel: the entries above leave from there without its turn costs, so it would only
        // tie with them (and start the route with an empty piece of a road not taken).
        let others = entries.count > before
        for x in directions(source) where !(others && endNode(x) == v) { entries.append(sourceEntry(source, x)) }
    }

    /// Every entry of a target, as `appendSourceEntries`; driving weights include `shift(target)`.
    func appendTargetEntries(_ target: Snap, to entries: inout [SearchEntry]) {
        let shift = shift(target)
        let v = turnExpanded ? intersection(at: target) : nil
        let before = entries.count
        if let v, !target.roadsAtNode.isEmpty {
            appendApproachTargetEntries(target, at: v, shift: shift, to: &entries)
            appendCopies(of: before, in: &entries)
            return appendApproachTurnsIn(target, at: v, shift: shift, to: &entries)
        } else {
            if let v {
                for y in leaving(v) where weight(y ^ 1) >= 0 && y >> 1 != target.segment {
                    entries.append(SearchEntry(node: y ^ 1, weight: shift))
                }
            }
            // As for sources: the direction that starts at that intersection would only add a turn.
            let others = entries.count > before
            for x in directions(target) where !(others && startNode(x) == v) { entries.append(targetEntry(target, x, shift: shift)) }
        }
        appendCopies(of: before, in: &entries)
    }

    /// A car that entered a via-way restriction's copies may end its route on them (OSRM
    /// too): every copy of a target entry's segment from `first` on is an entry alike.
    private func appendCopies(of first: Int, in entries: inout [SearchEntry]) {
        guard !graph.searchNodeCopiesOf.isEmpty else { return }
        for e in first..<entries.count {
            for copy in graph.searchNodeCopiesOf[entries[e].node] ?? [] {
                entries.append(SearchEntry(node: copy, weight: entries[e].weight))
            }
        }
    }

    /// Driving: whether a source lies on an intersection that other roads leave (the entries
    /// then skip the snapped direction that ends there, so no pair of entries reads a segment
    /// backwards: `Router` may search the same segment's ends like any other pair). A snap
    /// narrowed road by road has no such entry at all (`appendApproachSourceEntries`).
    func leavesByOtherRoads(_ source: Snap) -> Bool {
        guard turnExpanded, let v = intersection(at: source) else { return false }
        if !source.roadsAtNode.isEmpty { return true }
        return leaving(v).contains { weight($0) >= 0 && $0 >> 1 != source.segment }
    }

    /// Driving: whether a target lies on an intersection other roads arrive at (as above).
    func arrivesByOtherRoads(_ target: Snap) -> Bool {
        guard turnExpanded, let v = intersection(at: target) else { return false }
        if !target.roadsAtNode.isEmpty { return true }
        return leaving(v).contains { weight($0 ^ 1) >= 0 && $0 >> 1 != target.segment }
    }

    /// The intersection a snap lies on, when it is within a centimetre of an end of its segment
    /// and the snap may be left or reached either way, or its roads there are narrowed one by
    /// one (a snap narrowed to one direction, by a bearing, an approach or continuing
    /// straight, keeps to its segment and the turns from it).
    func intersection(at snap: Snap) -> Int32? {
        guard snap.directions == .both || !snap.roadsAtNode.isEmpty else { return nil }
        return graph.intersection(of: snap)
    }

    func leaving(_ v: Int32) -> UnsafeBufferPointer<Int32>.SubSequence {
        graph.nodeLeaving[Int(graph.nodeFirst[Int(v)])..<Int(graph.nodeFirst[Int(v) + 1])]
    }

    // MARK: Pieces of a found path

    /// Driving: the piece of path node `x`, which is the path's first and/or last node.
    /// Only the source's and target's own segments are cut; an entry by another road of an
    /// intersection travels all of it.
    func turnExpandedPiece(_ node: Int32, isFirst: Bool, isLast: Bool, _ source: Snap, _ target: Snap) -> RoutePiece {
        // A target entry may be a via-way restriction's copy of the segment.
        let x = graph.directedSegment(ofSearchNode: node)
        return RoutePiece(segment: x >> 1, forward: x & 1 == 0,
                   start: isFirst && x >> 1 == source.segment ? travelled(source, x) : 0,
                   end: isLast && x >> 1 == target.segment ? travelled(target, x) : 1)
    }

    /// Walking: the piece from the source to `node`, the first node of the path (by the
    /// direction whose entry there is cheapest, the first one on a tie).
    func walkingFirstPiece(_ source: Snap, leavingAt node: Int32) -> RoutePiece {
        let x = cheapestDirection(source) { x in endNode(x) == node ? sourceEntry(source, x).weight : nil }
        return RoutePiece(segment: source.segment, forward: x & 1 == 0, start: travelled(source, x), end: 1)
    }

    /// Walking: the piece from `node`, the last node of the path, to the target.
    func walkingLastPiece(_ target: Snap, arrivingAt node: Int32) -> RoutePiece {
        let x = cheapestDirection(target) { x in startNode(x) == node ? targetEntry(target, x, shift: 0).weight : nil }
        return RoutePiece(segment: target.segment, forward: x & 1 == 0, start: 0, end: travelled(target, x))
    }

    /// Walking: the segment of an arc on the path (its payload is the directed segment).
    func walkingArcPiece(_ payload: Int32) -> RoutePiece {
        RoutePiece(segment: payload >> 1, forward: payload & 1 == 0, start: 0, end: 1)
    }

    private func cheapestDirection(_ snap: Snap, _ cost: (Int32) -> Int32?) -> Int32 {
        var best: (x: Int32, cost: Int32)?
        for x in directions(snap) {
            if let c = cost(x), best == nil || c < best!.cost { best = (x, c) }
        }
        guard let best else { fatalError("path end is not an entry of its snap") }
        return best.x
    }

    /// Walking, source and target on one segment: the cheapest way along it without leaving
    /// it (the first direction on a tie), or nil if the target lies behind in every direction
    /// both ends allow. A target narrowed to one direction is reached travelling that way
    /// only: a matched point heading back up the road is no shortcut (`MatchCandidate`).
    func walkingAlongSegment(_ source: Snap, _ target: Snap) -> (weight: Int32, piece: RoutePiece)? {
        var best: (weight: Int32, piece: RoutePiece)?
        let arrivals = directions(target)
        for x in directions(source) where travelled(target, x) >= travelled(source, x)
            && (x == arrivals.forward || x == arrivals.backward) {
            let direct = partial(x, travelled(target, x)) - partial(x, travelled(source, x))
            if best == nil || direct < best!.weight {
                best = (direct, RoutePiece(segment: source.segment, forward: x & 1 == 0,
                                           start: travelled(source, x), end: travelled(target, x)))
            }
        }
        return best
    }
}

/// The one or two travel directions of a segment, as directed segment ids (-1 = not allowed).
struct Directions: Sequence, IteratorProtocol {
    var forward: Int32
    var backward: Int32

    var isEmpty: Bool { forward < 0 && backward < 0 }

    mutating func next() -> Int32? {
        if forward >= 0 { defer { forward = -1 }; return forward }
        if backward >= 0 { defer { backward = -1 }; return backward }
        return nil
    }
}
