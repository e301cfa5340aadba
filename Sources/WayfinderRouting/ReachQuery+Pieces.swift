import WayfinderGraph

/// What a `ReachQuery` found: the stretches of road reached within its limits, and the time
/// and distance of the fastest route at any road point.
///
/// Along a directed segment both figures are linear in the fraction travelled: a label at one
/// of its ends, plus (or minus) the segment's weight and length times the fraction.
extension ReachQuery {
    /// Calls `body` with every stretch of road the last search reached within its limits,
    /// cut exactly where a limit is met. A segment reached both ways, or from both ends, gives
    /// a piece for each.
    public func forEachReachedPiece(_ body: (ReachPiece) -> Void) {
        let depart = direction == .depart
        if ends.turnExpanded {
            for node in touched {
                let x = graph.directedSegment(ofSearchNode: node)
                let label = labels[Int(node)]
                if let k = entryNodes.firstIndex(of: node) {
                    // The snap's own segment: its first label covers the part beyond the snap
                    // (departing) or before it (arriving), a lap the rest.
                    let along = ends.travelled(snap, x)
                    clip(segmentPiece(x, label, from: depart ? along : 0, to: depart ? 1 : along), body)
                    if laps[k].stamp != 0 {
                        clip(segmentPiece(x, laps[k], from: depart ? 0 : along, to: depart ? along : 1), body)
                    }
                } else {
                    clip(segmentPiece(x, label, from: 0, to: 1), body)
                }
            }
            return
        }
        // Walking: every segment leaving a labelled intersection (entering it, arriving), and
        // the snap's own segment travelled straight from the snap.
        let arcs = depart ? graph.base : transposed!
        for v in touched {
            let label = labels[Int(v)]
            for i in Int(arcs.first[Int(v)])..<Int(arcs.first[Int(v) + 1]) {
                clip(intersectionPiece(arcs.payload(ofArc: i), label), body)
            }
        }
        for x in ends.directions(snap) {
            let along = ends.travelled(snap, x)
            let start = ReachLabel(weight: 0, duration: depart ? -ends.partial(x, along) : ends.partial(x, along),
                                   metres: Double(graph.segments[Int(x >> 1)].length) * (depart ? -along : along), stamp: 1)
            clip(linearPiece(x, start, from: depart ? along : 0, to: depart ? 1 : along), body)
        }
    }

    /// The route's milliseconds and metres to (or, arriving, from) a road point the search
    /// reached within its limits, as `Router` gives them (the direction of least weight); nil
    /// when beyond a limit or not reached. The point must lie inside its segment, not on an
    /// intersection (there `Router` also takes every other road in or out).
    public func reach(at point: Snap) -> (milliseconds: Int32, metres: Double)? {
        var best: (weight: Int64, duration: Int32, metres: Double)?
        func consider(_ weight: Int64, _ duration: Int32, _ metres: Double) {
            if best == nil || weight < best!.weight { best = (weight, duration, metres) }
        }
        let depart = direction == .depart
        for x in ends.directions(point) {
            let along = ends.travelled(point, x)
            let w = ends.weight(x), reached = ends.partial(x, along)
            let length = Double(graph.segments[Int(x >> 1)].length)
            if ends.turnExpanded {
                // Departing, x's label is at its end; the point lies `w - reached` before it.
                // Arriving, x's label is from its end; the point lies that much further.
                let toEnd = w - reached, metresToEnd = length * (1 - along)
                for node in [x] + (graph.searchNodeCopiesOf[x] ?? []) where labels.isSet(Int(node)) {
                    var label = labels[Int(node)]
                    if let k = entryNodes.firstIndex(of: node), x >> 1 == snap.segment {
                        let snapAlong = ends.travelled(snap, x)
                        if depart ? along < snapAlong : along > snapAlong {
                            guard laps[k].stamp != 0 else { continue }
                            label = laps[k]
                        }
                    }
                    let sign: Int32 = depart ? -1 : 1
                    consider(Int64(label.weight - offset + sign * toEnd), label.duration - offset + sign * toEnd,
                             label.metres + Double(sign) * metresToEnd)
                }
            } else {
                let node = depart ? ends.startNode(x) : ends.endNode(x)
                if labels.isSet(Int(node)) {
                    let label = labels[Int(node)]
                    let part = depart ? reached : w - reached
                    consider(Int64(label.weight + part), label.duration + part,
                             label.metres + length * (depart ? along : 1 - along))
                }
                if point.segment == snap.segment && ends.directions(snap).contains(x) {
                    let snapReached = ends.partial(x, ends.travelled(snap, x)), snapAlong = ends.travelled(snap, x)
                    if depart ? along >= snapAlong : along <= snapAlong {
                        let part = abs(reached - snapReached)
                        consider(Int64(part), part, length * abs(along - snapAlong))
                    }
                }
            }
        }
        guard let best, best.duration <= maxMilliseconds, best.metres <= maxMetres + Self.metresSlack else { return nil }
        return (best.duration, best.metres)
    }

    // MARK: Pieces

    /// Driving: the piece `from...to` of directed segment `x`, whose node's label is at the
    /// segment's end (departing) or counts from there (arriving).
    private func segmentPiece(_ x: Int32, _ label: ReachLabel, from: Double, to: Double) -> ReachPiece {
        let w = Double(ends.weight(x)), length = Double(graph.segments[Int(x >> 1)].length)
        // The figures at the segment's start (fraction 0), from the label at its end: the whole
        // segment earlier departing, later arriving.
        let sign = direction == .depart ? -1.0 : 1.0
        let startMs = Double(label.duration - offset) + sign * w, startMetres = label.metres + sign * length
        return piece(x, from: from, to: to, startMs: startMs, startMetres: startMetres)
    }

    /// Walking: directed segment `x` from the intersection it leaves (departing; arriving, the
    /// one it enters), whose label is `label`.
    private func intersectionPiece(_ x: Int32, _ label: ReachLabel) -> ReachPiece {
        if direction == .depart {
            return piece(x, from: 0, to: 1, startMs: Double(label.duration), startMetres: label.metres)
        }
        let w = Double(ends.weight(x)), length = Double(graph.segments[Int(x >> 1)].length)
        return piece(x, from: 0, to: 1, startMs: Double(label.duration) + w, startMetres: label.metres + length)
    }

    /// Walking, the snap's own segment: `start` holds the figures at fraction 0 (negative
    /// before the snap when departing).
    private func linearPiece(_ x: Int32, _ start: ReachLabel, from: Double, to: Double) -> ReachPiece {
        piece(x, from: from, to: to, startMs: Double(start.duration), startMetres: start.metres)
    }

    /// The piece `from...to` of `x` whose figures at fraction 0 are `startMs` and
    /// `startMetres`: they grow along the segment when departing, shrink when arriving.
    private func piece(_ x: Int32, from: Double, to: Double, startMs: Double, startMetres: Double) -> ReachPiece {
        let w = Double(ends.weight(x)), length = Double(graph.segments[Int(x >> 1)].length)
        let sign = direction == .depart ? 1.0 : -1.0
        return ReachPiece(segment: x >> 1, forward: x & 1 == 0, start: from, end: to,
                          startSeconds: (startMs + sign * w * from) / 1000, endSeconds: (startMs + sign * w * to) / 1000,
                          startMetres: startMetres + sign * length * from, endMetres: startMetres + sign * length * to)
    }

    /// Passes on the part of `piece` within both limits, if any.
    private func clip(_ piece: ReachPiece, _ body: (ReachPiece) -> Void) {
        guard piece.end >= piece.start else { return }
        var lo = piece.start, hi = piece.end
        // Each figure is linear in the fraction; keep where it is within its limit.
        func keep(_ a: Double, _ b: Double, under limit: Double) {
            if a <= limit && b <= limit { return }
            if a > limit && b > limit { hi = lo - 1; return }
            let cut = piece.start + (piece.end - piece.start) * (limit - a) / (b - a)
            if a > limit { lo = max(lo, cut) } else { hi = min(hi, cut) }
        }
        keep(piece.startSeconds, piece.endSeconds, under: Double(maxMilliseconds) / 1000)
        keep(piece.startMetres, piece.endMetres, under: maxMetres)
        guard hi >= lo else { return }
        body(at(piece, lo, hi))
    }

    /// `piece` cut to fractions `lo...hi`, its figures interpolated.
    private func at(_ piece: ReachPiece, _ lo: Double, _ hi: Double) -> ReachPiece {
        let span = piece.end - piece.start
        func value(_ a: Double, _ b: Double, _ f: Double) -> Double { span == 0 ? a : a + (b - a) * (f - piece.start) / span }
        return ReachPiece(segment: piece.segment, forward: piece.forward, start: lo, end: hi,
                          startSeconds: value(piece.startSeconds, piece.endSeconds, lo),
                          endSeconds: value(piece.startSeconds, piece.endSeconds, hi),
                          startMetres: value(piece.startMetres, piece.endMetres, lo),
                          endMetres: value(piece.startMetres, piece.endMetres, hi))
    }
}
