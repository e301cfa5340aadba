import WayfinderJSON

/// Cuts lines and rings to a buffered tile and generalises them to its resolution: the
/// geometry half of a tile (`TileMaker` finds what to draw). A per-thread object: its point
/// buffers are reused tile after tile.
///
/// Points arrive in tile-local units as `Double` (a world point far outside the tile can be
/// millions of units away, beyond `Int32`). Lines are cut into the pieces inside the box
/// (Liang–Barsky per segment); rings are clipped against each edge in turn
/// (Sutherland–Hodgman), which keeps even-odd fill right for each ring on its own, so a
/// polygon's rings are clipped one by one. What is written is rounded to integers, with
/// points closer than `tolerance` to the last kept one left out.
final class TileClipper {
    /// The box points are kept in: the tile ± its buffer.
    private(set) var low = -128.0, high = 4224.0
    /// Points nearer than this (tile units) to the last one written are dropped.
    var tolerance = 4.0
    /// The points being fed (`add`) and the scratch of each clipping pass.
    private var input: [(Double, Double)] = []
    private var scratch: [(Double, Double)] = []
    /// The rounded, thinned points of the last `finishLine`/`finishRing` piece(s).
    private(set) var output: [Int32] = []
    /// Where each piece in `output` starts (indices into `output`, pairs of numbers).
    private(set) var pieceStarts: [Int] = []

    func setBuffer(_ buffer: Int) {
        low = -Double(buffer)
        high = Double(4096 + buffer)
    }

    func begin() {
        input.removeAll(keepingCapacity: true)
    }

    @inline(__always) func add(_ x: Double, _ y: Double) { input.append((x, y)) }

    /// Clears the pieces written so far (a new feature).
    func resetOutput() {
        output.removeAll(keepingCapacity: true)
        pieceStarts.removeAll(keepingCapacity: true)
    }

    var pieceCount: Int { pieceStarts.count }

    /// The numbers of piece `i` of `output`.
    func piece(_ i: Int) -> ArraySlice<Int32> {
        output[pieceStarts[i]..<(i + 1 < pieceStarts.count ? pieceStarts[i + 1] : output.count)]
    }

    /// Cuts the fed line to the box; each run inside it becomes a piece of ≥ 2 points.
    func finishLine() {
        guard input.count >= 2 else { return }
        var open = false
        let n = input.count
        for i in 1..<n {
            let a = input[i - 1], b = input[i]
            var (x0, y0, x1, y1) = (a.0, a.1, b.0, b.1)
            guard clip(&x0, &y0, &x1, &y1) else {
                if open { closePiece(minPoints: 2); open = false }
                continue
            }
            // A start moved by the cut enters from outside: a new piece.
            if !open || x0 != a.0 || y0 != a.1 {
                if open { closePiece(minPoints: 2) }
                startPiece(); emit(x0, y0, force: true); open = true
            }
            let leaves = x1 != b.0 || y1 != b.1
            emit(x1, y1, force: leaves || i == n - 1)
            if leaves { closePiece(minPoints: 2); open = false }
        }
        if open { closePiece(minPoints: 2) }
    }

    /// Clips the fed ring (closed or not) to the box; keeps it as a piece when ≥ 3 points
    /// remain. Returns the clipped ring's signed area (tile units², before rounding).
    @discardableResult
    func finishRing() -> Double {
        if input.count > 1, input[0] == input[input.count - 1] { input.removeLast() }
        guard input.count >= 3 else { return 0 }
        var inside = true
        for p in input where p.0 < low || p.0 > high || p.1 < low || p.1 > high { inside = false; break }
        if !inside {
            clipEdge { $0.0 >= self.low } cross: { a, b in (self.low, a.1 + (b.1 - a.1) * (self.low - a.0) / (b.0 - a.0)) }
            clipEdge { $0.0 <= self.high } cross: { a, b in (self.high, a.1 + (b.1 - a.1) * (self.high - a.0) / (b.0 - a.0)) }
            clipEdge { $0.1 >= self.low } cross: { a, b in (a.0 + (b.0 - a.0) * (self.low - a.1) / (b.1 - a.1), self.low) }
            clipEdge { $0.1 <= self.high } cross: { a, b in (a.0 + (b.0 - a.0) * (self.high - a.1) / (b.1 - a.1), self.high) }
        }
        guard input.count >= 3 else { return 0 }
        var area = 0.0
        var previous = input[input.count - 1]
        for p in input {
            area += previous.0 * p.1 - p.0 * previous.1
            previous = p
        }
        startPiece()
        for (i, p) in input.enumerated() { emit(p.0, p.1, force: i == 0) }
        closePiece(minPoints: 3)
        return area / 2
    }

    /// Writes piece after piece as arrays of numbers.
    func writePieces(_ json: JSONBuffer) {
        for i in 0..<pieceStarts.count {
            json.beginArray()
            for v in piece(i) { json.integer(Int(v)) }
            json.endArray()
        }
    }

    // MARK: - Internals

    private func startPiece() { pieceStarts.append(output.count) }

    private func closePiece(minPoints: Int) {
        guard let start = pieceStarts.last else { return }
        if (output.count - start) / 2 < minPoints {
            output.removeSubrange(start...)
            pieceStarts.removeLast()
        }
    }

    /// Appends a point unless it rounds to within `tolerance` of the piece's last point
    /// (`force` keeps ends, replacing a near last point so the piece still ends there).
    @inline(__always) private func emit(_ x: Double, _ y: Double, force: Bool) {
        let xi = Int32(x.rounded()), yi = Int32(y.rounded())
        let start = pieceStarts.last ?? 0
        if output.count - start >= 2 {
            let dx = Double(xi - output[output.count - 2]), dy = Double(yi - output[output.count - 1])
            if dx * dx + dy * dy < tolerance * tolerance {
                guard force else { return }
                if dx == 0 && dy == 0 { return }
                if output.count - start >= 4 { output.removeLast(2) }
            }
        }
        output.append(xi)
        output.append(yi)
    }

    /// One Sutherland–Hodgman pass: keeps the part of `input` on the inner side of an edge.
    @inline(__always) private func clipEdge(_ isInside: ((Double, Double)) -> Bool,
                                            cross: ((Double, Double), (Double, Double)) -> (Double, Double)) {
        scratch.removeAll(keepingCapacity: true)
        guard var previous = input.last else { return }
        var previousInside = isInside(previous)
        for p in input {
            let pInside = isInside(p)
            if pInside != previousInside { scratch.append(cross(previous, p)) }
            if pInside { scratch.append(p) }
            (previous, previousInside) = (p, pInside)
        }
        swap(&input, &scratch)
    }

    /// Liang–Barsky: cuts the segment to the box; false when nothing of it is inside.
    @inline(__always) private func clip(_ x0: inout Double, _ y0: inout Double, _ x1: inout Double, _ y1: inout Double) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = x1 - x0, dy = y1 - y0
        @inline(__always) func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 { if r > t1 { return false }; if r > t0 { t0 = r } }
            else { if r < t0 { return false }; if r < t1 { t1 = r } }
            return true
        }
        guard edge(-dx, x0 - low), edge(dx, high - x0), edge(-dy, y0 - low), edge(dy, high - y0) else { return false }
        let (sx, sy) = (x0, y0)
        if t1 < 1 { x1 = sx + t1 * dx; y1 = sy + t1 * dy }
        if t0 > 0 { x0 = sx + t0 * dx; y0 = sy + t0 * dy }
        return true
    }
}
