import WayfinderGraph

/// Which way an isochrone's times run: from the point (`depart`), or to it (`arrive`,
/// Valhalla's `reverse`: roads followed against their direction, turns taken backwards).
public enum ReachDirection: Sendable {
    case depart, arrive
}

/// A stretch of one directed segment that a `ReachQuery` reached within its limits, with the
/// seconds and metres of the fastest route at both ends (from the origin, or to it when
/// arriving). Both figures are linear along the stretch.
public struct ReachPiece: Sendable, Equatable {
    public var segment: Int32
    /// The direction of travel along the segment.
    public var forward: Bool
    /// Fractions of the segment, in the direction of travel, `start <= end`.
    public var start: Double
    public var end: Double
    public var startSeconds: Double
    public var endSeconds: Double
    public var startMetres: Double
    public var endMetres: Double
}

/// One-to-all search bounded by a duration and a distance: every road a mode's fastest routes
/// reach from a snap (or reach it from) within the limits, for isochrones.
///
/// A plain Dijkstra on the uncontracted search graph, stopped at the limits. Not PHAST over the
/// hierarchy: a sweep touches every node of the graph whatever the limit, while an isochrone
/// reaches a few thousand to a few hundred thousand of them; and the search nodes are not
/// numbered by rank (OSRM's PHAST prototype stalled there, #5910). The labels are the
/// router's: the search orders by weight and each node keeps the duration and metres of its
/// best-weight path, so a road point's time is the one `Router` gives to it, charges for
/// entering restricted roads taken back out (`RestrictedRoads`).
///
/// Driving labels a directed segment (with its via-way copies) at its end; walking labels an
/// intersection. A node labelled past a limit is kept, for the part of its segment reached
/// before the limit, but not expanded. Arriving searches the transposed graph
/// (`BaseGraph.transposed()`) from the target's entries.
///
/// One object per thread: the labels and the heap are reused by every search.
public final class ReachQuery {
    public let graph: RoutingGraph
    let ends: SearchEnds
    /// Needed to search with `arrive`; may be set once the first such search comes.
    public var transposed: BaseGraph?
    var labels: VersionStamps<ReachLabel>
    /// What the labels may keep between isochrones (`PagedArray`). More than a table's
    /// arrays: an isochrone reaches tens of thousands of road points whose ids scatter over
    /// the array, about one 4 KiB page for every twenty labels at the 20x20 tiling, and each
    /// page given back costs a fault when the next isochrone writes it (0.5 → 0.9 ms a
    /// 30-minute driving search there with 16 MiB). 256 MiB holds the 20x20 tiling's
    /// largest mode whole, and bounds a planet thread's.
    static var keptLabelBytes: Int { 256 << 20 }
    private let heap = MinHeap()
    /// Nodes labelled by the last search, each once, in the order first labelled.
    var touched: [Int32] = []
    /// Driving: the snap's own search nodes, whose first label covers only the part of their
    /// segment beyond the snap (before it, when arriving), and the label of a second visit
    /// through an arc, which covers the rest (a lap around the block).
    var entryNodes: [Int32] = []
    var laps: [ReachLabel] = []
    private var entries: [SearchEntry] = []
    /// Added to every label's weight so that the heap's keys are not negative (driving arrivals).
    var offset: Int32 = 0
    /// Whether the entries are placed and arcs are being relaxed (laps count from then on).
    private var searching = false

    public private(set) var snap = Snap(segment: 0, fraction: 0, location: FixedCoordinate(lat: 0, lon: 0), distance: 0)
    public private(set) var direction = ReachDirection.depart
    /// The last search's limits: milliseconds and metres.
    public private(set) var maxMilliseconds: Int32 = 0
    public private(set) var maxMetres: Double = 0

    /// `transposed` is the graph's base graph transposed, needed to search with `arrive` (the
    /// engine keeps one per mode for every thread).
    public init(graph: RoutingGraph, transposed: BaseGraph? = nil) {
        self.graph = graph
        ends = SearchEnds(graph: graph)
        self.transposed = transposed
        labels = VersionStamps(count: graph.base.nodeCount)
    }

    deinit { labels.deallocate() }

    /// Nodes labelled by the last search.
    public var labelledNodes: Int { touched.count }

    /// Searches from (or, arriving, to) `snap` until every route within `maxMilliseconds`
    /// and `maxMetres` is found.
    ///
    /// The time limit is exact: a road point is reached iff the router's route to it takes no
    /// longer. The metre limit bounds the fastest routes the search follows, as GraphHopper's
    /// and Valhalla's isodistances do: a point whose fastest route is within it is reached, at
    /// that route's time; one whose fastest route runs past it may still be reached, within it,
    /// by a slower route that the search follows instead.
    public func search(from snap: Snap, direction: ReachDirection, maxMilliseconds: Int32,
                       maxMetres: Double = .infinity) {
        ends.check(snap)
        precondition(direction == .depart || transposed != nil, "ReachQuery: arriving needs the transposed graph")
        self.snap = snap
        self.direction = direction
        self.maxMilliseconds = maxMilliseconds
        self.maxMetres = maxMetres
        labels.releaseBetweenRequests(keepingAtMost: Self.keptLabelBytes)
        labels.nextRound()
        heap.removeAll()
        touched.removeAll(keepingCapacity: true)
        entryNodes.removeAll(keepingCapacity: true)
        laps.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        searching = false
        let turnExpanded = ends.turnExpanded
        if direction == .depart {
            ends.appendSourceEntries(snap, to: &entries)
            offset = 0
        } else {
            ends.appendTargetEntries(snap, to: &entries)
            offset = ends.shift(snap)
        }
        for e in entries {
            let metres = entryMetres(e)
            let label = ReachLabel(weight: e.weight, duration: e.weight, metres: metres, stamp: labels.current)
            if turnExpanded && graph.directedSegment(ofSearchNode: e.node) >> 1 == snap.segment {
                entryNodes.append(e.node)
                laps.append(.unset)
            }
            relax(e.node, label)
        }
        searching = true
        let arcs = direction == .depart ? graph.base : transposed!
        let first = arcs.first, list = arcs.arcs
        let charged = turnExpanded && !graph.restrictedDirections.isEmpty
        while !heap.isEmpty {
            let (key, v) = heap.pop()
            let from = labels[Int(v)]
            if key > from.weight { continue }
            for i in Int(first[Int(v)])..<Int(first[Int(v) + 1]) {
                let arc = list[i]
                let w = arc.head
                let entered = turnExpanded ? graph.directedSegment(ofSearchNode: direction == .depart ? w : v)
                                           : arcs.payload(ofArc: i)
                var duration = from.duration &+ arc.weight
                if charged {
                    let tail = graph.directedSegment(ofSearchNode: direction == .depart ? v : w)
                    if graph.isRestricted(directed: Int(entered)) && !graph.isRestricted(directed: Int(tail)) {
                        duration -= RestrictedRoads.entryCharge
                    }
                }
                relax(w, ReachLabel(weight: from.weight &+ arc.weight, duration: duration,
                                    metres: from.metres + Double(graph.segments[Int(entered >> 1)].length),
                                    stamp: labels.current))
            }
        }
    }

    /// Labels `w` with `label` if it improves on its label, and queues it while within the limits.
    @inline(__always)
    private func relax(_ w: Int32, _ label: ReachLabel) {
        if labels.isSet(Int(w)) {
            if searching && !entryNodes.isEmpty, let k = entryNodes.firstIndex(of: w) {
                // A second visit of the snap's own node, through an arc: the lap, kept apart.
                if laps[k].stamp == 0 || label.weight < laps[k].weight { laps[k] = label }
            }
            if label.weight >= labels[Int(w)].weight { return }
        } else {
            touched.append(w)
        }
        labels[Int(w)] = label
        if label.duration - offset <= maxMilliseconds && label.metres <= maxMetres + Self.metresSlack {
            heap.push(key: label.weight, id: w)
        }
    }

    /// Metres of an entry: driving, of its node at the node's end (departing) or from there on
    /// (arriving: negative before the target); walking, to or from its intersection.
    private func entryMetres(_ e: SearchEntry) -> Double {
        if ends.turnExpanded {
            let x = graph.directedSegment(ofSearchNode: e.node)
            let length = Double(graph.segments[Int(x >> 1)].length)
            guard x >> 1 == snap.segment else { return direction == .depart ? length : 0 }
            let along = ends.travelled(snap, x)
            return direction == .depart ? length * (1 - along) : -length * (1 - along)
        }
        // Walking entries are the intersections at the ends of the snap's segment.
        var best = Double.infinity
        for x in ends.directions(snap) {
            let length = Double(graph.segments[Int(x >> 1)].length), along = ends.travelled(snap, x)
            if direction == .depart, ends.endNode(x) == e.node { best = min(best, length * (1 - along)) }
            if direction == .arrive, ends.startNode(x) == e.node { best = min(best, length * along) }
        }
        return best
    }

    /// Metres a label may exceed the distance limit by and still be expanded: none is needed
    /// for exactness (lengths only add up), this only absorbs the rounding of sums.
    static let metresSlack = 1e-6
}

/// A node's label: the weight the search orders by, the duration and metres of that path.
struct ReachLabel: Stamped {
    var weight: Int32
    var duration: Int32
    var metres: Double
    var stamp: UInt32
    static var unset: ReachLabel { ReachLabel(weight: 0, duration: 0, metres: 0, stamp: 0) }
}
