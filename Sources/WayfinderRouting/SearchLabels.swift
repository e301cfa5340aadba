/// A tentative distance, valid only when `stamp` is the search's current one, and the node
/// (or rank) and arc index that set it (`parentArc == -1` for an initial label). 16 bytes: one
/// aligned record per node, and unpacking needs no search for an arc's tail.
struct Label: Stamped {
    var dist: Int32
    var stamp: UInt32
    var parent: Int32
    var parentArc: Int32

    static var unset: Label { Label(dist: 0, stamp: 0, parent: -1, parentArc: -1) }
}

/// The labels of one Dijkstra-style search, one per node (or rank), reused by every search
/// and never cleared as a whole (version stamps tell this search's labels from older ones):
/// `DijkstraQuery`'s, which may reach most of the graph, and the table's sweeps', which run
/// to the top of the hierarchy many times a request, where an array is quicker than a hash
/// (`UpwardLabels`). Paged (`PagedArray`): memory for what a request's searches write.
typealias SearchLabels = VersionStamps<Label>

extension VersionStamps where Record == Label {
    /// Whether `v` has a label in this search.
    @inline(__always) func reached(_ v: Int32) -> Bool { isSet(Int(v)) }

    /// Labels `v` with `dist`, set by arc `parentArc` from `parent` (-1, -1 for an initial
    /// label), unless it already has a label in this search that is no longer. Returns whether
    /// it did, for the caller to queue `v` (the queue has no decrease-key, see `MinHeap`).
    @inline(__always)
    func improve(_ v: Int, to dist: Int32, parent: Int32, parentArc: Int32) -> Bool {
        let current = current
        guard self[v].stamp != current || dist < self[v].dist else { return false }
        self[v] = Label(dist: dist, stamp: current, parent: parent, parentArc: parentArc)
        return true
    }
}

/// What an upward search (`UpwardSearch`) needs of its labels, stored one of two ways:
/// - `RankLabels`, hashed, for a route's two searches: memory for what one search reaches.
///   Each request thread keeps one pair per mode, and an array per rank was 32 bytes per
///   search node per thread (the 20x20 tiling: 780 MB for a two-thread server);
/// - `SearchLabels`, one record per rank, for the table's sweeps: a 100 × 100 table at 20x20
///   took 12 ms with hashed labels against 10 ms, its sweeps touching thousands of ranks each.
///   Their memory follows the request by pages instead (`PagedArray`), as the table's
///   buckets' does.
protocol UpwardLabels {
    init(rankCount: Int)
    var current: UInt32 { get }
    mutating func nextRound()
    func reached(_ v: Int32) -> Bool
    /// Rank `i`'s label, current or not (see `reached`).
    subscript(i: Int) -> Label { get }
    /// Whether rank `w` has a label in this search that, plus `weight`, is below `key`.
    func reaches(_ w: Int32, plus weight: Int32, below key: Int32) -> Bool
    func improve(_ v: Int, to dist: Int32, parent: Int32, parentArc: Int32) -> Bool
    /// Frees what an array keeps; nothing for a class that frees its own.
    func deallocate()
    /// Gives back memory a larger request before needed, as a request starts.
    func releaseBetweenRequests()
}

extension VersionStamps: UpwardLabels where Record == Label {
    init(rankCount: Int) { self.init(count: rankCount) }

    @inline(__always) func reaches(_ w: Int32, plus weight: Int32, below key: Int32) -> Bool {
        let label = self[Int(w)]
        return label.stamp == current && Int64(label.dist) + Int64(weight) < Int64(key)
    }
}
