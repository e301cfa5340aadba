import WayfinderGraph
import WayfinderRouting

/// Which road at an intersection is the obvious way on, after OSRM's guidance
/// (`IntersectionHandler::findObviousTurn`): the road continuing the name, else the
/// straightest road of at least the same class, else the straightest road one may take,
/// provided no other road looks as likely. Only an obvious road goes unannounced (or is a
/// mere change of name); every other is a turn.
///
/// Works on `roads` as `orderRoads` leaves them: the road arrived by first (OSRM's U-turn
/// road, at angle 0), then the others by increasing `angle` (from sharp right to sharp left).
extension DirectionsBuilder {
    /// OSRM's turn angle of a road: 180 is straight on, below it to the right, above to the left.
    @inline(__always) static func angle(_ road: Road) -> Double { 180 - road.deviation }

    /// Degrees between two angles (or bearings), 0...180.
    @inline(__always) static func apart(_ x: Double, _ y: Double) -> Double {
        // Angles and bearings lie within one turn: the remainder (`fmod`, exact) is rarely needed.
        let difference = abs(x - y)
        let d = difference < 360 ? difference : difference.truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// Degrees off straight on.
    @inline(__always) static func offStraight(_ road: Road) -> Double { abs(road.deviation) }

    /// Puts the road arrived by (`inIndex`) first and the others by increasing angle, so that
    /// neighbours in the list are neighbours at the intersection; returns the new indices.
    /// (An insertion sort in place: a handful of roads, no allocation.)
    func orderRoads(in inIndex: Int?, out outIndex: Int) -> (in: Int?, out: Int) {
        let arrived = inIndex.map { roads[$0].directed }, taken = roads[outIndex].directed
        // Each road's key computed once (no directed segment is negative: `none` matches none).
        let arrivedRoad = arrived ?? -1
        roads.withUnsafeMutableBufferPointer { roads in
            let n = roads.count
            guard n > 1 else { return }
            withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { keys in
                for i in 0..<n { keys[i] = roads[i].directed == arrivedRoad ? -1 : Self.angle(roads[i]) }
                for i in 1..<n {
                    let r = roads[i], key = keys[i]
                    var j = i
                    while j > 0 && keys[j - 1] > key {
                        roads[j] = roads[j - 1]
                        keys[j] = keys[j - 1]
                        j -= 1
                    }
                    roads[j] = r
                    keys[j] = key
                }
            }
        }
        var newIn: Int?, newOut = 0
        for (i, r) in roads.enumerated() {
            if r.directed == arrived { newIn = i }
            if r.directed == taken { newOut = i }
        }
        return (newIn, newOut)
    }

    // MARK: OSRM's road classification (profiles/lib/guidance.lua)

    /// OSRM's road priority: lower is more important; links just below their road.
    func priority(_ way: Int32) -> Int {
        let w = info(way), link = w.flags & WayInfo.isLink != 0 ? 1 : 0
        switch RoadClass(rawValue: w.roadClass) ?? .other {
        case .motorway: return 0 + link
        case .trunk: return 2 + link
        case .primary: return 4 + link
        case .secondary: return 6 + link
        case .tertiary: return 8 + link
        case .residential: return 10
        case .livingStreet: return 11
        case .service: return 12
        case .unclassified: return 15
        case .track, .path: return 16
        case .footway, .pedestrian, .steps: return 18
        case .cycleway, .other: return 31
        }
    }

    /// Roads only there for connectivity (service roads, tracks, paths): ignored when
    /// looking for the way on.
    func isLowPriority(_ way: Int32) -> Bool { info(way).roadClass >= RoadClass.service.rawValue }

    func isLink(_ way: Int32) -> Bool { info(way).flags & WayInfo.isLink != 0 }

    /// A motorway-like road (motorway, trunk), not its links.
    func isMotorwayLike(_ way: Int32) -> Bool { !isLink(way) && Self.isHighway(info(way)) }

    /// A link of a motorway-like road: a ramp.
    func isRamp(_ way: Int32) -> Bool { isLink(way) && Self.isHighway(info(way)) }

    /// OSRM's road groups: motorway, trunk, main roads, residential, unclassified, paths.
    static func group(_ priority: Int) -> Int {
        switch priority {
        case 0...1: return 0
        case 2...3: return 1
        case 4...9: return 2
        case 10...13: return 3
        case 14...15: return 4
        case 16: return 5
        case 17...18: return 6
        default: return 7
        }
    }

    /// Whether `x` is of a lower general kind of road than `y` (a street beside a main road, a
    /// service road beside a street).
    func strictlyLess(_ x: Int32, _ y: Int32) -> Bool {
        let lx = isLowPriority(x), ly = isLowPriority(y)
        if lx != ly { return lx }
        return Self.group(priority(x)) > Self.group(priority(y))
    }

    /// Whether `link` is a link road of `road`'s class (a primary_link beside a primary).
    func isLinkTo(_ link: Int32, _ road: Int32) -> Bool {
        guard isLink(link), !isLink(road) else { return false }
        let p = priority(link)
        return p <= 9 && p - 1 == priority(road)
    }

    /// Whether the class alone makes `candidate` obvious beside `other` (OSRM: a much more
    /// important road continuing the class arrived by, or any road beside a minor one).
    func obviousByClass(via: Int32, _ candidate: Int32, beside other: Int32) -> Bool {
        let sameClass = info(via).roadClass == info(candidate).roadClass && isLink(via) == isLink(candidate)
            && isLowPriority(via) == isLowPriority(candidate)
        return (1.75 * Double(priority(candidate)) < Double(priority(other)) && sameClass)
            || (!isLowPriority(candidate) && !isLowPriority(via) && isLowPriority(other))
    }

    /// Whether the name changes from way `x` to way `y` (OSRM's `requiresNameAnnounced`).
    func nameChanges(_ x: Int32, _ y: Int32) -> Bool { !sameRoad(x, y) }

    // MARK: Finding the obvious road

    /// The index in `roads` of the obvious way on for a traveller arriving by way `via`
    /// (named `current`), or nil where no road stands out. As OSRM checks every road it finds
    /// obvious, none is that steps onto or off a walked ring (`WalkedRings`).
    func obviousRoad(via: Int32, current: Int32) -> Int? {
        guard let obvious = obviousCandidate(via: via, current: current) else { return nil }
        return crossesRingEdge(via, roads[obvious].way) ? nil : obvious
    }

    /// The road `obviousRoad` finds, before its check of rings.
    private func obviousCandidate(via: Int32, current: Int32) -> Int? {
        let n = roads.count
        if n <= 1 { return nil }
        if n == 2 { return 1 }
        let viaNamed = info(current).name != 0
        // 1. The road that keeps the name, at least as important and no mere link.
        let continuing = straightmost { road in
            let named = self.info(road.way).name != 0
            guard road.allowed, viaNamed || self.isLowPriority(via), named || self.isLowPriority(road.way),
                  viaNamed == named, !self.strictlyLess(road.way, via), !self.isLinkTo(road.way, via) else { return false }
            return !self.nameChanges(current, road.way)
        }
        if let c = continuing, isDistinct(c, via: via, current: current) { return c }
        // 2. The straightest road at least as important.
        let important = straightmost { road in
            road.allowed && !self.strictlyLess(road.way, via) && !self.isLinkTo(road.way, via)
        }
        if let c = important, isDistinct(c, via: via, current: current) { return c }
        // 3. The straightest road one may take, if nearly straight or the only one not sharp.
        guard let valid = straightmost({ $0.allowed }) else { return nil }
        var notSharp = 0
        for i in 1..<n where Self.offStraight(roads[i]) <= 90 { notSharp += 1 }
        let onlyNotSharp = Self.offStraight(roads[valid]) <= 90 && notSharp == 1
        if valid != important && (Self.offStraight(roads[valid]) <= 60 || onlyNotSharp)
            && !isLowPriority(roads[valid].way) && isDistinct(valid, via: via, current: current) {
            return valid
        }
        var enterable = 0
        for road in roads where road.allowed { enterable += 1 }
        // A motorway going on with nothing else to take.
        if isMotorwayLike(roads[valid].way) && Self.offStraight(roads[valid]) <= 60 && enterable == 1 { return valid }
        // A road splitting into one-way halves of the same name, but not at a T.
        if n == 3 && enterable == 1 && info(via).name != 0
            && roads.allSatisfy({ info($0.way).name == info(via).name })
            && (Self.apart(Self.angle(roads[1]), 90) > 40 || Self.apart(Self.angle(roads[2]), 270) > 40) {
            return valid
        }
        return nil
    }

    /// The road (not the one arrived by) closest to straight on among those `accepted`.
    func straightmost(_ accepted: (Road) -> Bool) -> Int? {
        var best: Int?, bestOff = 181.0
        for i in 1..<roads.count where accepted(roads[i]) && Self.offStraight(roads[i]) < bestOff {
            best = i
            bestOff = Self.offStraight(roads[i])
        }
        return best
    }

    /// Whether no other road looks as likely as `roads[c]` (OSRM's `IsDistinctTurn`).
    func isDistinct(_ c: Int, via: Int32, current: Int32) -> Bool {
        let candidate = roads[c], off = Self.offStraight(candidate)
        for i in 1..<roads.count where i != c {
            let similar = off < 60 ? isSimilarNarrow(roads[i], to: candidate, via: via, current: current)
                : isSimilarWide(roads[i], to: candidate, via: via)
            if similar { return false }
        }
        return true
    }

    /// For a candidate within 60° of straight: whether `road` competes with it.
    func isSimilarNarrow(_ road: Road, to candidate: Road, via: Int32, current: Int32) -> Bool {
        let off = Self.offStraight(candidate), roadOff = Self.offStraight(road)
        if off < 40 && !road.allowed { return false }
        if isRingExitBesideCandidate(road, candidate, via: via) { return false }
        // A proper road beside a service road or a track is obvious by class (as in forks).
        if !isLowPriority(via) && !isLowPriority(candidate.way) && isLowPriority(road.way) { return false }
        let distinct = roadOff > 2 * off && abs(roadOff - off) > 12.5
        let slightlyDistinct = roadOff > 1.4 * off
        let keepsName = !nameChanges(current, candidate.way), roadRenames = nameChanges(current, road.way)
        if (keepsName || roadRenames) && distinct { return false }
        // A road that continues across the intersection (a crossing street) is no rival.
        var opposite = roads[0], oppositeApart = 181.0
        let reverse = Self.normalized(road.bearing + 180)
        for r in roads where Self.apart(r.bearing, reverse) < oppositeApart {
            opposite = r
            oppositeApart = Self.apart(r.bearing, reverse)
        }
        let crossesOn = !nameChanges(opposite.way, road.way)
        let oppositeAngle = Self.apart(Self.angle(road), Self.angle(opposite))
        if roads.count >= 4 {
            if (crossesOn || oppositeAngle > 140) && distinct { return false }
            if keepsName && roadRenames && slightlyDistinct && crossesOn && oppositeAngle > 155 { return false }
        } else if keepsName && roadRenames && distinct && oppositeAngle > 120 {
            return false
        }
        let viaPriority = priority(via), candidatePriority = priority(candidate.way), roadPriority = priority(road.way)
        if viaPriority > 6 && distinct { return false }
        let samePriority = viaPriority == candidatePriority
        if samePriority && keepsName && slightlyDistinct
            && (candidatePriority < roadPriority || candidatePriority > roadPriority + 4) { return false }
        if isLinkTo(road.way, via) && isLinkTo(road.way, candidate.way) { return false }
        if samePriority && Self.group(viaPriority) < Self.group(roadPriority)
            && nameChanges(candidate.way, road.way) && roadRenames { return false }
        if samePriority && isLink(road.way) { return false }
        return true
    }

    /// For a candidate more than 60° off straight: whether `road` competes with it.
    func isSimilarWide(_ road: Road, to candidate: Road, via: Int32) -> Bool {
        let roadOff = Self.offStraight(road)
        if roadOff > 20 && isLinkTo(road.way, via) && isLinkTo(road.way, candidate.way) { return false }
        if roadOff > 2 * Self.offStraight(candidate) { return false }
        return !isDistinctAtTheNode(road, from: candidate)
    }

    /// OSRM's second look at a wide turn where the road arrived by bends close to the node
    /// (its bearing there and its perceived course differ by more than 15°: a hairpin on a
    /// mountain road): at the node itself, `road` is no rival to `candidate` when it turns off
    /// twice as far and does not lead straight into the candidate.
    func isDistinctAtTheNode(_ road: Road, from candidate: Road) -> Bool {
        let arrived = roads[0]
        let arrivedAtNode = leavingBearing(arrived.directed, tangent: true)
        guard Self.apart(arrivedAtNode, arrived.bearing) > 15 else { return false }
        let heading = Self.normalized(arrivedAtNode + 180)
        let candidateAtNode = leavingBearing(candidate.directed, tangent: true)
        let roadAtNode = leavingBearing(road.directed, tangent: true)
        let candidateOff = abs(Turn.deviation(heading, candidateAtNode)), roadOff = abs(Turn.deviation(heading, roadAtNode))
        let roadIntoCandidate = ManeuverModifier(deviation: Turn.deviation(Self.normalized(roadAtNode + 180), candidateAtNode))
        return roadIntoCandidate != .straight && roadOff > 2 * candidateOff
    }
}
