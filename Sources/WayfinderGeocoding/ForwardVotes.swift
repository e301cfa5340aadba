import WayfinderGraph

/// Per-item tallies of one forward query: for each word its best match quality times the
/// word's weight, summed over words; which words matched (a bit per word); and how many
/// matched a name field. Plain buffers (freed by `release`), as the postings loop updates
/// them millions of times a second.
struct Votes {
    /// This word's best quality per item (0: none yet), and whether it came from a name field.
    private let best: UnsafeMutableBufferPointer<Float>
    private let bestIsName: UnsafeMutableBufferPointer<Bool>
    let total: UnsafeMutableBufferPointer<Float>
    let nameWords: UnsafeMutableBufferPointer<UInt8>
    /// Bit `w` set when word `w` matched the item (`Geocoder.maxWords` ≤ 16).
    let matched: UnsafeMutableBufferPointer<UInt16>
    private var touched: [Int32] = []
    /// Items any word matched, in first-match order.
    private(set) var candidates: [Int32] = []

    init(itemCount: Int) {
        func zeroed<T: BitwiseCopyable>(_ value: T) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, itemCount))
            buffer.initialize(repeating: value)
            return buffer
        }
        (best, bestIsName, total, nameWords, matched) = (zeroed(0), zeroed(false), zeroed(0), zeroed(0), zeroed(0))
    }

    func release() {
        matched.deallocate()
        best.deallocate()
        bestIsName.deallocate()
        total.deallocate()
        nameWords.deallocate()
    }

    @inline(__always)
    mutating func offer(item: Int, quality: Float, isName: Bool) {
        let current = best[item]
        if current == 0 { touched.append(Int32(item)) }
        if quality > current || (quality == current && isName) {
            best[item] = quality
            bestIsName[item] = isName
        }
    }

    /// Word `index`, of weight `weight`, has offered all its matches.
    mutating func closeWord(_ index: Int, weight: Float) {
        for t in touched {
            let i = Int(t)
            if matched[i] == 0 { candidates.append(t) }
            total[i] += best[i] * weight
            matched[i] |= 1 << UInt16(index)
            if bestIsName[i] { nameWords[i] &+= 1 }
            best[i] = 0
        }
        touched.removeAll(keepingCapacity: true)
    }
}

/// The best few candidates by a ranking score, ties broken by importance then item order.
struct TopCandidates {
    typealias Entry = (item: Int32, rank: Float, importance: UInt8, distance: Double?)
    let capacity: Int
    private(set) var kept: [Entry] = []

    init(capacity: Int) { self.capacity = max(1, capacity) }

    static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.rank != b.rank ? a.rank > b.rank : a.importance != b.importance ? a.importance > b.importance : a.item < b.item
    }

    mutating func offer(_ entry: Entry) {
        if kept.count == capacity, let last = kept.last, !Self.before(entry, last) { return }
        let at = kept.firstIndex { !Self.before($0, entry) } ?? kept.count
        kept.insert(entry, at: at)
        if kept.count > capacity { kept.removeLast() }
    }
}

extension [GeocoderResult] {
    /// Near-duplicates (same kind and label within `duplicateDistance`) once, the first kept.
    func distinct(limit: Int) -> [GeocoderResult] {
        var out: [GeocoderResult] = []
        for result in self where out.count < limit {
            let duplicate = out.contains {
                $0.kind == result.kind && $0.label == result.label && Geo.distance($0.location, result.location) < duplicateDistance
            }
            if !duplicate { out.append(result) }
        }
        return out
    }
}

/// Two results of the same kind and label closer than this are one thing mapped twice.
let duplicateDistance = 100.0
