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

/// The labels of one Dijkstra-style search, one per node, reused by every search and never
/// cleared as a whole (version stamps tell this search's labels from older ones):
/// `DijkstraQuery`'s, which may reach most of the graph. The hierarchy's upward searches reach
/// a few thousand ranks at most and keep theirs hashed (`RankLabels`).
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
