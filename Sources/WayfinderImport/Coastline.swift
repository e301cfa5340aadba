import Foundation
import WayfinderGraph

/// The sea of an extract from its `natural=coastline` ways (land on the left of a way's
/// direction), as osmcoastline does it, for one box: the ways are joined end to start into
/// lines; the lines are cut to the extract's bounds (an end inside them, where the extract
/// lost the rest, is carried straight to the nearest edge); each sea polygon follows a coast
/// line backwards (the sea on its left) to where it meets the box's edge, then the edge
/// counter-clockwise to where the next one starts, and so on round; islands inside the box
/// are holes (reversed, so signed areas add up to the sea's; even-odd fill draws it). Only
/// the sea is drawn, never a land polygon that would cancel it: a cell on land gets nothing.
struct Coastline {
    typealias Point = BaseMapWriter.Point
    private var ways: [(first: Int64, last: Int64, points: [Point])] = []

    var isEmpty: Bool { ways.isEmpty }
    var wayCount: Int { ways.count }

    /// Adds a coastline way, each run of located nodes as a piece of its own.
    mutating func add(_ nodes: OSMWayNodes) {
        var run: [Point] = [], firstId: Int64 = 0, lastId: Int64 = 0
        func close() {
            if run.count >= 2 { ways.append((firstId, lastId, run)) }
            run = []
        }
        for i in 0..<nodes.count {
            guard let c = nodes.location(i) else { close(); continue }
            if run.isEmpty { firstId = nodes.id(i) }
            lastId = nodes.id(i)
            let p = WebMercator.point(c)
            run.append((p.x, p.y))
        }
        close()
    }

    /// The sea's rings within `bounds` (world units), nil when the coastline says nothing
    /// about the box.
    func seaRings(bounds b: (minX: Int32, minY: Int32, maxX: Int32, maxY: Int32)) -> [[Point]]? {
        // North-up frame: X east, Y north (world y flipped), so "left" is the usual left.
        let box = Box(x0: Double(b.minX), y0: -Double(b.maxY), x1: Double(b.maxX), y1: -Double(b.minY))
        guard box.x0 < box.x1, box.y0 < box.y1 else { return nil }
        var pieces: [[(Double, Double)]] = []
        var closed: [[(Double, Double)]] = []
        for chain in joined() {
            var line = chain.points.map { (Double($0.x), -Double($0.y)) }
            if chain.closed {
                if line.allSatisfy(box.contains) { closed.append(line); continue }
                // Start where it is outside, so the cut below yields whole pieces.
                let outside = line.firstIndex { !box.contains($0) }!
                line = Array(line[outside..<(line.count - 1)] + line[0...outside])
            }
            pieces += box.cut(line)
        }
        guard !pieces.isEmpty || !closed.isEmpty else { return nil }
        var rings: [[(Double, Double)]] = []
        if pieces.isEmpty && closed.contains(where: { Self.area($0) > 0 }) {
            rings.append([(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)])
        }
        // Sea polygons: a coast piece walked backwards (the sea on its left), then the box's
        // edge counter-clockwise to where the next piece (backwards) starts, and so on round.
        pieces = box.alternating(pieces.map { $0.reversed() })
        var used = [Bool](repeating: false, count: pieces.count)
        let entries = pieces.map { box.position($0[0]) }, exits = pieces.map { box.position($0[$0.count - 1]) }
        for start in pieces.indices where !used[start] {
            var ring: [(Double, Double)] = []
            var k = start
            while true {
                used[k] = true
                ring += pieces[k]
                var next = start, best = 5.0
                for j in pieces.indices where !used[j] || j == start {
                    var d = entries[j] - exits[k]
                    if d < 0 { d += 4 }
                    if d < best { (best, next) = (d, j) }
                }
                ring += box.corners(from: exits[k], by: best)
                if next == start { break }
                k = next
            }
            rings.append(ring)
        }
        rings += closed.map { $0.reversed() }
        return rings.map { ring in ring.map { (x: Int32($0.0.rounded()), y: Int32((-$0.1).rounded())) } }
    }

    /// Twice the signed area (positive counter-clockwise in the north-up frame).
    private static func area(_ ring: [(Double, Double)]) -> Double {
        guard var previous = ring.last else { return 0 }
        var sum = 0.0
        for p in ring { sum += previous.0 * p.1 - p.0 * previous.1; previous = p }
        return sum
    }

    /// The ways joined end to start into the longest lines; closed when a line comes back.
    private func joined() -> [(points: [Point], closed: Bool)] {
        var byFirst: [Int64: [Int]] = [:]
        for (i, w) in ways.enumerated() { byFirst[w.first, default: []].append(i) }
        let lastIds = Set(ways.map(\.last))
        var used = [Bool](repeating: false, count: ways.count)
        var chains: [(points: [Point], closed: Bool)] = []
        func follow(_ i: Int) {
            var points = ways[i].points
            used[i] = true
            var end = ways[i].last
            while end != ways[i].first, let next = byFirst[end]?.first(where: { !used[$0] }) {
                used[next] = true
                points += ways[next].points.dropFirst()
                end = ways[next].last
            }
            chains.append((points, end == ways[i].first))
        }
        for i in ways.indices where !used[i] && !lastIds.contains(ways[i].first) { follow(i) }
        for i in ways.indices where !used[i] { follow(i) }
        return chains
    }
}

/// The extract's box in the north-up frame: what is inside, where a line crosses its edge,
/// and positions along its edge counter-clockwise from the south-west corner (0…4: south,
/// east, north, west edge).
private struct Box {
    let x0: Double, y0: Double, x1: Double, y1: Double

    func contains(_ p: (Double, Double)) -> Bool { p.0 >= x0 && p.0 <= x1 && p.1 >= y0 && p.1 <= y1 }

    func position(_ p: (Double, Double)) -> Double {
        let distances = [abs(p.1 - y0), abs(p.0 - x1), abs(p.1 - y1), abs(p.0 - x0)]
        switch distances.indices.min(by: { distances[$0] < distances[$1] })! {
        case 0: return max(0, min(1, (p.0 - x0) / (x1 - x0)))
        case 1: return 1 + max(0, min(1, (p.1 - y0) / (y1 - y0)))
        case 2: return 2 + max(0, min(1, (x1 - p.0) / (x1 - x0)))
        default: return 3 + max(0, min(0.999_999, (y1 - p.1) / (y1 - y0)))
        }
    }

    /// Pieces whose ends alternate along the edge (an exit, then going counter-clockwise the
    /// next piece's entry), as a coastline that is whole inside the box gives. An end the cut
    /// carried to the edge (the extract lost the rest) can break that, say with a few metres
    /// of coast dipping out and back in: where two ends of one type follow each other, the
    /// shorter of their pieces is dropped, until the rest alternate.
    func alternating(_ input: [[(Double, Double)]]) -> [[(Double, Double)]] {
        var pieces = input
        func length(_ p: [(Double, Double)]) -> Double {
            zip(p, p.dropFirst()).reduce(0) { $0 + hypot($1.1.0 - $1.0.0, $1.1.1 - $1.0.1) }
        }
        while pieces.count > 1 {
            let events = pieces.indices.flatMap { i in
                [(t: position(pieces[i][0]), piece: i, entry: true), (t: position(pieces[i][pieces[i].count - 1]), piece: i, entry: false)]
            }.sorted { ($0.t, $0.piece) < ($1.t, $1.piece) }
            guard let k = events.indices.first(where: { events[$0].entry == events[($0 + 1) % events.count].entry }) else { break }
            let a = events[k].piece, b = events[(k + 1) % events.count].piece
            pieces.remove(at: length(pieces[a]) < length(pieces[b]) ? a : b)
        }
        return pieces
    }

    /// The nearest point of the box's edge.
    func nearestEdgePoint(_ p: (Double, Double)) -> (Double, Double) {
        let options = [(p.0, y0), (x1, p.1), (p.0, y1), (x0, p.1)]
        return options.min { hypot($0.0 - p.0, $0.1 - p.1) < hypot($1.0 - p.0, $1.1 - p.1) }!
    }

    /// The corners passed going counter-clockwise from position `t` for `d` (< 4).
    func corners(from t: Double, by d: Double) -> [(Double, Double)] {
        let cornerAt: [(Double, Double)] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        var result: [(Double, Double)] = []
        var c = t.rounded(.down) + 1
        while c < t + d {
            result.append(cornerAt[Int(c) % 4])
            c += 1
        }
        return result
    }

    /// The runs of `line` inside the box, each from the edge to the edge.
    func cut(_ line: [(Double, Double)]) -> [[(Double, Double)]] {
        guard line.count >= 2 else { return [] }
        var pieces: [[(Double, Double)]] = []
        var current: [(Double, Double)]? = contains(line[0]) ? [nearestEdgePoint(line[0]), line[0]] : nil
        for i in 1..<line.count {
            let a = line[i - 1], b = line[i]
            if current != nil {
                if contains(b) { current!.append(b); continue }
                if let (_, t1) = clip(a, b) { current!.append((a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1)) }
                pieces.append(current!)
                current = nil
            } else if let (t0, t1) = clip(a, b) {
                var piece = [(a.0 + (b.0 - a.0) * t0, a.1 + (b.1 - a.1) * t0)]
                if contains(b) { piece.append(b); current = piece; continue }
                piece.append((a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1))
                pieces.append(piece)
            }
        }
        if var last = current {
            last.append(nearestEdgePoint(last[last.count - 1]))
            pieces.append(last)
        }
        return pieces.filter { $0.count >= 2 }
    }

    /// Liang–Barsky parameters of the part of segment a→b inside the box.
    private func clip(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.0 - a.0, dy = b.1 - a.1
        for (p, q) in [(-dx, a.0 - x0), (dx, x1 - a.0), (-dy, a.1 - y0), (dy, y1 - a.1)] {
            if p == 0 { if q < 0 { return nil }; continue }
            let r = q / p
            if p < 0 { if r > t1 { return nil }; t0 = max(t0, r) } else { if r < t0 { return nil }; t1 = min(t1, r) }
        }
        return (t0, t1)
    }
}

