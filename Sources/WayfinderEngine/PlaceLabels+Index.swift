import WayfinderGraph

// How `PlaceLabels` orders its labels and groups them by place, once at open.

extension PlaceLabels {
    /// Indices of the source's labels of a known kind, most important first: rank, then
    /// weight (population or importance) from the largest, then id as text ("n12" before
    /// "n3"), the order tiles have always listed them in.
    static func importanceOrder(_ source: Source) -> [Int32] {
        switch source {
        case .baseMap(let map):
            let labels = map.labels
            var order: [Int32] = []
            order.reserveCapacity(labels.count)
            for i in labels.indices where BaseMapLabelKind(rawValue: labels[i].kind) != nil { order.append(Int32(i)) }
            func rank(_ l: BaseMapLabel) -> Int { BaseMapLabelKind(rawValue: l.kind)?.rank ?? .max }
            order.sort { i, j in
                let a = labels[Int(i)], b = labels[Int(j)]
                let ra = rank(a), rb = rank(b)
                if ra != rb { return ra < rb }
                if a.population != b.population { return a.population > b.population }
                return decimalTextPrecedes(a.osmId, b.osmId)
            }
            return order
        case .places(let labels):
            var order = (0..<Int32(labels.count)).map { $0 }
            order.sort { i, j in
                let a = labels[Int(i)], b = labels[Int(j)]
                return a.kind.rank != b.kind.rank ? a.kind.rank < b.kind.rank
                    : a.weight != b.weight ? a.weight > b.weight : a.id < b.id
            }
            return order
        }
    }

    /// Whether `a` written in decimal sorts before `b` written in decimal, as strings do
    /// ("12" < "123" < "13"), without making the strings: the two scaled to the same number
    /// of digits compare as the texts do, and on a tie the shorter text comes first.
    static func decimalTextPrecedes(_ a: Int64, _ b: Int64) -> Bool {
        guard a >= 0, b >= 0 else { return String(a) < String(b) }
        func digits(_ v: UInt64) -> Int { var n = 1, v = v; while v >= 10 { v /= 10; n += 1 }; return n }
        let x = UInt64(a), y = UInt64(b), dx = digits(x), dy = digits(y)
        // At most 19 digits: scaled up, both stay below 10^19 < UInt64.max.
        var sx = x, sy = y
        for _ in dx..<max(dx, dy) { sx *= 10 }
        for _ in dy..<max(dx, dy) { sy *= 10 }
        return sx != sy ? sx < sy : dx < dy
    }

    /// Each kind's labels by the tile of the kind's `minZoom` holding them (`KindCells`).
    static func cells(_ source: Source, order: [Int32]) -> [KindCells] {
        var byKind = [[(key: UInt64, position: Int32)]](repeating: [], count: BaseMapLabelKind.allCases.count)
        for position in order.indices {
            let i = Int(order[position])
            let (x, y, kind): (Int32, Int32, BaseMapLabelKind)
            switch source {
            case .baseMap(let map):
                let l = map.labels[i]
                guard let known = BaseMapLabelKind(rawValue: l.kind) else { continue }
                (x, y, kind) = (l.x, l.y, known)
            case .places(let labels):
                (x, y, kind) = (labels[i].x, labels[i].y, labels[i].kind)
            }
            let tile = WebMercator.tile(z: kind.minZoom, x: x, y: y)
            byKind[Int(kind.rawValue)].append((UInt64(tile.x) << 32 | UInt64(UInt32(truncatingIfNeeded: tile.y)), Int32(position)))
        }
        return byKind.map { entries in
            var index = KindCells()
            // By cell, and within a cell by position: most important first.
            for entry in entries.sorted(by: { ($0.key, $0.position) < ($1.key, $1.position) }) {
                if index.keys.last != entry.key {
                    if !index.keys.isEmpty { index.first.append(Int32(index.members.count)) }
                    index.keys.append(entry.key)
                }
                index.members.append(entry.position)
            }
            if !index.keys.isEmpty { index.first.append(Int32(index.members.count)) }
            return index
        }
    }
}
