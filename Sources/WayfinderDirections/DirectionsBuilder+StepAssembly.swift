import WayfinderGraph
import WayfinderRouting

/// Phase 4, assembling: the raw steps become `RouteStep`s with their text's names, bearings,
/// distances, durations (turn costs included, scaled to the search's total) and lines.
extension DirectionsBuilder {
    /// The `Directions` of `route` from the raw steps and the measures of phase 1.
    func assemble(_ route: Route, line: [FixedCoordinate], destination: FixedCoordinate?, waypoint: Int?,
                  annotated: Bool) -> Directions {
        let n = pieces.count
        takeSearchTurnCosts()
        // Milliseconds at each boundary, turn costs included, scaled to the search's total.
        var total = 0.0
        for k in 0...n {
            total += turnCost[k]
            elapsed[k] += total - turnCost[k]
        }
        let scale = elapsed[n] > 0 ? Double(route.weight) / elapsed[n] : 0
        func millis(_ k: Int) -> Double { k == n ? Double(route.weight) : Double(Int(elapsed[k] * scale + 0.5)) }

        let last = line.count - 1
        let drivingSide = DrivingSide.at(route.source.location)
        var steps: [RouteStep] = []
        steps.reserveCapacity(raw.count)
        if listsIntersections { settleDeferredLanes() }
        var listed: [StepIntersection] = []
        listed.reserveCapacity(passes.count + 2)
        var p = 0   // the next note to list
        for (i, s) in raw.enumerated() {
            let nextBoundary = i + 1 < raw.count ? raw[i + 1].boundary : n
            let from = lineIndex[s.boundary], to = s.type == .arrive ? last : lineIndex[nextBoundary]
            var maneuver = Maneuver(type: s.type, modifier: s.modifier, bearingBefore: Self.rounded(s.bearingBefore),
                                    bearingAfter: Self.rounded(s.bearingAfter), location: line[from],
                                    exit: s.exit > 0 ? s.exit : nil)
            var range = s.intersection, inIndex = s.intersectionIn, outIndex = s.intersectionOut
            if s.type == .depart {
                maneuver.bearingBefore = 0
                maneuver.bearingAfter = Self.rounded(lineBearing(line, from: 0, to: to))
                range = intersectionRoads.count..<(intersectionRoads.count + 1)
                intersectionRoads.append(IntersectionRoad(bearing: UInt16(maneuver.bearingAfter), entry: true))
                outIndex = 0
            } else if s.type == .arrive {
                let before = lineBearing(line, from: last, to: lineIndex[raw[i - 1].boundary])
                maneuver.bearingBefore = Self.rounded(before)
                maneuver.bearingAfter = 0
                maneuver.location = line[last]
                maneuver.modifier = destination.flatMap { arrivalSide(line[last], $0, heading: before) }
                range = intersectionRoads.count..<(intersectionRoads.count + 1)
                intersectionRoads.append(IntersectionRoad(bearing: UInt16(Self.rounded(before + 180)), entry: true))
                inIndex = 0
            }
            // The step's intersections: the maneuver's, then every one noted up to the next step.
            let firstListed = listed.count
            if s.type == .depart || s.type == .arrive {
                listed.append(StepIntersection(location: maneuver.location, roads: range, in: inIndex, out: outIndex,
                                               classes: s.type == .depart ? classesTaken(at: 0) : [], lanes: 0..<0))
            }
            if s.type != .arrive {
                while p < passes.count && passes[p].boundary < s.boundary { p += 1 }
                if s.type != .depart && (p == passes.count || passes[p].boundary != s.boundary) {
                    listed.append(StepIntersection(location: line[from], roads: range, in: inIndex, out: outIndex,
                                                   classes: classesTaken(at: s.boundary), lanes: 0..<0))
                }
                while p < passes.count && passes[p].boundary < nextBoundary {
                    let note = passes[p]
                    listed.append(StepIntersection(location: line[lineIndex[note.boundary]], roads: note.roads,
                                                   in: note.inIndex, out: note.outIndex,
                                                   classes: classesTaken(at: note.boundary), lanes: note.lanes))
                    p += 1
                }
            }
            let w = info(s.way)
            let stepName = name(w.name), stepRef = name(w.ref), roadClass = RoadClass(rawValue: w.roadClass) ?? .other
            // The classes of the road taken at the maneuver, in the direction travelled
            // (car.lua has classes, foot.lua none).
            var classes: WayClasses = []
            if isVehicle && s.type != .arrive && s.boundary < n {
                let piece = pieces[s.boundary]
                classes = graph.mode.classes(info(graph.segments[Int(piece.segment)].way).classes(forward: piece.forward))
            }
            // A rotary is named after itself; the step's name is the road taken at the exit.
            let signs = graph.signs.signs(ofWay: s.way)
            let ringName = s.type == .rotary && s.ringWay >= 0 ? name(info(s.ringWay).name) : ""
            steps.append(RouteStep(
                maneuver: maneuver, name: stepName, ref: stepRef, rotaryName: ringName.isEmpty ? nil : ringName,
                destinations: graph.mode == .driving ? signText(signs?.destinations) : nil,
                exits: signText(signs?.exits), pronunciation: signText(signs?.pronunciation), roadClass: roadClass,
                distance: s.type == .arrive ? 0 : travelled[nextBoundary] - travelled[s.boundary],
                duration: s.type == .arrive ? 0 : (millis(nextBoundary) - millis(s.boundary)) / 1000,
                geometry: from...(s.type == .arrive ? last : max(from, to)),
                intersection: range, intersectionIn: inIndex, intersectionOut: outIndex, mode: graph.mode,
                transport: transportAfter(s), classes: classes,
                arrivalWaypoint: s.type == .arrive ? waypoint : nil, drivingSide: drivingSide,
                intersections: firstListed..<listed.count))
        }
        return Directions(mode: graph.mode, drivingSide: drivingSide, line: line,
                          steps: steps, intersectionRoads: intersectionRoads, distance: travelled[n],
                          duration: Double(route.weight) / 1000,
                          annotation: annotated ? annotation(line, millis: millis) : nil,
                          intersections: listed, lanes: lanes)
    }

    /// Metres and seconds of each stretch between consecutive points of `line`. Each piece's
    /// length and time (`millis` at its boundaries) is shared among its stretches by their
    /// lengths on the map, and where a traffic feed set some of its stretches' speeds, its time
    /// by their times at those speeds (`liveShares`); the values are differences of running
    /// totals pinned to the boundaries, so they add up to the route's distance and duration.
    func annotation(_ line: [FixedCoordinate], millis: (Int) -> Double) -> LegAnnotation {
        let last = line.count - 1, n = pieces.count
        var metres = [Double](repeating: 0, count: line.count), seconds = metres   // running totals at each point
        var sources: [UInt8] = graph.liveSpeeds.isEmpty ? [] : [UInt8](repeating: 0, count: max(0, last))
        for k in 0..<n where lineIndex[k + 1] > lineIndex[k] {
            let from = lineIndex[k], to = lineIndex[k + 1]
            let d0 = travelled[k], d1 = travelled[k + 1], t0 = millis(k) / 1000, t1 = millis(k + 1) / 1000
            var mapLength = 0.0
            for j in from..<to {
                mapLength += Geo.distance(line[j], line[j + 1])
                metres[j + 1] = mapLength
            }
            // A piece whose points coincide on the map (centimetres long) shares evenly.
            let timeShares = sources.isEmpty ? nil : liveShares(k, line: line, from: from, to: to, sources: &sources)
            metres[from] = d0
            seconds[from] = t0
            for j in (from + 1)...to {
                let share = mapLength > 0 ? metres[j] / mapLength : Double(j - from) / Double(to - from)
                metres[j] = j == to ? d1 : d0 + (d1 - d0) * share
                seconds[j] = j == to ? t1 : t0 + (t1 - t0) * (timeShares?[j - from] ?? share)
            }
        }
        // Pieces that add no point (too short to move the line) fall into a neighbouring stretch.
        metres[0] = 0
        seconds[0] = 0
        metres[last] = travelled[n]
        seconds[last] = millis(n) / 1000
        var distance: [Double] = [], duration: [Double] = []
        distance.reserveCapacity(last)
        duration.reserveCapacity(last)
        for j in 0..<last {
            distance.append(metres[j + 1] - metres[j])
            duration.append(seconds[j + 1] - seconds[j])
        }
        var annotation = LegAnnotation(distance: distance, duration: duration, nodes: nodeIds(line))
        if sources.contains(where: { $0 != 0 }) {
            annotation.datasources = sources
            annotation.sourceNames = graph.liveSpeeds.sourceNames
        }
        return annotation
    }

    /// The text of string `id`, through `nameCache`.
    func name(_ id: Int32) -> String {
        if id == 0 { return "" }
        let slot = Int(id) & (nameCache.count - 1)
        if nameCache[slot].id != id { nameCache[slot] = (id, graph.names[id]) }
        return nameCache[slot].text
    }

    /// The text of a sign's string id, nil for none (or an id outside the string table, in
    /// a damaged file).
    func signText(_ id: Int32?) -> String? {
        guard let id, id > 0, Int(id) < graph.names.count else { return nil }
        return name(id)
    }

    /// Which side of the road the destination lies on, seen in the direction of travel.
    func arrivalSide(_ at: FixedCoordinate, _ destination: FixedCoordinate, heading: Double) -> ManeuverModifier? {
        let (dx, dy) = projection.offset(destination, from: at)
        guard dx * dx + dy * dy >= 1 else { return nil }
        let d = Turn.deviation(heading, Self.bearing(dx, dy))
        if abs(d) < 15 { return .straight }
        if abs(d) > 165 { return nil }
        return d < 0 ? .left : .right
    }
}
