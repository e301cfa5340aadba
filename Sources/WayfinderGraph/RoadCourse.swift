/// The first metres of a road leaving an intersection, in flat metres around it, and the point
/// that best says where the road goes: OSRM's representative coordinate (its guidance
/// `CoordinateExtractor`), so that our turn angles are the ones OSRM's turn handlers compare.
///
/// A road's first shape point often says little about its course: a junction drawn with a
/// short kink, a curve that starts right at the intersection, a one-way half of a divided road
/// offset by a lane. Measuring each road ~10 m along it, as we once did, turned such roads by
/// tens of degrees where OSRM, which looks at the road's course over up to ~50 m (a straight
/// start, a regression line, a curve's tangent a few metres out, an offset of a lane
/// corrected), sees them straight on, and the two disagreed on "continue" against "slight".
///
/// Points are `p[0] = (0, 0)`, the intersection, then the road's shape points without repeats,
/// `d[i]` the length of the piece ending at `p[i]` (`d[0] = 0`). The buffers are the caller's
/// (on its stack): nothing here allocates. Where OSRM's code has quirks that decide its
/// angles (lengths of single pieces compared to lengths along the road when trimming), they
/// are kept on purpose: the aim is OSRM's answer.
public struct RoadCourse {
    public static let laneWidth = 3.25
    /// How far ahead a road is read without lanes in the way (OSRM's 10 m).
    public static let lookahead = 10.0
    public static let farLookahead = 40.0
    /// Most points read along one road (more only on implausibly dense drawing).
    public static let capacity = 40

    let p: UnsafeMutablePointer<SIMD2<Double>>
    let d: UnsafeMutablePointer<Double>
    var n: Int

    public init(p: UnsafeMutablePointer<SIMD2<Double>>, d: UnsafeMutablePointer<Double>, n: Int) {
        (self.p, self.d, self.n) = (p, d, n)
    }

    /// The point at `length` metres along the road (its end when shorter).
    public func point(at length: Double) -> SIMD2<Double> { frontAfter(length)?.point ?? p[n - 1] }

    /// Where a road of `lanes` lanes' width (as OSRM counts them: two, more for wide road
    /// classes) is going: `n >= 3`, points read up to `reach(lanes:)` along it.
    public mutating func representative(lanes: Double) -> SIMD2<Double> {
        let width = lanes * Self.laneWidth
        // A first shape point far out: that piece is the road's course.
        if d[1] > width + Self.lookahead { return p[1] }
        trim(keeping: Self.reach(lanes: lanes))
        d[n - 1] = min(d[n - 1], Self.reach(lanes: lanes))
        var total = 0.0
        for i in 1..<n { total += d[i] }
        if n == 2 || total <= 2 { return p[n - 1] }
        // Straight enough all along (within half a lane): its end.
        if maxDeviation(0..<n, from: p[0], to: p[n - 1]) < 0.5 * Self.laneWidth {
            return p[n - 1] == p[0] ? point(at: 2) : p[n - 1]
        }
        // A straight start long enough to be the road's own course.
        var straight = d[1], index = 2
        while index < n && maxDeviation(0..<index, from: p[0], to: p[index]) < 0.25 * Self.laneWidth {
            straight += d[index]
            index += 1
        }
        let straightIndex = index - 1
        if straight >= width + Self.lookahead { return point(at: 5) }
        // A line through all of it (a road drawn in small steps).
        let line = regressionLine(front: p[0], rest: 1..<n)
        if maxDeviation(0..<n, from: line.0, to: line.1) < 0.35 * Self.laneWidth {
            return corrected(base: line.0, head: line.1)
        }
        // A lane's offset at the start, then straight on. (OSRM passes the lanes on as a
        // whole number: 1.5 lanes of a one-lane primary road are 1 here.)
        if isDirectOffset(straightIndex: straightIndex, straight: straight, total: total, lanes: lanes.rounded(.down)) {
            let i = max(1, straightIndex)
            return corrected(base: p[i], head: p[i + 1])
        }
        // A curve: its tangent a few metres out.
        if isCurve(total: total, width: width) {
            trim(keeping: 6)
            d[n - 1] = Self.distance(p[n - 2], p[n - 1])
            let head = p[n - 1]
            trim(keeping: 4)
            return corrected(base: p[n - 1], head: head)
        }
        // Past the lanes' width the road may run straight.
        let skip = 0.8 * width
        if let front = frontAfter(0.8 * skip), total >= skip + 2 {
            let line = regressionLine(front: front.point, rest: front.next..<n)
            if maxDeviation(front.point, front.next..<n, from: line.0, to: line.1) < 0.5 * Self.laneWidth {
                return corrected(base: line.0, head: line.1)
            }
        }
        let result = point(at: Self.lookahead)
        if result != p[0] { return result }
        for i in 1..<n where p[i] != p[0] { return p[i] }
        return result
    }

    /// How far along a road of `lanes` lanes is read.
    public static func reach(lanes: Double) -> Double { farLookahead + lanes * laneWidth }

    // MARK: OSRM's tests of a road's shape

    /// A lane's offset: a short, nearly straight start about as long as the road is wide
    /// from its middle, then a road running straight for the next 30 m.
    private func isDirectOffset(straightIndex: Int, straight: Double, total: Double, lanes: Double) -> Bool {
        let i = max(1, straightIndex)
        guard i + 1 < n else { return false }
        var start = 0.0
        for j in 1...i { start += d[j] }
        guard start - 0.5 * lanes * Self.laneWidth < Self.laneWidth, total >= 0.4 * Self.farLookahead,
              total - max(straight, d[1]) >= 0.1 * total else { return false }
        var end = n
        for j in i..<n where d[j] >= 30 { end = min(n, j + 1); break }
        return maxDeviation(i..<end, from: p[i], to: p[end - 1]) < 0.5 * Self.laneWidth
    }

    /// A curve: turning by more than 20° from its first piece to its last, all of it to one
    /// side, bulging out and back once, its pieces turning one way without long straights.
    private func isCurve(total: Double, width: Double) -> Bool {
        let first = p[1] - p[0], last = p[n - 1] - p[n - 2]
        // More than half of OSRM's narrow angle (40°) between them.
        guard Self.cosine(first, last) < 0.93969262 else { return false }
        let chord = p[n - 1] - p[0]
        if n > 3 {
            let side = Self.cross(chord, p[1] - p[0]) > 0
            for i in 2..<(n - 1) where (Self.cross(chord, p[i] - p[0]) > 0) != side { return false }
        }
        // Deviations from the chord rise to one maximum, then fall.
        let deviation = { (i: Int) in Self.segmentDistance(self.p[i], self.p[0], self.p[self.n - 1]) }
        var peak = 1, peakDeviation = deviation(1)
        if n > 3 {
            var i = 2
            while i < n && !(deviation(i) < deviation(i - 1)) { i += 1 }
            if i == n {
                (peak, peakDeviation) = (n - 1, 0)
            } else {
                for j in (i + 1)..<n where deviation(j) > deviation(j - 1) { return false }
                (peak, peakDeviation) = (i - 1, deviation(i - 1))
            }
        }
        var toPeak = 0.0
        for j in 1...peak { toPeak += d[j] }
        if (toPeak <= 0.35 * total || peakDeviation < max(0.3 * width, 0.5 * Self.laneWidth)) && total > Self.lookahead {
            return false
        }
        // Along the curve: no turn back the other way, no long straight stretch.
        var lastStraight = false
        var straight = max(0, d[1] - width)
        for k in stride(from: 1, to: n - 2, by: 1) {
            let before = turn(at: k), now = turn(at: k + 1)
            // Both more than OSRM's fuzzy angle (25°) off straight, to opposite sides.
            if before.cosine < 0.90630779 && now.cosine < 0.90630779 && before.left != now.left { return false }
            let isStraight = now.cosine > 0.99619470   // within 5°
            if isStraight {
                straight += d[k + 1]
                if lastStraight && straight > 0.3 * total { return false }
            } else if straight > 0.3 * total {
                return false
            } else {
                straight = d[k + 1]
            }
            lastStraight = isStraight
        }
        return total > 2 * width
    }

    /// The turn of the road at `p[i]`: the cosine of its angle, and its side.
    private func turn(at i: Int) -> (cosine: Double, left: Bool) {
        let a = p[i] - p[i - 1], b = p[i + 1] - p[i]
        return (Self.cosine(a, b), Self.cross(a, b) > 0)
    }

    // MARK: Lines and trimming

    /// Shortens the road to `length` as OSRM trims with its cache of piece lengths: the first
    /// piece at least `length` long ends there, cut where the lengths say; when the last piece
    /// is shorter, the road is kept (its last point pulled in only if its length was capped).
    private mutating func trim(keeping length: Double) {
        if d[n - 1] < length {
            let last = Self.distance(p[n - 2], p[n - 1])
            if last > 0 { p[n - 1] = p[n - 2] + min(max(d[n - 1] / last, 0), 1) * (p[n - 1] - p[n - 2]) }
            return
        }
        var before = 0.0
        for i in 1..<n {
            if d[i] >= length {
                let f = min(max((length - before) / (d[i] - before), 0), 1)
                p[i] = p[i - 1] + f * (p[i] - p[i - 1])
                n = i + 1
                return
            }
            before = d[i]
        }
    }

    /// The road without its first `length` metres: its new first point and the index of the
    /// next; nil when the road is shorter.
    private func frontAfter(_ length: Double) -> (point: SIMD2<Double>, next: Int)? {
        var walked = 0.0
        for i in 1..<n {
            if walked + d[i] >= length {
                let f = d[i] > 0 ? min(max((length - walked) / d[i], 0), 1) : 1
                return (p[i - 1] + f * (p[i] - p[i - 1]), i)
            }
            walked += d[i]
        }
        return nil
    }

    /// The least-squares line through the road `front, p[rest]` (its first 40 m, every metre
    /// weighing the same: the pieces integrated, not sampled), as the projections of its
    /// first and last points on it. OSRM regresses latitude on longitude; the principal axis
    /// is the same line without failing on roads running north.
    private func regressionLine(front: SIMD2<Double>, rest: Range<Int>) -> (SIMD2<Double>, SIMD2<Double>) {
        let back = p[rest.upperBound - 1]
        var weight = 0.0, sum = SIMD2<Double>(0, 0), sxx = 0.0, sxy = 0.0, syy = 0.0
        var a = front
        for i in rest {
            let piece = Self.distance(a, p[i])
            let used = min(piece, Self.farLookahead - weight)
            guard used > 0 else { break }
            let b = a + (used / piece) * (p[i] - a)
            // A piece's moments: length times the mean of x and of x² along it.
            sum += used * (a + b) / 2
            sxx += used * (a.x * a.x + a.x * b.x + b.x * b.x) / 3
            sxy += used * (2 * a.x * a.y + a.x * b.y + b.x * a.y + 2 * b.x * b.y) / 6
            syy += used * (a.y * a.y + a.y * b.y + b.y * b.y) / 3
            weight += used
            a = p[i]
        }
        guard weight >= 1 else { return (front, back) }
        let mean = sum / weight
        let cxx = sxx / weight - mean.x * mean.x, cxy = sxy / weight - mean.x * mean.y
        let cyy = syy / weight - mean.y * mean.y
        let largest = (cxx + cyy) / 2 + ((cxx - cyy) * (cxx - cyy) / 4 + cxy * cxy).squareRoot()
        var axis = SIMD2<Double>(cxy, largest - cxx)
        if abs(largest - cxx) < abs(largest - cyy) { axis = SIMD2(largest - cyy, cxy) }
        let norm = (axis * axis).sum()
        guard norm > 0 else { return (front, back) }
        let onLine = { (q: SIMD2<Double>) in mean + (((q - mean) * axis).sum() / norm) * axis }
        return (onLine(front), onLine(back))
    }

    /// The farthest of `p[range]` from the segment `a`–`b` (metres).
    private func maxDeviation(_ range: Range<Int>, from a: SIMD2<Double>, to b: SIMD2<Double>) -> Double {
        var most = 0.0
        // Squared distances compared: one root at the end.
        for i in range { most = max(most, Self.segmentDistanceSquared(p[i], a, b)) }
        return most.squareRoot()
    }

    private func maxDeviation(_ front: SIMD2<Double>, _ range: Range<Int>, from a: SIMD2<Double>,
                              to b: SIMD2<Double>) -> Double {
        max(Self.segmentDistance(front, a, b), maxDeviation(range, from: a, to: b))
    }

    /// `head` moved back by most of `base`'s offset from the intersection: the road's course
    /// laid onto the intersection (OSRM's corrected coordinate, 90 % of the offset).
    private func corrected(base: SIMD2<Double>, head: SIMD2<Double>) -> SIMD2<Double> {
        Self.distance(base, head) < 2 ? head : head - 0.9 * base
    }

    public static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let v = b - a
        return (v * v).sum().squareRoot()
    }

    static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

    static func cosine(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let l = ((a * a).sum() * (b * b).sum()).squareRoot()
        return l > 0 ? (a * b).sum() / l : 1
    }

    /// Distance from `q` to the segment `a`–`b`.
    static func segmentDistance(_ q: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        segmentDistanceSquared(q, a, b).squareRoot()
    }

    static func segmentDistanceSquared(_ q: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, length2 = (ab * ab).sum()
        let t = length2 > 0 ? min(max(((q - a) * ab).sum() / length2, 0), 1) : 0
        let off = q - a - t * ab
        return (off * off).sum()
    }
}
