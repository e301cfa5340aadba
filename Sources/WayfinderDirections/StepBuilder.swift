import Foundation
import WayfinderGraph
import WayfinderRouting

/// Turns routes of one graph into `Directions`. Reuses its buffers between routes: keep one
/// per thread (like `Router`) when building many.
///
/// The route is cut at every intersection it passes (a "boundary" between two pieces). At
/// each, the roads meeting there are compared by bearing, name and class, and a step is
/// made only where the traveller has to do something: a turn, a name change, a fork, a
/// ramp, a roundabout. A second pass folds short wiggles and dual-carriageway crossings.
public final class DirectionsBuilder {
    public let graph: RoutingGraph

    /// Steps shorter than this (metres) are folded into their neighbours where the two
    /// together say the same thing (dual-carriageway crossings, wiggles).
    public var collapseDistance: Double

    private var pieces: [RoutePiece] = []
    /// Per piece: its way, and how many road ends meet where it starts (read in one pass,
    /// so that these scattered loads overlap instead of waiting on one another).
    private var pieceWay: [Int32] = []
    private var startDegree: [Int32] = []
    /// Per boundary `k` (0 = start, `pieces.count` = end): index of its point in the line,
    /// metres and milliseconds travelled before it.
    private var lineIndex: [Int] = []
    private var travelled: [Double] = []
    private var elapsed: [Double] = []
    /// Estimated turn cost (ms) at each boundary, spent by the step it falls in.
    private var turnCost: [Double] = []
    private var raw: [RawStep] = []
    private var roads: [Road] = []
    private var intersectionRoads: [IntersectionRoad] = []
    /// Recently used names by string id (direct-mapped), so that a name met again is not
    /// decoded and allocated again.
    private var nameCache = [(id: Int32, text: String)](repeating: (0, ""), count: 64)
    /// Metres per fixed-point unit of longitude and latitude around the route.
    private var metresPerLon = 0.0
    private var metresPerLat = 0.0

    /// A maneuver before its text and measures exist.
    struct RawStep {
        var type: ManeuverType
        var modifier: ManeuverModifier?
        var boundary: Int
        var bearingBefore: Double
        var bearingAfter: Double
        /// Way travelled after the maneuver (the exit road of a roundabout).
        var way: Int32
        var exit: Int = 0
        /// Where a roundabout step leaves the ring (its `boundary` is where it enters).
        var exitBoundary: Int?
        var intersection: Range<Int> = 0..<0
        var intersectionIn: Int?
        var intersectionOut: Int?
    }

    /// One road at an intersection, leaving it.
    struct Road {
        var directed: Int32
        var bearing: Double
        /// Bearing change from the arriving direction, -180...180 (negative = left).
        var deviation: Double
        var allowed: Bool
        var way: Int32
    }

    public init(graph: RoutingGraph) {
        self.graph = graph
        collapseDistance = graph.mode == .driving ? 30 : 15
    }

    /// The directions of `route`. `destination`: the coordinate asked for (not the snapped
    /// one), so that the arrival says on which side it lies. `waypoint`: when the route is a
    /// leg ending at an intermediate waypoint, that waypoint's number (1 = the first after the
    /// start), for the arrival's text. `annotated`: also measure each stretch of the line
    /// (`Directions.annotation`).
    public func directions(for route: Route, destination: FixedCoordinate? = nil, waypoint: Int? = nil,
                           annotated: Bool = false) -> Directions {
        metresPerLat = Geo.earthRadius * .pi / 180 / FixedCoordinate.scale
        metresPerLon = metresPerLat * cos(route.source.location.latitude * .pi / 180)
        let line = measure(route)
        let n = pieces.count
        raw.removeAll(keepingCapacity: true)
        intersectionRoads.removeAll(keepingCapacity: true)
        raw.append(RawStep(type: .depart, boundary: 0, bearingBefore: 0, bearingAfter: 0,
                           way: n > 0 ? way(directed(pieces[0])) : graph.segments[Int(route.source.segment)].way))
        findManeuvers()
        raw.append(RawStep(type: .arrive, boundary: n, bearingBefore: 0, bearingAfter: 0,
                           way: n > 0 ? way(directed(pieces[n - 1])) : raw[0].way))
        collapse()
        return assemble(route, line: line, destination: destination, waypoint: waypoint, annotated: annotated)
    }

    // MARK: Measuring

    /// Keeps the pieces that have a length; builds the line and the per-boundary measures.
    private func measure(_ route: Route) -> [FixedCoordinate] {
        // The buffers are taken out of `self` while filled: appending to local arrays is cheaper.
        func take<T>(_ array: inout [T]) -> [T] {
            var taken: [T] = []
            swap(&taken, &array)
            taken.removeAll(keepingCapacity: true)
            return taken
        }
        var pieces = take(&self.pieces), travelled = take(&self.travelled), elapsed = take(&self.elapsed)
        var lineIndex = take(&self.lineIndex), pieceWay = take(&self.pieceWay), startDegree = take(&self.startDegree)
        var turnCost = take(&self.turnCost)
        defer {
            self.pieces = pieces
            self.travelled = travelled
            self.elapsed = elapsed
            self.lineIndex = lineIndex
            self.pieceWay = pieceWay
            self.startDegree = startDegree
            self.turnCost = turnCost
        }
        travelled.append(0)
        elapsed.append(0)
        lineIndex.append(0)
        turnCost.append(0)
        var line: [FixedCoordinate] = []
        line.reserveCapacity(route.pieces.count * 8 + 2)
        var metres = 0.0, milliseconds = 0.0
        for piece in route.pieces {
            let s = graph.segments[Int(piece.segment)]
            let length = graph.length(of: piece)
            guard length > 0 else { continue }
            pieces.append(piece)
            metres += length
            milliseconds += Double(max(0, s.weight(forward: piece.forward))) * (piece.end - piece.start)
            travelled.append(metres)
            elapsed.append(milliseconds)
            turnCost.append(0)
            pieceWay.append(s.way)
            let v = Int(piece.forward ? s.fromNode : s.toNode)
            startDegree.append(graph.nodeFirst[v + 1] - graph.nodeFirst[v])
            graph.appendGeometry(of: piece, to: &line)
            lineIndex.append(max(0, line.count - 1))
        }
        if line.isEmpty { line.append(route.source.location) }
        return line
    }

    // MARK: Graph helpers

    @inline(__always) private func directed(_ piece: RoutePiece) -> Int32 { 2 * piece.segment + (piece.forward ? 0 : 1) }
    @inline(__always) private func way(_ directed: Int32) -> Int32 { graph.segments[Int(directed >> 1)].way }
    @inline(__always) private func info(_ way: Int32) -> WayInfo { graph.ways[Int(way)] }
    @inline(__always) private func allowed(_ directed: Int32) -> Bool {
        graph.segments[Int(directed >> 1)].allows(forward: directed & 1 == 0)
    }
    @inline(__always) private func startNode(_ directed: Int32) -> Int32 {
        let s = graph.segments[Int(directed >> 1)]
        return directed & 1 == 0 ? s.fromNode : s.toNode
    }
    @inline(__always) private func isRoundabout(_ way: Int32) -> Bool {
        graph.mode == .driving && info(way).flags & WayInfo.isRoundabout != 0
    }
    @inline(__always) private func leaving(_ v: Int32) -> Range<Int> {
        Int(graph.nodeFirst[Int(v)])..<Int(graph.nodeFirst[Int(v) + 1])
    }

    /// Bearing of a directed segment where it leaves its start node, looking ~10 m ahead so
    /// that the last centimetres of a drawn junction do not decide the angle.
    private func leavingBearing(_ x: Int32) -> Double {
        let s = graph.segments[Int(x >> 1)]
        let forward = x & 1 == 0
        let first = Int(s.firstPoint), last = Int(s.lastPoint)
        let origin = graph.points[forward ? first : last]
        let end = forward ? last : first, step = forward ? 1 : -1
        var i = forward ? first + 1 : last - 1
        var dx = 0.0, dy = 0.0
        while true {
            let p = graph.points[i]
            dx = Double(p.lon &- origin.lon) * metresPerLon
            dy = Double(p.lat &- origin.lat) * metresPerLat
            if i == end || dx * dx + dy * dy >= 100 { break }
            i += step
        }
        return Self.bearing(dx, dy)
    }

    /// Bearing along the line from point `index`, forwards or backwards, up to ~10 m but not past `limit`.
    private func lineBearing(_ line: [FixedCoordinate], from index: Int, to limit: Int) -> Double {
        let origin = line[index], step = limit >= index ? 1 : -1
        var i = index, dx = 0.0, dy = 0.0
        while i != limit {
            i += step
            dx = Double(line[i].lon &- origin.lon) * metresPerLon
            dy = Double(line[i].lat &- origin.lat) * metresPerLat
            if dx * dx + dy * dy >= 100 { break }
        }
        return step > 0 ? Self.bearing(dx, dy) : Self.normalized(Self.bearing(dx, dy) + 180)
    }

    /// Bearing in degrees, 0 ..< 360, of the offset (`dx` east, `dy` north): `atan2` by a
    /// minimax polynomial (error below 0.001°), several times cheaper than the libm call.
    static func bearing(_ dx: Double, _ dy: Double) -> Double {
        let ax = abs(dx), ay = abs(dy)
        let big = max(ax, ay)
        if big == 0 { return 0 }
        let z = min(ax, ay) / big, z2 = z * z
        let atan = z * (0.99997726 + z2 * (-0.33262347 + z2 * (0.19354346 + z2 * (-0.11643287
            + z2 * (0.05265332 + z2 * -0.01172120))))) * (180 / .pi)
        // Quadrants by selects, not branches (they are unpredictable).
        var degrees = ax > ay ? 90 - atan : atan   // from north towards the x axis
        degrees = dy < 0 ? 180 - degrees : degrees
        degrees = dx < 0 ? 360 - degrees : degrees
        return degrees >= 360 ? 0 : degrees
    }

    private static func normalized(_ degrees: Double) -> Double {
        // Angles here are sums and differences of a few bearings: a loop beats fmod.
        var d = degrees
        while d >= 360 { d -= 360 }
        while d < 0 { d += 360 }
        return d
    }

    /// Change of bearing from `before` to `after`, in -180...180 (negative = left).
    static func deviation(_ before: Double, _ after: Double) -> Double {
        var d = after - before
        while d > 180 { d -= 360 }
        while d <= -180 { d += 360 }
        return d
    }

    /// Collects the roads at intersection `v` for a route arriving by `a` (its bearing at `v`
    /// is `inBearing`); returns the indices of the road arrived by and of `b`.
    private func gatherRoads(at v: Int32, arriving a: Int32, leaving b: Int32, inBearing: Double,
                             outBearing: Double) -> (in: Int?, out: Int) {
        roads.removeAll(keepingCapacity: true)
        var inIndex: Int?, outIndex = 0
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x == a ^ 1 { inIndex = roads.count }
            if x == b { outIndex = roads.count }
            // The two bearings the caller knows are not measured again.
            let bearing = x == b ? outBearing : x == a ^ 1 ? Self.normalized(inBearing + 180) : leavingBearing(x)
            roads.append(Road(directed: x, bearing: bearing, deviation: Self.deviation(inBearing, bearing),
                              allowed: allowed(x), way: way(x)))
        }
        return (inIndex, outIndex)
    }

    /// Appends the gathered roads, by increasing bearing, to the step's intersection.
    private func record(_ step: inout RawStep, in inIndex: Int?, out outIndex: Int, uTurn: Bool) {
        let start = intersectionRoads.count
        intersectionRoads.append(contentsOf: repeatElement(IntersectionRoad(bearing: 0, entry: false), count: roads.count))
        for (i, road) in roads.enumerated() {
            // Position by bearing among a handful of roads: count those before it.
            var position = 0
            for (j, other) in roads.enumerated()
            where other.bearing < road.bearing || (other.bearing == road.bearing && j < i) { position += 1 }
            let entry = road.allowed && (i != inIndex || uTurn)
            intersectionRoads[start + position] = IntersectionRoad(bearing: UInt16(Self.rounded(road.bearing)), entry: entry)
            if i == inIndex { step.intersectionIn = position }
            if i == outIndex { step.intersectionOut = position }
        }
        step.intersection = start..<intersectionRoads.count
    }

    // MARK: Identity of a road, for "does the road go on"

    /// Whether going from way `a` onto way `b` is staying on the same road as a traveller
    /// reads it (after OSRM's name announcement rules): the same name; the same ref where one
    /// of them has no name (a tunnel or a town stretch of a numbered road); both unnamed. A
    /// walker's unnamed paths are alike by kind: stairs, paths, streets.
    private func sameRoad(_ a: Int32, _ b: Int32) -> Bool {
        if a == b { return true }
        let x = info(a), y = info(b)
        if x.name != 0 && x.name == y.name { return true }
        if x.ref != 0 && x.ref == y.ref && (x.name == 0 || y.name == 0) { return true }
        guard x.name == 0 && y.name == 0 && x.ref == 0 && y.ref == 0 else { return false }
        return graph.mode == .driving || WalkKind(x.roadClass).group == WalkKind(y.roadClass).group
    }

    /// Whether the change from `a` to `b` is worth a word where nothing else happens: not
    /// for a car going from a named road onto an unnamed one, as there is no name to say.
    private func announces(_ a: Int32, _ b: Int32) -> Bool {
        guard !sameRoad(a, b) else { return false }
        let y = info(b)
        return graph.mode == .walking || y.name != 0 || y.ref != 0
    }

    /// Whether a way has a name or ref to speak of.
    private func isNamed(_ way: Int32) -> Bool { info(way).name != 0 || info(way).ref != 0 }

    /// Roads too small to compete with a bigger one for "which way is straight on".
    private func isMinor(_ way: Int32) -> Bool {
        graph.mode == .driving && info(way).roadClass >= RoadClass.service.rawValue
    }

    private static func isHighway(_ w: WayInfo) -> Bool {
        w.roadClass == RoadClass.motorway.rawValue || w.roadClass == RoadClass.trunk.rawValue
    }

    // MARK: Finding maneuvers

    private func findManeuvers() {
        let n = pieces.count
        var k = 1
        var ringExits = 0   // exits passed since a start on a roundabout
        while k < n {
            let a = directed(pieces[k - 1]), b = directed(pieces[k])
            let wa = pieceWay[k - 1], wb = pieceWay[k]
            let degree = Int(startDegree[k])
            let inRing = isRoundabout(wa), outRing = isRoundabout(wb)
            if !inRing && outRing {
                k = roundabout(enteringAt: k)
                continue
            }
            // The road the traveller was last told about (names may lapse without a word).
            let current = raw[raw.count - 1].way
            // Straight through a plain joint of two ways: only a name change matters.
            if degree == 2 && b != a ^ 1 && !announces(current, wb) && !inRing {
                k += 1
                continue
            }
            let v = startNode(b)
            if !inRing && b != a ^ 1 && goesOnUnrivalled(a, b, wa, wb, at: v, current: current) {
                k += 1
                continue
            }
            let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180), outBearing = leavingBearing(b)
            let dOut = Self.deviation(inBearing, outBearing)
            if graph.mode == .driving {
                turnCost[k] = b == a ^ 1 ? 20_000 : degree > 2 ? Self.turnCost(dOut) : 0
            }
            if !inRing && b != a ^ 1 && goesOnQuietly(a, b, wa, wb, at: v, current: current,
                                                          inBearing: inBearing, deviation: dOut) {
                k += 1
                continue
            }
            let (inIndex, outIndex) = gatherRoads(at: v, arriving: a, leaving: b, inBearing: inBearing, outBearing: outBearing)
            var step: RawStep?
            if inRing {
                if outRing {
                    if hasExit(at: v, arriving: a) { ringExits += 1 }
                } else {
                    step = RawStep(type: .exitRoundabout, modifier: ManeuverModifier(deviation: dOut), boundary: k,
                                   bearingBefore: inBearing, bearingAfter: roads[outIndex].bearing, way: wb, exit: ringExits + 1)
                    ringExits = 0
                }
            } else if let (type, modifier) = classify(a, b, current: current, inIndex: inIndex, outIndex: outIndex) {
                step = RawStep(type: type, modifier: modifier, boundary: k, bearingBefore: inBearing,
                               bearingAfter: roads[outIndex].bearing, way: wb)
            }
            if var step {
                record(&step, in: inIndex, out: outIndex, uTurn: b == a ^ 1)
                raw.append(step)
            }
            k += 1
        }
    }

    /// The commonest case, decided without a bearing: the road goes on under its name and
    /// every other road one could take here is smaller (the turn cost, small at such a
    /// node, is left to the scaling of durations).
    private func goesOnUnrivalled(_ a: Int32, _ b: Int32, _ wa: Int32, _ wb: Int32, at v: Int32, current: Int32) -> Bool {
        let outInfo = info(wb)
        guard sameRoad(current, wb), isNamed(current) || graph.mode == .walking,
              (info(wa).flags ^ outInfo.flags) & WayInfo.isLink == 0 else { return false }
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x != b && x != a ^ 1 && allowed(x) && info(way(x)).roadClass <= outInfo.roadClass { return false }
        }
        return true
    }

    /// The next commonest, decided from few bearings: the road goes on under its name and no
    /// road at least as important is straighter (`classify` would say nil).
    private func goesOnQuietly(_ a: Int32, _ b: Int32, _ wa: Int32, _ wb: Int32, at v: Int32, current: Int32,
                               inBearing: Double, deviation dOut: Double) -> Bool {
        let absOut = abs(dOut), outInfo = info(wb)
        guard absOut < 60, sameRoad(current, wb), isNamed(current) || graph.mode == .walking,
              (info(wa).flags ^ outInfo.flags) & WayInfo.isLink == 0 else { return false }
        var bestRival = 180.0
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            guard x != b, x != a ^ 1, allowed(x), info(way(x)).roadClass <= outInfo.roadClass else { continue }
            bestRival = min(bestRival, abs(Self.deviation(inBearing, leavingBearing(x))))
        }
        return Self.isQuiet(absOut, bestRival)
    }

    /// The road taken, `absOut` degrees off straight, goes without saying when the straightest
    /// rival is `bestRival` degrees off.
    private static func isQuiet(_ absOut: Double, _ bestRival: Double) -> Bool {
        (absOut < 45 && bestRival >= absOut - 10) || (absOut < 60 && bestRival >= absOut + 10)
    }

    /// Whether a route arriving at roundabout node `v` by `a` could leave the roundabout there.
    private func hasExit(at v: Int32, arriving a: Int32) -> Bool {
        for i in leaving(v) {
            let x = graph.nodeLeaving[i]
            if x != a ^ 1 && allowed(x) && !isRoundabout(way(x)) { return true }
        }
        return false
    }

    /// Makes the step of a roundabout entered at boundary `k`: counts the exits passed up to
    /// the one taken. Returns the boundary after the exit.
    private func roundabout(enteringAt k: Int) -> Int {
        let n = pieces.count
        let a = directed(pieces[k - 1]), b = directed(pieces[k])
        let v = startNode(b)
        let inBearing = Self.normalized(leavingBearing(a ^ 1) + 180)
        let (inIndex, outIndex) = gatherRoads(at: v, arriving: a, leaving: b, inBearing: inBearing,
                                              outBearing: leavingBearing(b))
        var step = RawStep(type: .roundabout, modifier: nil, boundary: k, bearingBefore: inBearing,
                           bearingAfter: roads[outIndex].bearing, way: way(b))
        record(&step, in: inIndex, out: outIndex, uTurn: false)
        if graph.mode == .driving && leaving(v).count > 2 { turnCost[k] = Self.turnCost(roads[outIndex].deviation) }
        var exits = 0
        var j = k + 1
        while j < n {
            let aj = directed(pieces[j - 1]), bj = directed(pieces[j])
            let vj = startNode(bj)
            if !isRoundabout(way(bj)) {
                exits += 1
                step.exit = exits
                step.exitBoundary = j
                step.way = way(bj)
                step.modifier = ManeuverModifier(deviation: Self.deviation(inBearing, leavingBearing(bj)))
                raw.append(step)
                return j + 1
            }
            if hasExit(at: vj, arriving: aj) { exits += 1 }
            j += 1
        }
        // The route ends on the roundabout.
        raw.append(step)
        return n
    }

    /// The maneuver at an ordinary intersection, or nil where the road simply goes on.
    /// `current` is the way whose name the traveller was last given.
    private func classify(_ a: Int32, _ b: Int32, current: Int32, inIndex: Int?,
                          outIndex: Int) -> (ManeuverType, ManeuverModifier)? {
        let out = roads[outIndex]
        let dOut = out.deviation
        let wa = way(a), inInfo = info(wa), outInfo = info(out.way)
        var modifier = ManeuverModifier(deviation: dOut)

        // The other roads the route could have taken, and those that compete with this one.
        var others = 0, bestOther = 180.0, nearest: Road?
        /// The straightest other road at least as important as the one taken.
        var bestRival = 180.0
        var inRoadGoesOn = false, roadAhead = false, roadLeft = dOut <= -45, roadRight = dOut >= 45
        var arrivingOther: Road?
        let outMinor = isMinor(out.way)
        for (i, road) in roads.enumerated() where i != outIndex && road.directed != a ^ 1 {
            let d = abs(road.deviation)
            if d < 45 { roadAhead = true }
            if road.deviation <= -45 { roadLeft = true }
            if road.deviation >= 45 { roadRight = true }
            if allowed(road.directed ^ 1) && arrivingOther == nil { arrivingOther = road }
            guard road.allowed else { continue }
            others += 1
            if info(road.way).roadClass <= outInfo.roadClass { bestRival = min(bestRival, d) }
            if !outMinor && isMinor(road.way) { continue }
            if d < 60 && sameRoad(current, road.way) && (isNamed(current) || graph.mode == .walking) { inRoadGoesOn = true }
            if d < bestOther {
                bestOther = d
                nearest = road
            }
        }
        if b == a ^ 1 { return (others == 0 ? .continue : .turn, .uturn) }

        /// Left or right of the other road, for maneuvers whose angle is too small to say.
        func side(of other: Road?, left: ManeuverModifier, right: ManeuverModifier) -> ManeuverModifier {
            guard let other else { return dOut < 0 ? left : right }
            return dOut < other.deviation ? left : right
        }

        if graph.mode == .driving {
            if inInfo.flags & WayInfo.isLink != 0 && outInfo.flags & WayInfo.isLink == 0 && Self.isHighway(outInfo),
               let arrivingOther {
                // The main road arrives from behind on the side we merge to.
                return (.merge, arrivingOther.deviation < 0 ? .slightLeft : .slightRight)
            }
            if inInfo.flags & WayInfo.isLink == 0 && outInfo.flags & WayInfo.isLink != 0 && others > 0
                && (Self.isHighway(inInfo) || Self.isHighway(outInfo)) {
                if modifier == .straight { modifier = side(of: nearest, left: .slightLeft, right: .slightRight) }
                return (Self.isHighway(inInfo) ? .offRamp : .onRamp, modifier)
            }
        }
        let absOut = abs(dOut)
        if others == 0 {
            // No choice: only a change of name is worth a word.
            guard announces(current, out.way) else { return nil }
            return (absOut >= 45 ? .turn : .newName, modifier)
        }
        if sameRoad(current, out.way) && (isNamed(current) || graph.mode == .walking) {
            // The road goes on under its name: a word only where it is not the way straight on.
            if Self.isQuiet(absOut, bestRival) { return nil }
            // Nearly straight, but another road is straighter: say on which side it goes on.
            if modifier == .straight { modifier = side(of: nearest, left: .slightLeft, right: .slightRight) }
            return (.continue, modifier)
        }
        let obvious = absOut < 35 && bestOther >= absOut + 25 && !inRoadGoesOn
        if obvious { return announces(current, out.way) ? (.newName, modifier) : nil }
        if absOut < 45 && bestOther < 45 && !inRoadGoesOn {
            // The leftmost branch keeps left, the rightmost right, a middle one straight.
            var branchLeft = false, branchRight = false
            for (i, road) in roads.enumerated() where i != outIndex && road.allowed && abs(road.deviation) < 45 {
                if road.deviation < dOut { branchLeft = true } else { branchRight = true }
            }
            return (.fork, branchLeft && branchRight ? .straight : branchLeft ? .slightRight : .slightLeft)
        }
        if absOut >= 45 && !roadAhead && roadLeft && roadRight { return (.endOfRoad, modifier) }
        return (.turn, modifier)
    }

    /// OSRM car.lua's turn cost (ms) for a bearing change: what the search added at this
    /// turn, so the time lands on the step that makes the turn.
    static func turnCost(_ deviation: Double) -> Double {
        let penalty = 7.5, bias = 1.075
        let seconds = deviation >= 0
            ? penalty / (1 + exp(-((13 / bias) * deviation / 180 - 6.5 * bias)))
            : penalty / (1 + exp(-((13 * bias) * -deviation / 180 - 6.5 / bias)))
        return Double(Int(seconds * 1000 + 0.5))
    }

    // MARK: Folding short steps

    private func length(_ i: Int) -> Double { travelled[raw[i + 1].boundary] - travelled[raw[i].boundary] }

    /// Removes the noise of short stretches (shorter than `collapseDistance`), in this order:
    /// - a slight bend to stay on the road, or a name change, right before another maneuver
    ///   is said by that maneuver;
    /// - a short detour that ends on the road it left, heading the same way, is no maneuver
    ///   at all (crossings, wiggles);
    /// - a name change right after a maneuver names the road that maneuver takes;
    /// - (driving) two turns through a short gap that reverse the direction are one U-turn;
    ///   a short name change and the turn after it are one turn (dual carriageways);
    /// - a turn and, right after, a turn to stay on the road it took are one turn.
    private func collapse() {
        var i = 1
        while i + 1 < raw.count {
            let s = raw[i], next = raw[i + 1]
            let afterExit = travelled[next.boundary] - travelled[s.exitBoundary ?? s.boundary]
            guard afterExit < collapseDistance, !isStairs(s.way), !isStairs(next.way) else { i += 1; continue }
            let foldable = Self.isFoldable(s.type), nextFoldable = Self.isFoldable(next.type)
            if next.type == .arrive {
                if s.type == .newName { raw.remove(at: i) } else { i += 1 }
                continue
            }
            if (s.type == .continue && (s.modifier == .straight || s.modifier?.isSlight == true))
                || (s.type == .newName && !nextFoldable) {
                raw.remove(at: i)
                continue
            }
            let combined = Self.deviation(s.bearingBefore, next.bearingAfter)
            let backOnTheRoad = sameRoad(raw[i - 1].way, next.way)
            if foldable && nextFoldable && backOnTheRoad && abs(combined) < 45 {
                raw.removeSubrange(i...(i + 1))
                continue
            }
            if next.type == .newName && abs(Self.deviation(next.bearingBefore, next.bearingAfter)) < 45 {
                raw[i].way = next.way
                raw.remove(at: i + 1)
                continue
            }
            guard foldable && (nextFoldable || next.type == .onRamp || next.type == .offRamp || next.type == .merge) else {
                i += 1
                continue
            }
            var merged: RawStep
            if graph.mode == .driving && abs(combined) > 150 && nextFoldable {
                merged = s
                merged.type = .turn
                merged.modifier = .uturn
            } else if graph.mode == .driving && s.type == .newName {
                merged = next
                merged.boundary = s.boundary
                merged.bearingBefore = s.bearingBefore
                merged.intersection = s.intersection
                merged.intersectionIn = s.intersectionIn
                merged.intersectionOut = s.intersectionOut
                if next.type != .fork && nextFoldable {
                    merged.modifier = ManeuverModifier(deviation: combined)
                    if backOnTheRoad {
                        merged.type = .continue
                    } else if merged.type == .continue || (merged.type == .newName && abs(combined) >= 45) {
                        merged.type = .turn
                    }
                }
            } else if next.type == .continue && sameRoad(s.way, next.way) && s.type != .fork {
                merged = s
                merged.modifier = ManeuverModifier(deviation: combined)
                if merged.type == .newName && abs(combined) >= 45 { merged.type = .turn }
            } else {
                i += 1
                continue
            }
            merged.bearingAfter = next.bearingAfter
            merged.way = next.way
            raw[i] = merged
            raw.remove(at: i + 1)
        }
        // A name change a few metres after the start: the start is on the new road.
        if raw.count > 2 && raw[1].type == .newName && length(0) < collapseDistance {
            raw[0].way = raw[1].way
            raw.remove(at: 1)
        }
    }

    private static func isFoldable(_ type: ManeuverType) -> Bool {
        switch type {
        case .turn, .newName, .continue, .endOfRoad, .fork: return true
        default: return false
        }
    }

    private func isStairs(_ way: Int32) -> Bool { info(way).roadClass == RoadClass.steps.rawValue }

    // MARK: Assembling

    private func assemble(_ route: Route, line: [FixedCoordinate], destination: FixedCoordinate?, waypoint: Int?,
                          annotated: Bool) -> Directions {
        let n = pieces.count
        // Milliseconds at each boundary, turn costs included, scaled to the search's total.
        var total = 0.0
        for k in 0...n {
            total += turnCost[k]
            elapsed[k] += total - turnCost[k]
        }
        let scale = elapsed[n] > 0 ? Double(route.weight) / elapsed[n] : 0
        func millis(_ k: Int) -> Double { k == n ? Double(route.weight) : Double(Int(elapsed[k] * scale + 0.5)) }

        let last = line.count - 1
        var steps: [RouteStep] = []
        steps.reserveCapacity(raw.count)
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
            let w = info(s.way)
            let stepName = name(w.name), stepRef = name(w.ref), roadClass = RoadClass(rawValue: w.roadClass) ?? .other
            steps.append(RouteStep(
                maneuver: maneuver, name: stepName, ref: stepRef, roadClass: roadClass,
                distance: s.type == .arrive ? 0 : travelled[nextBoundary] - travelled[s.boundary],
                duration: s.type == .arrive ? 0 : (millis(nextBoundary) - millis(s.boundary)) / 1000,
                geometry: from...(s.type == .arrive ? last : max(from, to)),
                intersection: range, intersectionIn: inIndex, intersectionOut: outIndex, mode: graph.mode,
                arrivalWaypoint: s.type == .arrive ? waypoint : nil))
        }
        return Directions(mode: graph.mode, drivingSide: DrivingSide.at(route.source.location), line: line,
                          steps: steps, intersectionRoads: intersectionRoads, distance: travelled[n],
                          duration: Double(route.weight) / 1000,
                          annotation: annotated ? annotation(line, millis: millis) : nil)
    }

    /// Metres and seconds of each stretch between consecutive points of `line`. Each piece's
    /// length and time (`millis` at its boundaries) is shared among its stretches by their
    /// lengths on the map; the values are differences of running totals pinned to the
    /// boundaries, so they add up to the route's distance and duration.
    private func annotation(_ line: [FixedCoordinate], millis: (Int) -> Double) -> LegAnnotation {
        let last = line.count - 1, n = pieces.count
        var metres = [Double](repeating: 0, count: line.count), seconds = metres   // running totals at each point
        for k in 0..<n where lineIndex[k + 1] > lineIndex[k] {
            let from = lineIndex[k], to = lineIndex[k + 1]
            let d0 = travelled[k], d1 = travelled[k + 1], t0 = millis(k) / 1000, t1 = millis(k + 1) / 1000
            var mapLength = 0.0
            for j in from..<to {
                mapLength += Geo.distance(line[j], line[j + 1])
                metres[j + 1] = mapLength
            }
            // A piece whose points coincide on the map (centimetres long) shares evenly.
            metres[from] = d0
            seconds[from] = t0
            for j in (from + 1)...to {
                let share = mapLength > 0 ? metres[j] / mapLength : Double(j - from) / Double(to - from)
                metres[j] = j == to ? d1 : d0 + (d1 - d0) * share
                seconds[j] = j == to ? t1 : t0 + (t1 - t0) * share
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
        return LegAnnotation(distance: distance, duration: duration)
    }

    private func name(_ id: Int32) -> String {
        if id == 0 { return "" }
        let slot = Int(id) & (nameCache.count - 1)
        if nameCache[slot].id != id { nameCache[slot] = (id, graph.names[id]) }
        return nameCache[slot].text
    }

    private static func rounded(_ bearing: Double) -> Int { Int(normalized(bearing) + 0.5) % 360 }

    /// Which side of the road the destination lies on, seen in the direction of travel.
    private func arrivalSide(_ at: FixedCoordinate, _ destination: FixedCoordinate, heading: Double) -> ManeuverModifier? {
        let dx = Double(destination.lon &- at.lon) * metresPerLon, dy = Double(destination.lat &- at.lat) * metresPerLat
        guard dx * dx + dy * dy >= 1 else { return nil }
        let d = Self.deviation(heading, Self.bearing(dx, dy))
        if abs(d) < 15 { return .straight }
        if abs(d) > 165 { return nil }
        return d < 0 ? .left : .right
    }
}
